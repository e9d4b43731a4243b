import { desc, type SQL } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import { vehicleActivitySchemas } from '@streckenpass/contract/vehicle-activities';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, vehicleActivityVehiclesLink } from '../../db/links.js';
import { resolveOwnedIds } from '../../db/owned.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routeActivities, vehicleActivities } from '../../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehicleActivitiesRepository: VehicleActivitiesRepository;
  }
}

/** Activities with their vehicle ids in one query, newest (highest id) first. */
const selectVehicleActivities = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({
      id: vehicleActivities.id,
      ownerId: vehicleActivities.ownerId,
      routeActivityId: vehicleActivities.routeActivityId,
      acquiredVehicles: linkedIdsColumn(vehicleActivityVehiclesLink),
    })
    .from(vehicleActivities)
    .where(where)
    .orderBy(desc(vehicleActivities.id));

export const createVehicleActivitiesRepository = (
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
) =>
  ownedRecords(db, bump, 'vehicle_activities', vehicleActivitySchemas, {
    table: vehicleActivities,
    select: selectVehicleActivities,
    toItem: (row) => ({ routeActivity: toIri('route_activities', row.routeActivityId) }),
    links: { acquiredVehicles: vehicleActivityVehiclesLink },
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
