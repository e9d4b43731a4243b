import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { formatDate, formatDateTime } from '@streckenpass/contract/format';
import { fieldChangeText, type HistoryEntry, type HistoryFieldChange } from '@streckenpass/contract/history';
import { isBackdated } from '@streckenpass/contract/knowledge';
import { HISTORY_CHANNEL_LABELS, RECORD_FIELD_LABELS } from '@streckenpass/contract/terms';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { driveMannerText } from './drive-manner';

/** A drive as the history of its routes shows it: when and how it was driven, and when it was recorded. */
export interface RecordedDrive extends Partial<Pick<RouteActivity, 'way' | 'time' | 'dark'>> {
  id: number;
  acquiredAt: string;
  /** Absent or null: recorded before recording times were kept (then it has no line). */
  recordedAt?: string | null;
}

/** One line of a record's "Verlauf", newest first. */
export interface HistoryLine {
  key: string;
  /** ISO 8601, for the order. */
  at: string;
  text: string;
  /** A drive recorded more than 7 days after it was driven ("nachgetragen"). */
  backdated: boolean;
}

/** "25.11.2026, 14:03" in the app's zone, as every history line prints its time. */
export const historyTime = (at: string) => formatDateTime(at, DEFAULT_TIME_ZONE);

/** The fields a change named, as the app labels them: "Name, Gültigkeitsregel". */
export function changedFieldsText(changes: readonly string[]): string {
  return [...new Set(changes.map((field) => RECORD_FIELD_LABELS[field] ?? field))].join(', ');
}

/**
 * What a change changed, with the old and new values the server words ("Gefahren am: 03.08.2026 → 05.08.2026; Name:
 * Alt → Neu"); an entry kept offline from before the answer carried values names only the fields.
 */
export function changeText(entry: HistoryEntry): string {
  const values = (entry as Partial<HistoryEntry>).fieldChanges as HistoryFieldChange[] | undefined;
  if (!values || values.length === 0) return changedFieldsText(entry.changes);
  return [...new Set(values.map(fieldChangeText))].join('; ');
}

function entryText(entry: HistoryEntry): string {
  const time = historyTime(entry.at);
  const how = HISTORY_CHANNEL_LABELS[entry.channel];
  if (entry.action === 'create') return `Erfasst am ${time} (${how})`;
  if (entry.action === 'delete') return `Gelöscht am ${time} (${how})`;
  const fields = changeText(entry);
  const through = entry.channel === 'api' ? '' : ` (${how})`;
  return `Geändert am ${time}${fields ? `: ${fields}` : ''}${through}`;
}

/**
 * " (begleitete Fahrt · 21:40 Uhr · bei Dunkelheit)": how a drive was made, where it says more than the usual "selbst
 * gefahren" at no time given (so the lines of such drives read as they always did).
 */
function mannerNote(drive: RecordedDrive): string {
  if (!drive.way || (drive.way === 'driven' && !drive.time)) return '';
  return ` (${driveMannerText(drive)})`;
}

/**
 * A record's history as its page lists it, newest first: its own entries ("Erfasst am … (Schnellerfassung)",
 * "Geändert am …: Name, Gültigkeitsregel") and, for a route, when each of its drives was recorded ("Fahrt vom …
 * erfasst am …", marked when recorded late). Drives recorded before recording times were kept have no line.
 */
export function historyLines(entries: readonly HistoryEntry[], drives: readonly RecordedDrive[] = []): HistoryLine[] {
  const own = entries.map((entry, index) => ({
    key: `entry-${index}`,
    at: entry.at,
    text: entryText(entry),
    backdated: false,
  }));
  const recorded = drives.flatMap((drive) =>
    drive.recordedAt
      ? [
          {
            key: `drive-${drive.id}`,
            at: drive.recordedAt,
            text: `Fahrt vom ${formatDate(drive.acquiredAt)}${mannerNote(drive)} erfasst am ${historyTime(drive.recordedAt)}`,
            backdated: isBackdated(drive.acquiredAt, drive.recordedAt),
          },
        ]
      : [],
  );
  // Newest first; the server's entries are newest first already, and stay in that order among themselves.
  return [...own, ...recorded]
    .map((line, index) => ({ line, index }))
    .sort((a, b) => Date.parse(b.line.at) - Date.parse(a.line.at) || a.index - b.index)
    .map(({ line }) => line);
}
