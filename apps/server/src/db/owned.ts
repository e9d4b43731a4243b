import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseIri, toIri, type IriKind } from '@streckenpass/contract/common';
import { forbidden, notFound, unprocessable } from '../lib/errors.js';
import type { Db, Executor } from './client.js';

/** Largest value of a PostgreSQL `integer` (serial) column. */
const PG_INT_MAX = 2_147_483_647;

/**
 * Ids are positive integers on the wire but serial in the database: a larger id cannot name a record, and
 * comparing it with an `integer` column would make PostgreSQL fail the query (a 500 instead of 404/422).
 */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= PG_INT_MAX;
}

/** A table with the two columns every owner-linked record has. */
export type OwnedTable = PgTable & { id: PgColumn; ownerId: PgColumn };

/** The ids in `column` of a grouped join as one ascending integer array column; `{}` when there are none. */
export function aggregatedIds(column: PgColumn): SQL<number[]> {
  return sql<number[]>`coalesce(
    array_agg(${column} order by ${column}) filter (where ${column} is not null),
    '{}'::integer[]
  )`;
}

/** Owner-scoped condition for queries: `table.id = id AND table.owner_id = userId`. */
export function ownedBy(table: OwnedTable, id: number, userId: number): SQL | undefined {
  return and(eq(table.id, id), eq(table.ownerId, userId));
}

/**
 * `owner` may be omitted (= the caller); naming anyone else is 403, as API.md says.
 */
export function assertOwnerIri(owner: string | undefined, userId: number): void {
  if (owner === undefined) return;
  if (parseIri('users', owner) !== userId) throw forbidden('Einträge können nur für das eigene Konto angelegt werden.');
}

/**
 * An owner-scoped statement found nothing: tells 403 (the record exists, for someone else) from 404 (it does not
 * exist). Runs only on that refusal path, so reads and writes of one's own records cost one statement.
 */
export async function refuseMissing(ex: Executor, table: OwnedTable, id: number, what: string): Promise<never> {
  if (!isStorableId(id)) throw notFound(`${what} nicht gefunden.`);
  const [row] = await ex
    .select({ ownerId: table.ownerId })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw notFound(`${what} nicht gefunden.`);
  throw forbidden();
}

/** The record, or the refusal (403 / 404) when the owner-scoped lookup found nothing. */
export async function ownedOrRefuse<T>(
  ex: Executor,
  table: OwnedTable,
  id: number,
  what: string,
  found: T | undefined,
): Promise<T> {
  if (found !== undefined) return found;
  return refuseMissing(ex, table, id, what);
}

/**
 * Turns references (IRIs of `kind`) from a request body into ids owned by the caller, keeping order and dropping
 * duplicates, with one indexed query. A reference to another user's record is 403; one that resolves to nothing
 * is 422 at `propertyPath`.
 */
export async function resolveOwnedIds(
  ex: Executor,
  table: OwnedTable,
  kind: IriKind,
  iris: readonly string[],
  userId: number,
  propertyPath: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const iri of iris) {
    const id = parseIri(kind, iri);
    if (id === null) throw unprocessable([{ propertyPath, message: `Ungültige Referenz: ${iri}` }]);
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return ids;
  const storable = ids.filter(isStorableId);
  const rows =
    storable.length === 0
      ? []
      : await ex
          .select({ id: table.id, ownerId: table.ownerId })
          .from(table as PgTable)
          .where(inArray(table.id, storable));
  const found = new Map(rows.map((row) => [row.id as number, row.ownerId as number]));
  if ([...found.values()].some((ownerId) => ownerId !== userId)) throw forbidden('Referenz auf einen fremden Eintrag.');
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw unprocessable(
      missing.map((id) => ({ propertyPath, message: `Der Eintrag ${toIri(kind, id)} existiert nicht.` })),
    );
  }
  return ids;
}

/**
 * The row locks a write takes on records it does not change itself (PostgreSQL's names): `key share` keeps a row
 * from being deleted (what a foreign key check takes anyway), `no key update` also from being updated.
 */
export type RowLock = 'key share' | 'no key update';

/**
 * Locks the caller's rows of `table` with these ids, one after the other in ascending id order, and returns the
 * ids it locked (ascending; a row deleted meanwhile is missing). Writes that touch several rows of a table take
 * their locks here first, all in the same order, so two of them wait for each other instead of each holding a row
 * the other one needs (a deadlock, docs/decisions/0034-lock-order-and-retry.md).
 */
export async function lockOwnedRows(
  ex: Executor,
  table: OwnedTable,
  ids: readonly number[],
  ownerId: number,
  strength: RowLock,
): Promise<number[]> {
  const storable = [...new Set(ids)].filter(isStorableId);
  if (storable.length === 0) return [];
  // ORDER BY under FOR …: PostgreSQL locks the rows as the sort hands them out, i.e. in id order.
  const rows = await ex
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.id, storable), eq(table.ownerId, ownerId)))
    .orderBy(asc(table.id))
    .for(strength);
  return rows.map((row) => row.id as number);
}

/** A link table between an owned record (the parent) and owned records it refers to (the children). */
export interface LinkTable {
  table: PgTable;
  parentColumn: PgColumn;
  childColumn: PgColumn;
  parent: OwnedTable;
  child: OwnedTable;
  /**
   * What writing the links does to the children: by default nothing but the foreign key check (`key share`);
   * `no key update` when the database rewrites the children whenever links come or go or the parent changes (a
   * route's kept validity, triggers of migration 0001). Then a write of the parent also locks its current children.
   */
  childLock?: RowLock;
}

/** The ids of the children `parentId` links to now. */
export async function linkedIds(ex: Executor, link: LinkTable, parentId: number): Promise<number[]> {
  const rows = await ex.select({ id: link.childColumn }).from(link.table).where(eq(link.parentColumn, parentId));
  return rows.map((row) => row.id as number);
}

/**
 * Makes `childIds` the links of record `parentId`: one helper for a route's tours, a tour's routes, an activity's
 * routes and a vehicle activity's vehicles. Both statements take parent and children from owner-scoped
 * selections, so a foreign id can never become a link, whatever the caller checked before.
 */
export async function replaceLinks(
  ex: Executor,
  link: LinkTable,
  parentId: number,
  ownerId: number,
  childIds: readonly number[],
): Promise<void> {
  await ex.delete(link.table).where(
    and(
      eq(link.parentColumn, parentId),
      inArray(
        link.parentColumn,
        ex
          .select({ id: link.parent.id })
          .from(link.parent as PgTable)
          .where(ownedBy(link.parent, parentId, ownerId)),
      ),
    ),
  );
  if (childIds.length === 0) return;
  // INSERT … SELECT wants the selected fields named and ordered as the link table's columns.
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(link.table)).map(([key, column]) => [
      key,
      column === link.parentColumn ? link.parent.id : link.child.id,
    ]),
  );
  await ex
    .insert(link.table)
    .select(
      ex
        .select(fields)
        .from(link.child as PgTable)
        .innerJoin(link.parent as PgTable, ownedBy(link.parent, parentId, ownerId))
        .where(and(inArray(link.child.id, [...childIds]), eq(link.child.ownerId, ownerId))),
    )
    // A link row belongs to both ends (a tour's routes are the routes' tours): a write from the other end may have
    // put the same row back meanwhile, which is then already what this write wants.
    .onConflictDoNothing();
}

/** Runs `work` in the caller's transaction when one is handed in, otherwise in a new one. */
export function inTransaction<T>(db: Db, tx: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db.transaction((inner) => work(inner));
}

/**
 * The write path of an owned-record repository: `work` runs in the caller's transaction or a new one, and the
 * user's data version (the ETag of their answers) is bumped in that same transaction.
 */
export function ownedWriter(db: Db, bump: (tx: Executor, userId: number) => Promise<void>) {
  return <T>(userId: number, tx: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> =>
    inTransaction(db, tx, async (inner) => {
      const result = await work(inner);
      await bump(inner, userId);
      return result;
    });
}
