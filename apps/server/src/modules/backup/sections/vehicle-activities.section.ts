import { asc } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { vehicleActivities, vehicleActivityVehicles } from '../../../db/schema.js';
import { insertRows, key, keysOf, linkedIds, linkRows, pageOf, reserveIds } from './rows.js';
import type { BackupSection } from './section.js';

type VehicleActivityItem = Backup['vehicleActivities'][number];

export const vehicleActivitiesSection: BackupSection<VehicleActivityItem> = {
  name: 'vehicleActivities',
  tables: [vehicleActivities, vehicleActivityVehicles],
  references: [
    { section: 'routeActivities', refs: (activity) => [activity.routeActivity], what: 'Fahrt' },
    { section: 'vehicles', refs: (activity) => activity.vehicles, what: 'Fahrzeug' },
  ],
  quota: {
    records: { limit: LIMITS.vehicleActivitiesPerAccount, label: 'Fahrzeugeinträge' },
    links: {
      refs: (activity) => activity.vehicles,
      quota: { limit: LIMITS.driveVehiclesPerAccount, label: 'Fahrzeuge in allen Fahrzeugeinträgen' },
    },
  },
  async read(ex, userId, page) {
    const rows = await ex
      .select({ ref: vehicleActivities.id, routeActivity: vehicleActivities.routeActivityId })
      .from(vehicleActivities)
      .where(pageOf(vehicleActivities, userId, page))
      .orderBy(asc(vehicleActivities.id))
      .limit(page.limit);
    const links = await linkedIds(
      ex,
      vehicleActivities,
      vehicleActivityVehicles.vehicleActivityId,
      vehicleActivityVehicles.vehicleId,
      vehicleActivityVehicles,
      userId,
      rows.map((row) => row.ref),
    );
    return rows.map((row) => ({ ...row, vehicles: links.get(row.ref) ?? [] }));
  },
  naturalKey: (activity, keyOf) =>
    key(keyOf('routeActivities', activity.routeActivity) ?? '?', keysOf('vehicles', activity.vehicles, keyOf)),
  describe: (activity) =>
    `${activity.vehicles.length} ${activity.vehicles.length === 1 ? 'Fahrzeug' : 'Fahrzeuge'} zu einer Fahrt`,
  async insert(ex, userId, items, idOf) {
    const ids = await reserveIds(ex, 'vehicle_activities', items.length);
    await insertRows(
      ex,
      'vehicle_activities',
      { id: 'integer', owner_id: 'integer', route_activity_id: 'integer' },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        route_activity_id: idOf('routeActivities', item.routeActivity),
      })),
    );
    await insertRows(
      ex,
      'vehicle_activity_vehicles',
      { vehicle_activity_id: 'integer', vehicle_id: 'integer' },
      linkRows(items, ids, (item) => item.vehicles, 'vehicles', idOf, ['vehicle_activity_id', 'vehicle_id']),
    );
    return ids;
  },
};
