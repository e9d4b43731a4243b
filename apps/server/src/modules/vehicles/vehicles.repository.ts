import { asc, type SQL, and, eq } from 'drizzle-orm';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { vehicleSchemas } from '@streckenpass/contract/vehicles';
import type { Executor } from '../../db/client.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { vehicles } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import type { Backup } from '@streckenpass/contract/backup';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { inPage, insertRecords, key } from '../../db/backup-rows.js';
import type { BackupSection } from '../../db/backup-section.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehiclesRepository: VehiclesRepository;
  }
}

const selectVehicles = (ex: Executor, where: SQL | undefined) =>
  ex.select().from(vehicles).where(where).orderBy(germanOrder(vehicles.name), asc(vehicles.id));

export const createVehiclesRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords(db, bump, RECORD_KINDS.vehicles, vehicleSchemas, {
    table: vehicles,
    select: selectVehicles,
    toItem: ({ name, validityDays }) => ({ name, validityDays }),
    columns: async ({ name, validityDays }) => ({ name, validityDays }),
  });

export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;

export default repositoryPlugin(
  'vehiclesRepository',
  (app) => createVehiclesRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);

// The backup section of these records (db/backup-section.ts), handed to the backup by the module's index.ts.

type VehicleItem = Backup['vehicles'][number];

export const vehiclesSection: BackupSection<VehicleItem> = {
  name: 'vehicles',
  records: { kind: 'vehicles', reader: (app) => app.vehiclesRepository },
  tables: [vehicles],
  references: [],
  quota: { records: RECORD_KINDS.vehicles.quota },
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
