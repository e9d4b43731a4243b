import { and, asc, eq } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import type { StationIndex } from '@streckenpass/contract/stations';
import { routes } from '../../../db/schema.js';
import { insertRows, key, pageOf, reserveIds } from './rows.js';
import type { BackupSection } from './section.js';

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

export const routesSection = (stations: StationIndex): BackupSection<RouteItem> => ({
  name: 'routes',
  tables: [routes],
  references: [],
  quota: { records: { limit: LIMITS.routesPerAccount, label: 'Strecken' } },
  async read(ex, userId, page) {
    const rows = await ex
      .select({
        ref: routes.id,
        name: routes.name,
        companyRoute: routes.companyRoute,
        startPoint: routes.startPoint,
        endPoint: routes.endPoint,
        validityDays: routes.validityDays,
        startStation: routes.startStation,
        endStation: routes.endStation,
      })
      .from(routes)
      .where(pageOf(routes, userId, page))
      .orderBy(asc(routes.id))
      .limit(page.limit);
    return rows;
  },
  naturalKey: (route) => key(route.name, route.companyRoute ?? '', route.startPoint, route.endPoint),
  describe: (route) =>
    `${route.name}${route.companyRoute ? ` (${route.companyRoute})` : ''}: ${route.startPoint} – ${route.endPoint}`,
  async insert(ex, userId, items) {
    const ids = await reserveIds(ex, 'routes', items.length);
    await insertRows(
      ex,
      'routes',
      {
        id: 'integer',
        owner_id: 'integer',
        name: 'text',
        company_route: 'text',
        start_point: 'text',
        end_point: 'text',
        validity_days: 'integer',
        start_station: 'text',
        end_station: 'text',
      },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        name: item.name,
        company_route: item.companyRoute,
        start_point: item.startPoint,
        end_point: item.endPoint,
        validity_days: item.validityDays ?? null,
        start_station: knownCode(stations, item.startStation) ?? null,
        end_station: knownCode(stations, item.endStation) ?? null,
      })),
    );
    return ids;
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
