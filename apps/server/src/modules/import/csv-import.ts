import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { isStorableDate } from '@streckenpass/contract/common';
import {
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_TEMPLATE_COLUMNS,
  type ImportLineError,
  type ImportPreview,
} from '@streckenpass/contract/import';
import { addDays, VALIDITY_RANGE_MESSAGE } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import { parseValidityRule } from '@streckenpass/contract/notifications';
import { normaliseCode, type StationIndex } from '@streckenpass/contract/stations';
import { unprocessable } from '../../lib/errors.js';
import { parseNameList } from '../../lib/name-list.js';
import { formatNumber } from '@streckenpass/contract/format';
import { pluralWord } from '@streckenpass/contract/plural';
import {
  parseSectionsText,
  routePathInputSchema,
  sectionsKm,
  type RoutePath,
} from '@streckenpass/contract/route-paths';
import { CSV_ATTRIBUTION_PREFIX, CSV_SECTIONS_HEADER } from '../../export/csv.js';

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
  | 'endStation'
  | 'sections';

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
const REQUIRED: [Field, string][] = [
  ['name', 'Strecke'],
  ['startPoint', 'Start'],
  ['endPoint', 'Ende'],
];
/** The export's vehicles block starts with this header (after a blank line); "Gültig bis" there is derived. */
const VEHICLE_BLOCK = { name: columnKey('Fahrzeug'), lastDriven: columnKey('Zuletzt gefahren') };
const VEHICLE_RULE = columnKey('Gültigkeitsregel');

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"), the same test as the export's. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The export's neutralised form: an apostrophe before a formula character. Read back as the text it protects. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/** Characters of text fed to the parser at a time: what one turn of the event loop works on (well under 10 ms). */
const CHUNK = 16 * 1024;
/** Records checked before the event loop gets a turn. */
const RECORDS_PER_TURN = 500;

export interface ImportRow {
  line: number;
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
  acquiredAt: string | null;
  acquiredUntil: string | null;
  /** Whether the file states "gültig bis" (otherwise the date follows from the route's rule). */
  untilStated: boolean;
  vehicles: string[];
  tours: string[];
  /** The route's own rule in days; null = it follows the account's (no column, or the account's own default). */
  validityDays: number | null;
  /** DS100 codes of the linked stations, as the station data spells them; null = none. */
  startStation: string | null;
  endStation: string | null;
  /** The route's path as the file gives it ("Streckenabschnitte"); null = none given (found from the stations). */
  path: RoutePath | null;
}

export interface ImportVehicle {
  line: number;
  name: string;
  /** The vehicle's own rule in days; null = it follows the account's vehicle rule. */
  validityDays: number | null;
  /** The export's "Zuletzt gefahren": the day of the vehicle's last drive; null = never. */
  lastDriven: string | null;
}

/** What the import checks lines against. */
export interface ImportContext {
  /** Today in the application time zone: a drive may not lie after it. */
  today: string;
  /** The station data: a DS100 code must be one of it; a start or end that is exactly a station is linked to it. */
  stations: StationIndex;
  /** The importing account's default rules: a rule equal to one is not pinned on the record. */
  rules: { routes: number; vehicles: number | null };
  /**
   * With an imported network: a route's line sections checked on it, answered with their length computed there, or
   * why the network contradicts them (routes/route-paths.ts `checkPath`, issue 38).
   */
  checkPath?: (
    ends: { startPoint: string; endPoint: string; startStation: string | null; endStation: string | null },
    path: RoutePath,
  ) => RoutePath | string;
}

export interface ParsedImport {
  layout: ImportPreview['layout'];
  encoding: ImportPreview['encoding'];
  delimiter: ImportPreview['delimiter'];
  /** Data lines read (header, the vehicles block's header and blank lines not counted). */
  lines: number;
  rows: ImportRow[];
  /** The vehicles of the export's vehicles block. */
  vehicles: ImportVehicle[];
  /** The first `IMPORT_MAX_LISTED_ERRORS` refused lines. */
  errors: ImportLineError[];
  /** Refused lines in all. */
  errorCount: number;
}

/**
 * UTF-8 (a BOM is dropped) unless the bytes are not valid UTF-8: then Windows-1252, what German Excel saves.
 * Windows-1252 is decoded by iconv-lite, not by `TextDecoder`: Node 20's decodes that label as Latin-1, so the
 * en dash 0x96, € 0x80 and the German quotes 0x84/0x93 became invisible control characters.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: ParsedImport['encoding'] } {
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

/** A rule cell: empty = not stated. */
function readRule(cell: string): { days: number | null } | { error: string } {
  return cell.trim() === '' ? { days: null } : parseValidityRule(cell);
}

/**
 * d.m.yy, dd.mm.yyyy (also d.m.yyyy) or yyyy-mm-dd → yyyy-mm-dd; a German reason when it is no date or does not
 * exist. A two-digit year is one of 2000–2099 (a drive of 1999 has long expired; a year in the future is refused
 * by the caller).
 */
export function parseDate(value: string): { date: string } | { error: string } {
  let iso: string | null = null;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(value);
  if (german) {
    const year = german[3]!.length === 2 ? `20${german[3]}` : german[3]!;
    iso = `${year}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = value;
  if (!iso) return { error: `„${value}“ ist kein Datum (erwartet TT.MM.JJJJ, T.M.JJ oder JJJJ-MM-TT).` };
  if (!isStorableDate(iso)) return { error: `Das Datum ${value} gibt es nicht.` };
  return { date: iso };
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

/** A route's natural key in the backup's merge (name, company code, start, end). */
export const routeKey = (route: { name: string; companyRoute: string | null; startPoint: string; endPoint: string }) =>
  JSON.stringify([route.name, route.companyRoute ?? '', route.startPoint, route.endPoint]);

/** The export's line naming the source of the line sections: "Datenquelle: DB Netz AG …" alone in its line. */
function isAttributionLine(record: string[]): boolean {
  return (record[0] ?? '').startsWith(CSV_ATTRIBUTION_PREFIX) && record.slice(1).every((cell) => cell === '');
}

/** The header's fields by position, or the reasons the file is refused (unknown, doubled or missing columns). */
function headerFields(header: string[]): { fields: (Field | null)[]; layout: ParsedImport['layout'] } {
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

/**
 * Reads the file record by record: the header, then route lines, then (in an export) the vehicles block. Keeps
 * only what the import needs: the valid lines and the first refused ones with their count.
 */
class ImportReader {
  header: string[] | null = null;
  fields: (Field | null)[] = [];
  layout: ParsedImport['layout'] = 'template';
  lines = 0;
  readonly rows: ImportRow[] = [];
  readonly vehicles: ImportVehicle[] = [];
  readonly errors: ImportLineError[] = [];
  errorCount = 0;
  private vehicleBlock: { header: string[]; name: number; lastDriven: number; rule: number } | null = null;
  /** Distinct routes (by natural key) of each tour so far, against the per-tour limit. */
  private readonly tourRoutes = new Map<string, Set<string>>();
  /** Whether the file has a DS100 column for the start / the end: then that column alone links a station. */
  private stationColumns = { start: false, end: false };

  constructor(private readonly context: ImportContext) {}

  private refuse(line: number, message: string) {
    this.errorCount += 1;
    if (this.errors.length < IMPORT_MAX_LISTED_ERRORS) this.errors.push({ line, message: `Zeile ${line}: ${message}` });
  }

  read(record: string[], line: number) {
    if (!this.header) {
      const { fields, layout } = headerFields(record);
      this.header = record;
      this.fields = fields;
      this.layout = layout;
      this.stationColumns = { start: fields.includes('startStation'), end: fields.includes('endStation') };
      return;
    }
    // The export's closing attribution of the rail network data (CC BY 4.0): no data line.
    if (this.layout === 'export' && isAttributionLine(record)) return;
    if (this.layout === 'export' && !this.vehicleBlock && columnKey(record[0] ?? '') === VEHICLE_BLOCK.name) {
      const keys = record.map(columnKey);
      if (keys[1] === VEHICLE_BLOCK.lastDriven) {
        this.vehicleBlock = { header: record, name: 0, lastDriven: 1, rule: keys.indexOf(VEHICLE_RULE) };
        return;
      }
    }
    this.lines += 1;
    if (this.lines > LIMITS.importLines) throw tooManyLines();
    const cells = this.cells(record, line);
    if (!cells) return;
    if (this.vehicleBlock) this.readVehicle(cells, line, this.vehicleBlock);
    else this.readRoute(cells, line);
  }

  /** The cells with the export's neutralised formulas restored; null when the line is refused for a cell. */
  private cells(record: string[], line: number): string[] | null {
    const cells: string[] = [];
    for (const [i, raw] of record.entries()) {
      const problem = cellProblem(raw, (this.vehicleBlock?.header ?? this.header!)[i]?.trim() || `Spalte ${i + 1}`);
      if (problem) {
        this.refuse(line, problem);
        return null;
      }
      cells.push(restoreCell(raw));
    }
    return cells;
  }

  private readDate(value: string, label: string, reasons: string[], notAfterToday: boolean): string | null {
    if (!value) return null;
    const parsed = parseDate(value);
    if ('error' in parsed) reasons.push(`„${label}“: ${parsed.error}`);
    else if (notAfterToday && parsed.date > this.context.today) reasons.push(`„${label}“ liegt in der Zukunft.`);
    else return parsed.date;
    return null;
  }

  private readVehicle(cells: string[], line: number, block: { name: number; lastDriven: number; rule: number }) {
    const name = cells[block.name] ?? '';
    const reasons: string[] = [];
    if (name === '') reasons.push('Der Name des Fahrzeugs fehlt.');
    else if (name.length > LIMITS.nameLength) {
      reasons.push(`Der Name des Fahrzeugs darf höchstens ${LIMITS.nameLength} Zeichen lang sein.`);
    }
    const lastDriven = this.readDate(cells[block.lastDriven] ?? '', 'Zuletzt gefahren', reasons, true);
    const rule = block.rule >= 0 ? readRule(cells[block.rule] ?? '') : { days: null };
    if ('error' in rule) reasons.push(`„Gültigkeitsregel“: ${rule.error}`);
    if (reasons.length > 0 || 'error' in rule) {
      this.refuse(line, reasons.join(' '));
      return;
    }
    // The export prints the rule in force. One equal to the account's vehicle rule is not pinned; nor is
    // "unbegrenzt" when the account's rule has an expiry: a vehicle's own rule cannot say "no expiry" (null
    // means "follows the account"), so such a vehicle follows the importing account's rule.
    const validityDays = rule.days === this.context.rules.vehicles ? null : rule.days;
    this.vehicles.push({ line, name, validityDays, lastDriven });
  }

  private readRoute(cells: string[], line: number) {
    const { fields, header } = this;
    if (cells.length > fields.length && cells.slice(fields.length).some((cell) => cell !== '')) {
      this.refuse(line, `Die Zeile hat ${cells.length} Felder, die Kopfzeile nur ${fields.length}.`);
      return;
    }
    const value: Partial<Record<Field, string>> = {};
    fields.forEach((field, i) => {
      if (field) value[field] = cells[i] ?? '';
    });
    const label = (field: Field) => header![fields.indexOf(field)]?.trim() ?? field;

    const reasons: string[] = [];
    for (const [field, name] of REQUIRED) if (!value[field]) reasons.push(`„${name}“ fehlt.`);
    const lengths: [Field, number][] = [
      ['name', LIMITS.nameLength],
      ['companyRoute', LIMITS.pointLength],
      ['startPoint', LIMITS.pointLength],
      ['endPoint', LIMITS.pointLength],
    ];
    for (const [field, max] of lengths) {
      if ((value[field]?.length ?? 0) > max) reasons.push(`„${label(field)}“ darf höchstens ${max} Zeichen lang sein.`);
    }
    let validityDays: number | null = null;
    if (value.rule) {
      const rule = readRule(value.rule);
      if ('error' in rule) reasons.push(`„${label('rule')}“: ${rule.error}`);
      else if (rule.days === null) {
        reasons.push(
          `„${label('rule')}“: Eine Strecke braucht eine Gültigkeit in Tagen; „unbegrenzt“ gibt es nur für Fahrzeuge.`,
        );
      }
      // The export prints the rule in force: one equal to the importing account's rule is left to follow it.
      else if (rule.days !== this.context.rules.routes) validityDays = rule.days;
    }
    const { stations } = this.context;
    const station = (codeField: 'startStation' | 'endStation', pointField: 'startPoint' | 'endPoint') => {
      const hasColumn = this.stationColumns[codeField === 'startStation' ? 'start' : 'end'];
      if (!hasColumn) return value[pointField] ? exactStation(stations, value[pointField]) : null;
      // The export's own column says whether the place was linked: an empty cell is free text, not to be guessed.
      const code = value[codeField];
      if (!code) return null;
      const found = stations.byCode(normaliseCode(code));
      if (!found) reasons.push(`„${label(codeField)}“: Unbekanntes Betriebsstellen-Kürzel „${code}“.`);
      return found?.code ?? null;
    };
    let path: RoutePath | null = null;
    if (value.sections) {
      const sections = parseSectionsText(value.sections);
      const checked =
        sections && !('error' in sections)
          ? routePathInputSchema.safeParse({ km: sectionsKm(sections), sections })
          : null;
      if (sections && 'error' in sections) reasons.push(`„${label('sections')}“: ${sections.error}`);
      else if (checked && !checked.success) {
        reasons.push(`„${label('sections')}“: ${checked.error.issues[0]?.message ?? 'ungültig'}`);
      } else if (checked?.success) path = { km: checked.data.km, sections: checked.data.sections, via: null };
    }
    const startStation = station('startStation', 'startPoint');
    const endStation = station('endStation', 'endPoint');
    if (path && this.context.checkPath) {
      const ends = { startPoint: value.startPoint ?? '', endPoint: value.endPoint ?? '', startStation, endStation };
      const checked = this.context.checkPath(ends, path);
      if (typeof checked === 'string') reasons.push(`„${label('sections')}“: ${checked}`);
      else path = checked;
    }
    const acquiredAt = this.readDate(value.acquiredAt ?? '', label('acquiredAt'), reasons, true);
    let acquiredUntil: string | null = null;
    if (value.acquiredUntil) {
      acquiredUntil = this.readDate(value.acquiredUntil, label('acquiredUntil'), reasons, false);
      if (acquiredUntil && !value.acquiredAt) reasons.push(`„${label('acquiredUntil')}“ ohne Datum der Fahrt.`);
    }
    if (acquiredAt && acquiredUntil && acquiredUntil < acquiredAt) reasons.push(VALIDITY_RANGE_MESSAGE);

    const list = (field: 'vehicles' | 'tours', what: string) => {
      const parsed = parseNameList(value[field] ?? '');
      if ('error' in parsed) {
        reasons.push(`„${label(field)}“: ${parsed.error}`);
        return [];
      }
      if (parsed.names.some((name) => name.length > LIMITS.nameLength)) {
        reasons.push(`„${label(field)}“: Ein ${what} darf höchstens ${LIMITS.nameLength} Zeichen lang sein.`);
      }
      return parsed.names;
    };
    const vehicles = list('vehicles', 'Fahrzeugname');
    if (vehicles.length > LIMITS.vehiclesPerDrive) {
      reasons.push(
        `„${label('vehicles')}“: ${formatNumber(vehicles.length)} Fahrzeuge; zu einer Fahrt gehören höchstens ` +
          `${formatNumber(LIMITS.vehiclesPerDrive)} Fahrzeuge.`,
      );
    }
    const tours = list('tours', 'Tourname');
    if (reasons.length === 0) {
      // A tour over its limit refuses the lines that would take it there (the first ones are imported).
      const key = routeKey({
        name: value.name!,
        companyRoute: value.companyRoute || null,
        startPoint: value.startPoint!,
        endPoint: value.endPoint!,
      });
      for (const tour of tours) {
        const routes = this.tourRoutes.get(tour);
        if (routes && !routes.has(key) && routes.size >= LIMITS.routesPerTour) {
          reasons.push(
            `Die Tour „${tour}“ hätte mehr als ${formatNumber(LIMITS.routesPerTour)} Strecken; ` +
              `eine Tour umfasst höchstens ${formatNumber(LIMITS.routesPerTour)} Strecken.`,
          );
        }
      }
      if (reasons.length === 0) {
        for (const tour of tours) {
          const routes = this.tourRoutes.get(tour) ?? new Set<string>();
          routes.add(key);
          this.tourRoutes.set(tour, routes);
        }
      }
    }
    if (reasons.length > 0) {
      this.refuse(line, reasons.join(' '));
      return;
    }
    this.rows.push({
      line,
      name: value.name!,
      companyRoute: value.companyRoute || null,
      startPoint: value.startPoint!,
      endPoint: value.endPoint!,
      acquiredAt,
      // Without "gültig bis" a drive counts by the route's rule, as when it is recorded in the app.
      acquiredUntil: acquiredAt
        ? (acquiredUntil ?? addDays(acquiredAt, validityDays ?? this.context.rules.routes))
        : null,
      untilStated: acquiredUntil !== null,
      vehicles,
      tours,
      validityDays,
      startStation,
      endStation,
      path,
    });
  }
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
): Promise<{ encoding: ParsedImport['encoding']; delimiter: ParsedImport['delimiter'] }> {
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
