import { z } from 'zod';
import { dateSchema, iriSchema } from './common.js';
import { FUTURE_DATE_MESSAGE, isValidityRange, VALIDITY_RANGE_MESSAGE, type CalendarDate } from './knowledge.js';
import { LIMITS } from './limits.js';
import { driveDirectionSchema, driveTimeSchema, driveWaySchema } from './drive-ways.js';

export const routeActivitySchema = z.object({
  id: z.number().int(),
  acquiredAt: z.string(),
  acquiredUntil: z.string(),
  owner: z.string(),
  acquiredRoutes: z.array(z.string()),
  vehicleActivities: z.array(z.string()),
  /**
   * When the drive was recorded ("erfasst am", ISO 8601); null for drives recorded before recording times were kept.
   * Set by the server, never by a request (a body naming it is refused like any unknown field).
   */
  recordedAt: z.string().nullable(),
  /** Whether the drive came in through the CSV import or a backup's restore rather than being recorded in the app. */
  imported: z.boolean(),
  /** How the drive was made (issue 41); `driven` for every drive recorded before ways were kept. */
  way: driveWaySchema,
  /** Time of day on the app's wall clock ("05:40"); null = not given. */
  time: z.string().nullable(),
  /** Along its route(s) from start to end (`forward`) or back (`reverse`); null = not given. */
  direction: driveDirectionSchema.nullable(),
  /**
   * Whether it was dark (the sun below civil twilight, −6°) at the drive's time and date where its route lies;
   * computed by the server, never sent. Null without a time or without a station with coordinates.
   */
  dark: z.boolean().nullable(),
});
export type RouteActivity = z.infer<typeof routeActivitySchema>;

/** acquiredAt + 364 days is then at most 9999-12-30. */
const LAST_DEFAULT_START = '9998-12-31';

const acquiredRoutes = z
  .array(iriSchema('routes'))
  .min(1, 'Mindestens eine Strecke auswählen.')
  .max(LIMITS.routesPerDrive, `Eine Fahrt umfasst höchstens ${LIMITS.routesPerDrive} Strecken.`);

export const createRouteActivitySchema = z
  .strictObject({
    acquiredAt: dateSchema,
    acquiredUntil: dateSchema.optional(),
    owner: iriSchema('users').optional(),
    acquiredRoutes,
    way: driveWaySchema.optional().describe('Art der Fahrt; ohne Angabe driven (selbst gefahren)'),
    time: driveTimeSchema.nullable().optional(),
    direction: driveDirectionSchema.nullable().optional(),
  })
  // The default validity (a year) must end in a date that can be stored and sent again (year ≤ 9999).
  .refine((value) => value.acquiredUntil !== undefined || value.acquiredAt <= LAST_DEFAULT_START, {
    path: ['acquiredAt'],
    message: 'Das Datum liegt zu weit in der Zukunft.',
  });
export type CreateRouteActivityInput = z.input<typeof createRouteActivitySchema>;

export const updateRouteActivitySchema = z.strictObject({
  acquiredAt: dateSchema.optional(),
  acquiredUntil: dateSchema.optional(),
  owner: iriSchema('users').optional(),
  acquiredRoutes: acquiredRoutes.optional(),
  way: driveWaySchema.optional(),
  time: driveTimeSchema.nullable().optional(),
  direction: driveDirectionSchema.nullable().optional(),
});

/** Item, create and merge-patch schema together, as the server's CRUD routes take them. */
export const routeActivitySchemas = {
  item: routeActivitySchema,
  create: createRouteActivitySchema,
  update: updateRouteActivitySchema,
};

export type UpdateRouteActivityInput = z.input<typeof updateRouteActivitySchema>;

/** A refusal of a drive's dates: the field and the German reason. */
export interface DriveDateViolation {
  propertyPath: 'acquiredAt' | 'acquiredUntil';
  message: string;
}

/**
 * The rules of a drive's dates that its schema cannot judge alone, as the API (create and patch) and the restore of a
 * backup both apply them (issue 38): driven no later than `today` (the app's time zone; not judged without it, as for
 * a patch that leaves the date), and valid through a day not before it (not judged while `acquiredUntil` is not known
 * yet). Empty when the drive may be stored.
 */
export function driveDateViolations(
  drive: { acquiredAt: CalendarDate; acquiredUntil?: CalendarDate | undefined },
  today?: CalendarDate,
): DriveDateViolation[] {
  const violations: DriveDateViolation[] = [];
  if (today !== undefined && drive.acquiredAt > today) {
    violations.push({ propertyPath: 'acquiredAt', message: FUTURE_DATE_MESSAGE });
  }
  if (drive.acquiredUntil !== undefined && !isValidityRange(drive.acquiredAt, drive.acquiredUntil)) {
    violations.push({ propertyPath: 'acquiredUntil', message: VALIDITY_RANGE_MESSAGE });
  }
  return violations;
}
