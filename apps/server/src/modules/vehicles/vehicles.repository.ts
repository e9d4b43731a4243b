import { asc, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import type { createVehicleSchema, updateVehicleSchema, Vehicle } from '@streckenpass/contract/vehicles';
import type { Executor } from '../../db/client.js';
import { LIMITS } from '@streckenpass/contract/limits';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { vehicles } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehiclesRepository: VehiclesRepository;
  }
}

const selectVehicles = (ex: Executor, where: SQL | undefined) =>
  ex.select().from(vehicles).where(where).orderBy(germanOrder(vehicles.name), asc(vehicles.id));

export const createVehiclesRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords<
    Vehicle,
    z.output<typeof createVehicleSchema>,
    z.output<typeof updateVehicleSchema>,
    typeof vehicles.$inferSelect
  >(db, bump, {
    what: 'Fahrzeug',
    table: vehicles,
    select: selectVehicles,
    listStatement: 'vehicles_list',
    quota: { limit: LIMITS.vehiclesPerAccount, label: 'Fahrzeuge' },
    toItem: (row) => ({
      id: row.id,
      name: row.name,
      owner: toIri('users', row.ownerId),
      validityDays: row.validityDays,
    }),
    columns: async ({ name, validityDays }) => ({ name, validityDays }),
  });

export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;

export default repositoryPlugin(
  'vehiclesRepository',
  (app) => createVehiclesRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);
