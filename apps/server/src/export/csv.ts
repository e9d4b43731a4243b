import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatNameList } from '../lib/name-list.js';
import { formatDate } from '@streckenpass/contract/format';
import { sectionsText } from '@streckenpass/contract/route-paths';
import { statusLabel } from '@streckenpass/contract/status';
import { TERMS } from '@streckenpass/contract/terms';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import type { ExportData } from './model.js';

export const CSV_ROUTE_HEADER = [
  'Strecke',
  'Interne Bezeichnung',
  'Start',
  'Ende',
  'Touren',
  'Zuletzt befahren',
  'Gültig bis',
  'Status',
  'Gültigkeitsregel',
  'Start DS100',
  'Ende DS100',
  // Of the last drive (issue 27): when it was recorded, and "nachgetragen" when that was more than 7 days later.
  TERMS.recordedOn,
  'Nachgetragen',
  // The vehicles of that drive: read back by the import as the line's vehicles (issue 38), so that a route keeps
  // them in another account although each vehicle's own last drive (the vehicles block) may be a later one.
  'Fahrzeuge',
] as const;
/**
 * The column of the line sections a route covers (decision 0051), written only when a route of the export has a path:
 * an export without network data stays as it was.
 */
export const CSV_SECTIONS_HEADER = 'Streckenabschnitte';
/**
 * The column that tells a place (Ortskunde, issue 41 item 4) from a route, written only when the export has a place, as
 * the sections' column: an export of routes alone stays as it was. The import reads it over: the stations say it.
 */
export const CSV_KIND_HEADER = 'Art';
/** The attribution line after the routes (and vehicles) when the export shows line sections: CC BY 4.0. */
export const CSV_ATTRIBUTION_PREFIX = 'Datenquelle:';
export const CSV_VEHICLE_HEADER = ['Fahrzeug', 'Zuletzt gefahren', 'Gültig bis', 'Gültigkeitsregel'] as const;

/** Characters that make a spreadsheet read a cell as a formula (or hide its start): OWASP "CSV injection". */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A cell as the user typed it, unless it would start a formula: then it gets a leading apostrophe (shown as text
 * by Excel and LibreOffice) and is always quoted.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV stream for German spreadsheets: UTF-8 with BOM, `;` separators, CRLF line ends, formulas neutralised. */
export function csvWriter() {
  return stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quoted_match: NEUTRALISED,
    cast: { string: neutraliseCell },
  });
}

/**
 * The export as CSV for German spreadsheets: UTF-8 with BOM, `;` separators, CRLF line ends, dates dd.mm.yyyy.
 * One row per route; when the export lists vehicles, a blank line and a vehicles block follow. Streamed.
 */
export function renderCsv(data: ExportData): Readable {
  const out = csvWriter();
  const withSections = data.routes.some((route) => route.sections);
  const withKinds = data.routes.some((route) => isPlace(route));
  out.write([
    ...CSV_ROUTE_HEADER,
    ...(withSections ? [CSV_SECTIONS_HEADER] : []),
    ...(withKinds ? [CSV_KIND_HEADER] : []),
  ]);
  for (const route of data.routes) {
    out.write([
      route.name,
      route.companyRoute ?? '',
      route.startPoint,
      route.endPoint,
      // The import's list rule: a tour name with a comma is quoted, so that the import reads it back as one name.
      formatNameList(route.tours),
      formatDate(route.lastDriven),
      formatDate(route.validUntil),
      statusLabel(route.daysLeft),
      route.validityRule,
      route.startStation?.code ?? '',
      route.endStation?.code ?? '',
      formatDate(route.lastDrivenRecordedOn),
      route.lastDrivenBackdated ? TERMS.backdated : '',
      // The import's list rule, like the tours: a name with a comma is quoted.
      formatNameList(route.lastDrivenVehicles ?? []),
      ...(withSections ? [sectionsText(route.sections ?? [])] : []),
      ...(withKinds ? [isPlace(route) ? TERMS.place : TERMS.routeKnowledge] : []),
    ]);
  }
  if (data.vehicles && data.vehicles.length > 0) {
    out.write([]);
    out.write([...CSV_VEHICLE_HEADER]);
    for (const vehicle of data.vehicles)
      out.write([vehicle.name, formatDate(vehicle.lastDriven), formatDate(vehicle.validUntil), vehicle.validityRule]);
  }
  if (data.networkAttribution) {
    out.write([]);
    out.write([data.networkAttribution]);
  }
  out.end();
  return out;
}
