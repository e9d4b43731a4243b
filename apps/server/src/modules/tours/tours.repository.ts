import { asc, type SQL } from 'drizzle-orm';
import { tourSchemas } from '@streckenpass/contract/tours';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, tourRoutesLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { tours } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';

declare module 'fastify' {
  interface FastifyInstance {
    toursRepository: ToursRepository;
  }
}

const selectTours = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ id: tours.id, ownerId: tours.ownerId, name: tours.name, routes: linkedIdsColumn(tourRoutesLink) })
    .from(tours)
    .where(where)
    .orderBy(germanOrder(tours.name), asc(tours.id));

export const createToursRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords(db, bump, 'tours', tourSchemas, {
    table: tours,
    select: selectTours,
    toItem: ({ name }) => ({ name }),
    links: { routes: tourRoutesLink },
    columns: async ({ name }) => ({ name }),
  });

export type ToursRepository = ReturnType<typeof createToursRepository>;

export default repositoryPlugin('toursRepository', (app) => createToursRepository(app.db, app.dataVersions.bump), [
  'dataVersions',
]);
