import { desc, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import { isValidityRange, VALIDITY_RANGE_MESSAGE, validUntil } from '@streckenpass/contract/knowledge';
import type {
  createRouteActivitySchema,
  RouteActivity,
  updateRouteActivitySchema,
} from '@streckenpass/contract/route-activities';
import type { Executor } from '../../db/client.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routeActivities, routeActivityRoutes, routes } from '../../db/schema.js';
import { unprocessable } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeActivitiesRepository: RouteActivitiesRepository;
  }
}

// Written out with aliases: in a single-table select Drizzle leaves column names unqualified, so a correlated
// subquery built from column objects could bind "id" to its own table instead of route_activities.

/** The activity's route ids, ascending; `{}` when it has none. */
const routeIdsColumn = sql<number[]>`coalesce(
  (select array_agg(rar.route_id order by rar.route_id)
     from route_activity_routes rar
    where rar.route_activity_id = "route_activities"."id"),
  '{}'::integer[]
)`;

/** The ids of the activity's vehicle activities, ascending; `{}` when it has none. */
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
      routeIds: routeIdsColumn,
      vehicleActivityIds: vehicleActivityIdsColumn,
    })
    .from(routeActivities)
    .where(where)
    .orderBy(desc(routeActivities.id));

function assertValidityRange(acquiredAt: string, acquiredUntil: string): void {
  if (!isValidityRange(acquiredAt, acquiredUntil)) {
    throw unprocessable([{ propertyPath: 'acquiredUntil', message: VALIDITY_RANGE_MESSAGE }]);
  }
}

/**
 * Route activities. Creating one defaults `acquiredUntil` to a year; a patch is checked against the locked row, so
 * two concurrent patches cannot together break the date rule. Each route's kept validity follows every write
 * through the database triggers of migration 0001.
 */
export const createRouteActivitiesRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords<
    RouteActivity,
    z.output<typeof createRouteActivitySchema>,
    z.output<typeof updateRouteActivitySchema>,
    Awaited<ReturnType<typeof selectRouteActivities>>[number]
  >(db, bump, {
    what: 'Streckenaktivität',
    table: routeActivities,
    select: selectRouteActivities,
    listStatement: 'route_activities_list',
    toItem: (row) => ({
      id: row.id,
      acquiredAt: row.acquiredAt,
      acquiredUntil: row.acquiredUntil,
      owner: toIri('users', row.ownerId),
      acquiredRoutes: row.routeIds.map((id) => toIri('routes', id)),
      vehicleActivities: row.vehicleActivityIds.map((id) => toIri('vehicle_activities', id)),
    }),
    links: [
      {
        field: 'acquiredRoutes',
        kind: 'routes',
        link: {
          table: routeActivityRoutes,
          parentColumn: routeActivityRoutes.routeActivityId,
          childColumn: routeActivityRoutes.routeId,
          parent: routeActivities,
          child: routes,
        },
      },
    ],
    columns: async ({ acquiredAt, acquiredUntil }) => ({ acquiredAt, acquiredUntil }),
    checkPatch: (_current, next) => assertValidityRange(next.acquiredAt as string, next.acquiredUntil as string),
    prepareCreate: (values) => {
      const acquiredAt = values.acquiredAt as string;
      const acquiredUntil = (values.acquiredUntil as string | undefined) ?? validUntil(acquiredAt, 'year');
      assertValidityRange(acquiredAt, acquiredUntil);
      return { acquiredAt, acquiredUntil };
    },
  });

export type RouteActivitiesRepository = ReturnType<typeof createRouteActivitiesRepository>;

export default repositoryPlugin(
  'routeActivitiesRepository',
  (app) => createRouteActivitiesRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);
