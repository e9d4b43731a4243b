import { desc, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import type {
  createVehicleActivitySchema,
  updateVehicleActivitySchema,
  VehicleActivity,
} from '@streckenpass/contract/vehicle-activities';
import type { Executor } from '../../db/client.js';
import { resolveOwnedIds } from '../../db/owned.js';
import { LIMITS } from '@streckenpass/contract/limits';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routeActivities, vehicleActivities, vehicleActivityVehicles, vehicles } from '../../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehicleActivitiesRepository: VehicleActivitiesRepository;
  }
}

// Written out with aliases: in a single-table select Drizzle leaves column names unqualified, so a correlated
// subquery built from column objects could bind "id" to its own table instead of vehicle_activities.

/** The activity's vehicle ids, ascending; `{}` when it has none. */
const vehicleIdsColumn = sql<number[]>`coalesce(
  (select array_agg(vav.vehicle_id order by vav.vehicle_id)
     from vehicle_activity_vehicles vav
    where vav.vehicle_activity_id = "vehicle_activities"."id"),
  '{}'::integer[]
)`;

/** Activities with their vehicle ids in one query, newest (highest id) first. */
const selectVehicleActivities = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({
      id: vehicleActivities.id,
      ownerId: vehicleActivities.ownerId,
      routeActivityId: vehicleActivities.routeActivityId,
      vehicleIds: vehicleIdsColumn,
    })
    .from(vehicleActivities)
    .where(where)
    .orderBy(desc(vehicleActivities.id));

export const createVehicleActivitiesRepository = (
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
) =>
  ownedRecords<
    VehicleActivity,
    z.output<typeof createVehicleActivitySchema>,
    z.output<typeof updateVehicleActivitySchema>,
    Awaited<ReturnType<typeof selectVehicleActivities>>[number]
  >(db, bump, {
    what: 'Fahrzeugaktivität',
    table: vehicleActivities,
    select: selectVehicleActivities,
    listStatement: 'vehicle_activities_list',
    quota: { limit: LIMITS.vehicleActivitiesPerAccount, label: 'Fahrzeugeinträge' },
    toItem: (row) => ({
      id: row.id,
      acquiredVehicles: row.vehicleIds.map((id) => toIri('vehicles', id)),
      owner: toIri('users', row.ownerId),
      routeActivity: toIri('route_activities', row.routeActivityId),
    }),
    links: [
      {
        field: 'acquiredVehicles',
        quota: { limit: LIMITS.driveVehiclesPerAccount, label: 'Fahrzeuge in allen Fahrzeugeinträgen' },
        kind: 'vehicles',
        link: {
          table: vehicleActivityVehicles,
          parentColumn: vehicleActivityVehicles.vehicleActivityId,
          childColumn: vehicleActivityVehicles.vehicleId,
          parent: vehicleActivities,
          child: vehicles,
        },
      },
    ],
    /** `routeActivity` is a single reference held in a column: resolved by id in the write's transaction. */
    columns: async ({ routeActivity }, ex, ownerId) => {
      if (routeActivity === undefined) return {};
      const [routeActivityId] = await resolveOwnedIds(
        ex,
        routeActivities,
        'route_activities',
        [routeActivity as string],
        ownerId,
        'routeActivity',
      );
      return { routeActivityId };
    },
  });

export type VehicleActivitiesRepository = ReturnType<typeof createVehicleActivitiesRepository>;

export default repositoryPlugin(
  'vehicleActivitiesRepository',
  (app) => createVehicleActivitiesRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);
