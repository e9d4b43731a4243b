import type { ImportLineError, ImportPreview } from '@streckenpass/contract/import';
import type { RoutePath } from '@streckenpass/contract/route-paths';
import type { StationIndex } from '@streckenpass/contract/stations';

/* What the CSV import reads a file's lines into (csv-lines.ts), and what import-plan.ts plans from. */

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

/** A route's natural key in the backup's merge (name, company code, start, end). */
export const routeKey = (route: { name: string; companyRoute: string | null; startPoint: string; endPoint: string }) =>
  JSON.stringify([route.name, route.companyRoute ?? '', route.startPoint, route.endPoint]);
