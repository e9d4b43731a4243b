import { BACKUP_SECTION_LABELS } from '@streckenpass/contract/backup';
import type { MergePreview } from '@streckenpass/contract/backup';
import type { BackupSection, SectionItem } from '../../db/backup-section.js';
import { quotaMessage } from '../../db/quota.js';
import { unprocessable } from '../../lib/errors.js';

// The restore's plan (backup.service.ts): the document compared with the account by natural keys, section by section,
// checked for integrity and quotas before anything is written, and the preview of what it would do.

/** How many added or changed records the preview names per section. */
const PREVIEW_EXAMPLES = 50;

export type Sections = Map<string, SectionItem[]>;

/** The account's settings: a single object in the document, one record of its own section here. */
export const PREFERENCES = 'preferences';

/** The preview's label of a section: the contract's, or that of a list declared with the section. */
const labelOf = (section: BackupSection) =>
  (BACKUP_SECTION_LABELS as Record<string, string>)[section.name] ?? section.list?.label ?? section.name;

/** Natural keys of every record, section by section (a section's keys use those of the sections before it). */
export function naturalKeys(sections: readonly BackupSection[], data: Sections) {
  const keys = new Map<string, Map<number, string>>();
  const keyOf = (section: string, ref: number) => keys.get(section)?.get(ref);
  for (const section of sections) {
    const map = new Map<number, string>();
    for (const item of data.get(section.name) ?? []) map.set(item.ref, section.naturalKey(item, keyOf));
    keys.set(section.name, map);
  }
  return { keyOf, keys };
}

/** Refs unique per section and every reference pointing at a record of the document: otherwise 422, nothing written. */
export function checkIntegrity(sections: readonly BackupSection[], data: Sections): void {
  const violations: { propertyPath: string; message: string }[] = [];
  const refs = new Map<string, Set<number>>();
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

export interface SectionPlan {
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
export function plan(sections: readonly BackupSection[], existing: Sections, incoming: Sections): SectionPlan[] {
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

export function preview(plans: SectionPlan[]): MergePreview {
  const sections = plans.map(({ section, add, merges, unchanged }) => ({
    section: section.name,
    label: labelOf(section),
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
 * The account limits (packages/contract/src/limits.ts) after the merge: records and links already there plus those
 * the plan adds. Over a limit = 422 before anything is written, so an import or restore can never produce an account
 * that its own backup cannot be restored from.
 */
export function checkQuotas(plans: SectionPlan[], existing: Sections): void {
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
