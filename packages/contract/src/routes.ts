import { z } from 'zod';
import { iriSchema, requiredText, text } from './common.js';
import { validityDaysSchema } from './notifications.js';
import { driveWaySchema, keepingWaysSchema } from './drive-ways.js';
import { firstAcquisitionSchema } from './first-acquisition.js';
import { routePathInputSchema, routePathSchema } from './route-paths.js';
import { stationCodeSchema, stationSchema } from './stations.js';

/** The company's own route code; empty text and null both mean "none". */
const nullableCode = text()
  .trim()
  .max(64, 'Das Kürzel darf höchstens 64 Zeichen lang sein.')
  .nullable()
  .transform((value) => (value ? value : null));

/** On create an absent code is null. */
const optionalCode = nullableCode.optional().transform((value) => value ?? null);
/** On update (merge-patch) an absent code must stay absent, or every PATCH would clear it; null clears it. */
const patchCode = nullableCode.optional();

/** How a route is named wherever it is listed (its page, the expiring list, the import's preview). */
export const routeNamingShape = {
  name: z.string(),
  companyRoute: z.string().nullable(),
  startPoint: z.string(),
  endPoint: z.string(),
};

export const routeSchema = z.object({
  id: z.number().int(),
  ...routeNamingShape,
  /** The station chosen for the start (DS100 code, name, coordinates); null = free text only. */
  startStation: stationSchema.nullable(),
  endStation: stationSchema.nullable(),
  tours: z.array(z.string()),
  owner: z.string(),
  /** The route's own validity rule in days; null = the account's default (notifications settings). */
  validityDays: z.number().int().nullable(),
  /**
   * The ways of a drive that keep this route's knowledge valid (issue 41); null = the account's rule
   * (notifications settings `keepingWays`).
   */
  keepingWays: z.array(driveWaySchema).nullable(),
  /** The first acquisition the route asks before it counts as known (issue 41); null = none. */
  firstAcquisition: firstAcquisitionSchema.nullable(),
  /**
   * The day that first acquisition was met (computed by the server from the drives); null = not yet, or none asked.
   * While a route asks one that is not met, it is "in Ausbildung": no `lastDriven`, no `validUntil`.
   */
  acquiredOn: z.string().nullable(),
  /**
   * The day the route was last driven (the latest `acquiredAt` of its activities); absent = never recorded. Kept by
   * the server with every activity write, like `validUntil`. Absent rather than null, so that a route never driven
   * answers exactly as before these fields existed (docs/decisions/0036).
   */
  lastDriven: z.string().optional(),
  /** Last day the route's knowledge is valid (the latest `acquiredUntil` of its activities); absent = never recorded. */
  validUntil: z.string().optional(),
  /**
   * The route's path on the rail network as line sections (issue 29, docs/decisions/0051); absent while it has none
   * (no network imported, a place off the network, free text), so that such a route answers as before.
   */
  path: routePathSchema.optional(),
});
export type Route = z.infer<typeof routeSchema>;

export const createRouteSchema = z.strictObject({
  name: requiredText('Der Name der Strecke'),
  companyRoute: optionalCode,
  startPoint: requiredText('Der Start der Strecke', 64),
  endPoint: requiredText('Das Ende der Strecke', 64),
  /** DS100 code of the station chosen for the start; absent or null = none (free text). */
  startStation: stationCodeSchema.optional().transform((value) => value ?? null),
  endStation: stationCodeSchema.optional().transform((value) => value ?? null),
  tours: z.array(iriSchema('tours')).max(1000).optional(),
  owner: iriSchema('users').optional(),
  validityDays: validityDaysSchema.nullable().optional(),
  keepingWays: keepingWaysSchema.nullable().optional(),
  firstAcquisition: firstAcquisitionSchema.nullable().optional(),
  /**
   * The path shown to the driver (the shortest along the tracks, one over a chosen point, or sections by line); null =
   * none. Absent = the server finds the shortest path between the stations when a network is imported.
   */
  path: routePathInputSchema.nullable().optional(),
});
export type CreateRouteInput = z.input<typeof createRouteSchema>;

export const updateRouteSchema = z.strictObject({
  name: requiredText('Der Name der Strecke').optional(),
  companyRoute: patchCode,
  startPoint: requiredText('Der Start der Strecke', 64).optional(),
  endPoint: requiredText('Das Ende der Strecke', 64).optional(),
  /** Absent = unchanged, null = unlinked. */
  startStation: stationCodeSchema.optional(),
  endStation: stationCodeSchema.optional(),
  tours: z.array(iriSchema('tours')).max(1000).optional(),
  owner: iriSchema('users').optional(),
  validityDays: validityDaysSchema.nullable().optional(),
  keepingWays: keepingWaysSchema.nullable().optional(),
  firstAcquisition: firstAcquisitionSchema.nullable().optional(),
  /** Absent = kept, or found anew when the start or end changes; null = removed. */
  path: routePathInputSchema.nullable().optional(),
});

/** Item, create and merge-patch schema together, as the server's CRUD routes take them. */
export const routeSchemas = { item: routeSchema, create: createRouteSchema, update: updateRouteSchema };

export type UpdateRouteInput = z.input<typeof updateRouteSchema>;

export const expiringRouteSchema = z.object({
  id: z.number().int(),
  ...routeNamingShape,
  acquired_until: z.string().nullable(),
  acquired_until_days: z.number().int().nullable(),
});
export type ExpiringRoute = z.infer<typeof expiringRouteSchema>;

export const expiringQuerySchema = z.object({
  days: z.coerce.number().int().min(-100000).max(100000).optional(),
  recorded_only: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
