import { count, eq, sql } from 'drizzle-orm';
import { formatNumber } from '@streckenpass/contract/format';
import { RECORD_KINDS, recordKindNames, type RecordKind } from '@streckenpass/contract/record-kinds';
import type { PgTable } from 'drizzle-orm/pg-core';
import { unprocessable } from '../lib/errors.js';
import type { Executor } from './client.js';
import type { LinkTable, OwnedTable } from './owned.js';

/**
 * A per-account limit of `packages/contract/src/limits.ts`: how many records (or links) an account can hold, and
 * what they are called in the refusal ("Strecken", "Strecken in allen Fahrten").
 */
export interface Quota {
  limit: number;
  label: string;
}

/**
 * How many records of each kind one account may hold, as each kind declares it (contract `record-kinds.ts`): the API,
 * the CSV import and the backup refuse the same.
 */
export const RECORD_QUOTAS = Object.fromEntries(
  recordKindNames.map((kind) => [kind, RECORD_KINDS[kind].quota]),
) as Record<RecordKind, Quota>;

/** The German refusal of a write that would take an account over `quota`. */
export function quotaMessage(quota: Quota, total: number): string {
  return (
    `Ihr Konto kann höchstens ${formatNumber(quota.limit)} ${quota.label} enthalten ` +
    `(danach wären es ${formatNumber(total)}). Bitte löschen Sie nicht mehr Benötigtes.`
  );
}

/**
 * Serialises the quota checks of one account (taken before anything else of the write, so it is always the first
 * lock of such a transaction): two parallel creates cannot both see room for one more record.
 */
export async function lockQuotas(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('streckenpass-quota'), ${userId})`);
}

/** The 422 of a write after which the account holds `total` (a count) where `quota` allows less. */
function refuseOver(quota: Quota, total: number | undefined, propertyPath: string): void {
  const held = Number(total ?? 0);
  if (held > quota.limit) throw unprocessable([{ propertyPath, message: quotaMessage(quota, held) }]);
}

/** Refuses (422) when the account holds more records of `table` than the quota allows (run after the insert). */
export async function assertRecordQuota(
  ex: Executor,
  table: OwnedTable,
  ownerId: number,
  quota: Quota,
  propertyPath: string,
): Promise<void> {
  const [row] = await ex
    .select({ total: count() })
    .from(table as PgTable)
    .where(eq(table.ownerId, ownerId));
  refuseOver(quota, row?.total, propertyPath);
}

/** Refuses (422) when the account's records hold more links of `link` than the quota allows (run after writing). */
export async function assertLinkQuota(
  ex: Executor,
  link: LinkTable,
  ownerId: number,
  quota: Quota,
  propertyPath: string,
): Promise<void> {
  const [row] = await ex
    .select({ total: count() })
    .from(link.table)
    .innerJoin(link.parent as PgTable, eq(link.parent.id, link.parentColumn))
    .where(eq(link.parent.ownerId, ownerId));
  refuseOver(quota, row?.total, propertyPath);
}
