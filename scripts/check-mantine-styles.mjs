// `npm run check:styles` (after `npm run build`): every Mantine class in the built app's scripts has a rule in its
// built stylesheets. Mantine's styles are imported per component (apps/web/src/app/mantine-styles.ts, decision 0029);
// a component used without its file would render unstyled, and this check names the file to add.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'apps/web/dist/assets');
// Where npm put @mantine/core: beside the web app or hoisted to the root, as the lock file has it.
const mantineStyles = ['apps/web/node_modules', 'node_modules']
  .map((dir) => path.join(root, dir, '@mantine/core/styles'))
  .find((dir) => fs.existsSync(dir));
const classPattern = /\bm_[0-9a-f]{8}\b/g;

if (!fs.existsSync(assets)) {
  console.error('apps/web/dist/assets fehlt – erst `npm run build` ausführen.');
  process.exit(1);
}
const read = (ext) =>
  fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(ext))
    .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
const used = new Set(read('.js').match(classPattern) ?? []);
const styled = new Set(read('.css').match(classPattern) ?? []);
const missing = [...used].filter((name) => !styled.has(name));

if (missing.length > 0) {
  const files = new Set();
  for (const file of fs.readdirSync(mantineStyles)) {
    if (file.endsWith('.layer.css')) continue;
    const css = fs.readFileSync(path.join(mantineStyles, file), 'utf8');
    if (missing.some((name) => css.includes(name))) files.add(file);
  }
  console.error(`Mantine-Klassen ohne Regel im gebauten CSS: ${missing.join(', ')}`);
  console.error(`In apps/web/src/app/mantine-styles.ts ergänzen: ${[...files].join(', ') || '(keine Datei gefunden)'}`);
  process.exit(1);
}
console.info(`Mantine-Styles vollständig: ${used.size} Klassen der gebauten Skripte haben eine Regel.`);
