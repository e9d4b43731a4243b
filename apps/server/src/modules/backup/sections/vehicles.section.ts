import { and, asc, eq } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { vehicles } from '../../../db/schema.js';
import { insertRows, key, pageOf, reserveIds } from './rows.js';
import type { BackupSection } from './section.js';

type VehicleItem = Backup['vehicles'][number];

export const vehiclesSection: BackupSection<VehicleItem> = {
  name: 'vehicles',
  tables: [vehicles],
  references: [],
  quota: { records: { limit: LIMITS.vehiclesPerAccount, label: 'Fahrzeuge' } },
  read: (ex, userId, page) =>
    ex
      .select({ ref: vehicles.id, name: vehicles.name, validityDays: vehicles.validityDays })
      .from(vehicles)
      .where(pageOf(vehicles, userId, page))
      .orderBy(asc(vehicles.id))
      .limit(page.limit),
  naturalKey: (vehicle) => key(vehicle.name),
  describe: (vehicle) => vehicle.name,
  async insert(ex, userId, items) {
    const ids = await reserveIds(ex, 'vehicles', items.length);
    await insertRows(
      ex,
      'vehicles',
      { id: 'integer', owner_id: 'integer', name: 'text', validity_days: 'integer' },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        name: item.name,
        validity_days: item.validityDays ?? null,
      })),
    );
    return ids;
  },
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
