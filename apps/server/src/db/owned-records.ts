import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toIri } from '@streckenpass/contract/common';
import type { RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import type { Db, Executor } from './client.js';
import { compiledRows } from './compiled-rows.js';
import type {
  Links,
  OwnedRecordsSpec,
  OwnedRepository,
  RecordRow,
  RecordSchemas,
  RecordWrite,
} from './owned-records-spec.js';
import { notFound, unprocessable } from '../lib/errors.js';
import type { OwnedLink } from './links.js';
import { assertLinkQuota, assertRecordQuota, lockQuotas } from './quota.js';
import { appendHistory, historyOf, updatesOf, type RecordChange } from './record-history.js';
import {
  assertOwnerIri,
  isStorableId,
  linkedIds,
  lockOwnedRows,
  ownedBy,
  ownedOrRefuse,
  ownedWriter,
  refuseMissing,
  replaceLinks,
  resolveOwnedIds,
  type LinkTable,
} from './owned.js';

export type { OwnedRecordsSpec, OwnedRepository, RecordWrite } from './owned-records-spec.js';

/**
 * An owner-linked table's repository from a declaration: list (prepared), findOwned, create, merge-patch update and
 * remove, all scoped by `owner_id = caller` in SQL, 403/404 told apart only on the refusal path, references resolved
 * by id in the write's transaction, links replaced by one helper, and the user's data version bumped with every write.
 * The kind's declaration (contract `record-kinds.ts`) gives the rest: the noun of the messages, the account's quota, the
 * name of the prepared list statement and of its history entries; `schemas` give the types of items and inputs.
 */
export function ownedRecords<
  Schemas extends RecordSchemas,
  Row extends RecordRow<L>,
  L extends Links = Record<never, OwnedLink>,
>(
  db: Db,
  bump: (tx: Executor, userId: number) => Promise<void>,
  declaration: RecordKindDeclaration,
  _schemas: Schemas,
  spec: OwnedRecordsSpec<z.output<Schemas['item']>, Row, L>,
): OwnedRepository<z.output<Schemas['item']>, z.output<Schemas['create']>, z.output<Schemas['update']>> {
  type Item = z.output<Schemas['item']>;
  const { table } = spec;
  const { name: kind, quota } = declaration;
  const what = declaration.noun.one;
  const linkSpecs = Object.entries(spec.links ?? {}).map(([field, link]) => ({ field, kind: link.kind, link }));
  const writeIn = ownedWriter(db, bump);
  // Every list answer decodes all of the user's rows: with a mapper built once from the fields (db/compiled-rows.ts).
  const listPrepared = compiledRows(
    spec.select(db, eq(table.ownerId, sql.placeholder('ownerId'))).prepare(`${kind}_list`),
  );
  const linkFields = new Set(linkSpecs.map((link) => link.field));

  /**
   * A row as its item: the declaration's fields, the id, the links as IRIs and the owner. Filled in place rather than
   * spread together: this runs for every row of every list (100 rows per GET /api/routes), and the copies of two
   * spreads and a `fromEntries` were a visible share of the list's CPU and garbage (issue 30). The answer's key order
   * is the schema's (fast-json-stringify), not this object's.
   */
  const toItem = (row: Row): Item => {
    const item = spec.toItem(row) as Record<string, unknown>;
    item.id = row.id;
    for (const { field, kind } of linkSpecs) item[field] = (row[field] as number[]).map((id) => toIri(kind, id));
    item.owner = toIri('users', row.ownerId);
    // The item's own fields and the derived ones make the item; TypeScript cannot see through Omit here.
    return item as Item;
  };

  /** An id PostgreSQL's integer cannot hold names no record: 404 without asking (the query would fail). */
  function assertStorable(id: number) {
    if (!isStorableId(id)) throw notFound(`${what} nicht gefunden.`);
  }

  async function findIn(ex: Executor, id: number, ownerId: number): Promise<Item> {
    assertStorable(id);
    const [row] = await spec.select(ex, ownedBy(table, id, ownerId));
    return ownedOrRefuse(ex, table, id, what, row === undefined ? undefined : toItem(row));
  }

  /** Splits a body into owner, link references and the rest. */
  function split(body: unknown) {
    const { owner, ...rest } = body as Record<string, unknown> & { owner?: string };
    const own = Object.fromEntries(Object.entries(rest).filter(([key]) => !linkFields.has(key)));
    return { owner, own, body: rest };
  }

  /** The link fields present in the body, resolved to owned ids (403 / 422 before anything is written). */
  async function resolveLinks(ex: Executor, ownerId: number, body: Record<string, unknown>) {
    const resolved: [LinkTable, number[]][] = [];
    for (const { field, kind, link } of linkSpecs) {
      const iris = body[field] as string[] | undefined;
      if (iris !== undefined) resolved.push([link, await resolveOwnedIds(ex, link.child, kind, iris, ownerId, field)]);
    }
    return resolved;
  }
  /** The resolved link ids by body field (only the fields the body names). */
  const linkIdsByField = (resolved: [LinkTable, number[]][]): Record<string, number[]> =>
    Object.fromEntries(
      linkSpecs.flatMap(({ field, link }) => {
        const found = resolved.find(([table]) => table === link);
        return found ? [[field, found[1]]] : [];
      }),
    );
  async function writeLinks(ex: Executor, id: number, ownerId: number, resolved: [LinkTable, number[]][]) {
    for (const [link, ids] of resolved) await replaceLinks(ex, link, id, ownerId, ids);
  }

  /**
   * Before anything is written: locks, in ascending id order, the children the write will link to and, for links
   * whose children the database rewrites (`childLock: 'no key update'`), the children record `parentId` links to
   * now. A child that vanished since it was resolved is refused like one that never existed (422).
   */
  async function lockChildren(
    ex: Executor,
    ownerId: number,
    resolved: [LinkTable, number[]][],
    parentId?: number,
  ): Promise<void> {
    for (const { field, kind, link } of linkSpecs) {
      const next = resolved.find(([table]) => table === link)?.[1] ?? [];
      const rewritten = link.childLock === 'no key update';
      const current = parentId !== undefined && rewritten ? await linkedIds(ex, link, parentId) : [];
      if (next.length === 0 && current.length === 0) continue;
      const locked = await lockOwnedRows(ex, link.child, [...current, ...next], ownerId, link.childLock ?? 'key share');
      const gone = next.filter((id) => !locked.includes(id));
      if (gone.length > 0) {
        throw unprocessable(
          gone.map((id) => ({ propertyPath: field, message: `Der Eintrag ${toIri(kind, id)} existiert nicht.` })),
        );
      }
    }
  }

  /**
   * Locks the record itself (before its children, see lockChildren) and reads it as the API answers it – the
   * history's `before` – in one statement, or refuses (403 / 404).
   */
  async function lockRecord(ex: Executor, id: number, ownerId: number, strength: 'update' | 'no key update') {
    const [row] = await spec.select(ex, ownedBy(table, id, ownerId)).for(strength);
    return row ?? (await refuseMissing(ex, table, id, what));
  }
  /** Writing or removing such a record makes the database rewrite its children: they are locked first. */
  const rewritesChildren = linkSpecs.some(({ link }) => link.childLock === 'no key update');

  /** Whether a write of `body` can take the account over a quota: then it holds the account's quota lock first. */
  const checksQuota = (body: Record<string, unknown>, creating: boolean) =>
    creating || linkSpecs.some(({ field }) => body[field] !== undefined);
  async function assertQuotas(ex: Executor, ownerId: number, body: Record<string, unknown>, creating: boolean) {
    if (creating) await assertRecordQuota(ex, table, ownerId, quota, 'owner');
    for (const { field, link } of linkSpecs) {
      if (body[field] !== undefined) await assertLinkQuota(ex, link, ownerId, link.quota, field);
    }
  }

  /** The entries of a write, appended in its transaction (`origin`: the owner and the request's channel). */
  const record = (ex: Executor, ownerId: number, write: RecordWrite | undefined, changes: RecordChange[]) =>
    appendHistory(ex, { ownerId, channel: write?.channel ?? 'api' }, changes);

  async function findAllIn(ex: Executor, ownerId: number, ids: readonly number[]): Promise<Map<number, Item>> {
    const storable = [...new Set(ids)].filter(isStorableId);
    if (storable.length === 0) return new Map();
    // The ids as one JSON parameter (thousands of bound parameters are slow to bind on PGlite).
    const rows = await spec.select(
      ex,
      and(
        eq(table.ownerId, ownerId),
        sql`${table.id} in (select value::integer from jsonb_array_elements_text(${JSON.stringify(storable)}::jsonb))`,
      ),
    );
    return new Map(rows.map((row) => [row.id, toItem(row)]));
  }

  return {
    async list(ownerId) {
      const rows = await listPrepared.execute({ ownerId });
      return rows.map(toItem);
    },

    findOwned: (id, ownerId) => findIn(db, id, ownerId),

    findAllIn,

    async history(id, ownerId) {
      assertStorable(id);
      const entries = await historyOf(db, kind, id, ownerId);
      // No entries: a record stored before history began, someone else's (403), none (404) – told apart on this path
      // only. The owner's entries of a record they deleted are answered (the history outlives the record).
      if (entries.length === 0) await findIn(db, id, ownerId);
      return entries;
    },

    create(ownerId, input, write) {
      const { owner, own, body } = split(input);
      assertOwnerIri(owner, ownerId);
      return writeIn(ownerId, write?.tx, async (ex) => {
        if (checksQuota(body, true)) await lockQuotas(ex, ownerId);
        const links = await resolveLinks(ex, ownerId, body);
        await lockChildren(ex, ownerId, links);
        const columns = await spec.columns(own, ex, ownerId);
        const linkIds = linkIdsByField(links);
        const values = spec.prepareCreate
          ? await spec.prepareCreate(columns, { ex, ownerId, links: linkIds })
          : columns;
        const [row] = await ex
          .insert(table)
          .values({ ...values, ownerId } as never)
          .returning({ id: table.id });
        const id = (row as { id: number } | undefined)?.id;
        if (id === undefined) throw new Error(`insert into ${what} returned no row`);
        await writeLinks(ex, id, ownerId, links);
        await assertQuotas(ex, ownerId, body, true);
        const item = await findIn(ex, id, ownerId);
        await record(ex, ownerId, write, [{ kind, recordId: id, action: 'create', before: null, after: item }]);
        return item;
      });
    },

    update(id, ownerId, patch, write) {
      assertStorable(id);
      const { owner, own, body } = split(patch);
      assertOwnerIri(owner, ownerId);
      return writeIn(ownerId, write?.tx, async (ex) => {
        if (checksQuota(body, false)) await lockQuotas(ex, ownerId);
        const links = await resolveLinks(ex, ownerId, body);
        // The record first, then its children: the one order of every write (docs/decisions/0034). Locked also to
        // read its state before the change for the history, so that no other write slips in between.
        const current = await lockRecord(ex, id, ownerId, 'no key update');
        await lockChildren(ex, ownerId, links, id);
        const given = Object.fromEntries(
          Object.entries(await spec.columns(own, ex, ownerId)).filter(([, value]) => value !== undefined),
        );
        const set = spec.preparePatch ? await spec.preparePatch(current, given, ex, linkIdsByField(links)) : given;
        if (Object.keys(set).length > 0) {
          spec.checkPatch?.(current, { ...current, ...set });
          const updated = await ex
            .update(table)
            .set(set as never)
            .where(ownedBy(table, id, ownerId))
            .returning({ id: table.id });
          if (updated.length === 0) await refuseMissing(ex, table, id, what);
        }
        await writeLinks(ex, id, ownerId, links);
        await assertQuotas(ex, ownerId, body, false);
        const item = await findIn(ex, id, ownerId);
        // A patch that changes nothing (an empty one, or the values the record has) leaves no entry.
        await record(ex, ownerId, write, updatesOf(kind, new Map([[id, toItem(current)]]), new Map([[id, item]])));
        return item;
      });
    },

    remove(id, ownerId, write) {
      assertStorable(id);
      return writeIn(ownerId, write?.tx, async (ex) => {
        // Locked and read in one statement: the history's `before`, and for links whose children the database
        // rewrites (deleting cascades to the links, whose triggers rewrite them) the lock before theirs, in order.
        const before = toItem(await lockRecord(ex, id, ownerId, 'update'));
        if (rewritesChildren) await lockChildren(ex, ownerId, [], id);
        const dependentIds = spec.dependents?.ids(before) ?? [];
        const dependents =
          spec.dependents && dependentIds.length > 0
            ? await spec.dependents.findAllIn(ex, ownerId, dependentIds)
            : new Map<number, unknown>();
        const deleted = await ex
          .delete(table)
          .where(ownedBy(table, id, ownerId))
          .returning({ id: table.id });
        if (deleted.length === 0) await refuseMissing(ex, table, id, what);
        await record(ex, ownerId, write, [
          { kind, recordId: id, action: 'delete', before, after: null },
          ...[...dependents].map(([recordId, item]) => ({
            kind: spec.dependents!.kind,
            recordId,
            action: 'delete' as const,
            before: item,
            after: null,
          })),
        ]);
      });
    },
  };
}
