import { asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { routeSchemas } from '@streckenpass/contract/routes';
import type { Station, StationIndex } from '@streckenpass/contract/stations';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, routeToursLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import { unprocessable } from '../../lib/errors.js';
import type { RoutePath } from '@streckenpass/contract/route-paths';
import { storedPath, type RouteEnds, type RoutePaths } from './route-paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    routesRepository: RoutesRepository;
  }
}

/** Routes with their tour ids in one query, in the order of GET /api/routes (company code, empty last; name). */
const selectRoutes = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ ...getTableColumns(routes), tours: linkedIdsColumn(routeToursLink) })
    .from(routes)
    .where(where)
    .orderBy(sql`${germanOrder(routes.companyRoute)} asc nulls last`, germanOrder(routes.name), asc(routes.id));

/** A stored station code as the routes answer it; a code the data set no longer has answers null. */
export function stationOf(stations: StationIndex, code: string | null): Station | null {
  const station = code ? stations.byCode(code) : undefined;
  return station ? { code: station.code, name: station.name, lat: station.lat, lon: station.lon } : null;
}

/** A code from a request body: null, or a code of the data set (422 at `field` otherwise), spelled as there. */
function checkedCode(stations: StationIndex, field: string, code: string | null | undefined) {
  if (code === undefined || code === null) return code;
  const station = stations.byCode(code);
  if (!station) {
    throw unprocessable([{ propertyPath: field, message: `Unbekanntes Betriebsstellen-Kürzel „${code}“.` }]);
  }
  return station.code;
}

/** The fields a route's path follows: when one of them changes and no path is given, the path is found anew. */
const PLACE_FIELDS = ['startPoint', 'endPoint', 'startStation', 'endStation'] as const;

export const createRoutesRepository = (
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
  stations: StationIndex,
  /** The routes' paths on the network; without it (tests of other modules) a route gets no path of its own. */
  paths?: Pick<RoutePaths, 'shortest' | 'checked'>,
) =>
  ownedRecords(db, bump, 'routes', routeSchemas, {
    table: routes,
    select: selectRoutes,
    toItem: (route) => ({
      name: route.name,
      companyRoute: route.companyRoute,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      startStation: stationOf(stations, route.startStation),
      endStation: stationOf(stations, route.endStation),
      validityDays: route.validityDays,
      // Kept by the triggers of migration 0001 with every activity write; absent while the route was never driven.
      ...(route.lastDriven === null ? {} : { lastDriven: route.lastDriven }),
      ...(route.validUntil === null ? {} : { validUntil: route.validUntil }),
      // Absent while the route has none (docs/decisions/0051), like lastDriven.
      ...(route.path === null ? {} : { path: route.path }),
    }),
    links: { tours: routeToursLink },
    columns: async ({ name, companyRoute, startPoint, endPoint, validityDays, startStation, endStation, path }) => ({
      name,
      companyRoute,
      startPoint,
      endPoint,
      validityDays,
      startStation: checkedCode(stations, 'startStation', startStation as string | null | undefined),
      endStation: checkedCode(stations, 'endStation', endStation as string | null | undefined),
      path: path === undefined ? undefined : storedPath(path as Parameters<typeof storedPath>[0]),
    }),
    // No path given: the shortest between the route's ends, where the network knows both (else none).
    // A path given: checked on the network, its length computed there (422 at `path.…` where the network
    // contradicts it; as given without a network).
    prepareCreate: async (columns, { ex }) => {
      if (!paths || columns.path === null) return columns;
      const ends = columns as unknown as RouteEnds;
      if (columns.path !== undefined) {
        return { ...columns, path: await paths.checked(ends, columns.path as RoutePath, ex) };
      }
      return { ...columns, path: await paths.shortest(ends, ex) };
    },
    preparePatch: async (current, set, ex) => {
      if (!paths || set.path === null) return set;
      if (set.path !== undefined) {
        const ends = { ...current, ...set } as unknown as RouteEnds;
        return { ...set, path: await paths.checked(ends, set.path as RoutePath, ex) };
      }
      if (!PLACE_FIELDS.some((field) => field in set && set[field] !== current[field])) return set;
      return { ...set, path: await paths.shortest({ ...current, ...set } as unknown as RouteEnds, ex) };
    },
  });

export type RoutesRepository = ReturnType<typeof createRoutesRepository>;

export default repositoryPlugin(
  'routesRepository',
  (app) => createRoutesRepository(app.db, app.dataVersions.bump, app.stations.index, app.routePaths),
  ['dataVersions', 'stations', 'routePaths'],
);
