import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { isStorableDate, parseIri, toIri } from '@streckenpass/contract/common';
import { VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import { addDays, driveValidityDays, todayIn, type CalendarDate } from '@streckenpass/contract/knowledge';
import { driveDateViolations, routeActivitySchemas } from '@streckenpass/contract/route-activities';
import type { DriveDirection, DriveWay } from '@streckenpass/contract/drive-ways';
import type { StationIndex } from '@streckenpass/contract/stations';
import { driveDarkness } from '../../lib/darkness.js';
import type { Executor } from '../../db/client.js';
import { placeOf, restoreDarkness } from '../../db/drive-darkness.js';
import { linkedIdsColumn, routeActivityRoutesLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes, users, routeActivities, routeActivityRoutes } from '../../db/schema.js';
import { unprocessable } from '../../lib/errors.js';
import type { Backup } from '@streckenpass/contract/backup';
import { formatDate } from '@streckenpass/contract/format';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';
import { inPage, insertLinks, insertRecords, key, keysOf, newLinks, withLinkedIds } from '../../db/backup-rows.js';
import type { BackupSection } from '../../db/backup-section.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeActivitiesRepository: RouteActivitiesRepository;
  }
}

/**
 * The ids of the activity's vehicle activities, ascending; `{}` when it has none. Written out with an alias, as
 * `linkedIdsColumn` is: in a single-table select Drizzle leaves column names unqualified.
 */
const vehicleActivityIdsColumn = sql<number[]>`coalesce(
  (select array_agg(va.id order by va.id)
     from vehicle_activities va
    where va.route_activity_id = "route_activities"."id"
      and va.owner_id = "route_activities"."owner_id"),
  '{}'::integer[]
)`;

/** Activities with their route and vehicle-activity ids in one query, newest (highest id) first. */
const selectRouteActivities = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({
      id: routeActivities.id,
      ownerId: routeActivities.ownerId,
      acquiredAt: routeActivities.acquiredAt,
      acquiredUntil: routeActivities.acquiredUntil,
      recordedAt: routeActivities.recordedAt,
      imported: routeActivities.imported,
      way: routeActivities.way,
      driveTime: routeActivities.driveTime,
      direction: routeActivities.direction,
      dark: routeActivities.dark,
      acquiredRoutes: linkedIdsColumn(routeActivityRoutesLink),
      vehicleActivityIds: vehicleActivityIdsColumn,
    })
    .from(routeActivities)
    .where(where)
    .orderBy(desc(routeActivities.id));

/**
 * The validity rule a drive of these routes follows when no end date is given: the contract's `driveValidityDays`
 * (docs/decisions/0020) on the routes' own rules and the account's default, read in one query.
 */
async function ruleDays(ex: Executor, ownerId: number, routeIds: readonly number[]): Promise<number> {
  const rows = await ex
    .select({ accountDays: users.validityDays, routeId: routes.id, routeDays: routes.validityDays })
    .from(users)
    .leftJoin(routes, and(eq(routes.ownerId, users.id), inArray(routes.id, [...routeIds])))
    .where(eq(users.id, ownerId));
  const accountDays = rows[0]?.accountDays ?? VALIDITY_DAYS_YEAR;
  return driveValidityDays(
    rows.filter((row) => row.routeId !== null).map((row) => row.routeDays),
    accountDays,
  );
}

/**
 * The contract's rule of a drive's dates (`driveDateViolations`, also applied by the restore of a backup): not after
 * today (the forms and the CSV import refuse it as well), "gültig bis" not before the day driven.
 */
function assertDriveDates(drive: { acquiredAt: string; acquiredUntil?: string }, today?: CalendarDate): void {
  const violations = driveDateViolations(drive, today);
  if (violations.length > 0) throw unprocessable(violations);
}

/**
 * Route activities. Creating one defaults `acquiredUntil` to a year; a patch is checked against the locked row, so
 * two concurrent patches cannot together break the date rule. `acquiredAt` may not lie after `today()` (the app's
 * time zone). Each route's kept validity follows every write through the database triggers of migration 0001.
 */
export const createRouteActivitiesRepository = (
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
  today: () => CalendarDate,
  // Through the app's decoration: a module does not import another module.
  vehicleActivitiesOf: FastifyInstance['vehicleActivitiesRepository'],
  place: { stations: StationIndex; timeZone: string },
) => {
  /** The drive's darkness from its day, time and routes (lib/darkness.ts); null without a time. */
  const darkness = async (ex: Executor, ownerId: number, day: string, time: string | null, routeIds: number[]) =>
    time === null
      ? null
      : driveDarkness({ day, time }, await placeOf(ex, place.stations, ownerId, routeIds), place.timeZone);
  return ownedRecords(db, bump, RECORD_KINDS.route_activities, routeActivitySchemas, {
    table: routeActivities,
    select: selectRouteActivities,
    toItem: (row) => ({
      acquiredAt: row.acquiredAt,
      acquiredUntil: row.acquiredUntil,
      vehicleActivities: row.vehicleActivityIds.map((id) => toIri('vehicle_activities', id)),
      // Set by the database when the drive is stored (never from a request body: the schemas do not take it).
      recordedAt: row.recordedAt === null ? null : new Date(row.recordedAt).toISOString(),
      imported: row.imported,
      way: row.way as DriveWay,
      time: row.driveTime,
      direction: row.direction as DriveDirection | null,
      dark: row.dark,
    }),
    // Deleting a drive deletes its vehicle activities (on delete cascade): each gets a delete entry of its own.
    dependents: {
      kind: 'vehicle_activities',
      ids: (item) => item.vehicleActivities.map((iri) => parseIri('vehicle_activities', iri) ?? 0),
      findAllIn: (ex, ownerId, ids) => vehicleActivitiesOf.findAllIn(ex, ownerId, ids),
    },
    links: { acquiredRoutes: routeActivityRoutesLink },
    columns: async ({ acquiredAt, acquiredUntil, way, time, direction }) => ({
      acquiredAt,
      acquiredUntil,
      way,
      driveTime: time,
      direction,
    }),
    checkPatch: (current, next) => {
      // Only a changed date is judged: an activity stored before this rule keeps its other fields editable.
      assertDriveDates(
        { acquiredAt: next.acquiredAt as string, acquiredUntil: next.acquiredUntil as string },
        next.acquiredAt !== current.acquiredAt ? today() : undefined,
      );
    },
    prepareCreate: async (values, { ex, ownerId, links }) => {
      const acquiredAt = values.acquiredAt as string;
      assertDriveDates({ acquiredAt }, today());
      const explicit = values.acquiredUntil as string | undefined;
      const acquiredUntil = explicit ?? addDays(acquiredAt, await ruleDays(ex, ownerId, links.acquiredRoutes ?? []));
      if (!isStorableDate(acquiredUntil)) {
        throw unprocessable([{ propertyPath: 'acquiredAt', message: 'Das Datum liegt zu weit in der Zukunft.' }]);
      }
      assertDriveDates({ acquiredAt, acquiredUntil });
      const driveTime = (values.driveTime as string | null | undefined) ?? null;
      const dark = await darkness(ex, ownerId, acquiredAt, driveTime, links.acquiredRoutes ?? []);
      return { ...values, acquiredAt, acquiredUntil, driveTime, dark };
    },
    // Darkness follows the day, the time and the routes: computed again when the patch changes any of them.
    preparePatch: async (current, set, ex, links) => {
      if (!('acquiredAt' in set || 'driveTime' in set || links.acquiredRoutes)) return set;
      const day = (set.acquiredAt ?? current.acquiredAt) as string;
      const time = ('driveTime' in set ? set.driveTime : current.driveTime) as string | null;
      const routeIds = links.acquiredRoutes ?? (current.acquiredRoutes as number[]);
      return { ...set, dark: await darkness(ex, current.ownerId as number, day, time, routeIds) };
    },
  });
};

export type RouteActivitiesRepository = ReturnType<typeof createRouteActivitiesRepository>;

export default repositoryPlugin(
  'routeActivitiesRepository',
  (app) =>
    createRouteActivitiesRepository(
      app.db,
      app.dataVersions.bump,
      () => todayIn(app.config.timezone),
      app.vehicleActivitiesRepository,
      { stations: app.stations.index, timeZone: app.config.timezone },
    ),
  ['dataVersions', 'vehicleActivitiesRepository', 'stations'],
);

// The backup section of these records (db/backup-section.ts), handed to the backup by the module's index.ts.

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

export const routeActivitiesSection = (app: FastifyInstance): BackupSection<RouteActivityItem> => ({
  name: 'routeActivities',
  records: { kind: 'route_activities', reader: (app) => app.routeActivitiesRepository },
  tables: [routeActivities, routeActivityRoutes],
  references: [{ section: 'routes', refs: (activity) => activity.routes, what: 'Strecke' }],
  quota: {
    records: RECORD_KINDS.route_activities.quota,
    links: { refs: (activity) => activity.routes, quota: routeActivityRoutesLink.quota },
  },
  async read(ex, userId, page) {
    const { id: ref, acquiredAt, acquiredUntil, recordedAt, way, driveTime: time, direction } = routeActivities;
    const query = ex
      .select({ ref, acquiredAt, acquiredUntil, recordedAt, way, time, direction })
      .from(routeActivities)
      .$dynamic();
    const rows = (await inPage(query, routeActivities, userId, page)).map((row) => ({
      ...row,
      way: row.way as NonNullable<RouteActivityItem['way']>,
      direction: row.direction as RouteActivityItem['direction'],
      recordedAt: row.recordedAt ? row.recordedAt.toISOString() : null,
    }));
    return withLinkedIds(ex, userId, rows, routeActivityRoutesLink, 'routes');
  },
  // A drive's `recordedAt` is kept only for a document whose signature checked out; otherwise it is dropped and the
  // drive counts as recorded at the restore (decision 0044, "Signed backup").
  incoming: (items, { keepRecordedAt }) =>
    keepRecordedAt ? items : items.map(({ recordedAt: _recordedAt, ...drive }) => drive),
  // A drive's way and time are part of what it is: the same day and routes driven twice (escorted in the morning, by
  // oneself at night) are two drives. An older document (no way, no time) keys as driven without a time.
  naturalKey: (activity, keyOf) =>
    key(
      activity.acquiredAt,
      activity.acquiredUntil,
      keysOf('routes', activity.routes, keyOf),
      activity.way ?? 'driven',
      activity.time ?? '',
    ),
  describe: (activity) =>
    `${formatDate(activity.acquiredAt)} bis ${formatDate(activity.acquiredUntil)}: ` +
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
      way: 'text',
      drive_time: 'text',
      direction: 'text',
    } as const;
    const now = new Date().toISOString();
    const ids = await insertRecords(ex, 'route_activities', userId, columns, items, (item) => ({
      acquired_at: item.acquiredAt,
      acquired_until: item.acquiredUntil,
      imported: true,
      recorded_at: item.recordedAt ?? now,
      way: item.way ?? 'driven',
      drive_time: item.time ?? null,
      direction: item.direction ?? null,
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
    await restoreDarkness(ex, { stations: app.stations.index, timeZone: app.config.timezone }, userId, ids);
    return ids;
  },
});
