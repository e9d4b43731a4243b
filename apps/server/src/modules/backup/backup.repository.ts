import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BACKUP_RECORD_LISTS } from '@streckenpass/contract/backup';
import type { HistoryChannel } from '@streckenpass/contract/history';
import type { BackupSection, RecordReader, SectionItem, Step } from '../../db/backup-section.js';
import type { Database, Executor } from '../../db/client.js';
import { ownedWriter } from '../../db/owned.js';
import { appendHistory, updatesOf } from '../../db/record-history.js';
import { repositoryPlugin } from '../../db/repository.js';
import { users } from '../../db/schema.js';

/** The contract's record lists in the document's order, then the account's settings. */
const DOCUMENT_ORDER = [...BACKUP_RECORD_LISTS.map(({ section }) => section as string), 'preferences'];

/**
 * The modules' sections (each module's `backupSections`, modules/registry.ts) in dependency order: the contract's
 * record lists in the document's order, a kind declared outside the contract after them, the settings last. A section
 * that refers to one after it (or to none there is) fails the first backup. `preferences` is a single object in the
 * document and one record here.
 */
export function orderSections(sections: readonly BackupSection[]): BackupSection[] {
  const rank = (section: BackupSection) => {
    const index = DOCUMENT_ORDER.indexOf(section.name);
    return index === -1 ? DOCUMENT_ORDER.length - 1.5 : index;
  };
  const ordered = [...sections].sort((a, b) => rank(a) - rank(b));
  ordered.forEach((section, index) => {
    for (const { section: target } of section.references) {
      if (!ordered.slice(0, index).some((before) => before.name === target)) {
        throw new Error(`backup section ${section.name} refers to ${target}, which is not a section before it`);
      }
    }
  });
  return ordered;
}

/**
 * Tables of user data that are deliberately in no section, with the reason: sessions, secrets, delivery logs and
 * leases belong to the installation they were made on, and restoring them into another account or server would
 * revive what was revoked or send what was sent. backup-coverage.test.ts fails for any other table of user data
 * that no section names: a new table goes into a section or, with its reason, here.
 */
export const TABLES_NOT_BACKED_UP: Readonly<Record<string, string>> = {
  auth_tokens: 'sessions (revocable JWT ids) of this server',
  one_time_tokens: 'mail verification and password reset links: secrets, valid for hours or days',
  idempotency_keys: 'stored answers of retried writes, kept for a day',
  data_versions: 'the ETag source; a restore bumps it',
  heavy_operations: 'leases of running imports, backups and restores',
  weekly_report_log: 'which weekly reports went out (delivery log of this server)',
  reminder_log: 'which reminders went out (delivery log of this server)',
  coverage_alert_log: 'which weekly coverage mails went out to a Disponent (delivery log of this server, issue 28)',
  push_subscriptions: 'endpoints and keys of one browser on one device, for this server’s VAPID key',
  calendar_feeds: 'the secret address of the calendar subscription; a new one is made on the new server',
  share_links: 'secret public links; a restore must not publish again what was revoked',
  share_link_routes: 'the routes of a share link (see share_links)',
  share_link_tours: 'the tours of a share link (see share_links)',
  betriebe: 'an organisation shared by its members, not one account’s data; memberships name it in the document',
  betrieb_depots: 'depots of a Betrieb (see betriebe)',
  memberships:
    'access of a Betrieb to the member’s records: the document lists them (`memberships`) for information, but a ' +
    'restore never grants access — only an invitation does',
  invitations: 'secret links and codes of a Betrieb; a restore must not revive what was revoked',
  membership_events:
    'who joined, left or was removed from a Betrieb and when (issue 40): the Betrieb’s record, which a restore must ' +
    'not rewrite; the document lists the memberships',
  betrieb_requirements: 'the route knowledge a Betrieb requires: the Betrieb’s list, not one account’s data',
  betrieb_vehicle_requirements: 'the vehicle types a Betrieb requires (see betrieb_requirements)',
  requirement_links:
    'a driver’s own routes linked by hand to a Betrieb’s requirements: they hang on the membership, which a restore ' +
    'never grants, and name requirements of this server (decision 0046)',
  requirement_coverage:
    'derived: which route of a member meets which requirement, kept by triggers from routes, requirements, links and ' +
    'memberships (migration 0011); a restore’s routes recompute it',
  attestations:
    'a Betrieb’s signed statements about the driver (issue 41): the document lists them as signed (`attestations`) ' +
    'for information, but a restore never re-creates one — that would forge the Betrieb’s signature; the originals ' +
    'stay verifiable under their codes',
  issued_documents:
    'documents issued and signed on this server (issue 27): a copy elsewhere would not verify there, and a restore ' +
    'must not revive what the holder revoked',
  record_history:
    'what was written on this server and how (append-only); a restore writes its own entries (channel restore), ' +
    'a document could otherwise rewrite the past',
};

/** Records read per statement: a page of the largest account reads in well under 100 ms on PGlite. */
const PAGE_SIZE = 2000;

/** Every section's records of the user, read page by page through `step`. */
export async function readSections(
  sections: readonly BackupSection[],
  step: Step,
  userId: number,
): Promise<Map<string, SectionItem[]>> {
  const out = new Map<string, SectionItem[]>();
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

/** Who writes (the account) and through which channel: `import` for the CSV import, `restore` for a backup. */
export interface MergeOrigin {
  ownerId: number;
  channel: Extract<HistoryChannel, 'import' | 'restore'>;
}

export function createBackupRepository(
  db: Executor,
  bump: (tx: Executor, userId: number) => Promise<void>,
  kind: Database['kind'],
  /** Every section (`orderSections`), asked for once, when first needed: the modules' repositories are there then. */
  sectionsOf: () => readonly BackupSection[],
  /** Where a section's records are read as the API answers them (for their history). */
  readerOf: (section: BackupSection) => RecordReader | undefined,
) {
  const write = ownedWriter(db, bump);
  let sections: readonly BackupSection[] | undefined;
  const allSections = () => (sections ??= sectionsOf());

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
    /** Every section in dependency order. */
    get sections(): readonly BackupSection[] {
      return allSections();
    },

    /**
     * The history of records a step inserted (`ids`, all new): one create entry each, their API shape read in one
     * statement and appended in one, in the step's transaction (docs/decisions/0042).
     */
    async recordInserted(tx: Executor, origin: MergeOrigin, section: BackupSection, ids: readonly number[]) {
      const reader = readerOf(section);
      if (!section.records || !reader || ids.length === 0) return;
      const { kind } = section.records;
      const items = await reader.findAllIn(tx, origin.ownerId, ids);
      await appendHistory(
        tx,
        origin,
        ids.map((recordId) => ({ kind, recordId, action: 'create', before: null, after: items.get(recordId) })),
      );
    },

    /** The API shape of existing records a step is about to merge into, by id (for `recordMerged`). */
    async beforeMerge(tx: Executor, userId: number, section: BackupSection, ids: readonly number[]) {
      const reader = readerOf(section);
      if (!reader || ids.length === 0) return new Map<number, unknown>();
      return reader.findAllIn(tx, userId, ids);
    },

    /** One update entry for each record of `before` that the merge changed, in the step's transaction. */
    async recordMerged(tx: Executor, origin: MergeOrigin, section: BackupSection, before: Map<number, unknown>) {
      const reader = readerOf(section);
      if (!section.records || !reader || before.size === 0) return;
      const after = await reader.findAllIn(tx, origin.ownerId, [...before.keys()]);
      await appendHistory(tx, origin, updatesOf(section.records.kind, before, after));
    },

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
    readAll(userId: number): Promise<Map<string, SectionItem[]>> {
      if (kind === 'pglite') return readSections(allSections(), pgliteStep(userId), userId);
      return db.transaction((tx) => readSections(allSections(), (work) => work(tx), userId), {
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

/** Every module's backup sections (`AppModule.backupSections`, modules/app-module.ts), in dependency order. */
const sectionsOfApp = (app: FastifyInstance) =>
  orderSections(app.appModules.flatMap((module) => module.backupSections?.(app) ?? []));

export default repositoryPlugin(
  'backupRepository',
  (app) =>
    createBackupRepository(
      app.db,
      app.dataVersions.bump,
      app.database.kind,
      () => sectionsOfApp(app),
      (section) => section.records?.reader(app),
    ),
  // The sections' repositories are read when a backup first needs them, once every module is registered.
  ['dataVersions', 'appModules'],
);
