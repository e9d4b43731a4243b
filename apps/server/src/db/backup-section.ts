import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from './client.js';
import type { Quota } from './quota.js';

// The types of the backup engine (modules/backup/backup.service.ts): what a section declares, and how the engine hands
// it work. A section lives in the module folder of its records, in its repository file (it reads their tables); the
// module's index.ts hands it to the backup (`backupSections`). Section names are the backup document's fields
// (`BackupSectionName` for the contract's; a kind declared outside it brings its own `list`).

/** One record of a section as the backup document holds it: `ref` names it within the document. */
export interface SectionItem {
  ref: number;
}

/** The natural key of a record `ref` of another section (undefined = the document has no such record). */
export type KeyOf = (section: string, ref: number) => string | undefined;
/** The database id a record `ref` of another section was matched to or inserted as. */
export type IdOf = (section: string, ref: number) => number;

/** One page of a section's records: those with `ref` (database id) above `after`, at most `limit`, in id order. */
export interface Page {
  after: number;
  limit: number;
}

/** What a section's references point at: the field and the section it refers to, for the integrity check. */
export interface SectionReference<Item> {
  section: string;
  refs(item: Item): readonly number[];
  /** German description of the reference for error messages, e.g. "Strecke". */
  what: string;
}

/**
 * One kind of record in the backup: how to read it, what identifies it across accounts (its natural key), how to
 * add new ones in bulk, and optionally how to merge an incoming record into an existing one with the same key.
 * A new kind of record is one more section in its module (found by the registry), a new field of a record one more
 * column in its declaration (as the validity rules, station links and reminder settings were); either is one optional
 * field in the contract's `backupSchema`. The merge engine (`backup.service.ts`) needs no change.
 */
// Members are methods, not function fields: a section typed against its own records is a `BackupSection` of the
// engine's list (which hands it only records of its own section).
export interface BackupSection<Item extends SectionItem = SectionItem> {
  /** The document's field (`routes`, `routeActivities`): the kind's `backup.section` (contract `record-kinds.ts`). */
  name: string;
  /**
   * The owned-record kind of the section's records and their repository: what the restore adds or merges into them
   * goes into their history (docs/decisions/0042). None for the preferences, which are the account's settings.
   */
  records?: { kind: string; reader: (app: FastifyInstance) => RecordReader };
  /**
   * The document's list for a kind the contract's `backupSchema` does not hold (one declared outside it, as the
   * throwaway kind of `record-kind.test.ts`): the schema of one record, the maximum, the preview's label and the noun
   * of its messages. The contract's kinds take theirs from `BACKUP_RECORD_LISTS`.
   */
  list?: { schema: z.ZodType; max: number; label: string; recordNoun: string };
  /** The document's records as the restore takes them (a drive's `recordedAt` only from a genuine signature). */
  incoming?(items: Item[], options: { keepRecordedAt: boolean }): Item[];
  /**
   * The tables whose rows of the user this section carries (the record's own and its link tables).
   * backup-coverage.test.ts fails for a table of user data that no section names and that is not in
   * `TABLES_NOT_BACKED_UP`.
   */
  tables: readonly PgTable[];
  /** The records of the user in id order (one page of them), `ref` = database id; references are database ids too. */
  read(ex: Executor, userId: number, page: Page): Promise<Item[]>;
  references: SectionReference<Item>[];
  /**
   * The account limits (packages/contract/src/limits.ts) of this kind of record and of the links its records hold:
   * a restore or import that would exceed one is refused before anything is written.
   */
  quota?: { records: Quota; links?: { refs(item: Item): readonly number[]; quota: Quota } };
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

/** How a section's records are read as the API answers them (the owned-record repositories' `findAllIn`). */
export interface RecordReader {
  findAllIn(ex: Executor, userId: number, ids: readonly number[]): Promise<Map<number, unknown>>;
}

/**
 * One unit of a long operation's work. `read` steps write nothing; `write` steps (the default) bump the user's data
 * version. On PostgreSQL every step of an operation runs in its one transaction; on PGlite each step is a
 * transaction of its own and the event loop is yielded after it (see `merging` in backup.repository.ts).
 */
export type Step = <R>(work: (tx: Executor) => Promise<R>, mode?: 'read' | 'write') => Promise<R>;
