import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Backup, BackupSectionName } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { thresholdLabel, validityRuleLabel } from '@streckenpass/contract/notifications';
import type { StationIndex } from '@streckenpass/contract/stations';
import type { Database, Executor } from '../../db/client.js';
import type { Quota } from '../../db/quota.js';
import { unprocessable } from '../../lib/errors.js';
import { aggregatedIds, ownedWriter } from '../../db/owned.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  routeActivities,
  routeActivityRoutes,
  routes,
  tourRoutes,
  tours,
  users,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from '../../db/schema.js';

/** One record of a section as the backup document holds it: `ref` names it within the document. */
export interface SectionItem {
  ref: number;
}

/** The natural key of a record `ref` of another section (undefined = the document has no such record). */
export type KeyOf = (section: BackupSectionName, ref: number) => string | undefined;
/** The database id a record `ref` of another section was matched to or inserted as. */
export type IdOf = (section: BackupSectionName, ref: number) => number;

/** One page of a section's records: those with `ref` (database id) above `after`, at most `limit`, in id order. */
export interface Page {
  after: number;
  limit: number;
}

/** What a section's references point at: the field and the section it refers to, for the integrity check. */
export interface SectionReference<Item> {
  section: BackupSectionName;
  refs: (item: Item) => readonly number[];
  /** German description of the reference for error messages, e.g. "Strecke". */
  what: string;
}

/**
 * One kind of record in the backup: how to read it, what identifies it across accounts (its natural key), how to
 * add new ones in bulk, and optionally how to merge an incoming record into an existing one with the same key.
 * A new kind of record is one more declaration in `backupSections`, a new field of a record one more column in its
 * declaration (as the validity rules, station links and reminder settings were); either is one optional field in
 * the contract's `backupSchema`. The merge engine (`backup.service.ts`) needs no change.
 */
export interface BackupSection<Item extends SectionItem = SectionItem> {
  name: BackupSectionName;
  /** The records of the user in id order (one page of them), `ref` = database id; references are database ids too. */
  read(ex: Executor, userId: number, page: Page): Promise<Item[]>;
  references: SectionReference<Item>[];
  /**
   * The account limits (packages/contract/src/limits.ts) of this kind of record and of the links its records hold:
   * a restore or import that would exceed one is refused before anything is written.
   */
  quota?: { records: Quota; links?: { refs: (item: Item) => readonly number[]; quota: Quota } };
  /** Same key = same record: the restore leaves it (or merges into it) instead of adding a copy. */
  naturalKey(item: Item, keyOf: KeyOf): string;
  /** German one-line description for the preview. */
  describe(item: Item): string;
  /** Inserts the records for `userId` (references through `idOf`); returns their new ids in order. */
  insert(ex: Executor, userId: number, items: Item[], idOf: IdOf): Promise<number[]>;
  merge?: {
    /** What merging `incoming` into `existing` would change (a German description), or null for nothing. */
    plan(existing: Item, incoming: Item, existingKeyOf: KeyOf, incomingKeyOf: KeyOf): string | null;
    apply(ex: Executor, userId: number, existing: Item, incoming: Item, idOf: IdOf): Promise<void>;
  };
}

type RouteItem = Backup['routes'][number];
type TourItem = Backup['tours'][number];
type VehicleItem = Backup['vehicles'][number];
type RouteActivityItem = Backup['routeActivities'][number];
type VehicleActivityItem = Backup['vehicleActivities'][number];
type PreferencesItem = NonNullable<Backup['preferences']> & SectionItem;

const CHUNK = 1000;
/** From this many new route activities on, the statistics are refreshed before their routes are linked. */
const ANALYZE_AFTER = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Ids for `count` new rows of `table`, taken from its serial sequence in one statement (so the ids are known before
 * the insert and every reference can be written with them, whatever order the database inserts in).
 */
async function reserveIds(ex: Executor, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await ex.execute<{ id: number }>(
    sql`select nextval(s.seq)::integer as id
          from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) s, generate_series(1, ${count})`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/**
 * Inserts rows as one JSON parameter expanded by `jsonb_to_recordset`: one statement and one parameter for any
 * number of rows (a multi-row VALUES with thousands of parameters is slow to bind, on PGlite above all). Table and
 * column names come from the declarations below, never from input.
 */
async function insertRows(
  ex: Executor,
  table: string,
  columns: Record<string, 'integer' | 'text' | 'date'>,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = names.map((name) => `"${name}"`).join(', ');
  const types = names.map((name) => `"${name}" ${columns[name]}`).join(', ');
  await ex.execute(
    sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(list)})
        select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(types)})`,
  );
}

/**
 * Rows of a link table for newly inserted parents: `parentIds[i]` linked to the database ids of `refsOf(items[i])`
 * in section `child`, each pair once.
 */
function linkRows<Item>(
  items: readonly Item[],
  parentIds: readonly (number | undefined)[],
  refsOf: (item: Item) => readonly number[],
  child: BackupSectionName,
  idOf: IdOf,
  [parentColumn, childColumn]: [string, string],
): Record<string, unknown>[] {
  return items.flatMap((item, i) =>
    [...new Set(refsOf(item).map((ref) => idOf(child, ref)))].map((childId) => ({
      [parentColumn]: parentIds[i],
      [childColumn]: childId,
    })),
  );
}

const key = (...parts: unknown[]) => JSON.stringify(parts);
/** Keys of referenced records, sorted: the same set of references gives the same key whatever their order. */
function keysOf(section: BackupSectionName, refs: readonly number[], keyOf: KeyOf): string[] {
  return refs.map((ref) => keyOf(section, ref) ?? `?${ref}`).sort();
}

/** Pairs (parent id, child id) of a link table for the given parents of the user, as `Map<parent, child[]>`. */
async function linkedIds(
  ex: Executor,
  parent: PgTable & { id: PgColumn; ownerId: PgColumn },
  parentColumn: PgColumn,
  childColumn: PgColumn,
  link: PgTable,
  userId: number,
  parentIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (parentIds.length === 0) return new Map();
  const rows = await ex
    .select({ parentId: parent.id, childIds: aggregatedIds(childColumn) })
    .from(parent as PgTable)
    .leftJoin(link, eq(parentColumn, parent.id))
    .where(and(eq(parent.ownerId, userId), inArray(parent.id, [...parentIds])))
    .groupBy(parent.id);
  return new Map(rows.map((row) => [row.parentId as number, (row.childIds as number[]).map(Number)]));
}

/** The user's records of a page: `owner_id = userId and id > after`, in id order, at most `limit`. */
function pageOf(table: PgTable & { id: PgColumn; ownerId: PgColumn }, userId: number, page: Page): SQL | undefined {
  return and(eq(table.ownerId, userId), gt(table.id, page.after));
}

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

const routesSection = (stations: StationIndex): BackupSection<RouteItem> => ({
  name: 'routes',
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

const vehiclesSection: BackupSection<VehicleItem> = {
  name: 'vehicles',
  references: [],
  quota: { records: { limit: LIMITS.vehiclesPerAccount, label: 'Fahrzeuge' } },
  read: (ex, userId, page) =>
    ex
      .select({ ref: vehicles.id, name: vehicles.name, validityDays: vehicles.validityDays })
      .from(vehicles)
      .where(pageOf(vehicles, userId, page))
      .orderBy(asc(vehicles.id))
      .limit(page.limit),
  naturalKey: (vehicle) => key(vehicle.name),
  describe: (vehicle) => vehicle.name,
  async insert(ex, userId, items) {
    const ids = await reserveIds(ex, 'vehicles', items.length);
    await insertRows(
      ex,
      'vehicles',
      { id: 'integer', owner_id: 'integer', name: 'text', validity_days: 'integer' },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        name: item.name,
        validity_days: item.validityDays ?? null,
      })),
    );
    return ids;
  },
  // As for routes: a rule the document states and that differs is set; null (follows the account) clears nothing.
  merge: {
    plan(existing, incoming) {
      if (incoming.validityDays == null || incoming.validityDays === existing.validityDays) return null;
      return `${existing.name}: Gültigkeitsregel ${validityRuleLabel(incoming.validityDays)}`;
    },
    async apply(ex, userId, existing, incoming) {
      await ex
        .update(vehicles)
        .set({ validityDays: incoming.validityDays })
        .where(and(eq(vehicles.id, existing.ref), eq(vehicles.ownerId, userId)));
    },
  },
};

const toursSection: BackupSection<TourItem> = {
  name: 'tours',
  references: [{ section: 'routes', refs: (tour) => tour.routes, what: 'Strecke' }],
  quota: {
    records: { limit: LIMITS.toursPerAccount, label: 'Touren' },
    links: {
      refs: (tour) => tour.routes,
      quota: { limit: LIMITS.tourRoutesPerAccount, label: 'Strecken in allen Touren' },
    },
  },
  async read(ex, userId, page) {
    const rows = await ex
      .select({ ref: tours.id, name: tours.name })
      .from(tours)
      .where(pageOf(tours, userId, page))
      .orderBy(asc(tours.id))
      .limit(page.limit);
    const links = await linkedIds(
      ex,
      tours,
      tourRoutes.tourId,
      tourRoutes.routeId,
      tourRoutes,
      userId,
      rows.map((row) => row.ref),
    );
    return rows.map((row) => ({ ...row, routes: links.get(row.ref) ?? [] }));
  },
  naturalKey: (tour) => key(tour.name),
  describe: (tour) => `${tour.name} (${tour.routes.length} ${tour.routes.length === 1 ? 'Strecke' : 'Strecken'})`,
  async insert(ex, userId, items, idOf) {
    const ids = await reserveIds(ex, 'tours', items.length);
    await insertRows(
      ex,
      'tours',
      { id: 'integer', owner_id: 'integer', name: 'text' },
      items.map((item, i) => ({ id: ids[i], owner_id: userId, name: item.name })),
    );
    await insertRows(
      ex,
      'tour_routes',
      { tour_id: 'integer', route_id: 'integer' },
      linkRows(items, ids, (item) => item.routes, 'routes', idOf, ['tour_id', 'route_id']),
    );
    return ids;
  },
  merge: {
    plan(existing, incoming, existingKeyOf, incomingKeyOf) {
      const have = new Set(keysOf('routes', existing.routes, existingKeyOf));
      const missing = new Set(keysOf('routes', incoming.routes, incomingKeyOf).filter((k) => !have.has(k)));
      if (missing.size === 0) return null;
      // The merged tour must stay within the limit a tour has everywhere, or the next backup could not be restored.
      if (have.size + missing.size > LIMITS.routesPerTour) {
        throw unprocessable([
          {
            propertyPath: 'tours',
            message:
              `Die Tour „${existing.name}“ hätte danach ${have.size + missing.size} Strecken; eine Tour umfasst ` +
              `höchstens ${LIMITS.routesPerTour} Strecken.`,
          },
        ]);
      }
      return `${existing.name}: ${missing.size} ${missing.size === 1 ? 'Strecke' : 'Strecken'} hinzu`;
    },
    async apply(ex, _userId, existing, incoming, idOf) {
      const rows = [...new Set(incoming.routes.map((ref) => idOf('routes', ref)))].map((routeId) => ({
        tourId: existing.ref,
        routeId,
      }));
      for (const part of chunks(rows)) await ex.insert(tourRoutes).values(part).onConflictDoNothing();
    },
  },
};

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

const routeActivitiesSection: BackupSection<RouteActivityItem> = {
  name: 'routeActivities',
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

const vehicleActivitiesSection: BackupSection<VehicleActivityItem> = {
  name: 'vehicleActivities',
  references: [
    { section: 'routeActivities', refs: (activity) => [activity.routeActivity], what: 'Fahrt' },
    { section: 'vehicles', refs: (activity) => activity.vehicles, what: 'Fahrzeug' },
  ],
  quota: {
    records: { limit: LIMITS.vehicleActivitiesPerAccount, label: 'Fahrzeugeinträge' },
    links: {
      refs: (activity) => activity.vehicles,
      quota: { limit: LIMITS.driveVehiclesPerAccount, label: 'Fahrzeuge in allen Fahrzeugeinträgen' },
    },
  },
  async read(ex, userId, page) {
    const rows = await ex
      .select({ ref: vehicleActivities.id, routeActivity: vehicleActivities.routeActivityId })
      .from(vehicleActivities)
      .where(pageOf(vehicleActivities, userId, page))
      .orderBy(asc(vehicleActivities.id))
      .limit(page.limit);
    const links = await linkedIds(
      ex,
      vehicleActivities,
      vehicleActivityVehicles.vehicleActivityId,
      vehicleActivityVehicles.vehicleId,
      vehicleActivityVehicles,
      userId,
      rows.map((row) => row.ref),
    );
    return rows.map((row) => ({ ...row, vehicles: links.get(row.ref) ?? [] }));
  },
  naturalKey: (activity, keyOf) =>
    key(keyOf('routeActivities', activity.routeActivity) ?? '?', keysOf('vehicles', activity.vehicles, keyOf)),
  describe: (activity) =>
    `${activity.vehicles.length} ${activity.vehicles.length === 1 ? 'Fahrzeug' : 'Fahrzeuge'} zu einer Fahrt`,
  async insert(ex, userId, items, idOf) {
    const ids = await reserveIds(ex, 'vehicle_activities', items.length);
    await insertRows(
      ex,
      'vehicle_activities',
      { id: 'integer', owner_id: 'integer', route_activity_id: 'integer' },
      items.map((item, i) => ({
        id: ids[i],
        owner_id: userId,
        route_activity_id: idOf('routeActivities', item.routeActivity),
      })),
    );
    await insertRows(
      ex,
      'vehicle_activity_vehicles',
      { vehicle_activity_id: 'integer', vehicle_id: 'integer' },
      linkRows(items, ids, (item) => item.vehicles, 'vehicles', idOf, ['vehicle_activity_id', 'vehicle_id']),
    );
    return ids;
  },
};

const onOff = (value: boolean) => (value ? 'an' : 'aus');

type Setting = Exclude<keyof PreferencesItem, 'ref'>;
/** Each setting of the preferences record: how it is compared and how the preview names its new value. */
const SETTINGS: { [K in Setting]: (value: NonNullable<PreferencesItem[K]> | null) => string } = {
  receiveWeeklyReports: (value) => `Wochenbericht ${onOff(value === true)}`,
  bccMailWeeklyReports: (value) => `Kopie an den Betreiber ${onOff(value === true)}`,
  validityDays: (value) => `Gültigkeitsregel der Strecken ${validityRuleLabel(value)}`,
  vehicleValidityDays: (value) => `Gültigkeitsregel der Fahrzeuge ${validityRuleLabel(value)}`,
  reminderThresholds: (value) =>
    `Erinnerungen ${value && value.length > 0 ? value.map(thresholdLabel).join(', ') : 'keine'}`,
  reminderMail: (value) => `Erinnerung per E-Mail ${onOff(value === true)}`,
  reminderPush: (value) => `Erinnerung per Push ${onOff(value === true)}`,
};
const sameSetting = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings the document states (a field an older document lacks is left as it is) and that differ. */
function settingChanges(existing: PreferencesItem, incoming: PreferencesItem): Setting[] {
  return (Object.keys(SETTINGS) as Setting[]).filter(
    (setting) => incoming[setting] !== undefined && !sameSetting(incoming[setting], existing[setting]),
  );
}

/**
 * The account's settings (weekly report, validity rules, reminder thresholds and channels) as a section of exactly
 * one record, merged by overwriting each setting the document states.
 */
const preferencesSection: BackupSection<PreferencesItem> = {
  name: 'preferences',
  references: [],
  async read(ex, userId, page) {
    // One record (ref 1): the first page has it, any later one is empty.
    if (page.after >= 1) return [];
    const rows = await ex
      .select({
        receiveWeeklyReports: users.receiveWeeklyReports,
        bccMailWeeklyReports: users.bccMailWeeklyReports,
        validityDays: users.validityDays,
        vehicleValidityDays: users.vehicleValidityDays,
        reminderThresholds: users.reminderThresholds,
        reminderMail: users.reminderMail,
        reminderPush: users.reminderPush,
      })
      .from(users)
      .where(eq(users.id, userId));
    return rows.map((row) => ({ ref: 1, ...row }));
  },
  naturalKey: () => 'preferences',
  describe: (prefs) =>
    (Object.keys(SETTINGS) as Setting[])
      .filter((setting) => prefs[setting] !== undefined)
      .map((setting) => SETTINGS[setting](prefs[setting] as never))
      .join(', '),
  // The account row always exists: there is never anything to insert.
  insert: async () => [],
  merge: {
    plan(existing, incoming) {
      const changed = settingChanges(existing, incoming);
      if (changed.length === 0) return null;
      return changed.map((setting) => SETTINGS[setting](incoming[setting] as never)).join(', ');
    },
    async apply(ex, userId, existing, incoming) {
      const changed = settingChanges(existing, incoming);
      if (changed.length === 0) return;
      await ex
        .update(users)
        .set(Object.fromEntries(changed.map((setting) => [setting, incoming[setting]])))
        .where(eq(users.id, userId));
    },
  },
};

/**
 * Every section, in dependency order (a section only refers to sections before it). The document's fields are
 * the section names; `preferences` is a single object in the document and one record here. The station index
 * checks the DS100 codes of restored routes.
 */
export function backupSections(stations: StationIndex): BackupSection[] {
  return [
    routesSection(stations),
    toursSection,
    vehiclesSection,
    routeActivitiesSection,
    vehicleActivitiesSection,
    preferencesSection,
    // Each declaration is typed against its own record type; the engine only hands it records of its own section.
  ] as unknown as BackupSection[];
}

/** Records read per statement: a page of the largest account reads in well under 100 ms on PGlite. */
const PAGE_SIZE = 2000;

/**
 * One unit of a long operation's work. `read` steps write nothing; `write` steps (the default) bump the user's data
 * version. On PostgreSQL every step of an operation runs in its one transaction; on PGlite each step is a
 * transaction of its own and the event loop is yielded after it (see `merging`).
 */
export type Step = <R>(work: (tx: Executor) => Promise<R>, mode?: 'read' | 'write') => Promise<R>;

/** Every section's records of the user, read page by page through `step`. */
export async function readSections(
  sections: readonly BackupSection[],
  step: Step,
  userId: number,
): Promise<Map<BackupSectionName, SectionItem[]>> {
  const out = new Map<BackupSectionName, SectionItem[]>();
  for (const section of sections) {
    const items: SectionItem[] = [];
    let after = 0;
    for (;;) {
      const page = await step((ex) => section.read(ex, userId, { after, limit: PAGE_SIZE }), 'read');
      items.push(...page);
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1]!.ref;
    }
    out.set(section.name, items);
  }
  return out;
}

export function createBackupRepository(
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
  stations: StationIndex,
  kind: Database['kind'],
) {
  const write = ownedWriter(db, bump);
  const sections = backupSections(stations);

  /**
   * PGlite runs one statement at a time for the whole process, on its main thread, and holds every other query
   * while a transaction is open: a long operation is cut into steps, each its own short transaction, with the event
   * loop yielded after each, so other users' requests run in between (issue 24).
   */
  const pgliteStep =
    (userId: number): Step =>
    async (work, mode = 'write') => {
      const result = mode === 'read' ? await work(db) : await write(userId, undefined, work);
      await yieldToEventLoop();
      return result;
    };

  return {
    sections,

    async findAccount(userId: number) {
      const [row] = await db
        .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * Reads every section page by page: on PostgreSQL in one snapshot (a repeatable-read transaction); on PGlite in
     * steps (heavy operations of one account run one at a time, plugins/heavy-operations.ts).
     */
    readAll(userId: number): Promise<Map<BackupSectionName, SectionItem[]>> {
      if (kind === 'pglite') return readSections(sections, pgliteStep(userId), userId);
      return db.transaction((tx) => readSections(sections, (work) => work(tx), userId), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },

    /**
     * Runs `work`'s steps for a restore. On PostgreSQL: all in one transaction that holds the user's restore lock
     * (two restores of one account never interleave) and bumps the data version: all or nothing. On PGlite: each
     * step a short transaction of its own (see `pgliteStep`); the document was checked completely before the first
     * write, and a restore cut off midway (a crash) is completed by restoring again, as merging by natural keys
     * adds only what is missing (docs/decisions/0031-heavy-operations-and-limits.md).
     */
    merging<T>(userId: number, work: (step: Step) => Promise<T>): Promise<T> {
      if (kind === 'pglite') return work(pgliteStep(userId));
      return write(userId, undefined, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('streckenpass-restore'), ${userId})`);
        return work((step) => step(tx));
      });
    },
  };
}

export type BackupRepository = ReturnType<typeof createBackupRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    backupRepository: BackupRepository;
  }
}

export default repositoryPlugin(
  'backupRepository',
  (app) => createBackupRepository(app.db, app.dataVersions.bump, app.stations.index, app.database.kind),
  ['dataVersions', 'stations'],
);
