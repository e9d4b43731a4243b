import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './constants.js';
import { formatDate, formatDateTime } from './format.js';
import { validityRuleLabel } from './notifications.js';
import { DIRECTION_WORDS, DRIVE_WAY_LABELS, type DriveWay } from './drive-ways.js';
import { firstAcquisitionLabel, firstAcquisitionSchema } from './first-acquisition.js';
import { RECORD_FIELD_LABELS } from './terms.js';

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

/** One changed field of an update with its old and new value in words: "Gefahren am: 03.08.2026 → 05.08.2026". */
export const historyFieldChangeSchema = z.object({
  field: z.string().describe('Das Feld wie im Eintrag (acquiredAt, name, …)'),
  label: z.string().describe('Seine Bezeichnung in der App („Gefahren am“)'),
  from: z
    .string()
    .describe('Der Wert vorher in Worten: Daten als TT.MM.JJJJ, verknüpfte Einträge mit Namen, „–“ für keinen'),
  to: z.string().describe('Der Wert nachher, ebenso'),
});
export type HistoryFieldChange = z.infer<typeof historyFieldChangeSchema>;

export const historyEntrySchema = z.object({
  at: z.string().describe('Zeitpunkt der Änderung (ISO 8601)'),
  action: z.enum(HISTORY_ACTIONS).describe('create = angelegt, update = geändert, delete = gelöscht'),
  channel: z.enum(HISTORY_CHANNELS).describe('Weg der Änderung: api, quick, outbox, import, restore'),
  changes: z.array(z.string()).describe('Bei update: die geänderten Felder (Namen wie im Eintrag), sonst leer'),
  fieldChanges: z
    .array(historyFieldChangeSchema)
    .describe('Bei update: je geändertem Feld (Reihenfolge wie `changes`) der alte und der neue Wert, sonst leer'),
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

/** The name of a linked record (an IRI such as `/api/routes/3`) as the history names it; undefined when unknown. */
export type HistoryNames = (iri: string) => string | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const IRI = /^\/api\/([a-z_]+)\/(\d+)$/;

/** What a linked record is called when its name is not known (deleted before the history kept names). */
const UNNAMED: Record<string, string> = {
  routes: 'eine gelöschte Strecke',
  tours: 'eine gelöschte Tour',
  vehicles: 'ein gelöschtes Fahrzeug',
  route_activities: 'eine gelöschte Fahrt',
  vehicle_activities: 'eine gelöschte Fahrzeugangabe',
};

/**
 * A field's value as a history line prints it: days as TT.MM.JJJJ, instants as "TT.MM.JJJJ, HH:MM", linked records by
 * name (`names`), a validity rule as the app words it, a station by name and code, "–" for none.
 */
export function historyValueText(field: string, value: unknown, names: HistoryNames = () => undefined): string {
  if (field === 'validityDays' && (typeof value === 'number' || value === null)) {
    return value === null ? 'wie im Konto' : validityRuleLabel(value);
  }
  if (field === 'keepingWays' && value === null) return 'wie im Konto';
  if (field === 'firstAcquisition') {
    const rule = firstAcquisitionSchema.safeParse(value);
    return rule.success ? firstAcquisitionLabel(rule.data) : 'keiner';
  }
  if ((field === 'way' || field === 'keepingWays') && typeof value === 'string' && value in DRIVE_WAY_LABELS) {
    return DRIVE_WAY_LABELS[value as DriveWay];
  }
  if (field === 'direction' && (value === 'forward' || value === 'reverse')) {
    return DIRECTION_WORDS[value];
  }
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) {
    return value.length === 0 ? '–' : value.map((item) => historyValueText(field, item, names)).join(', ');
  }
  if (typeof value === 'string') {
    if (DAY.test(value)) return formatDate(value);
    if (INSTANT.test(value)) return `${formatDateTime(value, DEFAULT_TIME_ZONE)} Uhr`;
    const iri = IRI.exec(value);
    if (iri) return names(value) ?? UNNAMED[iri[1]!] ?? value;
    return value;
  }
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number') return String(value);
  const object = value as Record<string, unknown>;
  if (typeof object.name === 'string' && typeof object.code === 'string') return `${object.name} (${object.code})`;
  if (typeof object.name === 'string') return object.name;
  return 'angegeben';
}

/** The IRIs (links to other records) a state's fields hold: what `historyValueText` needs names for. */
export function linkedIris(state: unknown, fields: readonly string[]): string[] {
  if (state === null || typeof state !== 'object') return [];
  const values = fields.flatMap((field) => {
    const value = (state as Record<string, unknown>)[field];
    return Array.isArray(value) ? value : [value];
  });
  return values.filter((value): value is string => typeof value === 'string' && IRI.test(value));
}

/**
 * The changed fields of an update with their old and new values in words, in the order of `changedFields`. Fields
 * that only the database derives from others (a route's last drive and validity) follow the fields that were written.
 */
export function fieldChangesOf(before: unknown, after: unknown, names?: HistoryNames): HistoryFieldChange[] {
  const state = (value: unknown, key: string) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return changedFields(before, after).map((field) => ({
    field,
    label: RECORD_FIELD_LABELS[field] ?? field,
    from: historyValueText(field, state(before, field), names),
    to: historyValueText(field, state(after, field), names),
  }));
}

/** One changed field in words: "Gefahren am: 03.08.2026 → 05.08.2026". */
export const fieldChangeText = (change: Pick<HistoryFieldChange, 'label' | 'from' | 'to'>) =>
  `${change.label}: ${change.from} → ${change.to}`;
