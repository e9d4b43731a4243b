import { IMPORT_TEMPLATE_COLUMNS, type ImportPreview } from '@streckenpass/contract/import';
import { pluralWord } from '@streckenpass/contract/plural';
import { CSV_ATTRIBUTION_PREFIX, CSV_KIND_HEADER, CSV_SECTIONS_HEADER } from '../../export/csv.js';
import { unprocessable } from '../../lib/errors.js';
import { columnKey } from '../../lib/csv-reader.js';

/* The columns of the CSV import: which names mean which field, and the header read from them. */

export type Field =
  | 'name'
  | 'companyRoute'
  | 'startPoint'
  | 'endPoint'
  | 'tours'
  | 'acquiredAt'
  | 'acquiredUntil'
  | 'vehicles'
  | 'rule'
  | 'startStation'
  | 'endStation'
  | 'sections';

/**
 * The column names read, per field: those of the documented template, of the app's own CSV export
 * (`export/csv.ts`) and the usual ones of hand-made lists. "Status" of the export is derived from the dates and
 * read over. "Von" and "Bis" are not here: they are start and end only as a pair and only when no other column
 * names a start or an end (see `headerFields`), as "Bis" alone could as well mean "gültig bis".
 */
const SYNONYMS: Record<Field, string[]> = {
  name: ['Strecke', 'Streckenname', 'Name der Strecke'],
  companyRoute: ['Kürzel', 'Streckenkürzel', 'Interne Bezeichnung'],
  startPoint: ['Start', 'Startpunkt', 'Startort', 'Anfang', 'Anfangspunkt'],
  endPoint: ['Ende', 'Endpunkt', 'Ziel', 'Zielort', 'Nach'],
  tours: ['Touren', 'Tour', 'Tour(en)'],
  acquiredAt: [
    'gefahren am',
    'befahren am',
    'zuletzt befahren',
    'zuletzt gefahren',
    'letzte Fahrt',
    'Datum',
    'Datum der Fahrt',
    'Fahrt am',
  ],
  acquiredUntil: ['gültig bis', 'Ablaufdatum', 'läuft ab am'],
  vehicles: ['Fahrzeuge', 'Fahrzeug', 'Fahrzeug(e)', 'Baureihe', 'Baureihen'],
  rule: ['Gültigkeitsregel'],
  startStation: ['Start DS100', 'DS100 Start'],
  endStation: ['Ende DS100', 'DS100 Ende'],
  // The line sections of the route's path (decision 0051), as the export writes them.
  sections: [CSV_SECTIONS_HEADER],
};
const COLUMNS = new Map<string, Field | null>([
  ...Object.entries(SYNONYMS).flatMap(([field, names]) =>
    names.map((name) => [columnKey(name), field as Field] as const),
  ),
  [columnKey('Status'), null],
  // When the last drive was recorded, and whether late (issue 27): the server's own facts, never taken from a file.
  [columnKey('Erfasst am'), null],
  [columnKey('Nachgetragen'), null],
  // Route or place (issue 41 item 4): the stations say which; the export's column is read over.
  [columnKey(CSV_KIND_HEADER), null],
]);
/** Columns only the app's export has: the file is read as an export (its vehicles block included). */
const EXPORT_ONLY = new Set(
  [
    'Interne Bezeichnung',
    'Zuletzt befahren',
    'Status',
    'Gültigkeitsregel',
    'Start DS100',
    'Ende DS100',
    'Nachgetragen',
    CSV_SECTIONS_HEADER,
  ].map(columnKey),
);
export const REQUIRED: [Field, string][] = [
  ['name', 'Strecke'],
  ['startPoint', 'Start'],
  ['endPoint', 'Ende'],
];
/** The export's vehicles block starts with this header (after a blank line); "Gültig bis" there is derived. */
export const VEHICLE_BLOCK = { name: columnKey('Fahrzeug'), lastDriven: columnKey('Zuletzt gefahren') };
export const VEHICLE_RULE = columnKey('Gültigkeitsregel');

/** The export's line naming the source of the line sections: "Datenquelle: DB Netz AG …" alone in its line. */
export function isAttributionLine(record: string[]): boolean {
  return (record[0] ?? '').startsWith(CSV_ATTRIBUTION_PREFIX) && record.slice(1).every((cell) => cell === '');
}

/** The header's fields by position, or the reasons the file is refused (unknown, doubled or missing columns). */
export function headerFields(header: string[]): { fields: (Field | null)[]; layout: ImportPreview['layout'] } {
  const keys = header.map(columnKey);
  const problems: string[] = [];
  const named = (field: Field) => keys.some((key) => COLUMNS.get(key) === field);
  // "Von"/"Bis" as start/end only as a pair and only when no other column names a start or end point.
  const pointPair = keys.includes('von') && keys.includes('bis') && !named('startPoint') && !named('endPoint');
  const fields: (Field | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<Field>();
  for (const [i, key] of keys.entries()) {
    const label = header[i]!.trim();
    if (key === '') {
      fields.push(null);
      continue;
    }
    let field: Field | null | undefined = COLUMNS.get(key);
    if (key === 'von' || key === 'bis') {
      if (pointPair) field = key === 'von' ? 'startPoint' : 'endPoint';
      else {
        problems.push(
          key === 'bis'
            ? '„Bis“ ist mehrdeutig (Ende der Strecke oder gültig bis?): Bitte „Ende“ oder „gültig bis“ schreiben.'
            : '„Von“ ist mehrdeutig (Start der Strecke oder gefahren am?): Bitte „Start“ oder „gefahren am“ schreiben.',
        );
        fields.push(null);
        continue;
      }
    }
    if (field === undefined) {
      unknown.push(label);
      fields.push(null);
      continue;
    }
    if (field && seen.has(field))
      problems.push(`Die Spalte „${label}“ kommt doppelt vor (oder meint dasselbe wie eine andere).`);
    if (field) seen.add(field);
    fields.push(field);
  }
  if (unknown.length > 0) {
    problems.push(
      `Unbekannte ${pluralWord(unknown.length, 'Spalte', 'Spalten')}: ${unknown.map((n) => `„${n}“`).join(', ')}. ` +
        `Erlaubt sind die Spalten der Vorlage (${IMPORT_TEMPLATE_COLUMNS.join('; ')}), die des eigenen CSV-Exports ` +
        'und gängige andere Namen wie „Von“/„Bis“, „Ziel“, „Datum“, „letzte Fahrt“ oder „Tour“.',
    );
  }
  const missing = REQUIRED.filter(([field]) => !seen.has(field)).map(([, label]) => `„${label}“`);
  if (missing.length > 0) {
    problems.push(
      `In der Kopfzeile ${pluralWord(missing.length, 'fehlt die Spalte', 'fehlen die Spalten')} ${missing.join(', ')}.`,
    );
  }
  if (problems.length > 0) throw unprocessable(problems.map((message) => ({ propertyPath: 'file', message })));
  return { fields, layout: keys.some((key) => EXPORT_ONLY.has(key)) ? 'export' : 'template' };
}
