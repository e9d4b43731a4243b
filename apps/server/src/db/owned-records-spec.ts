import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { HistoryChannel, HistoryEntry } from '@streckenpass/contract/history';
import type { Executor } from './client.js';
import type { OwnedLink } from './links.js';
import type { OwnedTable } from './owned.js';

// The declaration an owned table's repository is made from (`ownedRecords`, db/owned-records.ts), and what the
// repository offers.
/**
 * How a write runs: in the caller's transaction `tx` when one is handed in (otherwise in one of its own), and through
 * which channel it came (the history's `channel`; `api` unless said otherwise).
 */
export interface RecordWrite {
  tx?: Executor | undefined;
  channel?: HistoryChannel;
}

/**
 * What every owner-linked record's repository offers. `findOwned`, `history` and the writes refuse with 403 (someone
 * else's record) or 404 (none) themselves, so a handler never checks ownership and then queries again. Every write
 * appends one history entry per record it creates, changes or deletes, in its own transaction (db/record-history.ts).
 */
export interface OwnedRepository<Item, CreateInput, UpdateInput> {
  /** Every record of the user, in the order of its list answer. */
  list(userId: number): Promise<Item[]>;
  findOwned(id: number, userId: number): Promise<Item>;
  /** The user's records of these ids as the API answers them, by id (ids of others or of none are left out). */
  findAllIn(ex: Executor, userId: number, ids: readonly number[]): Promise<Map<number, Item>>;
  /** The record's history, newest first; its owner reads it after deleting the record too. */
  history(id: number, userId: number): Promise<HistoryEntry[]>;
  /** Resolves the input's references (403 / 422) and writes. */
  create(userId: number, input: CreateInput, write?: RecordWrite): Promise<Item>;
  update(id: number, userId: number, patch: UpdateInput, write?: RecordWrite): Promise<Item>;
  remove(id: number, userId: number, write?: RecordWrite): Promise<void>;
}

/** A select that can run as is, lock the rows it reads, or be prepared once (a drizzle select builder). */
export interface Selectable<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
  for(strength: 'update' | 'no key update'): PromiseLike<Row[]>;
}

/** The contract's schemas of a kind (`routeSchemas`, …): they give the repository its item and input types. */
export interface RecordSchemas {
  item: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
}

/** The body fields holding references (IRIs) that become rows of a link table, by field name. */
export type Links = Record<string, OwnedLink>;

/** What every record's select gives: its id and owner, and the ids of its links under their body field names. */
export type RecordRow<L extends Links> = { id: number; ownerId: number } & { [Field in keyof L]: number[] };

export interface OwnedRecordsSpec<Item, Row, L extends Links> {
  table: OwnedTable;
  /**
   * The read of records with their link ids (`linkedIdsColumn`, named as the body field), filtered by `where`, in
   * list order (one query, no N+1).
   */
  select: (ex: Executor, where: SQL | undefined) => Selectable<Row>;
  /** The item's own fields; `id`, `owner` and the link fields (IRIs) are added from the row. */
  toItem: (row: Row) => Omit<Item, 'id' | 'owner' | keyof L>;
  links?: L;
  /**
   * The table's own columns from a (create or patch) body, without `owner` and link fields; may resolve single
   * references through `ex`. For a patch only the fields present are returned.
   */
  columns: (body: Record<string, unknown>, ex: Executor, ownerId: number) => Promise<Record<string, unknown>>;
  /**
   * Completes and checks a new record's columns (defaults, rules across fields); refuses by throwing. Gets the
   * resolved link ids by field (e.g. the routes of an activity, whose validity rules decide its default end).
   */
  prepareCreate?: (
    columns: Record<string, unknown>,
    context: { ex: Executor; ownerId: number; links: Record<string, number[]> },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Runs on the locked record (as `select` reads it) before a patch is written, with the columns the patch sets
   * merged in (refuses by throwing).
   */
  checkPatch?: (current: Record<string, unknown>, next: Record<string, unknown>) => void;
  /**
   * Completes a patch's columns from the locked record before they are written (values that follow from others: a
   * route's path when its start or end changes). Gets the record as `select` reads it, the columns the patch sets and
   * the link ids by field that the patch replaces (absent = kept, as `current` holds them).
   */
  preparePatch?: (
    current: Record<string, unknown>,
    set: Record<string, unknown>,
    ex: Executor,
    links: Record<string, number[]>,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Records of another kind that the database deletes with this one (`on delete cascade`: a drive's vehicle
   * activities): their ids in the item, and how to read them, so that each gets its own delete entry in the history.
   */
  dependents?: {
    kind: string;
    ids: (item: Item) => number[];
    findAllIn: (ex: Executor, ownerId: number, ids: readonly number[]) => Promise<Map<number, unknown>>;
  };
}
