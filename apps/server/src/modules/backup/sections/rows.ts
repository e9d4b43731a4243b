import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { BackupSectionName } from '@streckenpass/contract/backup';
import type { Executor } from '../../../db/client.js';
import { aggregatedIds } from '../../../db/owned.js';
import type { IdOf, KeyOf, Page } from './section.js';

// What the sections share: bulk inserts with reserved ids, link rows, natural keys, pages of the user's records.

const CHUNK = 1000;

export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Ids for `count` new rows of `table`, taken from its serial sequence in one statement (so the ids are known before
 * the insert and every reference can be written with them, whatever order the database inserts in).
 */
export async function reserveIds(ex: Executor, table: string, count: number): Promise<number[]> {
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
export async function insertRows(
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
export function linkRows<Item>(
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

export const key = (...parts: unknown[]) => JSON.stringify(parts);
/** Keys of referenced records, sorted: the same set of references gives the same key whatever their order. */
export function keysOf(section: BackupSectionName, refs: readonly number[], keyOf: KeyOf): string[] {
  return refs.map((ref) => keyOf(section, ref) ?? `?${ref}`).sort();
}

/** Pairs (parent id, child id) of a link table for the given parents of the user, as `Map<parent, child[]>`. */
export async function linkedIds(
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
export function pageOf(
  table: PgTable & { id: PgColumn; ownerId: PgColumn },
  userId: number,
  page: Page,
): SQL | undefined {
  return and(eq(table.ownerId, userId), gt(table.id, page.after));
}
