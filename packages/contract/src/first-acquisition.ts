import { z } from 'zod';
import { addDays, type CalendarDate } from './knowledge.js';
import { directionLabel, DRIVE_DIRECTIONS, type DriveDirection } from './drive-ways.js';

/**
 * A first acquisition (Ersterwerb, issue 41 item 3, docs/decisions/0063): before a route counts as known, `drives`
 * drives in each direction, of which `dark` in darkness, all within `days` days (null: however long it takes) — as
 * operators' rules ask it (DB's KoRil 492.0002: several trips per direction, some of them in darkness). Every way of
 * a drive counts for it (films, the simulator and walks too); only drives with a direction can.
 */
export const FIRST_ACQUISITION_MAX_DRIVES = 20;

export const firstAcquisitionSchema = z
  .strictObject({
    drives: z
      .number({ error: 'Anzahl der Fahrten je Richtung als ganze Zahl angeben.' })
      .int('Anzahl der Fahrten je Richtung als ganze Zahl angeben.')
      .min(1, 'Mindestens eine Fahrt je Richtung.')
      .max(FIRST_ACQUISITION_MAX_DRIVES, `Höchstens ${FIRST_ACQUISITION_MAX_DRIVES} Fahrten je Richtung.`),
    dark: z
      .number({ error: 'Anzahl der Fahrten bei Dunkelheit als ganze Zahl angeben.' })
      .int('Anzahl der Fahrten bei Dunkelheit als ganze Zahl angeben.')
      .min(0, 'Die Fahrten bei Dunkelheit können nicht weniger als 0 sein.'),
    days: z
      .number({ error: 'Zeitraum in Tagen als ganze Zahl angeben.' })
      .int('Zeitraum in Tagen als ganze Zahl angeben.')
      .min(1, 'Der Zeitraum ist mindestens ein Tag.')
      .max(3650, 'Der Zeitraum ist höchstens 3650 Tage.')
      .nullable(),
  })
  .refine((rule) => rule.dark <= rule.drives, {
    path: ['dark'],
    message: 'Bei Dunkelheit können nicht mehr Fahrten verlangt werden als Fahrten je Richtung.',
  });
export type FirstAcquisition = z.infer<typeof firstAcquisitionSchema>;

/**
 * "Ersterwerb: 4 Fahrten je Richtung, davon 2 bei Dunkelheit, innerhalb von 90 Tagen"; of a place (Ortskunde, which
 * has no direction) "Ersterwerb: 4 Fahrten, …".
 */
export function firstAcquisitionLabel(rule: FirstAcquisition, place = false): string {
  return [
    `Ersterwerb: ${rule.drives} ${rule.drives === 1 ? 'Fahrt' : 'Fahrten'}${place ? '' : ' je Richtung'}`,
    rule.dark > 0 ? `davon ${rule.dark} bei Dunkelheit` : null,
    rule.days === null ? null : `innerhalb von ${rule.days} ${rule.days === 1 ? 'Tag' : 'Tagen'}`,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** A drive as the first acquisition counts it. */
export interface AcquisitionDrive {
  acquiredAt: CalendarDate;
  direction: DriveDirection | null;
  dark: boolean | null;
}

export interface DirectionProgress {
  /** null: a place's progress (Ortskunde): every drive counts, whatever its direction. */
  direction: DriveDirection | null;
  drives: number;
  dark: number;
}

/**
 * Where a first acquisition stands on `day`: per direction, the drives (and those in darkness) in the window that
 * counts — the `days` days up to `day`, or all drives up to it. What "in Ausbildung" shows; the server decides when
 * it was met (migration 0019's `route_acquired_on`, over every window).
 */
export function acquisitionProgress(
  rule: FirstAcquisition,
  drives: readonly AcquisitionDrive[],
  day: CalendarDate,
  place = false,
): DirectionProgress[] {
  const from = rule.days === null ? null : addDays(day, -(rule.days - 1));
  const counted = drives.filter((drive) => drive.acquiredAt <= day && (from === null || drive.acquiredAt >= from));
  // A place (Ortskunde) has no direction: one count of all its drives (migration 0022).
  if (place) {
    return [{ direction: null, drives: counted.length, dark: counted.filter((drive) => drive.dark === true).length }];
  }
  return DRIVE_DIRECTIONS.map((direction) => {
    const along = counted.filter((drive) => drive.direction === direction);
    return { direction, drives: along.length, dark: along.filter((drive) => drive.dark === true).length };
  });
}

/** Whether the progress meets the rule (every direction its drives and its drives in darkness). */
export function acquisitionMet(rule: FirstAcquisition, progress: readonly DirectionProgress[]): boolean {
  return progress.every((each) => each.drives >= rule.drives && each.dark >= rule.dark);
}

/**
 * The progress in words, one part per direction: "3 von 4 Fahrten Richtung Mannheim Hbf, davon 1 von 2 bei
 * Dunkelheit". Counts above the rule read as the rule ("4 von 4").
 */
export function acquisitionProgressLabel(
  rule: FirstAcquisition,
  progress: readonly DirectionProgress[],
  route: { start: string; end: string },
): string[] {
  return progress.map((each) => {
    const drives = `${Math.min(each.drives, rule.drives)} von ${rule.drives} ${rule.drives === 1 ? 'Fahrt' : 'Fahrten'}`;
    const dark = rule.dark > 0 ? `, davon ${Math.min(each.dark, rule.dark)} von ${rule.dark} bei Dunkelheit` : '';
    return each.direction === null ? `${drives}${dark}` : `${drives} ${directionLabel(each.direction, route)}${dark}`;
  });
}
