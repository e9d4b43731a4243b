import { and, eq } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { RECORD_QUOTAS } from '../../../db/quota.js';
import { vehicles } from '../../../db/schema.js';
import { inPage, insertRecords, key } from './rows.js';
import type { BackupSection } from './section.js';

type VehicleItem = Backup['vehicles'][number];

export const vehiclesSection: BackupSection<VehicleItem> = {
  name: 'vehicles',
  kind: 'vehicles',
  tables: [vehicles],
  references: [],
  quota: { records: RECORD_QUOTAS.vehicles },
  read: (ex, userId, page) =>
    inPage(
      ex
        .select({ ref: vehicles.id, name: vehicles.name, validityDays: vehicles.validityDays })
        .from(vehicles)
        .$dynamic(),
      vehicles,
      userId,
      page,
    ),
  naturalKey: (vehicle) => key(vehicle.name),
  describe: (vehicle) => vehicle.name,
  insert: (ex, userId, items) =>
    insertRecords(ex, 'vehicles', userId, { name: 'text', validity_days: 'integer' }, items, (item) => ({
      name: item.name,
      validity_days: item.validityDays ?? null,
    })),
  // As for routes: a rule the document states and that differs is set; null (follows the account) clears nothing.
  merge: {
    plan(existing, incoming) {
      if (incoming.validityDays == null || incoming.validityDays === existing.validityDays) return null;
      return `${existing.name}: Gültigkeitsregel ${validityRuleLabel(incoming.validityDays)}`;
    },
    async apply(ex, userId, existing, incoming) {
      await ex
        .update(vehicles)
        .set({ validityDays: incoming.validityDays })
        .where(and(eq(vehicles.id, existing.ref), eq(vehicles.ownerId, userId)));
    },
  },
};
