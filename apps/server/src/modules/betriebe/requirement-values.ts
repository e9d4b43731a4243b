import type { DriveWay } from '@streckenpass/contract/drive-ways';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import type { LineSection } from '@streckenpass/contract/network';

/*
 * A requirement's values as the repository stores them and the routes and the CSV import build them: the line
 * section as three columns, and the key by which two requirements are the same.
 */

/** A requirement as stored, checked: codes of the data set, a depot of the Betrieb (or none). */
export interface RequirementValues {
  startStation: string;
  endStation: string;
  companyRoute: string | null;
  /** The line section: all three or none (null). */
  line: number | null;
  fromKm: number | null;
  toKm: number | null;
  depotId: number | null;
  /** The requirement's own minimum of drivers (null: the reader's default; not given: none on a new one). */
  minDrivers?: number | null;
  /** The Betrieb's own rule of ways and first acquisition for it (issue 41; null or not given: the drivers'). */
  keepingWays?: DriveWay[] | null;
  firstAcquisition?: FirstAcquisition | null;
}

/** A requirement's line section from its stored columns. */
export function sectionOf(row: Pick<RequirementValues, 'line' | 'fromKm' | 'toKm'>): LineSection | null {
  return row.line === null || row.fromKm === null || row.toKm === null
    ? null
    : { line: row.line, fromKm: row.fromKm, toKm: row.toKm };
}

/** A line section as stored columns (none: three nulls). */
export function sectionColumns(section: LineSection | null): Pick<RequirementValues, 'line' | 'fromKm' | 'toKm'> {
  return section
    ? { line: section.line, fromKm: section.fromKm, toKm: section.toKm }
    : { line: null, fromKm: null, toKm: null };
}

/** The key two requirements are the same by: depot, the pair in either direction, the Kürzel without case. */
export const requirementKey = (
  value: Pick<RequirementValues, 'startStation' | 'endStation' | 'companyRoute' | 'depotId'>,
) =>
  JSON.stringify([
    value.depotId ?? 0,
    [value.startStation, value.endStation].sort(),
    (value.companyRoute ?? '').toLowerCase(),
  ]);
