import { IMPORT_TEMPLATE_COLUMNS } from '@streckenpass/contract/import';
import { readCsv } from '../../lib/csv-reader.js';
import { unprocessable } from '../../lib/errors.js';
import { ImportReader } from './csv-lines.js';
import type { ImportContext, ParsedImport } from './import-rows.js';

/*
 * The CSV import (decision 0027) in three steps: reading (`parseImport` here, over lib/csv-reader.ts for the records,
 * csv-columns.ts for the header and csv-lines.ts for each line), planning (import-plan.ts: the lines as a backup
 * document, matched to the account's records) and writing (the backup's merge, in import.routes.ts).
 */

/**
 * Reads a CSV file of the template, of the app's export or of a hand-made list with the usual column names.
 * File-level problems (no header, unknown, doubled or missing columns, more than `LIMITS.importLines` lines, no
 * CSV) refuse the whole file (422); a bad line is listed with its number and reason and left out. Memory stays
 * bounded by the valid lines (at most `LIMITS.importLines`) and the listed errors (`readCsv`).
 */
export async function parseImport(bytes: Uint8Array, context: ImportContext): Promise<ParsedImport> {
  const reader = new ImportReader(context);
  const { encoding, delimiter } = await readCsv(bytes, (record, line) => reader.read(record, line));
  if (!reader.header) {
    throw unprocessable([{ propertyPath: 'file', message: 'Die Datei ist leer: Es fehlt die Kopfzeile.' }]);
  }
  return {
    layout: reader.layout,
    encoding,
    delimiter,
    lines: reader.lines,
    rows: reader.rows,
    vehicles: reader.vehicles,
    errors: reader.errors,
    errorCount: reader.errorCount,
  };
}

/** The template offered for download: header and two example lines, in the format German spreadsheets open. */
export function importTemplate(): string {
  const lines = [
    IMPORT_TEMPLATE_COLUMNS.join(';'),
    'Würzburg – Fürth;K1;NWH;NF;01.03.2026;;BR 218, ET 425',
    'Gemünden – Lohr;;NGM;NLR;2026-02-15;14.08.2026;',
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
