import { z } from 'zod';

/**
 * The history of a record (issue 27, docs/decisions/0042): every create, change and delete of a route, tour, vehicle,
 * route activity or vehicle activity leaves one entry, written by the server in the same transaction as the change.
 * The API only reads it (`GET /api/{kind}/{id}/history`).
 */

export const HISTORY_ACTIONS = ['create', 'update', 'delete'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * How a write reached the server: the API (the app's forms, any client), the app's quick record ("Heute gefahren"),
 * its offline outbox sending a drive saved without a connection, the CSV import, the restore of a backup.
 */
export const HISTORY_CHANNELS = ['api', 'quick', 'outbox', 'import', 'restore'] as const;
export type HistoryChannel = (typeof HISTORY_CHANNELS)[number];

/**
 * The request header in which the web app names the channel of a write. Only these values count; anything else (or
 * none) is `api`. `import` and `restore` are never taken from a header: only the server's import and restore write
 * with them.
 */
export const CHANNEL_HEADER = 'x-streckenpass-channel';
export const CLIENT_CHANNELS = ['quick', 'outbox'] as const satisfies readonly HistoryChannel[];
export type ClientChannel = (typeof CLIENT_CHANNELS)[number];

/** The channel a request's header names: `quick` or `outbox` exactly, otherwise `api`. */
export function channelFromHeader(value: unknown): HistoryChannel {
  return typeof value === 'string' && (CLIENT_CHANNELS as readonly string[]).includes(value)
    ? (value as ClientChannel)
    : 'api';
}

export const historyEntrySchema = z.object({
  at: z.string().describe('Zeitpunkt der Änderung (ISO 8601)'),
  action: z.enum(HISTORY_ACTIONS).describe('create = angelegt, update = geändert, delete = gelöscht'),
  channel: z.enum(HISTORY_CHANNELS).describe('Weg der Änderung: api, quick, outbox, import, restore'),
  changes: z.array(z.string()).describe('Bei update: die geänderten Felder (Namen wie im Eintrag), sonst leer'),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historySchema = z.array(historyEntrySchema).describe('Neueste Änderung zuerst');

/** Equal as JSON values: objects by their keys whatever the order (jsonb reorders them), arrays item by item. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}

/**
 * The fields in which two states of a record differ (an absent field and one that is undefined are the same), in
 * the order of `after`, then those only `before` has. Not an object on either side: no fields.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(before) || !isObject(after)) return [];
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !sameValue(before[key], after[key]));
}
