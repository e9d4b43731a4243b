import { asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import type { createTourSchema, Tour, updateTourSchema } from '@streckenpass/contract/tours';
import type { Executor } from '../../db/client.js';
import { aggregatedIds } from '../../db/owned.js';
import { LIMITS } from '@streckenpass/contract/limits';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes, tourRoutes, tours } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';

declare module 'fastify' {
  interface FastifyInstance {
    toursRepository: ToursRepository;
  }
}

const selectTours = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ tour: tours, routeIds: aggregatedIds(tourRoutes.routeId) })
    .from(tours)
    .leftJoin(tourRoutes, eq(tourRoutes.tourId, tours.id))
    .where(where)
    .groupBy(tours.id)
    .orderBy(germanOrder(tours.name), asc(tours.id));

export const createToursRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords<
    Tour,
    z.output<typeof createTourSchema>,
    z.output<typeof updateTourSchema>,
    Awaited<ReturnType<typeof selectTours>>[number]
  >(db, bump, {
    what: 'Tour',
    table: tours,
    select: selectTours,
    listStatement: 'tours_list',
    quota: { limit: LIMITS.toursPerAccount, label: 'Touren' },
    toItem: ({ tour, routeIds }) => ({
      id: tour.id,
      name: tour.name,
      owner: toIri('users', tour.ownerId),
      routes: routeIds.map((id) => toIri('routes', id)),
    }),
    links: [
      {
        field: 'routes',
        quota: { limit: LIMITS.tourRoutesPerAccount, label: 'Strecken in allen Touren' },
        kind: 'routes',
        link: {
          table: tourRoutes,
          parentColumn: tourRoutes.tourId,
          childColumn: tourRoutes.routeId,
          parent: tours,
          child: routes,
        },
      },
    ],
    columns: async ({ name }) => ({ name }),
  });

export type ToursRepository = ReturnType<typeof createToursRepository>;

export default repositoryPlugin('toursRepository', (app) => createToursRepository(app.db, app.dataVersions.bump), [
  'dataVersions',
]);
