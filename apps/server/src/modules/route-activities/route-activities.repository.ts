import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isStorableDate, parseIri, toIri } from '@streckenpass/contract/common';
import { VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import { addDays, driveValidityDays, todayIn, type CalendarDate } from '@streckenpass/contract/knowledge';
import { driveDateViolations, routeActivitySchemas } from '@streckenpass/contract/route-activities';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, routeActivityRoutesLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routeActivities, routes, users } from '../../db/schema.js';
import { unprocessable } from '../../lib/errors.js';
import type { VehicleActivitiesRepository } from '../vehicle-activities/vehicle-activities.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeActivitiesRepository: RouteActivitiesRepository;
  }
}

/**
 * The ids of the activity's vehicle activities, ascending; `{}` when it has none. Written out with an alias, as
 * `linkedIdsColumn` is: in a single-table select Drizzle leaves column names unqualified.
 */
const vehicleActivityIdsColumn = sql<number[]>`coalesce(
  (select array_agg(va.id order by va.id)
     from vehicle_activities va
    where va.route_activity_id = "route_activities"."id"
      and va.owner_id = "route_activities"."owner_id"),
  '{}'::integer[]
)`;

/** Activities with their route and vehicle-activity ids in one query, newest (highest id) first. */
const selectRouteActivities = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({
      id: routeActivities.id,
      ownerId: routeActivities.ownerId,
      acquiredAt: routeActivities.acquiredAt,
      acquiredUntil: routeActivities.acquiredUntil,
      recordedAt: routeActivities.recordedAt,
      imported: routeActivities.imported,
      acquiredRoutes: linkedIdsColumn(routeActivityRoutesLink),
      vehicleActivityIds: vehicleActivityIdsColumn,
    })
    .from(routeActivities)
    .where(where)
    .orderBy(desc(routeActivities.id));

/**
 * The validity rule a drive of these routes follows when no end date is given: the contract's `driveValidityDays`
 * (docs/decisions/0020) on the routes' own rules and the account's default, read in one query.
 */
async function ruleDays(ex: Executor, ownerId: number, routeIds: readonly number[]): Promise<number> {
  const rows = await ex
    .select({ accountDays: users.validityDays, routeId: routes.id, routeDays: routes.validityDays })
    .from(users)
    .leftJoin(routes, and(eq(routes.ownerId, users.id), inArray(routes.id, [...routeIds])))
    .where(eq(users.id, ownerId));
  const accountDays = rows[0]?.accountDays ?? VALIDITY_DAYS_YEAR;
  return driveValidityDays(
    rows.filter((row) => row.routeId !== null).map((row) => row.routeDays),
    accountDays,
  );
}

/**
 * The contract's rule of a drive's dates (`driveDateViolations`, also applied by the restore of a backup): not after
 * today (the forms and the CSV import refuse it as well), "gültig bis" not before the day driven.
 */
function assertDriveDates(drive: { acquiredAt: string; acquiredUntil?: string }, today?: CalendarDate): void {
  const violations = driveDateViolations(drive, today);
  if (violations.length > 0) throw unprocessable(violations);
}

/**
 * Route activities. Creating one defaults `acquiredUntil` to a year; a patch is checked against the locked row, so
 * two concurrent patches cannot together break the date rule. `acquiredAt` may not lie after `today()` (the app's
 * time zone). Each route's kept validity follows every write through the database triggers of migration 0001.
 */
export const createRouteActivitiesRepository = (
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
  today: () => CalendarDate,
  vehicleActivitiesOf: VehicleActivitiesRepository,
) =>
  ownedRecords(db, bump, 'route_activities', routeActivitySchemas, {
    table: routeActivities,
    select: selectRouteActivities,
    toItem: (row) => ({
      acquiredAt: row.acquiredAt,
      acquiredUntil: row.acquiredUntil,
      vehicleActivities: row.vehicleActivityIds.map((id) => toIri('vehicle_activities', id)),
      // Set by the database when the drive is stored (never from a request body: the schemas do not take it).
      recordedAt: row.recordedAt === null ? null : new Date(row.recordedAt).toISOString(),
      imported: row.imported,
    }),
    // Deleting a drive deletes its vehicle activities (on delete cascade): each gets a delete entry of its own.
    dependents: {
      kind: 'vehicle_activities',
      ids: (item) => item.vehicleActivities.map((iri) => parseIri('vehicle_activities', iri) ?? 0),
      findAllIn: (ex, ownerId, ids) => vehicleActivitiesOf.findAllIn(ex, ownerId, ids),
    },
    links: { acquiredRoutes: routeActivityRoutesLink },
    columns: async ({ acquiredAt, acquiredUntil }) => ({ acquiredAt, acquiredUntil }),
    checkPatch: (current, next) => {
      // Only a changed date is judged: an activity stored before this rule keeps its other fields editable.
      assertDriveDates(
        { acquiredAt: next.acquiredAt as string, acquiredUntil: next.acquiredUntil as string },
        next.acquiredAt !== current.acquiredAt ? today() : undefined,
      );
    },
    prepareCreate: async (values, { ex, ownerId, links }) => {
      const acquiredAt = values.acquiredAt as string;
      assertDriveDates({ acquiredAt }, today());
      const explicit = values.acquiredUntil as string | undefined;
      const acquiredUntil = explicit ?? addDays(acquiredAt, await ruleDays(ex, ownerId, links.acquiredRoutes ?? []));
      if (!isStorableDate(acquiredUntil)) {
        throw unprocessable([{ propertyPath: 'acquiredAt', message: 'Das Datum liegt zu weit in der Zukunft.' }]);
      }
      assertDriveDates({ acquiredAt, acquiredUntil });
      return { acquiredAt, acquiredUntil };
    },
  });

export type RouteActivitiesRepository = ReturnType<typeof createRouteActivitiesRepository>;

export default repositoryPlugin(
  'routeActivitiesRepository',
  (app) =>
    createRouteActivitiesRepository(
      app.db,
      app.dataVersions.bump,
      () => todayIn(app.config.timezone),
      app.vehicleActivitiesRepository,
    ),
  ['dataVersions', 'vehicleActivitiesRepository'],
);
