import { asc, getTableColumns, sql, type SQL, and, eq } from 'drizzle-orm';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { routeSchemas } from '@streckenpass/contract/routes';
import { isPlace, PLACE_PATH_MESSAGE } from '@streckenpass/contract/knowledge-items';
import type { Station, StationIndex } from '@streckenpass/contract/stations';
import { keepingWaysLabel, type DriveWay } from '@streckenpass/contract/drive-ways';
import { firstAcquisitionLabel, type FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, routeToursLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import { unprocessable } from '../../lib/errors.js';
import type { RoutePath } from '@streckenpass/contract/route-paths';
import { type RouteEnds, restoredPath, storedPath } from '../../lib/rail-network/route-paths.js';
import type { RoutePaths } from './route-paths.js';
import type { Backup } from '@streckenpass/contract/backup';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { inPage, insertRecords, key } from '../../db/backup-rows.js';
import type { BackupSection } from '../../db/backup-section.js';
import { routeDescriptionColumns } from '../../db/route-columns.js';
import type { RailNetworkGraph } from '../../lib/rail-network/graph.js';

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

/**
 * Whether a route's columns (a new one's, or the stored ones with a patch's merged in) are a place: start and end one
 * station. A place has no path (decision 0065): 422 where the body gives one. Its first acquisition counts every
 * drive, having no direction (migration 0022).
 */
function checkedPlace(columns: Record<string, unknown>): boolean {
  if (!isPlace(columns as { startStation: string | null; endStation: string | null })) return false;
  if (columns.path) throw unprocessable([{ propertyPath: 'path', message: PLACE_PATH_MESSAGE }]);
  return true;
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
  ownedRecords(db, bump, RECORD_KINDS.routes, routeSchemas, {
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
      keepingWays: route.keepingWays as DriveWay[] | null,
      firstAcquisition: route.firstAcquisition,
      acquiredOn: route.acquiredOn,
      // Kept by the triggers of migration 0001 with every activity write; absent while the route was never driven.
      ...(route.lastDriven === null ? {} : { lastDriven: route.lastDriven }),
      ...(route.validUntil === null ? {} : { validUntil: route.validUntil }),
      // Absent while the route has none (docs/decisions/0051), like lastDriven.
      ...(route.path === null ? {} : { path: route.path }),
    }),
    links: { tours: routeToursLink },
    columns: async (body) => ({
      name: body.name,
      companyRoute: body.companyRoute,
      startPoint: body.startPoint,
      endPoint: body.endPoint,
      validityDays: body.validityDays,
      keepingWays: body.keepingWays,
      firstAcquisition: body.firstAcquisition,
      startStation: checkedCode(stations, 'startStation', body.startStation as string | null | undefined),
      endStation: checkedCode(stations, 'endStation', body.endStation as string | null | undefined),
      path: body.path === undefined ? undefined : storedPath(body.path as Parameters<typeof storedPath>[0]),
    }),
    // No path given: the shortest between the route's ends, where the network knows both (else none).
    // A path given: checked on the network, its length computed there (422 at `path.…` where the network
    // contradicts it; as given without a network).
    prepareCreate: async (columns, { ex }) => {
      // A place (issue 41 item 4) lies at one point: no path, whatever the network.
      if (checkedPlace(columns)) return { ...columns, path: null };
      if (!paths || columns.path === null) return columns;
      const ends = columns as unknown as RouteEnds;
      if (columns.path !== undefined) {
        return { ...columns, path: await paths.checked(ends, columns.path as RoutePath, ex) };
      }
      return { ...columns, path: await paths.shortest(ends, ex) };
    },
    preparePatch: async (current, set, ex) => {
      // A route made a place drops its path; only a path the patch gives is refused.
      if (checkedPlace({ ...current, ...set, path: set.path }))
        return current.path === null ? set : { ...set, path: null };
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

// The backup section of these records (db/backup-section.ts), handed to the backup by the module's index.ts.

type RouteItem = Backup['routes'][number];

/**
 * A station code of a document as the station index spells it. A code the index does not know (a document from a
 * server with another version of the station data, or an edited one) is dropped to null: the route keeps its typed
 * start and end, and the restore does not fail over it. Undefined (an older document without the field) stays so.
 */
function knownCode(stations: StationIndex, code: string | null | undefined): string | null | undefined {
  if (code === undefined || code === null) return code;
  return stations.byCode(code)?.code ?? null;
}

/**
 * What of a route's rule and station links an incoming record with the same natural key changes: each value the
 * document states (not null, not absent) and that differs. A merge sets values, it never clears one.
 */
function routeChanges(stations: StationIndex, existing: RouteItem, incoming: RouteItem) {
  const changes: {
    set: {
      validityDays?: number;
      keepingWays?: DriveWay[];
      firstAcquisition?: FirstAcquisition;
      startStation?: string;
      endStation?: string;
    };
    said: string[];
  } = { set: {}, said: [] };
  if (incoming.validityDays != null && incoming.validityDays !== existing.validityDays) {
    changes.set.validityDays = incoming.validityDays;
    changes.said.push(`Gültigkeitsregel ${validityRuleLabel(incoming.validityDays)}`);
  }
  if (
    incoming.keepingWays != null &&
    keepingWaysLabel(incoming.keepingWays) !== keepingWaysLabel(existing.keepingWays ?? [])
  ) {
    changes.set.keepingWays = incoming.keepingWays;
    changes.said.push(`Erhält die Streckenkunde: ${keepingWaysLabel(incoming.keepingWays)}`);
  }
  const rule = incoming.firstAcquisition;
  if (
    rule != null &&
    (!existing.firstAcquisition || firstAcquisitionLabel(rule) !== firstAcquisitionLabel(existing.firstAcquisition))
  ) {
    changes.set.firstAcquisition = rule;
    changes.said.push(firstAcquisitionLabel(rule));
  }
  for (const [field, label] of [
    ['startStation', 'Start'],
    ['endStation', 'Ende'],
  ] as const) {
    const code = knownCode(stations, incoming[field]);
    if (code != null && code !== existing[field]) {
      changes.set[field] = code;
      changes.said.push(`${label} DS100 ${code}`);
    }
  }
  return changes;
}

export const routesSection = (
  stations: StationIndex,
  /** The imported network, if any: a restored path is checked on it (issue 38). */
  network?: (ex: Executor) => Promise<RailNetworkGraph | null>,
): BackupSection<RouteItem> => ({
  name: 'routes',
  records: { kind: 'routes', reader: (app) => app.routesRepository },
  tables: [routes],
  references: [],
  quota: { records: RECORD_KINDS.routes.quota },
  read: (ex, userId, page) => {
    const columns = {
      ref: routes.id,
      ...routeDescriptionColumns,
      validityDays: routes.validityDays,
      keepingWays: sql<DriveWay[] | null>`${routes.keepingWays}`,
      firstAcquisition: routes.firstAcquisition,
      path: routes.path,
    };
    return inPage(ex.select(columns).from(routes).$dynamic(), routes, userId, page);
  },
  naturalKey: (route) => key(route.name, route.companyRoute ?? '', route.startPoint, route.endPoint),
  describe: (route) =>
    `${route.name}${route.companyRoute ? ` (${route.companyRoute})` : ''}: ${route.startPoint} – ${route.endPoint}`,
  insert: async (ex, userId, items) => {
    const graph = (await network?.(ex)) ?? null;
    return insertRecords(
      ex,
      'routes',
      userId,
      {
        name: 'text',
        company_route: 'text',
        start_point: 'text',
        end_point: 'text',
        validity_days: 'integer',
        keeping_ways: 'text[]',
        first_acquisition: 'jsonb',
        start_station: 'text',
        end_station: 'text',
        path: 'jsonb',
      },
      items,
      (item) => ({
        name: item.name,
        company_route: item.companyRoute,
        start_point: item.startPoint,
        end_point: item.endPoint,
        validity_days: item.validityDays ?? null,
        keeping_ways: item.keepingWays ?? null,
        first_acquisition: item.firstAcquisition ?? null,
        start_station: knownCode(stations, item.startStation) ?? null,
        end_station: knownCode(stations, item.endStation) ?? null,
        // The document's path as it was, checked on the network; a route without one gets the shortest after the
        // restore (route-paths.ts).
        path: restoredPath(
          graph,
          {
            startPoint: item.startPoint,
            endPoint: item.endPoint,
            startStation: knownCode(stations, item.startStation) ?? null,
            endStation: knownCode(stations, item.endStation) ?? null,
          },
          storedPath(item.path ?? null),
        ),
      }),
    );
  },
  merge: {
    plan(existing, incoming) {
      const { said } = routeChanges(stations, existing, incoming);
      return said.length > 0 ? `${existing.name}: ${said.join(', ')}` : null;
    },
    async apply(ex, userId, existing, incoming) {
      const { set } = routeChanges(stations, existing, incoming);
      await ex
        .update(routes)
        .set(set)
        .where(and(eq(routes.id, existing.ref), eq(routes.ownerId, userId)));
    },
  },
});
