import { asc, sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import type { Executor } from '../../../db/client.js';
import { routeActivities, routeActivityRoutes } from '../../../db/schema.js';
import { insertRows, key, keysOf, linkedIds, linkRows, pageOf, reserveIds } from './rows.js';
import type { BackupSection } from './section.js';

type RouteActivityItem = Backup['routeActivities'][number];

/** From this many new route activities on, the statistics are refreshed before their routes are linked. */
const ANALYZE_AFTER = 500;

/**
 * Refreshes the statistics of `route_activities` when the table has more than doubled since they were taken (or
 * never were): enough for the planner to find each route's activities through the indexes, without an ANALYZE in
 * every step of a restore (one costs more than the step's inserts on a large table).
 */
async function analyzeWhenGrown(ex: Executor): Promise<void> {
  const result = await ex.execute<{ rows: number; estimate: number }>(
    sql`select (select count(*) from route_activities)::integer as rows,
               (select reltuples from pg_class where oid = 'route_activities'::regclass)::float8 as estimate`,
  );
  const [row] = (result as unknown as { rows: { rows: number; estimate: number }[] }).rows;
  if (row && Number(row.rows) > 2 * Math.max(Number(row.estimate), 100))
    await ex.execute(sql`analyze route_activities`);
}

export const routeActivitiesSection: BackupSection<RouteActivityItem> = {
  name: 'routeActivities',
  tables: [routeActivities, routeActivityRoutes],
  references: [{ section: 'routes', refs: (activity) => activity.routes, what: 'Strecke' }],
  quota: {
    records: { limit: LIMITS.drivesPerAccount, label: 'Fahrten' },
    links: {
      refs: (activity) => activity.routes,
      quota: { limit: LIMITS.driveRoutesPerAccount, label: 'Strecken in allen Fahrten' },
    },
  },
  async read(ex, userId, page) {
    const rows = await ex
      .select({
        ref: routeActivities.id,
        acquiredAt: routeActivities.acquiredAt,
        acquiredUntil: routeActivities.acquiredUntil,
      })
      .from(routeActivities)
      .where(pageOf(routeActivities, userId, page))
      .orderBy(asc(routeActivities.id))
      .limit(page.limit);
    const links = await linkedIds(
      ex,
      routeActivities,
      routeActivityRoutes.routeActivityId,
      routeActivityRoutes.routeId,
      routeActivityRoutes,
      userId,
      rows.map((row) => row.ref),
    );
    return rows.map((row) => ({ ...row, routes: links.get(row.ref) ?? [] }));
  },
  naturalKey: (activity, keyOf) =>
    key(activity.acquiredAt, activity.acquiredUntil, keysOf('routes', activity.routes, keyOf)),
  describe: (activity) =>
    `${activity.acquiredAt.split('-').reverse().join('.')} bis ${activity.acquiredUntil.split('-').reverse().join('.')}: ` +
    `${activity.routes.length} ${activity.routes.length === 1 ? 'Strecke' : 'Strecken'}`,
  async insert(ex, userId, items, idOf) {
    const ids = await reserveIds(ex, 'route_activities', items.length);
    await insertRows(
      ex,
      'route_activities',
      { id: 'integer', owner_id: 'integer', acquired_at: 'date', acquired_until: 'date' },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        acquired_at: item.acquiredAt,
        acquired_until: item.acquiredUntil,
      })),
    );
    // The triggers of migration 0001 keep each route's validity, once per statement. Their per-route lookup is
    // planned from table statistics; right after thousands of new activities (an import of a whole list) the
    // statistics are stale and the planner scans all of the user's activities for every route: quadratic, over a
    // minute for 10,000 lines on PGlite, which has no autovacuum. For a large batch the statistics are refreshed
    // (ANALYZE counts the transaction's own new rows) and, for this one statement, hash and merge joins are off,
    // so each route's activities are found through its links and the activities' primary key.
    const links = linkRows(items, ids, (item) => item.routes, 'routes', idOf, ['route_activity_id', 'route_id']);
    const columns = { route_activity_id: 'integer', route_id: 'integer' } as const;
    const large = links.length >= ANALYZE_AFTER;
    if (large) {
      await analyzeWhenGrown(ex);
      await ex.execute(sql`set local enable_hashjoin = off`);
      await ex.execute(sql`set local enable_mergejoin = off`);
    }
    await insertRows(ex, 'route_activity_routes', columns, links);
    if (large) {
      await ex.execute(sql`set local enable_hashjoin = default`);
      await ex.execute(sql`set local enable_mergejoin = default`);
    }
    return ids;
  },
};
