import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { formatNumber } from '@streckenpass/contract/format';
import type { ImportPreview } from '@streckenpass/contract/import';
import { LIMITS } from '@streckenpass/contract/limits';
import type { StationIndex } from '@streckenpass/contract/stations';
import { unprocessable } from './errors.js';

/*
 * Reading an uploaded CSV list, for every list the app imports (the driver's routes and drives in modules/import, a
 * Betrieb's requirements in modules/betriebe): encoding, delimiter, records with their line numbers, the cells a
 * spreadsheet would run as formulas, column names as compared, a typed place as a station.
 */

/**
 * A column name as it is compared: lower case, umlauts spelled out, everything but letters and digits dropped — so
 * "Gültig bis", "gueltig  bis", "GÜLTIG-BIS" and "Fahrzeug(e)"/"Fahrzeuge" are each one name.
 */
export function columnKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFC')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"), the same test as the export's. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The export's neutralised form: an apostrophe before a formula character. Read back as the text it protects. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/** Characters of text fed to the parser at a time: what one turn of the event loop works on (well under 10 ms). */
const CHUNK = 16 * 1024;
/** Records checked before the event loop gets a turn. */
const RECORDS_PER_TURN = 500;

/**
 * UTF-8 (a BOM is dropped) unless the bytes are not valid UTF-8: then Windows-1252, what German Excel saves.
 * Windows-1252 is decoded by iconv-lite, not by `TextDecoder`: Node 20's decodes that label as Latin-1, so the
 * en dash 0x96, € 0x80 and the German quotes 0x84/0x93 became invisible control characters.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: ImportPreview['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Five bytes mean nothing in Windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D): iconv-lite writes U+FFFD for them.
    // Such a file is neither encoding; it is refused rather than stored with "�" in its names (issue 38).
    const undefinedByte = bytes.findIndex((byte) => WINDOWS_1252_UNDEFINED.has(byte));
    if (undefinedByte !== -1) {
      throw unprocessable([
        {
          propertyPath: 'file',
          message:
            `Die Datei ist weder UTF-8 noch Windows-1252: Das Byte 0x${bytes[undefinedByte]!.toString(16).toUpperCase()} ` +
            `an Stelle ${formatNumber(undefinedByte + 1)} ist in keiner der beiden Kodierungen ein Zeichen. Bitte ` +
            'speichern Sie die Liste als „CSV UTF-8“.',
        },
      ]);
    }
    return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'windows-1252' };
  }
}

const WINDOWS_1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** `;` unless the first non-blank line has more commas than semicolons (outside quotes). */
function detectDelimiter(text: string): ';' | ',' {
  let firstLine = '';
  // Lazily, line by line: a 10 MB file is not split into an array of all its lines for this.
  for (const match of text.matchAll(/[^\r\n]+/g)) {
    if (match[0].trim() !== '') {
      firstLine = match[0];
      break;
    }
  }
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * The station a start or end typed as text stands for: exactly a station's name ("Köln Hbf") or exactly its DS100
 * code ("KK"), the rule of the route form and of the start-up linking (decision 0023); null when the text is
 * anything else or would name two stations (one by its name, another by its code). Free text stays free text.
 */
export function exactStation(stations: StationIndex, typed: string): string | null {
  const value = typed.trim();
  const found = stations.exact(value);
  if (!found) return null;
  const byCode = value === value.toUpperCase() ? stations.byCode(value) : undefined;
  if (byCode && byCode.code !== found.code) return null;
  return found.code;
}

/** Line breaks in a record's raw text (CRLF, LF or CR each once). */
function lineBreaks(raw: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw.charCodeAt(i);
    if (char === 10) count += 1;
    else if (char === 13) {
      count += 1;
      if (raw.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  return count;
}

/**
 * Reads the records of a CSV file as the import reads them, for any list (the driver's import here, a Betrieb's
 * requirements in modules/betriebe): UTF-8 with or without BOM or Windows-1252 (`decodeCsv`), `;` or `,`, quoted
 * cells, any line end, cells trimmed. Hands each non-blank record with its line number to `onRecord` — which may throw
 * to refuse the whole file — and answers the encoding and delimiter found. A file that is no CSV is refused (422).
 *
 * Streamed: the text goes through csv-parse's stream parser a chunk at a time and each record is handed over as it
 * comes, and the event loop gets a turn every few hundred records, so other requests are answered meanwhile. Line
 * numbers are those a spreadsheet shows: the line a record starts on, a line break inside a quoted cell counted once
 * (csv-parse's own count takes CRLF there as two lines).
 */
export async function readCsv(
  bytes: Uint8Array,
  onRecord: (record: string[], line: number) => void,
): Promise<{ encoding: ImportPreview['encoding']; delimiter: ImportPreview['delimiter'] }> {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  let nextLine = 1;
  let queue: { record: string[]; line: number }[] = [];
  const parser = parse({
    bom: true,
    delimiter,
    // Any of the three line ends, also mixed in one file (csv-parse would otherwise keep to the first it sees).
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    raw: true,
    // With `raw`, csv-parse hands each record over as { record, raw }; it is queued here and checked between chunks.
    on_record: (item) => {
      const { record, raw } = item as unknown as { record: string[]; raw: string };
      queue.push({ record, line: nextLine });
      nextLine += lineBreaks(raw);
      return null;
    },
  });
  let failure: CsvError | undefined;
  parser.on('error', (error: CsvError) => {
    failure = error;
  });
  parser.resume();
  const feed = (chunk: string | null) =>
    new Promise<void>((resolve) => {
      // An error may skip the write's callback: the error event settles the wait as well.
      const done = () => {
        parser.off('error', done);
        resolve();
      };
      parser.once('error', done);
      if (chunk === null) parser.end(done);
      else parser.write(chunk, done);
    });

  let checked = 0;
  const drain = async () => {
    const records = queue;
    queue = [];
    for (const { record, line } of records) {
      if (record.every((cell) => cell === '')) continue;
      onRecord(record, line);
      checked += 1;
      if (checked % RECORDS_PER_TURN === 0) await nextTurn();
    }
  };
  try {
    for (let offset = 0; !failure; offset += CHUNK) {
      const last = offset + CHUNK >= text.length;
      await feed(text.slice(offset, offset + CHUNK));
      if (last && !failure) await feed(null);
      await drain();
      if (last) break;
      await nextTurn();
    }
  } finally {
    parser.removeAllListeners('error');
    parser.on('error', () => undefined);
    parser.destroy();
  }
  if (failure) {
    throw unprocessable([
      {
        propertyPath: 'file',
        // The record that could not be read starts on the line after the last one read.
        message: `Die Datei ist kein lesbares CSV (Zeile ${nextLine}): ${failure.message.replace(/ at line \d+$/, '')}`,
      },
    ]);
  }
  return { encoding, delimiter };
}

/**
 * Why a cell cannot be imported, or null: a NUL character, or a start a spreadsheet would run as a formula (OWASP
 * "CSV injection") — refused, not imported as text: what the spreadsheet showed was the formula's result.
 */
export function cellProblem(raw: string, column: string): string | null {
  if (raw.includes('\u0000')) return 'Die Zeile enthält ein unzulässiges Steuerzeichen.';
  if (FORMULA_START.test(raw)) {
    return `„${column}“ beginnt mit „${raw[0]}“ und wäre eine Tabellenformel; Formeln werden nicht übernommen.`;
  }
  return null;
}

/** A cell with the export's neutralised formula restored (an apostrophe before a formula character dropped). */
export const restoreCell = (raw: string) => raw.replace(NEUTRALISED, '');

/** The message that refuses a file of more than `LIMITS.importLines` data lines. */
export function tooManyLines() {
  return unprocessable([
    {
      propertyPath: 'file',
      message:
        `Die Datei hat mehr als ${formatNumber(LIMITS.importLines)} Zeilen: Eingelesen werden höchstens ` +
        `${formatNumber(LIMITS.importLines)} Zeilen je Datei. Teilen Sie die Liste bitte auf.`,
    },
  ]);
}
