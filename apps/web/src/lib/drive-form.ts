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
