import fs from 'node:fs';
import path from 'node:path';

export const QUALITY_MD = path.resolve(import.meta.dirname, '../../../docs/quality.md');

/**
 * Replaces the generated section `name` of docs/quality.md (between `<!-- name:start -->` and
 * `<!-- name:end -->`), keeping the hand-written text around it; appends the section when it is not there yet.
 */
export function writeSection(name: string, body: string, file = QUALITY_MD): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Quality figures\n';
  const block = `${start}\n${body.trimEnd()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}
