import { IMPORT_MAX_LISTED_ERRORS, type ImportLineError } from '@streckenpass/contract/import';
import { LIMITS } from '@streckenpass/contract/limits';
import type { LineSection } from '@streckenpass/contract/network';
import {
  PLACE_SECTION_MESSAGE,
  REQUIREMENT_IMPORT_COLUMNS,
  requirementSectionInputSchema,
} from '@streckenpass/contract/requirements';
import { parseSectionsText } from '@streckenpass/contract/route-paths';
import type { StationIndex } from '@streckenpass/contract/stations';
import { pluralWord } from '@streckenpass/contract/plural';
import { unprocessable } from '../../lib/errors.js';
import { cellProblem, columnKey, exactStation, readCsv, restoreCell, tooManyLines } from '../../lib/csv-reader.js';
import { readRules, RULE_SYNONYMS, type RequirementRules, type RuleField } from './requirement-rules-csv.js';
import { requirementKey, type RequirementValues } from './requirement-values.js';

/*
 * A Betrieb's requirements from a CSV file (issue 28 item 2), read by the driver's import's reader (`readCsv`: UTF-8
 * or Windows-1252, `;` or `,`, BOM, quotes; the same refusal of formulas and the same line limit). Columns by German
 * names, compared as the import compares them (`columnKey`); start and end are a station's DS100 code or exactly its
 * name, as the import links them (`exactStation`); a line section is written as the route export writes one
 * ("4010 km 0,0–34,5", `parseSectionsText`); the requirement's own rules as the export writes them
 * (`requirement-rules-csv.ts`).
 */

type Field = 'startStation' | 'endStation' | 'companyRoute' | 'section' | 'depot' | RuleField | 'ignored';

const SYNONYMS: Record<Field, string[]> = {
  startStation: ['Start', 'Start DS100', 'Von', 'Startpunkt', 'Anfang', 'Startbahnhof'],
  endStation: ['Ende', 'Ende DS100', 'Bis', 'Ziel', 'Nach', 'Endpunkt', 'Zielbahnhof'],
  companyRoute: ['Kürzel', 'Streckenkürzel', 'Interne Bezeichnung', 'Strecke Kürzel'],
  section: ['Streckenabschnitt', 'Abschnitt', 'Streckenabschnitte', 'Strecke km'],
  depot: ['Depot', 'Team', 'Standort', 'Einsatzstelle'],
  ...RULE_SYNONYMS,
  // A description of the line helps whoever keeps the list; the requirement is its pair and code.
  ignored: ['Strecke', 'Streckenname', 'Name', 'Bemerkung', 'Beschreibung'],
};
const COLUMNS = new Map<string, Field>(
  Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((name) => [columnKey(name), field as Field])),
);

export interface RequirementLine
  extends Omit<RequirementValues, 'line' | 'fromKm' | 'toKm' | keyof RequirementRules>, RequirementRules {
  /** The line of the file. */
  line: number;
  section: LineSection | null;
  depot: string | null;
  existing: boolean;
}

export interface ParsedRequirements {
  encoding: 'utf-8' | 'windows-1252';
  delimiter: ';' | ',';
  lines: number;
  /** Every valid line, in file order; `existing` when the Betrieb or an earlier line has it. */
  rows: RequirementLine[];
  errors: ImportLineError[];
  errorCount: number;
}

function headerFields(header: string[]): (Field | null)[] {
  const fields: (Field | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<Field>();
  const problems: string[] = [];
  for (const label of header) {
    const key = columnKey(label);
    if (key === '') {
      fields.push(null);
      continue;
    }
    const field = COLUMNS.get(key);
    if (!field) {
      unknown.push(label.trim());
      fields.push(null);
      continue;
    }
    if (field !== 'ignored' && seen.has(field)) {
      problems.push(`Die Spalte „${label.trim()}“ kommt doppelt vor (oder meint dasselbe wie eine andere).`);
    }
    seen.add(field);
    fields.push(field);
  }
  if (unknown.length > 0) {
    problems.push(
      `Unbekannte ${pluralWord(unknown.length, 'Spalte', 'Spalten')}: ${unknown.map((n) => `„${n}“`).join(', ')}. ` +
        `Erlaubt sind ${REQUIREMENT_IMPORT_COLUMNS.join('; ')} und gängige andere Namen wie „Von“/„Bis“ oder „Ziel“.`,
    );
  }
  const missing = (['startStation', 'endStation'] as const)
    .filter((field) => !seen.has(field))
    .map((field) => (field === 'startStation' ? '„Start“' : '„Ende“'));
  if (missing.length > 0) {
    problems.push(
      `In der Kopfzeile ${pluralWord(missing.length, 'fehlt die Spalte', 'fehlen die Spalten')} ${missing.join(', ')}.`,
    );
  }
  if (problems.length > 0) throw unprocessable(problems.map((message) => ({ propertyPath: 'file', message })));
  return fields;
}

/**
 * Reads a file of requirements for a Betrieb with the given depots (lower-case name → id) and requirements (their
 * keys). A bad line is listed with its number and reason and left out; a file that cannot be read as a list of
 * requirements (no CSV, no header, unknown or missing columns, too many lines) is refused whole (422).
 */
export async function parseRequirements(
  bytes: Uint8Array,
  context: { stations: StationIndex; depots: ReadonlyMap<string, number>; existing: ReadonlySet<string> },
): Promise<ParsedRequirements> {
  let header: string[] | null = null;
  let fields: (Field | null)[] = [];
  let lines = 0;
  const rows: RequirementLine[] = [];
  const errors: ImportLineError[] = [];
  let errorCount = 0;
  const seen = new Set(context.existing);
  const refuse = (line: number, message: string) => {
    errorCount += 1;
    if (errors.length < IMPORT_MAX_LISTED_ERRORS) errors.push({ line, message: `Zeile ${line}: ${message}` });
  };

  const { encoding, delimiter } = await readCsv(bytes, (record, line) => {
    if (!header) {
      header = record;
      fields = headerFields(record);
      return;
    }
    lines += 1;
    if (lines > LIMITS.importLines) throw tooManyLines();
    const cells: Partial<Record<Field, string>> = {};
    for (const [i, raw] of record.entries()) {
      // More cells than the header: most likely a comma inside a cell of a `,` file, which would split it unseen.
      if (i >= header.length && raw.trim() !== '') {
        return refuse(
          line,
          'Die Zeile hat mehr Zellen als die Kopfzeile. Eine Zelle mit dem Trennzeichen (etwa ein Komma zwischen ' +
            'erhaltenden Wegen) bitte in Anführungszeichen setzen.',
        );
      }
      const field = fields[i];
      if (!field) continue;
      const problem = cellProblem(raw, header[i]?.trim() || `Spalte ${i + 1}`);
      if (problem) return refuse(line, problem);
      cells[field] = restoreCell(raw).trim();
    }
    const reasons: string[] = [];
    const stationOf = (typed: string | undefined, label: string) => {
      if (!typed) {
        reasons.push(`„${label}“ fehlt.`);
        return null;
      }
      const code = exactStation(context.stations, typed);
      if (!code) reasons.push(`„${typed}“ ist keine bekannte Betriebsstelle (DS100-Kürzel oder genauer Name).`);
      return code;
    };
    const startStation = stationOf(cells.startStation, 'Start');
    const endStation = stationOf(cells.endStation, 'Ende');
    const companyRoute = cells.companyRoute || null;
    if (companyRoute && companyRoute.length > LIMITS.pointLength) {
      reasons.push(`Das Kürzel ist länger als ${LIMITS.pointLength} Zeichen.`);
    }
    let section: LineSection | null = null;
    if (cells.section) {
      const parsed = parseSectionsText(cells.section);
      const checked = parsed && !('error' in parsed) ? requirementSectionInputSchema.safeParse(parsed[0]) : null;
      if (parsed && 'error' in parsed) reasons.push(`„Streckenabschnitt“: ${parsed.error}`);
      else if (parsed && parsed.length > 1) {
        reasons.push('„Streckenabschnitt“: Eine Anforderung nennt höchstens einen Abschnitt (eine Streckennummer).');
      } else if (checked && !checked.success) {
        reasons.push(`„Streckenabschnitt“: ${checked.error.issues[0]?.message ?? 'ungültig'}`);
      } else if (checked?.success) section = checked.data;
    }
    // The same operating point at both ends is a place (Ortskunde, issue 41 item 4), which has no line section.
    if (section && startStation && startStation === endStation) reasons.push(PLACE_SECTION_MESSAGE);
    const depot = cells.depot || null;
    const depotId = depot ? context.depots.get(depot.toLowerCase()) : null;
    if (depot && depotId === undefined) reasons.push(`Das Depot „${depot}“ gibt es im Betrieb nicht.`);
    const rules = readRules(cells, reasons);
    if (reasons.length > 0 || !startStation || !endStation || depotId === undefined) {
      return refuse(line, reasons.join(' '));
    }
    const values = { startStation, endStation, companyRoute, depotId };
    const key = requirementKey(values);
    rows.push({ ...values, section, ...rules, line, depot, existing: seen.has(key) });
    seen.add(key);
  });
  if (!header) throw unprocessable([{ propertyPath: 'file', message: 'Die Datei ist leer: Es fehlt die Kopfzeile.' }]);
  return { encoding, delimiter, lines, rows, errors, errorCount };
}
