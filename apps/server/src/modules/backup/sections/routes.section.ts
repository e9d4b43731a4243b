import { and, eq } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import type { StationIndex } from '@streckenpass/contract/stations';
import { RECORD_QUOTAS } from '../../../db/quota.js';
import { routes } from '../../../db/schema.js';
import { inPage, insertRecords, key } from './rows.js';
import type { BackupSection } from './section.js';
import { routeDescriptionColumns } from '../../../db/route-columns.js';
import type { Executor } from '../../../db/client.js';
import type { RailNetworkGraph } from '../../network/network.graph.js';
import { restoredPath, storedPath } from '../../routes/route-paths.js';

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
  const changes: { set: { validityDays?: number; startStation?: string; endStation?: string }; said: string[] } = {
    set: {},
    said: [],
  };
  if (incoming.validityDays != null && incoming.validityDays !== existing.validityDays) {
    changes.set.validityDays = incoming.validityDays;
    changes.said.push(`Gültigkeitsregel ${validityRuleLabel(incoming.validityDays)}`);
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
  kind: 'routes',
  tables: [routes],
  references: [],
  quota: { records: RECORD_QUOTAS.routes },
  read: (ex, userId, page) => {
    const columns = {
      ref: routes.id,
      ...routeDescriptionColumns,
      validityDays: routes.validityDays,
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
