import { parse } from 'csv-parse/sync';
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup } from '@streckenpass/contract/backup';
import { isStorableDate } from '@streckenpass/contract/common';
import {
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_TEMPLATE_COLUMNS,
  type ImportLineError,
  type ImportPreview,
} from '@streckenpass/contract/import';
import { addDays, VALIDITY_RANGE_MESSAGE } from '@streckenpass/contract/knowledge';
import { parseValidityRule } from '@streckenpass/contract/notifications';
import { normaliseCode, type StationIndex } from '@streckenpass/contract/stations';
import { unprocessable } from '../../lib/errors.js';

type Field =
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
  | 'endStation';

/**
 * Column names (compared trimmed and in lower case) of the documented template and of the app's own CSV export
 * (`export/csv.ts`). "Status" of the export is derived from the dates and read over; "Gültigkeitsregel" is the
 * rule a drive of the route follows, "Start DS100"/"Ende DS100" the codes of the linked stations.
 */
const COLUMNS: Record<string, Field | null> = {
  strecke: 'name',
  kürzel: 'companyRoute',
  'interne bezeichnung': 'companyRoute',
  start: 'startPoint',
  ende: 'endPoint',
  touren: 'tours',
  'gefahren am': 'acquiredAt',
  'zuletzt befahren': 'acquiredAt',
  'gültig bis': 'acquiredUntil',
  fahrzeuge: 'vehicles',
  status: null,
  gültigkeitsregel: 'rule',
  'start ds100': 'startStation',
  'ende ds100': 'endStation',
};
const EXPORT_ONLY = new Set([
  'interne bezeichnung',
  'zuletzt befahren',
  'status',
  'touren',
  'gültigkeitsregel',
  'start ds100',
  'ende ds100',
]);
const REQUIRED: [Field, string][] = [
  ['name', 'Strecke'],
  ['startPoint', 'Start'],
  ['endPoint', 'Ende'],
];
/**
 * The export's vehicles block starts with this header (after a blank line). Of its further columns "Gültig bis"
 * is derived and read over; "Gültigkeitsregel" gives the vehicle's rule.
 */
const VEHICLE_HEADER = ['fahrzeug', 'zuletzt gefahren'];
const VEHICLE_RULE_COLUMN = 'gültigkeitsregel';

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"), the same test as the export's. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The export's neutralised form: an apostrophe before a formula character. Read back as the text it protects. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

const LIMITS: Partial<Record<Field, number>> = {
  name: 255,
  companyRoute: 64,
  startPoint: 64,
  endPoint: 64,
};

export interface ImportRow {
  line: number;
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
  acquiredAt: string | null;
  acquiredUntil: string | null;
  vehicles: string[];
  tours: string[];
  /** The route's own rule in days; null = it follows the account's (no column, or the account's own default). */
  validityDays: number | null;
  /** DS100 codes of the linked stations, as the station data spells them; null = none. */
  startStation: string | null;
  endStation: string | null;
}

export interface ImportVehicle {
  name: string;
  /** The vehicle's own rule in days; null = it follows the account's vehicle rule. */
  validityDays: number | null;
}

/** What the import checks lines against. */
export interface ImportContext {
  /** Today in the application time zone: a drive may not lie after it. */
  today: string;
  /** The station data: a DS100 code must be one of it. */
  stations: StationIndex;
  /** The importing account's default rules: a rule equal to one is not pinned on the record. */
  rules: { routes: number; vehicles: number | null };
}

export interface ParsedImport {
  layout: ImportPreview['layout'];
  encoding: ImportPreview['encoding'];
  delimiter: ImportPreview['delimiter'];
  lines: number;
  rows: ImportRow[];
  /** The vehicles of the export's vehicles block. */
  vehicles: ImportVehicle[];
  errors: ImportLineError[];
}

/** UTF-8 (a BOM is dropped) unless the bytes are not valid UTF-8: then Windows-1252, what German Excel saves. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: ParsedImport['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** `;` unless the first non-blank line has more commas than semicolons (outside quotes). */
function detectDelimiter(text: string): ';' | ',' {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/** A rule cell: empty = not stated. */
function readRule(cell: string): { days: number | null } | { error: string } {
  return cell.trim() === '' ? { days: null } : parseValidityRule(cell);
}

/** dd.mm.yyyy (also d.m.yyyy) or yyyy-mm-dd → yyyy-mm-dd; a German reason when it is no date or does not exist. */
export function parseDate(value: string): { date: string } | { error: string } {
  let iso: string | null = null;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (german) iso = `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = value;
  if (!iso) return { error: `„${value}“ ist kein Datum (erwartet TT.MM.JJJJ oder JJJJ-MM-TT).` };
  if (!isStorableDate(iso)) return { error: `Das Datum ${value} gibt es nicht.` };
  return { date: iso };
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Reads a CSV file of the template or the app's export. File-level problems (no header, unknown or missing
 * columns) refuse the whole file (422); a bad line is listed with its number and reason and left out.
 */
export function parseImport(bytes: Uint8Array, { today, stations, rules }: ImportContext): ParsedImport {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unprocessable([
      {
        propertyPath: 'file',
        message: `Die Datei ist kein lesbares CSV${line ? ` (Zeile ${line})` : ''}: ${(error as Error).message}`,
      },
    ]);
  }
  const nonBlank = records.filter(({ record }) => record.some((cell) => cell !== ''));
  const header = nonBlank[0];
  if (!header) {
    throw unprocessable([{ propertyPath: 'file', message: 'Die Datei ist leer: Es fehlt die Kopfzeile.' }]);
  }

  const fields: (Field | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<Field>();
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  for (const [i, name] of names.entries()) {
    if (name === '') {
      fields.push(null);
      continue;
    }
    if (!(name in COLUMNS)) {
      unknown.push(header.record[i]!.trim());
      fields.push(null);
      continue;
    }
    const field = COLUMNS[name] ?? null;
    if (field && seen.has(field)) {
      throw unprocessable([{ propertyPath: 'file', message: `Die Spalte „${header.record[i]}“ kommt doppelt vor.` }]);
    }
    if (field) seen.add(field);
    fields.push(field);
  }
  const problems: { propertyPath: string; message: string }[] = [];
  if (unknown.length > 0) {
    problems.push({
      propertyPath: 'file',
      message:
        `Unbekannte ${unknown.length === 1 ? 'Spalte' : 'Spalten'}: ${unknown.map((n) => `„${n}“`).join(', ')}. ` +
        `Erlaubt sind die Spalten der Vorlage (${IMPORT_TEMPLATE_COLUMNS.join('; ')}) und die des eigenen CSV-Exports.`,
    });
  }
  const missing = REQUIRED.filter(([field]) => !seen.has(field)).map(([, label]) => `„${label}“`);
  if (missing.length > 0) {
    problems.push({
      propertyPath: 'file',
      message: `In der Kopfzeile ${missing.length === 1 ? 'fehlt die Spalte' : 'fehlen die Spalten'} ${missing.join(', ')}.`,
    });
  }
  if (problems.length > 0) throw unprocessable(problems);

  const layout = names.some((name) => EXPORT_ONLY.has(name)) ? 'export' : 'template';
  const rows: ImportRow[] = [];
  const vehicles: ImportVehicle[] = [];
  const errors: ImportLineError[] = [];
  let inVehicleBlock = false;
  let vehicleRuleColumn = -1;

  for (const { record, info } of nonBlank.slice(1)) {
    const line = info.lines;
    const refuse = (message: string) => errors.push({ line, message: `Zeile ${line}: ${message}` });

    if (
      layout === 'export' &&
      record[0]?.toLowerCase() === VEHICLE_HEADER[0] &&
      record[1]?.toLowerCase() === VEHICLE_HEADER[1]
    ) {
      inVehicleBlock = true;
      vehicleRuleColumn = record.findIndex((cell) => cell.toLowerCase() === VEHICLE_RULE_COLUMN);
      continue;
    }

    // Formulas are refused, not imported as text: what the spreadsheet showed was their result, not this text.
    const cells: string[] = [];
    let refused = false;
    for (const [i, raw] of record.entries()) {
      if (raw.includes('\u0000')) {
        refuse('Die Zeile enthält ein unzulässiges Steuerzeichen.');
        refused = true;
        break;
      }
      if (FORMULA_START.test(raw)) {
        const column = header.record[i]?.trim() || `Spalte ${i + 1}`;
        refuse(`„${column}“ beginnt mit „${raw[0]}“ und wäre eine Tabellenformel; Formeln werden nicht übernommen.`);
        refused = true;
        break;
      }
      cells.push(raw.replace(NEUTRALISED, ''));
    }
    if (refused) continue;

    if (inVehicleBlock) {
      const name = cells[0] ?? '';
      const rule = vehicleRuleColumn >= 0 ? readRule(cells[vehicleRuleColumn] ?? '') : { days: null };
      if (name === '') refuse('Der Name des Fahrzeugs fehlt.');
      else if (name.length > 255) refuse('Der Name des Fahrzeugs darf höchstens 255 Zeichen lang sein.');
      else if ('error' in rule) refuse(`„Gültigkeitsregel“: ${rule.error}`);
      // The export prints the rule in force. One equal to the account's vehicle rule is not pinned; nor is
      // "unbegrenzt" when the account's rule has an expiry: a vehicle's own rule cannot say "no expiry" (null
      // means "follows the account"), so such a vehicle follows the importing account's rule.
      else vehicles.push({ name, validityDays: rule.days === rules.vehicles ? null : rule.days });
      continue;
    }
    if (cells.length > fields.length && cells.slice(fields.length).some((cell) => cell !== '')) {
      refuse(`Die Zeile hat ${cells.length} Felder, die Kopfzeile nur ${fields.length}.`);
      continue;
    }

    const value: Partial<Record<Field, string>> = {};
    fields.forEach((field, i) => {
      if (field) value[field] = cells[i] ?? '';
    });

    const reasons: string[] = [];
    for (const [field, label] of REQUIRED) if (!value[field]) reasons.push(`„${label}“ fehlt.`);
    for (const [field, max] of Object.entries(LIMITS) as [Field, number][]) {
      if ((value[field]?.length ?? 0) > max) {
        const label = header.record[fields.indexOf(field)]?.trim() ?? field;
        reasons.push(`„${label}“ darf höchstens ${max} Zeichen lang sein.`);
      }
    }
    let acquiredAt: string | null = null;
    let acquiredUntil: string | null = null;
    const columnLabel = (field: Field) => header.record[fields.indexOf(field)]?.trim() ?? field;
    let validityDays: number | null = null;
    if (value.rule) {
      const rule = readRule(value.rule);
      if ('error' in rule) reasons.push(`„${columnLabel('rule')}“: ${rule.error}`);
      else if (rule.days === null) {
        reasons.push(
          `„${columnLabel('rule')}“: Eine Strecke braucht eine Gültigkeit in Tagen; „unbegrenzt“ gibt es nur für Fahrzeuge.`,
        );
      }
      // The export prints the rule in force: one equal to the importing account's rule is left to follow it.
      else if (rule.days !== rules.routes) validityDays = rule.days;
    }
    const station = (field: 'startStation' | 'endStation') => {
      const code = value[field];
      if (!code) return null;
      const found = stations.byCode(normaliseCode(code));
      if (!found) reasons.push(`„${columnLabel(field)}“: Unbekanntes Betriebsstellen-Kürzel „${code}“.`);
      return found?.code ?? null;
    };
    const startStation = station('startStation');
    const endStation = station('endStation');
    if (value.acquiredAt) {
      const parsed = parseDate(value.acquiredAt);
      if ('error' in parsed) reasons.push(`„${columnLabel('acquiredAt')}“: ${parsed.error}`);
      else if (parsed.date > today) reasons.push(`„${columnLabel('acquiredAt')}“ liegt in der Zukunft.`);
      else acquiredAt = parsed.date;
    }
    if (value.acquiredUntil) {
      const parsed = parseDate(value.acquiredUntil);
      if ('error' in parsed) reasons.push(`„${columnLabel('acquiredUntil')}“: ${parsed.error}`);
      else if (!value.acquiredAt) reasons.push(`„${columnLabel('acquiredUntil')}“ ohne Datum der Fahrt.`);
      else acquiredUntil = parsed.date;
    }
    if (acquiredAt && acquiredUntil && acquiredUntil < acquiredAt) reasons.push(VALIDITY_RANGE_MESSAGE);
    const vehicleNames = splitList(value.vehicles ?? '');
    if (vehicleNames.some((name) => name.length > 255)) {
      reasons.push('Ein Fahrzeugname darf höchstens 255 Zeichen lang sein.');
    }
    const tourNames = splitList(value.tours ?? '');
    if (tourNames.some((name) => name.length > 255)) reasons.push('Ein Tourname darf höchstens 255 Zeichen lang sein.');
    if (reasons.length > 0) {
      refuse(reasons.join(' '));
      continue;
    }
    rows.push({
      line,
      name: value.name!,
      companyRoute: value.companyRoute || null,
      startPoint: value.startPoint!,
      endPoint: value.endPoint!,
      acquiredAt,
      // Without "gültig bis" a drive counts by the route's rule, as when it is recorded in the app.
      acquiredUntil: acquiredAt ? (acquiredUntil ?? addDays(acquiredAt, validityDays ?? rules.routes)) : null,
      vehicles: vehicleNames,
      tours: tourNames,
      validityDays,
      startStation,
      endStation,
    });
  }
  return { layout, encoding, delimiter, lines: nonBlank.length - 1, rows, vehicles, errors };
}

/**
 * The imported lines as a backup document, so that the import merges exactly as a restore does (natural keys):
 * importing the same file twice adds nothing the second time. Each line with a date becomes one trip.
 */
export function toBackup(parsed: ParsedImport, now: Date): Backup {
  const document: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    account: { email: '', firstname: null, lastname: null },
    routes: [],
    tours: [],
    vehicles: [],
    routeActivities: [],
    vehicleActivities: [],
  };
  const vehicleRefs = new Map<string, number>();
  const vehicleRef = (name: string, validityDays: number | null = null) => {
    let ref = vehicleRefs.get(name);
    if (ref === undefined) {
      ref = vehicleRefs.size + 1;
      vehicleRefs.set(name, ref);
      document.vehicles.push({ ref, name, validityDays });
    } else if (validityDays !== null) {
      document.vehicles[ref - 1]!.validityDays = validityDays;
    }
    return ref;
  };
  const tours = new Map<string, { ref: number; name: string; routes: number[] }>();
  for (const row of parsed.rows) {
    const ref = row.line;
    document.routes.push({
      ref,
      name: row.name,
      companyRoute: row.companyRoute,
      startPoint: row.startPoint,
      endPoint: row.endPoint,
      validityDays: row.validityDays,
      startStation: row.startStation,
      endStation: row.endStation,
    });
    for (const name of row.tours) {
      let tour = tours.get(name);
      if (!tour) {
        tour = { ref: tours.size + 1, name, routes: [] };
        tours.set(name, tour);
      }
      tour.routes.push(ref);
    }
    const vehicleIds = row.vehicles.map((name) => vehicleRef(name));
    if (row.acquiredAt && row.acquiredUntil) {
      document.routeActivities.push({
        ref,
        acquiredAt: row.acquiredAt,
        acquiredUntil: row.acquiredUntil,
        routes: [ref],
      });
      if (vehicleIds.length > 0) document.vehicleActivities.push({ ref, routeActivity: ref, vehicles: vehicleIds });
    }
  }
  for (const vehicle of parsed.vehicles) vehicleRef(vehicle.name, vehicle.validityDays);
  document.tours = [...tours.values()];
  return document;
}

/** The preview's listing: the first refused lines and the first lines as they will be imported. */
export function describeImport(parsed: ParsedImport) {
  return {
    layout: parsed.layout,
    encoding: parsed.encoding,
    delimiter: parsed.delimiter,
    lines: parsed.lines,
    validLines: parsed.rows.length + parsed.vehicles.length,
    errors: parsed.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
    errorCount: parsed.errors.length,
    sample: parsed.rows.slice(0, 20),
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
