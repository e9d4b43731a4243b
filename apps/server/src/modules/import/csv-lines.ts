import { IMPORT_MAX_LISTED_ERRORS, type ImportLineError } from '@streckenpass/contract/import';
import { addDays, VALIDITY_RANGE_MESSAGE } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import { parseValidityRule } from '@streckenpass/contract/notifications';
import { normaliseCode } from '@streckenpass/contract/stations';
import {
  parseSectionsText,
  routePathInputSchema,
  sectionsKm,
  type RoutePath,
} from '@streckenpass/contract/route-paths';
import { cellProblem, columnKey, exactStation, restoreCell, tooManyLines } from '../../lib/csv-reader.js';
import { parseNameList } from '../../lib/name-list.js';
import { headerFields, isAttributionLine, REQUIRED, VEHICLE_BLOCK, VEHICLE_RULE, type Field } from './csv-columns.js';
import { formatNumber, readGermanDate } from '@streckenpass/contract/format';
import { routeKey, type ImportContext, type ImportRow, type ImportVehicle, type ParsedImport } from './import-rows.js';

/**
 * d.m.yy, dd.mm.yyyy (also d.m.yyyy) or yyyy-mm-dd → yyyy-mm-dd, read by the contract's one date reader in the forms a
 * file states a date; a German reason when it is no date or does not exist. A two-digit year is one of 2000–2099 (a
 * drive of 1999 has long expired; a year in the future is refused by the caller).
 */
export function parseDate(value: string): { date: string } | { error: string } {
  const read = readGermanDate(value, 'file');
  if ('date' in read) return read;
  return {
    error:
      read.problem === 'form'
        ? `„${value}“ ist kein Datum (erwartet TT.MM.JJJJ, T.M.JJ oder JJJJ-MM-TT).`
        : `Das Datum ${value} gibt es nicht.`,
  };
}

/** A rule cell: empty = not stated. */
function readRule(cell: string): { days: number | null } | { error: string } {
  return cell.trim() === '' ? { days: null } : parseValidityRule(cell);
}

/**
 * Reads the file record by record: the header, then route lines, then (in an export) the vehicles block. Keeps
 * only what the import needs: the valid lines and the first refused ones with their count.
 */
export class ImportReader {
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
