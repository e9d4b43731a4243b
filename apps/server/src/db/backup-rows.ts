import { and, asc, eq, getTableName, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { IdOf, KeyOf, Page } from './backup-section.js';
import type { Executor } from './client.js';
import { aggregatedIds, type LinkTable } from './owned.js';

// What the backup sections share (db/backup-section.ts): bulk inserts with reserved ids, link rows, natural keys,
// pages of the user's records.

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
type ColumnTypes = Record<string, 'integer' | 'text' | 'text[]' | 'date' | 'boolean' | 'timestamptz' | 'jsonb'>;

export async function insertRows(
  ex: Executor,
  table: string,
  columns: ColumnTypes,
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

/** The rows of a link table to insert (`newLinks`), with the table's name and column types. */
export interface NewLinks {
  table: string;
  columns: ColumnTypes;
  rows: Record<string, unknown>[];
}

/**
 * Rows of `link` for newly inserted parents: `parentIds[i]` linked to the database ids of `refsOf(items[i])` in
 * section `child`, each pair once.
 */
export function newLinks<Item>(
  link: LinkTable,
  items: readonly Item[],
  parentIds: readonly (number | undefined)[],
  refsOf: (item: Item) => readonly number[],
  child: string,
  idOf: IdOf,
): NewLinks {
  const [parentColumn, childColumn] = [link.parentColumn.name, link.childColumn.name];
  const rows = items.flatMap((item, i) =>
    [...new Set(refsOf(item).map((ref) => idOf(child, ref)))].map((childId) => ({
      [parentColumn]: parentIds[i],
      [childColumn]: childId,
    })),
  );
  return { table: getTableName(link.table), columns: { [parentColumn]: 'integer', [childColumn]: 'integer' }, rows };
}

/** Inserts link rows from `newLinks`. */
export async function insertLinks(ex: Executor, links: NewLinks): Promise<void> {
  await insertRows(ex, links.table, links.columns, links.rows);
}

export const key = (...parts: unknown[]) => JSON.stringify(parts);
/** Keys of referenced records, sorted: the same set of references gives the same key whatever their order. */
export function keysOf(section: string, refs: readonly number[], keyOf: KeyOf): string[] {
  return refs.map((ref) => keyOf(section, ref) ?? `?${ref}`).sort();
}

/** Adds to each row of a page the ids its records link to through `link`, as `field` (one query for the page). */
export async function withLinkedIds<Row extends { ref: number }, Field extends string>(
  ex: Executor,
  userId: number,
  rows: Row[],
  link: Pick<LinkTable, 'table' | 'parent' | 'parentColumn' | 'childColumn'>,
  field: Field,
): Promise<(Row & Record<Field, number[]>)[]> {
  const { parent } = link;
  const linked =
    rows.length === 0
      ? []
      : await ex
          .select({ parentId: parent.id, childIds: aggregatedIds(link.childColumn) })
          .from(parent as PgTable)
          .leftJoin(link.table, eq(link.parentColumn, parent.id))
          .where(
            and(
              eq(parent.ownerId, userId),
              inArray(
                parent.id,
                rows.map((row) => row.ref),
              ),
            ),
          )
          .groupBy(parent.id);
  const byParent = new Map(linked.map((row) => [row.parentId as number, (row.childIds as number[]).map(Number)]));
  return rows.map((row) => ({ ...row, [field]: byParent.get(row.ref) ?? [] }) as Row & Record<Field, number[]>);
}

/**
 * A select of a section's table narrowed to one page of the user's records: `owner_id = userId and id > after`, in
 * id order, at most `limit` (pass the query as `.$dynamic()`).
 */
export function inPage<Query extends PgSelect>(
  query: Query,
  table: PgTable & { id: PgColumn; ownerId: PgColumn },
  userId: number,
  page: Page,
) {
  return query
    .where(and(eq(table.ownerId, userId), gt(table.id, page.after)))
    .orderBy(asc(table.id))
    .limit(page.limit);
}

/**
 * Inserts `items` as new records of the user under reserved ids (`id`, `owner_id` and the `columns` that `values`
 * gives) and returns the ids in the items' order.
 */
export async function insertRecords<Item>(
  ex: Executor,
  table: string,
  userId: number,
  columns: ColumnTypes,
  items: readonly Item[],
  values: (item: Item) => Record<string, unknown>,
): Promise<number[]> {
  const ids = await reserveIds(ex, table, items.length);
  await insertRows(
    ex,
    table,
    { id: 'integer', owner_id: 'integer', ...columns },
    items.map((item, i) => ({ id: ids[i], owner_id: userId, ...values(item) })),
  );
  return ids;
}
