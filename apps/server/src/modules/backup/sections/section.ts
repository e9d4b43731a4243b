import type { PgTable } from 'drizzle-orm/pg-core';
import type { BackupSectionName } from '@streckenpass/contract/backup';
import type { RecordKind } from '@streckenpass/contract/terms';
import type { Executor } from '../../../db/client.js';
import type { Quota } from '../../../db/quota.js';

// The types of the backup engine (backup.service.ts): what a section declares, and how the engine hands it work.

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
 * A new kind of record is one more file here and one more entry in `backupSections` (backup.repository.ts), a new
 * field of a record one more column in its declaration (as the validity rules, station links and reminder settings
 * were); either is one optional field in the contract's `backupSchema`. The merge engine (`backup.service.ts`) needs
 * no change.
 */
export interface BackupSection<Item extends SectionItem = SectionItem> {
  name: BackupSectionName;
  /**
   * The owned-record kind of the section's records: what the restore adds or merges into them goes into their
   * history (docs/decisions/0042). None for the preferences, which are the account's settings, not a record.
   */
  kind?: RecordKind;
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

/**
 * One unit of a long operation's work. `read` steps write nothing; `write` steps (the default) bump the user's data
 * version. On PostgreSQL every step of an operation runs in its one transaction; on PGlite each step is a
 * transaction of its own and the event loop is yielded after it (see `merging` in backup.repository.ts).
 */
export type Step = <R>(work: (tx: Executor) => Promise<R>, mode?: 'read' | 'write') => Promise<R>;
