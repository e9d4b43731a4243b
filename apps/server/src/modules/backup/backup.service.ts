import { BACKUP_FORMAT, BACKUP_SECTION_LABELS, BACKUP_VERSION } from '@streckenpass/contract/backup';
import type { Backup, BackupSectionName, MergePreview } from '@streckenpass/contract/backup';
import { quotaMessage } from '../../db/quota.js';
import { unauthorized, unprocessable } from '../../lib/errors.js';
import { readSections, type BackupRepository, type MergeOrigin } from './backup.repository.js';
import type { BackupSection, SectionItem, Step } from './sections/section.js';

/** How many added or changed records the preview names per section. */
const PREVIEW_EXAMPLES = 50;

type Sections = Map<BackupSectionName, SectionItem[]>;

/**
 * The document's records per section (`preferences`, a single object, becomes a section of one record). A drive's
 * `recordedAt` is kept only for a document whose signature checked out (`keepRecordedAt`); otherwise it is dropped
 * and the drive counts as recorded at the restore (decision 0044, "Signed backup").
 */
function sectionsOf(document: Backup, keepRecordedAt = false): Sections {
  const out: Sections = new Map();
  out.set('routes', document.routes);
  out.set('tours', document.tours);
  out.set('vehicles', document.vehicles);
  out.set(
    'routeActivities',
    keepRecordedAt ? document.routeActivities : document.routeActivities.map(({ recordedAt: _r, ...drive }) => drive),
  );
  out.set('vehicleActivities', document.vehicleActivities);
  out.set('preferences', document.preferences ? [{ ref: 1, ...document.preferences }] : []);
  return out;
}

/** The record without its `ref` (the preferences are a single object in the document). */
function withoutRef<T extends SectionItem>(item: T): Omit<T, 'ref'> {
  const { ref: _ref, ...rest } = item;
  return rest;
}

/** Natural keys of every record, section by section (a section's keys use those of the sections before it). */
function naturalKeys(sections: readonly BackupSection[], data: Sections) {
  const keys = new Map<BackupSectionName, Map<number, string>>();
  const keyOf = (section: BackupSectionName, ref: number) => keys.get(section)?.get(ref);
  for (const section of sections) {
    const map = new Map<number, string>();
    for (const item of data.get(section.name) ?? []) map.set(item.ref, section.naturalKey(item, keyOf));
    keys.set(section.name, map);
  }
  return { keyOf, keys };
}

/** Refs unique per section and every reference pointing at a record of the document: otherwise 422, nothing written. */
function checkIntegrity(sections: readonly BackupSection[], data: Sections): void {
  const violations: { propertyPath: string; message: string }[] = [];
  const refs = new Map<BackupSectionName, Set<number>>();
  for (const section of sections) {
    const seen = new Set<number>();
    for (const item of data.get(section.name) ?? []) {
      if (seen.has(item.ref)) {
        violations.push({ propertyPath: section.name, message: `Die Nummer ${item.ref} kommt doppelt vor.` });
      }
      seen.add(item.ref);
    }
    refs.set(section.name, seen);
  }
  for (const section of sections) {
    for (const item of data.get(section.name) ?? []) {
      for (const reference of section.references) {
        for (const ref of reference.refs(item)) {
          if (!refs.get(reference.section)?.has(ref)) {
            violations.push({
              propertyPath: section.name,
              message: `Eintrag ${item.ref} verweist auf ${reference.what} ${ref}, die in der Sicherung fehlt.`,
            });
          }
        }
      }
    }
  }
  if (violations.length > 0) throw unprocessable(violations.slice(0, 100));
}

interface SectionPlan {
  section: BackupSection;
  /** Incoming records to insert (the first of each new natural key). */
  add: SectionItem[];
  /** Incoming ref → existing record it is the same as (or is merged into). */
  matched: Map<number, SectionItem>;
  /** Incoming ref → incoming ref of an earlier record in the document with the same key. */
  duplicateOf: Map<number, number>;
  /** Existing records an incoming one adds to: [existing, incoming, description]. */
  merges: [SectionItem, SectionItem, string][];
  unchanged: number;
}

/** Compares the document with the account's records, section by section: what is new, what merges, what is there. */
function plan(sections: readonly BackupSection[], existing: Sections, incoming: Sections): SectionPlan[] {
  const existingKeys = naturalKeys(sections, existing);
  const incomingKeys = naturalKeys(sections, incoming);
  return sections.map((section) => {
    const byKey = new Map<string, SectionItem>();
    for (const item of existing.get(section.name) ?? []) {
      const key = existingKeys.keys.get(section.name)!.get(item.ref)!;
      if (!byKey.has(key)) byKey.set(key, item);
    }
    const result: SectionPlan = {
      section,
      add: [],
      matched: new Map(),
      duplicateOf: new Map(),
      merges: [],
      unchanged: 0,
    };
    const firstIncoming = new Map<string, number>();
    for (const item of incoming.get(section.name) ?? []) {
      const key = incomingKeys.keys.get(section.name)!.get(item.ref)!;
      const match = byKey.get(key);
      if (match) {
        result.matched.set(item.ref, match);
        const change = section.merge?.plan(match, item, existingKeys.keyOf, incomingKeys.keyOf) ?? null;
        if (change) result.merges.push([match, item, change]);
        else result.unchanged += 1;
        continue;
      }
      const first = firstIncoming.get(key);
      if (first !== undefined) {
        result.duplicateOf.set(item.ref, first);
        continue;
      }
      firstIncoming.set(key, item.ref);
      result.add.push(item);
    }
    return result;
  });
}

function preview(plans: SectionPlan[]): MergePreview {
  const sections = plans.map(({ section, add, merges, unchanged }) => ({
    section: section.name,
    label: BACKUP_SECTION_LABELS[section.name],
    added: add.length,
    changed: merges.length,
    unchanged,
    examples: [...merges.map(([, , change]) => change), ...add.map((item) => `neu: ${section.describe(item)}`)].slice(
      0,
      PREVIEW_EXAMPLES,
    ),
  }));
  return { sections, nothingToDo: sections.every((s) => s.added === 0 && s.changed === 0) };
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
 * The account limits (packages/contract/src/limits.ts) after the merge: records and links already there plus those
 * the plan adds. Over a limit = 422 before anything is written, so an import or restore can never produce an account
 * that its own backup cannot be restored from.
 */
function checkQuotas(plans: SectionPlan[], existing: Sections): void {
  const violations: { propertyPath: string; message: string }[] = [];
  for (const { section, add, merges } of plans) {
    const quota = section.quota;
    if (!quota) continue;
    const have = existing.get(section.name) ?? [];
    const records = have.length + add.length;
    if (records > quota.records.limit) {
      violations.push({ propertyPath: section.name, message: quotaMessage(quota.records, records) });
    }
    if (quota.links) {
      const { refs } = quota.links;
      const count = (items: readonly SectionItem[]) => items.reduce((sum, item) => sum + new Set(refs(item)).size, 0);
      // A merge adds an incoming record's links to an existing one: at most as many as it brings.
      const links = count(have) + count(add) + count(merges.map(([, incoming]) => incoming));
      if (links > quota.links.quota.limit) {
        violations.push({ propertyPath: section.name, message: quotaMessage(quota.links.quota, links) });
      }
    }
  }
  if (violations.length > 0) throw unprocessable(violations);
}

/**
 * Writes a plan through `step`: inserts section by section in parts, mapping document refs to database ids. Each step
 * also appends the history of what it wrote (one create entry per new record, one update entry per record a merge
 * changed), in its own transaction.
 */
async function apply(repo: BackupRepository, step: Step, origin: MergeOrigin, plans: SectionPlan[]): Promise<void> {
  const userId = origin.ownerId;
  const ids = new Map<BackupSectionName, Map<number, number>>();
  const idOf = (section: BackupSectionName, ref: number) => {
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
  const sections = repo.sections;

  async function compare(userId: number, document: Backup, keepRecordedAt = false) {
    const incoming = sectionsOf(document, keepRecordedAt);
    checkIntegrity(sections, incoming);
    return { incoming };
  }

  return {
    async export(userId: number, now = new Date()): Promise<Backup> {
      const account = await repo.findAccount(userId);
      if (!account) throw unauthorized();
      const data = await repo.readAll(userId);
      const list = <T>(name: BackupSectionName) => (data.get(name) ?? []) as T[];
      const [preferences] = list<NonNullable<Backup['preferences']> & { ref: number }>('preferences');
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        account,
        routes: list('routes'),
        tours: list('tours'),
        vehicles: list('vehicles'),
        routeActivities: list('routeActivities'),
        vehicleActivities: list('vehicleActivities'),
        ...(preferences ? { preferences: withoutRef(preferences) } : {}),
      };
    },

    /** What restoring `document` into the account would add and change; writes nothing. */
    async preview(userId: number, document: Backup): Promise<MergePreview> {
      const { incoming } = await compare(userId, document);
      const existing = await repo.readAll(userId);
      const plans = plan(sections, existing, incoming);
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
        const existing = await readSections(sections, step, userId);
        const plans = plan(sections, existing, incoming);
        checkQuotas(plans, existing);
        await apply(repo, step, { ownerId: userId, channel }, plans);
        return preview(plans);
      });
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
