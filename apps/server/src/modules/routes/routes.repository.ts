import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import type { createRouteSchema, Route, updateRouteSchema } from '@streckenpass/contract/routes';
import type { Executor } from '../../db/client.js';
import { aggregatedIds } from '../../db/owned.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes, tourRoutes, tours } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';

declare module 'fastify' {
  interface FastifyInstance {
    routesRepository: RoutesRepository;
  }
}

/** Routes with their tour ids in one query, in the order of GET /api/routes (company code, empty last; name). */
const selectRoutes = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ route: routes, tourIds: aggregatedIds(tourRoutes.tourId) })
    .from(routes)
    .leftJoin(tourRoutes, eq(tourRoutes.routeId, routes.id))
    .where(where)
    .groupBy(routes.id)
    .orderBy(sql`${germanOrder(routes.companyRoute)} asc nulls last`, germanOrder(routes.name), asc(routes.id));

export const createRoutesRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords<
    Route,
    z.output<typeof createRouteSchema>,
    z.output<typeof updateRouteSchema>,
    Awaited<ReturnType<typeof selectRoutes>>[number]
  >(db, bump, {
    what: 'Strecke',
    table: routes,
    select: selectRoutes,
    listStatement: 'routes_list',
    toItem: ({ route, tourIds }) => ({
      id: route.id,
      name: route.name,
      companyRoute: route.companyRoute,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      tours: tourIds.map((id) => toIri('tours', id)),
      owner: toIri('users', route.ownerId),
      validityDays: route.validityDays,
    }),
    links: [
      {
        field: 'tours',
        kind: 'tours',
        link: {
          table: tourRoutes,
          parentColumn: tourRoutes.routeId,
          childColumn: tourRoutes.tourId,
          parent: routes,
          child: tours,
        },
      },
    ],
    columns: async ({ name, companyRoute, startPoint, endPoint, validityDays }) => ({
      name,
      companyRoute,
      startPoint,
      endPoint,
      validityDays,
    }),
  });

export type RoutesRepository = ReturnType<typeof createRoutesRepository>;

export default repositoryPlugin('routesRepository', (app) => createRoutesRepository(app.db, app.dataVersions.bump), [
  'dataVersions',
]);
