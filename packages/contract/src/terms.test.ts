import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TERMS } from './terms';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What a driver reads: every screen, mail, PDF and the supervisor's page. The CSV columns are left out on purpose:
 * their names are fixed by the wire contract (API.md "Exports") and the import reads both spellings.
 */
const USER_FACING = ['apps/web/src', 'apps/server/src/mail', 'apps/server/src/export'];
const WIRE_NAMES = new Set(['apps/server/src/export/csv.ts']);

/** Second words for one thing, each with the one word of TERMS (issue 26, item 12). */
const VARIANTS: [RegExp, string][] = [
  [/E-Mail Adresse/, TERMS.email],
  [/Interne Bezeichnung|Unternehmens-Kürzel/, TERMS.companyRoute],
  [/Zuletzt befahren/, TERMS.lastDriven],
  [/Beinhaltete Strecken/, 'Enthaltene Strecken'],
  [/Hilfe zu der /, 'Hilfe zur'],
  [/\(In \d/, '(in 188 Tagen)'],
];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !WIRE_NAMES.has(relative)
      ? [relative]
      : [];
  });
}

describe('one word for each thing', () => {
  it('finds no second word for a term in any screen, mail, PDF or proof page', () => {
    const files = USER_FACING.flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return VARIANTS.filter(([variant]) => variant.test(text)).map(
        ([variant, term]) => `${file}: ${variant} → ${term}`,
      );
    });
    expect(found).toEqual([]);
  });
});
