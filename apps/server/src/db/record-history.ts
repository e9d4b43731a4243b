import { and, desc, eq, sql } from 'drizzle-orm';
import { formatDate } from '@streckenpass/contract/format';
import {
  changedFields,
  fieldChangesOf,
  linkedIris,
  type HistoryAction,
  type HistoryChannel,
  type HistoryEntry,
} from '@streckenpass/contract/history';
import type { Executor } from './client.js';
import { recordHistory } from './schema.js';

/**
 * The append-only history of the owned records (issue 27, docs/decisions/0042): the one place that writes and reads
 * `record_history`. Rows are only ever inserted, in the transaction of the write they describe; the trigger of
 * migration 0006 refuses every UPDATE and DELETE but the cascade of the owner's account deletion.
 */

/** One create, change or delete of one record: its API shape before (null for a create) and after (null for a delete). */
export interface RecordChange {
  /** The record's kind (`name` of its declaration, contract `record-kinds.ts`). */
  kind: string;
  recordId: number;
  action: HistoryAction;
  before: unknown;
  after: unknown;
}

/** Who wrote and how: the owner (the only account that writes their records) and the channel of the request. */
export interface WriteOrigin {
  ownerId: number;
  channel: HistoryChannel;
}

/**
 * Whether history rows are written: always, except while `bench/history.ts` measures what writing them costs (it
 * alone calls `setHistoryWriting`, alternating runs with and without in one process). Deliberately no environment
 * variable or setting: an installation cannot turn its history off.
 */
let writing = true;

/** For the benchmark only: turns writing history rows off and on again. */
export function setHistoryWriting(enabled: boolean): void {
  writing = enabled;
}

/** A record's state as a jsonb parameter; none (a create's before, a delete's after) is SQL null. */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Appends `changes` in one statement: a single row as a plain insert, many (an import, a restore) as one JSON
 * parameter expanded by `jsonb_to_recordset`, so that the number of bound parameters stays one whatever the count.
 */
export async function appendHistory(
  ex: Executor,
  origin: WriteOrigin,
  changes: readonly RecordChange[],
): Promise<void> {
  if (changes.length === 0 || !writing) return;
  const { ownerId, channel } = origin;
  if (changes.length === 1) {
    // A plain statement: a save's one entry costs one short round trip (bench/history.ts; target < 1 ms).
    const [change] = changes as [RecordChange];
    await ex.execute(
      sql`insert into record_history (owner_id, channel, kind, record_id, action, before, after)
          values (${ownerId}, ${channel}, ${change.kind}, ${change.recordId}, ${change.action},
                  ${json(change.before)}::jsonb, ${json(change.after)}::jsonb)`,
    );
    return;
  }
  const rows = changes.map((change) => ({
    kind: change.kind,
    record_id: change.recordId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  }));
  await ex.execute(
    sql`insert into record_history (owner_id, channel, kind, record_id, action, before, after)
        select ${ownerId}, ${channel}, x.kind, x.record_id, x.action, x.before, x.after
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(kind text, record_id integer, action text, before jsonb, after jsonb)`,
  );
}

/**
 * The history of one record of the owner, newest first: when, what, how, and for a change the fields it changed with
 * their old and new values in words. Scoped by owner in SQL: the owner reads the entries of a record they deleted
 * too (records never change owner, so the owner's entries of a kind and id are that record's); another user's record
 * and one that never existed give no entries, whose refusal (403 / 404) the caller tells apart.
 */
export async function historyOf(
  ex: Executor,
  kind: string,
  recordId: number,
  ownerId: number,
): Promise<HistoryEntry[]> {
  const rows = await ex
    .select({
      at: recordHistory.at,
      action: recordHistory.action,
      channel: recordHistory.channel,
      before: recordHistory.before,
      after: recordHistory.after,
    })
    .from(recordHistory)
    .where(and(eq(recordHistory.ownerId, ownerId), eq(recordHistory.kind, kind), eq(recordHistory.recordId, recordId)))
    .orderBy(desc(recordHistory.id));
  const names = await linkedNames(ex, ownerId, rows);
  return rows.map((row) => {
    const update = row.action === 'update';
    return {
      at: row.at.toISOString(),
      action: row.action as HistoryAction,
      channel: row.channel as HistoryChannel,
      changes: update ? changedFields(row.before, row.after) : [],
      fieldChanges: update ? fieldChangesOf(row.before, row.after, (iri) => names.get(iri)) : [],
    };
  });
}

const IRI = /^\/api\/([a-z_]+)\/(\d+)$/;

/**
 * The names of the records that the changed link fields of update entries point to (`/api/routes/3` → "Würzburg –
 * Fürth"), by IRI, with one statement: the newest name the owner's history knows (also of a record deleted since),
 * else the record's current one (records stored before history began); a drive is "Fahrt vom TT.MM.JJJJ".
 */
export async function linkedNames(
  ex: Executor,
  ownerId: number,
  rows: readonly { action: string; before: unknown; after: unknown }[],
): Promise<Map<string, string>> {
  const iris = new Set<string>();
  for (const row of rows) {
    if (row.action !== 'update') continue;
    const fields = changedFields(row.before, row.after);
    for (const iri of [...linkedIris(row.before, fields), ...linkedIris(row.after, fields)]) iris.add(iri);
  }
  const refs = [...iris].flatMap((iri) => {
    const match = IRI.exec(iri);
    return match && Number.isSafeInteger(Number(match[2])) && Number(match[2]) <= 2_147_483_647
      ? [{ kind: match[1]!, id: Number(match[2]) }]
      : [];
  });
  const names = new Map<string, string>();
  if (refs.length === 0) return names;
  const result = (await ex.execute(
    sql`select x.kind, x.id, coalesce(
          (select coalesce(h.after, h.before) from record_history h
            where h.owner_id = ${ownerId} and h.kind = x.kind and h.record_id = x.id
            order by h.id desc limit 1),
          case x.kind
            when 'routes' then (select jsonb_build_object('name', r.name) from routes r
                                 where r.id = x.id and r.owner_id = ${ownerId})
            when 'tours' then (select jsonb_build_object('name', t.name) from tours t
                                where t.id = x.id and t.owner_id = ${ownerId})
            when 'vehicles' then (select jsonb_build_object('name', v.name) from vehicles v
                                   where v.id = x.id and v.owner_id = ${ownerId})
            when 'route_activities' then (select jsonb_build_object('acquiredAt', a.acquired_at::text)
                                           from route_activities a where a.id = x.id and a.owner_id = ${ownerId})
          end) as state
          from jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as x(kind text, id integer)`,
  )) as unknown as { rows: { kind: string; id: number; state: Record<string, unknown> | null }[] };
  for (const row of result.rows) {
    const name = row.state?.name;
    const driven = row.state?.acquiredAt;
    const text =
      typeof name === 'string' ? name : typeof driven === 'string' ? `Fahrt vom ${formatDate(driven)}` : undefined;
    if (text) names.set(`/api/${row.kind}/${row.id}`, text);
  }
  return names;
}

/** Pairs of states of records (`before` → `after`, by id) as update entries, leaving out those that did not change. */
export function updatesOf(
  kind: string,
  before: ReadonlyMap<number, unknown>,
  after: ReadonlyMap<number, unknown>,
): RecordChange[] {
  return [...after].flatMap(([recordId, item]) => {
    const previous = before.get(recordId);
    return changedFields(previous, item).length === 0
      ? []
      : [{ kind, recordId, action: 'update' as const, before: previous, after: item }];
  });
}

/** How a membership of a Betrieb began or ended (issue 28): joined (or founded), left, removed by an admin. */
export type MembershipEvent = 'joined' | 'left' | 'removed';

/**
 * Logs in the member's history that a membership of a Betrieb began (`create`) or ended (`delete`), in the
 * transaction that makes or ends it (issue 28, docs/decisions/0046): kind `memberships`, the Betrieb's id as the record
 * id, and what the membership was — the Betrieb's name, the role, the consent's version and time, the event. No record
 * page reads these rows; they stay with the member's history until the account is deleted.
 */
export async function appendMembershipHistory(
  ex: Executor,
  ownerId: number,
  event: MembershipEvent,
  membership: { betriebId: number; betrieb: string; role: string; consentVersion: number; consentedAt: string },
): Promise<void> {
  if (!writing) return;
  const { betriebId, ...state } = membership;
  const entry = { ...state, event };
  await ex.insert(recordHistory).values({
    ownerId,
    channel: 'api',
    kind: 'memberships',
    recordId: betriebId,
    action: event === 'joined' ? 'create' : 'delete',
    before: event === 'joined' ? null : entry,
    after: event === 'joined' ? entry : null,
  });
}

/** What a driver's history keeps of an attestation (issue 41 item 5): enough to name it, not its whole content. */
export interface AttestationHistoryState {
  betrieb: string;
  kind: string;
  checkedOn: string;
  code: string;
}

/**
 * Logs in the driver's history that a Betrieb attested (`create`, "Bescheinigung erhalten") or withdrew an
 * attestation (`update` with `withdrawnAt`), in the transaction that does it: kind `attestations`, the attestation's
 * id as the record id. No record page reads these rows; the transfer document's history names them.
 */
export async function appendAttestationHistory(
  ex: Executor,
  ownerId: number,
  attestationId: number,
  state: AttestationHistoryState,
  withdrawnAt?: string,
): Promise<void> {
  if (!writing) return;
  await ex.insert(recordHistory).values({
    ownerId,
    channel: 'api',
    kind: 'attestations',
    recordId: attestationId,
    action: withdrawnAt ? 'update' : 'create',
    before: withdrawnAt ? state : null,
    after: withdrawnAt ? { ...state, withdrawnAt } : state,
  });
}

/** One row of an owner's whole history, oldest first, as the transfer document lists it. */
export interface OwnerHistoryRow {
  at: Date;
  kind: string;
  recordId: number;
  action: HistoryAction;
  channel: HistoryChannel;
  before: unknown;
  after: unknown;
}

/**
 * Every history row of the owner, oldest first (scoped by owner in SQL): the transfer document's "Verlauf". Includes
 * the entries of records deleted since, and the owner's memberships of Betriebe.
 */
export async function historyOfOwner(ex: Executor, ownerId: number): Promise<OwnerHistoryRow[]> {
  const rows = await ex
    .select({
      at: recordHistory.at,
      kind: recordHistory.kind,
      recordId: recordHistory.recordId,
      action: recordHistory.action,
      channel: recordHistory.channel,
      before: recordHistory.before,
      after: recordHistory.after,
    })
    .from(recordHistory)
    .where(eq(recordHistory.ownerId, ownerId))
    .orderBy(recordHistory.id);
  return rows.map((row) => ({ ...row, action: row.action as HistoryAction, channel: row.channel as HistoryChannel }));
}
