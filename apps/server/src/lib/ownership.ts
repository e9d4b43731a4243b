import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseIri, toIri, type IriKind } from '@streckenpass/contract/common';
import type { Db } from '../db/client.js';
import { forbidden, notFound, unprocessable } from './errors.js';

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

/**
 * `owner` may be omitted (= the caller); naming anyone else is 403, as API.md says.
 */
export function assertOwnerIri(owner: string | undefined, userId: number): void {
  if (owner === undefined) return;
  if (parseIri('users', owner) !== userId) throw forbidden('Einträge können nur für das eigene Konto angelegt werden.');
}

/**
 * Loads the owner of record `id`: 404 when it does not exist, 403 when it belongs to someone else.
 * Both checks are one indexed query; the handler then reads or writes with `owner_id = caller` in SQL too.
 */
export async function assertOwned(
  db: Db,
  table: OwnedTable,
  id: number,
  userId: number,
  what = 'Eintrag',
): Promise<void> {
  if (!isStorableId(id)) throw notFound(`${what} nicht gefunden.`);
  const [row] = await db
    .select({ ownerId: table.ownerId })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw notFound(`${what} nicht gefunden.`);
  if (row.ownerId !== userId) throw forbidden();
}

/**
 * Turns IRIs of `kind` from a request body into ids owned by the caller, keeping order and dropping duplicates.
 * An IRI of another user's record is 403; one that resolves to nothing is 422 at `propertyPath`.
 */
export async function resolveOwnedIris(
  db: Db,
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
      : await db
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

/** Same as `resolveOwnedIris` for a single reference. */
export async function resolveOwnedIri(
  db: Db,
  table: OwnedTable,
  kind: IriKind,
  iri: string,
  userId: number,
  propertyPath: string,
): Promise<number> {
  const [id] = await resolveOwnedIris(db, table, kind, [iri], userId, propertyPath);
  if (id === undefined) throw unprocessable([{ propertyPath, message: `Ungültige Referenz: ${iri}` }]);
  return id;
}

/** Owner-scoped condition for queries: `table.id = id AND table.owner_id = userId`. */
export function ownedBy(table: OwnedTable, id: number, userId: number) {
  return and(eq(table.id, id), eq(table.ownerId, userId));
}
