import { asc, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { iriSchema, requiredText } from '@streckenpass/contract/common';
import { defineRecordKind } from '@streckenpass/contract/record-kinds';
import { inPage, insertLinks, insertRecords, key, newLinks, withLinkedIds } from '../db/backup-rows.js';
import type { BackupSection } from '../db/backup-section.js';
import type { Executor } from '../db/client.js';
import { linkedIdsColumn, type OwnedLink } from '../db/links.js';
import { ownedRecords } from '../db/owned-records.js';
import { repositoryPlugin } from '../db/repository.js';
import { users, vehicles } from '../db/schema.js';
import { germanOrder } from '../db/sort.js';
import { crudRoutes } from '../http/crud-routes.js';
import { defineModule } from '../modules/app-module.js';

/*
 * A throwaway kind of owned record, depots with links to vehicles, declared as a new kind is (README "Adding a kind of
 * owned record"): its declaration and schemas (the contract's part), its tables, repository with backup section,
 * routes and module (the server's part). modules/record-kind.test.ts adds it to an app and runs it through the API;
 * its tables are created in the test database (`createThrowawayTables`), so no migration ships for it.
 */

export const depotKind = defineRecordKind({
  name: 'depots',
  noun: { one: 'Depot', many: 'Depots', gender: 'n' },
  quota: { limit: 3, label: 'Depots' },
  history: { one: 'Depot', many: 'Depots' },
  backup: { section: 'depots', label: 'Depots', recordNoun: 'Depot' },
  page: '/depot',
});

const depotVehicles = z.array(iriSchema('vehicles')).max(10, 'Ein Depot hat höchstens 10 Fahrzeuge.');
export const depotSchemas = {
  item: z.object({ id: z.number().int(), name: z.string(), owner: z.string(), vehicles: z.array(z.string()) }),
  create: z.strictObject({
    name: requiredText('Der Name des Depots'),
    owner: iriSchema('users').optional(),
    vehicles: depotVehicles.default([]),
  }),
  update: z.strictObject({
    name: requiredText('Der Name des Depots').optional(),
    owner: iriSchema('users').optional(),
    vehicles: depotVehicles.optional(),
  }),
};
const backupDepotSchema = z.strictObject({
  ref: z.number().int().positive(),
  name: requiredText('Der Name des Depots'),
  vehicles: z.array(z.number().int().positive()).max(10),
});
type DepotItem = z.output<typeof backupDepotSchema>;

export const depots = pgTable('depots', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
});
export const depotVehicleLinks = pgTable(
  'depot_vehicles',
  {
    depotId: integer('depot_id')
      .notNull()
      .references(() => depots.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.depotId, t.vehicleId] })],
);

/** The tables as the migration would create them. */
export async function createThrowawayTables(ex: Executor): Promise<void> {
  await ex.execute(sql`create table depots (
    id serial primary key,
    owner_id integer not null references users(id) on delete cascade,
    name text not null)`);
  await ex.execute(sql`create table depot_vehicles (
    depot_id integer not null references depots(id) on delete cascade,
    vehicle_id integer not null references vehicles(id) on delete cascade,
    primary key (depot_id, vehicle_id))`);
}

const depotVehiclesLink: OwnedLink = {
  table: depotVehicleLinks,
  parent: depots,
  parentColumn: depotVehicleLinks.depotId,
  child: vehicles,
  childColumn: depotVehicleLinks.vehicleId,
  kind: 'vehicles',
  quota: { limit: 20, label: 'Fahrzeuge in allen Depots' },
};

const selectDepots = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ id: depots.id, ownerId: depots.ownerId, name: depots.name, vehicles: linkedIdsColumn(depotVehiclesLink) })
    .from(depots)
    .where(where)
    .orderBy(germanOrder(depots.name), asc(depots.id));

const createDepotsRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords(db, bump, depotKind, depotSchemas, {
    table: depots,
    select: selectDepots,
    toItem: ({ name }) => ({ name }),
    links: { vehicles: depotVehiclesLink },
    columns: async ({ name }) => ({ name }),
  });

declare module 'fastify' {
  interface FastifyInstance {
    depotsRepository: ReturnType<typeof createDepotsRepository>;
  }
}

const depotsRepository = repositoryPlugin(
  'depotsRepository',
  (app) => createDepotsRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);

const depotsSection: BackupSection<DepotItem> = {
  name: depotKind.backup.section,
  records: { kind: depotKind.name, reader: (app) => app.depotsRepository },
  list: { schema: backupDepotSchema, max: depotKind.quota.limit, ...depotKind.backup },
  tables: [depots, depotVehicleLinks],
  references: [{ section: 'vehicles', refs: (depot) => depot.vehicles, what: 'Fahrzeug' }],
  quota: { records: depotKind.quota, links: { refs: (depot) => depot.vehicles, quota: depotVehiclesLink.quota } },
  async read(ex, userId, page) {
    const rows = await inPage(
      ex.select({ ref: depots.id, name: depots.name }).from(depots).$dynamic(),
      depots,
      userId,
      page,
    );
    return withLinkedIds(ex, userId, rows, depotVehiclesLink, 'vehicles');
  },
  naturalKey: (depot) => key(depot.name),
  describe: (depot) => depot.name,
  async insert(ex, userId, items, idOf) {
    const ids = await insertRecords(ex, 'depots', userId, { name: 'text' }, items, (item) => ({ name: item.name }));
    await insertLinks(
      ex,
      newLinks(depotVehiclesLink, items, ids, (item) => item.vehicles, 'vehicles', idOf),
    );
    return ids;
  },
};

/** The kind's module, as its folder's index.ts would declare it. */
export const depotsModule = defineModule({
  repositories: [depotsRepository],
  routes: [crudRoutes(depotKind, depotSchemas, (app) => app.depotsRepository, { order: 'sortiert nach Name' })],
  backupSections: () => [depotsSection],
});
