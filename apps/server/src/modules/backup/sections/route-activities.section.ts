import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import type { Executor } from '../../../db/client.js';
import { routeActivityRoutesLink } from '../../../db/links.js';
import { RECORD_QUOTAS } from '../../../db/quota.js';
import { routeActivities, routeActivityRoutes } from '../../../db/schema.js';
import { inPage, insertLinks, insertRecords, key, keysOf, newLinks, withLinkedIds } from './rows.js';
import type { BackupSection } from './section.js';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';

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
  kind: 'route_activities',
  tables: [routeActivities, routeActivityRoutes],
  references: [{ section: 'routes', refs: (activity) => activity.routes, what: 'Strecke' }],
  quota: {
    records: RECORD_QUOTAS.route_activities,
    links: { refs: (activity) => activity.routes, quota: routeActivityRoutesLink.quota },
  },
  async read(ex, userId, page) {
    const { id: ref, acquiredAt, acquiredUntil, recordedAt } = routeActivities;
    const query = ex.select({ ref, acquiredAt, acquiredUntil, recordedAt }).from(routeActivities).$dynamic();
    const rows = (await inPage(query, routeActivities, userId, page)).map((row) => ({
      ...row,
      recordedAt: row.recordedAt ? row.recordedAt.toISOString() : null,
    }));
    return withLinkedIds(ex, userId, rows, routeActivityRoutesLink, 'routes');
  },
  naturalKey: (activity, keyOf) =>
    key(activity.acquiredAt, activity.acquiredUntil, keysOf('routes', activity.routes, keyOf)),
  describe: (activity) =>
    `${activity.acquiredAt.split('-').reverse().join('.')} bis ${activity.acquiredUntil.split('-').reverse().join('.')}: ` +
    plural(activity.routes.length, TERMS.route, TERMS.routes),
  async insert(ex, userId, items, idOf) {
    // A drive restored or imported is marked as imported. It keeps the time it was first recorded only when the
    // document says so and its signature checked out (the service drops `recordedAt` otherwise): an unsigned
    // document cannot prove when a drive was recorded, so such a drive counts as recorded now (decisions 0044, 0047).
    const columns = {
      acquired_at: 'date',
      acquired_until: 'date',
      imported: 'boolean',
      recorded_at: 'timestamptz',
    } as const;
    const now = new Date().toISOString();
    const ids = await insertRecords(ex, 'route_activities', userId, columns, items, (item) => ({
      acquired_at: item.acquiredAt,
      acquired_until: item.acquiredUntil,
      imported: true,
      recorded_at: item.recordedAt ?? now,
    }));
    // The triggers of migration 0001 keep each route's validity, once per statement. Their per-route lookup is
    // planned from table statistics; right after thousands of new activities (an import of a whole list) the
    // statistics are stale and the planner scans all of the user's activities for every route: quadratic, over a
    // minute for 10,000 lines on PGlite, which has no autovacuum. For a large batch the statistics are refreshed
    // (ANALYZE counts the transaction's own new rows) and, for this one statement, hash and merge joins are off,
    // so each route's activities are found through its links and the activities' primary key.
    const links = newLinks(routeActivityRoutesLink, items, ids, (item) => item.routes, 'routes', idOf);
    const large = links.rows.length >= ANALYZE_AFTER;
    if (large) {
      await analyzeWhenGrown(ex);
      await ex.execute(sql`set local enable_hashjoin = off`);
      await ex.execute(sql`set local enable_mergejoin = off`);
    }
    await insertLinks(ex, links);
    if (large) {
      await ex.execute(sql`set local enable_hashjoin = default`);
      await ex.execute(sql`set local enable_mergejoin = default`);
    }
    return ids;
  },
};
