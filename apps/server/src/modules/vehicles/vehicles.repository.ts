import { asc, type SQL } from 'drizzle-orm';
import { vehicleSchemas } from '@streckenpass/contract/vehicles';
import type { Executor } from '../../db/client.js';
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
  ownedRecords(db, bump, 'vehicles', vehicleSchemas, {
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
