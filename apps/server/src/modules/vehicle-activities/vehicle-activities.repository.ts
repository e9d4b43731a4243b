import { desc, type SQL } from 'drizzle-orm';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { toIri } from '@streckenpass/contract/common';
import { vehicleActivitySchemas } from '@streckenpass/contract/vehicle-activities';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, vehicleActivityVehiclesLink } from '../../db/links.js';
import { resolveOwnedIds } from '../../db/owned.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routeActivities, vehicleActivities, vehicleActivityVehicles } from '../../db/schema.js';
import type { Backup } from '@streckenpass/contract/backup';
import { inPage, insertLinks, insertRecords, key, keysOf, newLinks, withLinkedIds } from '../../db/backup-rows.js';
import type { BackupSection } from '../../db/backup-section.js';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';

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
  ownedRecords(db, bump, RECORD_KINDS.vehicle_activities, vehicleActivitySchemas, {
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

// The backup section of these records (db/backup-section.ts), handed to the backup by the module's index.ts.

type VehicleActivityItem = Backup['vehicleActivities'][number];

export const vehicleActivitiesSection: BackupSection<VehicleActivityItem> = {
  name: 'vehicleActivities',
  records: { kind: 'vehicle_activities', reader: (app) => app.vehicleActivitiesRepository },
  tables: [vehicleActivities, vehicleActivityVehicles],
  references: [
    { section: 'routeActivities', refs: (activity) => [activity.routeActivity], what: 'Fahrt' },
    { section: 'vehicles', refs: (activity) => activity.vehicles, what: 'Fahrzeug' },
  ],
  quota: {
    records: RECORD_KINDS.vehicle_activities.quota,
    links: { refs: (activity) => activity.vehicles, quota: vehicleActivityVehiclesLink.quota },
  },
  async read(ex, userId, page) {
    const columns = { ref: vehicleActivities.id, routeActivity: vehicleActivities.routeActivityId };
    const rows = await inPage(ex.select(columns).from(vehicleActivities).$dynamic(), vehicleActivities, userId, page);
    return withLinkedIds(ex, userId, rows, vehicleActivityVehiclesLink, 'vehicles');
  },
  naturalKey: (activity, keyOf) =>
    key(keyOf('routeActivities', activity.routeActivity) ?? '?', keysOf('vehicles', activity.vehicles, keyOf)),
  describe: (activity) => `${plural(activity.vehicles.length, TERMS.vehicle, TERMS.vehicles)} zu einer Fahrt`,
  async insert(ex, userId, items, idOf) {
    const ids = await insertRecords(
      ex,
      'vehicle_activities',
      userId,
      { route_activity_id: 'integer' },
      items,
      (item) => ({
        route_activity_id: idOf('routeActivities', item.routeActivity),
      }),
    );
    await insertLinks(
      ex,
      newLinks(vehicleActivityVehiclesLink, items, ids, (item) => item.vehicles, 'vehicles', idOf),
    );
    return ids;
  },
};
