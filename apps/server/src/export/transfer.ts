import { ATTESTATION_KIND_LABELS, type AttestationKind } from '@streckenpass/contract/attestations';
import { formatDate } from '@streckenpass/contract/format';
import {
  fieldChangesOf,
  fieldChangeText,
  type HistoryAction,
  type HistoryChannel,
  type HistoryNames,
} from '@streckenpass/contract/history';
import { calendarDayOf, isBackdated } from '@streckenpass/contract/knowledge';
import { plural } from '@streckenpass/contract/plural';
import { RECORD_KINDS, recordKindNames } from '@streckenpass/contract/record-kinds';
import { HISTORY_CHANNEL_LABELS } from '@streckenpass/contract/terms';
import type { DriveWay } from '@streckenpass/contract/drive-ways';
import { formatCode } from '../lib/proof-signature.js';
import type { ExportDrive, ExportHistoryLine } from './model.js';

/**
 * The transfer document's two lists (issue 27, "Nachweis für den Arbeitgeberwechsel"): every drive with the day it was
 * recorded, and the record's history in words. Pure functions of what the export repository reads.
 */

export interface DriveRow {
  acquiredAt: string;
  acquiredUntil: string;
  recordedAt: Date | null;
  imported: boolean;
  routeNames: string[];
  way: string;
  time: string | null;
  dark: boolean | null;
}

export interface HistoryRow {
  at: Date;
  kind: string;
  action: HistoryAction;
  channel: HistoryChannel;
  before: unknown;
  after: unknown;
}

export function transferDrives(rows: readonly DriveRow[], timeZone: string): ExportDrive[] {
  return rows.map((row) => ({
    acquiredAt: row.acquiredAt,
    acquiredUntil: row.acquiredUntil,
    recordedOn: row.recordedAt ? calendarDayOf(row.recordedAt, timeZone) : null,
    backdated: isBackdated(row.acquiredAt, row.recordedAt, timeZone),
    imported: row.imported,
    routes: row.routeNames,
    way: row.way as DriveWay,
    time: row.time,
    dark: row.dark,
  }));
}

/** The history's kinds as a driver names them, one and many: each record kind as declared, and memberships. */
const NOUNS: Record<string, { one: string; many: string }> = {
  ...Object.fromEntries(recordKindNames.map((kind) => [kind, RECORD_KINDS[kind].history])),
  memberships: { one: 'Mitgliedschaft', many: 'Mitgliedschaften' },
  attestations: { one: 'Bescheinigung', many: 'Bescheinigungen' },
};

const VERBS: Record<HistoryAction, string> = { create: 'angelegt', update: 'geändert', delete: 'gelöscht' };

const field = (state: unknown, key: string): unknown =>
  state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[key] : undefined;

/** The record an entry is about, in words: "Strecke „Köln – Düsseldorf“", "Fahrt vom 03.11.2026". */
function subject(row: HistoryRow): string {
  const state = row.after ?? row.before;
  const noun = NOUNS[row.kind]?.one ?? row.kind;
  const name = field(state, 'name') ?? field(state, 'betrieb');
  if (typeof name === 'string') return `${noun} „${name}“`;
  const driven = field(state, 'acquiredAt');
  if (typeof driven === 'string') return `${noun} vom ${formatDate(driven)}`;
  return noun;
}

/** "Fahrt vom 05.08.2026 geändert: Gefahren am: 03.08.2026 → 05.08.2026; Gültig bis: 02.08.2027 → 04.08.2027". */
function sentence(row: HistoryRow, names: HistoryNames): string {
  if (row.kind === 'attestations') {
    // A Betrieb's attestation (issue 41): received, or withdrawn by the Betrieb — never changed otherwise.
    const state = row.after ?? row.before;
    const kind = ATTESTATION_KIND_LABELS[field(state, 'kind') as AttestationKind] ?? '';
    const checkedOn = field(state, 'checkedOn');
    const on = typeof checkedOn === 'string' ? ` vom ${formatDate(checkedOn)}` : '';
    const verb = row.action === 'create' ? 'erhalten' : 'widerrufen';
    // The code lets the next employer verify it at /pruefen (TfV § 13: the proofs go with the driver).
    const code = field(state, 'code');
    const checkable = typeof code === 'string' ? ` (Prüfcode ${formatCode(code)})` : '';
    return `Bescheinigung „${kind}“${on} von „${String(field(state, 'betrieb'))}“ ${verb}${checkable}`;
  }
  if (row.kind === 'memberships') {
    const event = field(row.after ?? row.before, 'event');
    const verb = event === 'joined' ? 'begonnen' : event === 'removed' ? 'vom Betrieb beendet' : 'beendet';
    return `${subject(row)} ${verb}`;
  }
  const text = `${subject(row)} ${VERBS[row.action]}`;
  if (row.action !== 'update') return text;
  const changes = [...new Set(fieldChangesOf(row.before, row.after, names).map(fieldChangeText))];
  return changes.length > 0 ? `${text}: ${changes.join('; ')}` : text;
}

/** Writes of one import or restore come as many rows of one instant: they are one line ("CSV-Import: 12 Fahrten angelegt"). */
const isBulk = (row: HistoryRow) => row.channel === 'import' || row.channel === 'restore';

/**
 * The history as the transfer document lists it, oldest first: a line per change with the old and new values of what
 * it changed (linked records by their names, `names`), and a line per import or restore and kind of record (all of
 * one transaction share its time).
 */
export function transferHistory(
  rows: readonly HistoryRow[],
  names: HistoryNames = () => undefined,
): ExportHistoryLine[] {
  const lines: ExportHistoryLine[] = [];
  let index = 0;
  while (index < rows.length) {
    const row = rows[index]!;
    if (!isBulk(row)) {
      lines.push({
        at: row.at.toISOString(),
        text: sentence(row, names),
        channel: HISTORY_CHANNEL_LABELS[row.channel],
      });
      index += 1;
      continue;
    }
    let end = index + 1;
    while (
      end < rows.length &&
      rows[end]!.channel === row.channel &&
      rows[end]!.kind === row.kind &&
      rows[end]!.action === row.action &&
      rows[end]!.at.getTime() === row.at.getTime()
    ) {
      end += 1;
    }
    const count = end - index;
    const noun = NOUNS[row.kind] ?? { one: row.kind, many: row.kind };
    lines.push({
      at: row.at.toISOString(),
      text: count === 1 ? sentence(row, names) : `${plural(count, noun.one, noun.many)} ${VERBS[row.action]}`,
      channel: HISTORY_CHANNEL_LABELS[row.channel],
    });
    index = end;
  }
  return lines;
}
