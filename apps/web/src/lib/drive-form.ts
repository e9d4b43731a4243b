import {
  DRIVE_DIRECTIONS,
  driveTimeSchema,
  driveWaySchema,
  type DriveDirection,
  type DriveWay,
} from '@streckenpass/contract/drive-ways';
import { isCalendarDate, type CalendarDate } from '@streckenpass/contract/knowledge';
import { createRouteActivitySchema, driveDateViolations } from '@streckenpass/contract/route-activities';
import { z } from 'zod';

/** A drive's date left empty: the form asks for it (the contract's own message names only the format). */
export const DRIVE_DATE_MISSING = 'Bitte geben Sie an, wann Sie zuletzt gefahren sind.';

/** A date a drive form holds: the contract's drive date, asked for by `missing` while the field is empty. */
export function driveDate(missing: string = DRIVE_DATE_MISSING) {
  return z.string().min(1, missing).pipe(createRouteActivitySchema.shape.acquiredAt);
}

type DriveDates = { acquiredAt: string; acquiredUntil?: string | undefined };

/**
 * A drive form's fields checked as the server checks the drive (`createRouteActivitySchema` for each date, then the
 * contract's `driveDateViolations`: not after `today`, "gültig bis" not before the day driven), every issue on the
 * field it names. `today(values)` is undefined where the server does not judge the day (a patch that keeps it).
 */
export function driveDatesSchema<Shape extends z.ZodRawShape>(
  shape: Shape,
  today: (values: z.output<z.ZodObject<Shape>>) => CalendarDate | undefined,
) {
  return z.object(shape).superRefine((values, context) => {
    const drive = values as DriveDates;
    // A date the fields refused already has its message; the rules between the dates need both to be dates.
    if (!isCalendarDate(drive.acquiredAt)) return;
    if (drive.acquiredUntil !== undefined && !isCalendarDate(drive.acquiredUntil)) return;
    for (const violation of driveDateViolations(drive, today(values))) {
      context.addIssue({ code: 'custom', path: [violation.propertyPath], message: violation.message });
    }
  });
}

/** "Richtung" of a drive form: one of the contract's directions, or "nicht angegeben". */
export type DirectionChoice = DriveDirection | 'none';

/** Way, time and direction as a drive form holds them; the time as typed ('' = none given). */
export interface DriveMannerValues {
  way: DriveWay;
  time: string;
  direction: DirectionChoice;
}

/**
 * The rules of those fields: the contract's way and time of day (an empty time is none), a direction or none – so the
 * form shows the server's German messages ("Uhrzeit als HH:MM angeben, z. B. 05:40.").
 */
export const driveMannerFields = {
  way: driveWaySchema,
  time: z
    .string()
    .transform((time) => time.trim() || null)
    .pipe(driveTimeSchema.nullable()),
  direction: z.enum(['none', ...DRIVE_DIRECTIONS] as const),
};

/** What a drive sends of them: the way, the time or null, the direction or null. */
export function driveMannerInput(values: DriveMannerValues): {
  way: DriveWay;
  time: string | null;
  direction: DriveDirection | null;
} {
  return {
    way: values.way,
    time: values.time.trim() || null,
    direction: values.direction === 'none' ? null : values.direction,
  };
}
