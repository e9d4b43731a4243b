import { servicePlugin } from '../../db/repository.js';
import { BACKUP_FORMAT, BACKUP_VERSION } from '@streckenpass/contract/backup';
import type { Backup, MergePreview } from '@streckenpass/contract/backup';
import type { BackupSection, SectionItem, Step } from '../../db/backup-section.js';
import { unauthorized } from '../../lib/errors.js';
import { readSections, type BackupRepository, type MergeOrigin } from './backup.repository.js';
import {
  checkIntegrity,
  checkQuotas,
  plan,
  PREFERENCES,
  preview,
  type SectionPlan,
  type Sections,
} from './merge-plan.js';

/**
 * The document's records per section (`preferences`, a single object, becomes a section of one record), each as its
 * section takes them (`incoming`: a drive keeps its `recordedAt` only when the signature checked out).
 */
function sectionsOf(sections: readonly BackupSection[], document: Backup, keepRecordedAt = false): Sections {
  const fields = document as unknown as Record<string, unknown>;
  const out: Sections = new Map();
  for (const section of sections) {
    if (section.name === PREFERENCES) {
      out.set(PREFERENCES, document.preferences ? [{ ref: 1, ...document.preferences }] : []);
      continue;
    }
    const items = (fields[section.name] ?? []) as SectionItem[];
    out.set(section.name, section.incoming ? section.incoming(items, { keepRecordedAt }) : items);
  }
  return out;
}

/** The record without its `ref` (the preferences are a single object in the document). */
function withoutRef<T extends SectionItem>(item: T): Omit<T, 'ref'> {
  const { ref: _ref, ...rest } = item;
  return rest;
}

/**
 * Rows one write step inserts at most (records plus their links): on PGlite such a step takes well under 200 ms,
 * so another user's request never waits long behind it.
 */
const STEP_ROWS = 1000;
/** Merges into existing records (one statement each) per write step. */
const STEP_MERGES = 200;

/** A record's rows: itself and one per reference it holds. */
function rowsOf(section: BackupSection, item: SectionItem): number {
  return section.references.reduce((sum, reference) => sum + reference.refs(item).length, 1);
}

/** `items` cut into parts of at most `STEP_ROWS` rows (a record with more rows is a part of its own). */
function parts(section: BackupSection, items: readonly SectionItem[]): SectionItem[][] {
  const out: SectionItem[][] = [];
  let current: SectionItem[] = [];
  let rows = 0;
  for (const item of items) {
    const weight = rowsOf(section, item);
    if (current.length > 0 && rows + weight > STEP_ROWS) {
      out.push(current);
      current = [];
      rows = 0;
    }
    current.push(item);
    rows += weight;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Writes a plan through `step`: inserts section by section in parts, mapping document refs to database ids. Each step
 * also appends the history of what it wrote (one create entry per new record, one update entry per record a merge
 * changed), in its own transaction.
 */
async function apply(repo: BackupRepository, step: Step, origin: MergeOrigin, plans: SectionPlan[]): Promise<void> {
  const userId = origin.ownerId;
  const ids = new Map<string, Map<number, number>>();
  const idOf = (section: string, ref: number) => {
    const id = ids.get(section)?.get(ref);
    if (id === undefined) throw new Error(`backup ref ${section}/${ref} was not mapped`);
    return id;
  };
  for (const { section, add, matched, duplicateOf, merges } of plans) {
    const map = new Map<number, number>();
    for (const [ref, item] of matched) map.set(ref, item.ref);
    for (const part of parts(section, add)) {
      const inserted = await step(async (tx) => {
        const ids = await section.insert(tx, userId, part, idOf);
        await repo.recordInserted(tx, origin, section, ids);
        return ids;
      });
      part.forEach((item, i) => map.set(item.ref, inserted[i]!));
    }
    for (const [ref, first] of duplicateOf) map.set(ref, map.get(first)!);
    ids.set(section.name, map);
    for (let i = 0; i < merges.length; i += STEP_MERGES) {
      const part = merges.slice(i, i + STEP_MERGES);
      await step(async (tx) => {
        const before = await repo.beforeMerge(
          tx,
          userId,
          section,
          part.map(([existingItem]) => existingItem.ref),
        );
        for (const [existingItem, incomingItem] of part) {
          await section.merge!.apply(tx, userId, existingItem, incomingItem, idOf);
        }
        await repo.recordMerged(tx, origin, section, before);
      });
    }
  }
}

/**
 * Backup and restore over the section declarations (`sections/*.section.ts`, listed in `backup.repository.ts`): the
 * document is read section by section; a restore compares it with the account by natural keys and adds what is
 * missing, all in one transaction, so that restoring the same document twice changes nothing. The CSV import uses the
 * same merge.
 */
export function createBackupService(repo: BackupRepository) {
  // Read when first used: the modules' sections are complete once the app is.
  const sections = () => repo.sections;

  async function compare(userId: number, document: Backup, keepRecordedAt = false) {
    const incoming = sectionsOf(sections(), document, keepRecordedAt);
    checkIntegrity(sections(), incoming);
    return { incoming };
  }

  return {
    async export(userId: number, now = new Date()): Promise<Backup> {
      const account = await repo.findAccount(userId);
      if (!account) throw unauthorized();
      const data = await repo.readAll(userId);
      const [preferences] = (data.get(PREFERENCES) ?? []) as (NonNullable<Backup['preferences']> & SectionItem)[];
      const lists = sections()
        .filter((section) => section.name !== PREFERENCES)
        .map((section) => [section.name, data.get(section.name) ?? []]);
      // The record lists as the sections name them (the contract's `backupSchema` for the app's own kinds).
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        account,
        ...Object.fromEntries(lists),
        ...(preferences ? { preferences: withoutRef(preferences) } : {}),
      } as Backup;
    },

    /** What restoring `document` into the account would add and change; writes nothing. */
    async preview(userId: number, document: Backup): Promise<MergePreview> {
      const { incoming } = await compare(userId, document);
      const existing = await repo.readAll(userId);
      const plans = plan(sections(), existing, incoming);
      checkQuotas(plans, existing);
      return preview(plans);
    },

    /**
     * Merges `document` into the account (PostgreSQL: one transaction; PGlite: in short steps, see
     * `repo.merging`); answers what it did. `channel` names it in the records' history: a backup's `restore`, or
     * the CSV `import`, which merges its lines as a document of the same form.
     */
    async restore(
      userId: number,
      document: Backup,
      channel: MergeOrigin['channel'],
      keepRecordedAt = false,
    ): Promise<MergePreview> {
      const { incoming } = await compare(userId, document, keepRecordedAt);
      return repo.merging(userId, async (step) => {
        const existing = await readSections(sections(), step, userId);
        const plans = plan(sections(), existing, incoming);
        checkQuotas(plans, existing);
        await apply(repo, step, { ownerId: userId, channel }, plans);
        return preview(plans);
      });
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Backup and restore over the sections, built once; the CSV import merges through it too. */
    backupService: BackupService;
  }
}

/** The backup service as a named plugin: the backup's routes and the CSV import (modules/import) share it. */
export default servicePlugin('backupService', (app) => createBackupService(app.backupRepository), ['backupRepository']);
