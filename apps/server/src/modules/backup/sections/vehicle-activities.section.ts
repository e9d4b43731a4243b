import type { Backup } from '@streckenpass/contract/backup';
import { vehicleActivityVehiclesLink } from '../../../db/links.js';
import { RECORD_QUOTAS } from '../../../db/quota.js';
import { vehicleActivities, vehicleActivityVehicles } from '../../../db/schema.js';
import { inPage, insertLinks, insertRecords, key, keysOf, newLinks, withLinkedIds } from './rows.js';
import type { BackupSection } from './section.js';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';

type VehicleActivityItem = Backup['vehicleActivities'][number];

export const vehicleActivitiesSection: BackupSection<VehicleActivityItem> = {
  name: 'vehicleActivities',
  kind: 'vehicle_activities',
  tables: [vehicleActivities, vehicleActivityVehicles],
  references: [
    { section: 'routeActivities', refs: (activity) => [activity.routeActivity], what: 'Fahrt' },
    { section: 'vehicles', refs: (activity) => activity.vehicles, what: 'Fahrzeug' },
  ],
  quota: {
    records: RECORD_QUOTAS.vehicle_activities,
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
