/**
 * The state of a route's knowledge and how it is worded, for every place that prints it: the dashboard and the map,
 * the CSV and PDF exports and the shared proof page, the mails and reminders. One classifier (`knowledgeStatus`:
 * valid, expiring within 30 days, expired, never recorded) and the texts derived from it. No zod here: pages import
 * this freely.
 */
import { EXPIRING_SOON_DAYS } from './constants.js';
import { plural } from './plural.js';

/** The four states: valid, expiring soon (≤ 30 days, today included), expired, never recorded. */
export type KnowledgeStatus = 'valid' | 'soon' | 'expired' | 'unrecorded';

/**
 * The state for the days left until a route's validity ends (`daysUntil`: 0 = last valid day, negative = expired,
 * null or undefined = never recorded).
 */
export function knowledgeStatus(days: number | null | undefined, soonDays = EXPIRING_SOON_DAYS): KnowledgeStatus {
  if (days === null || days === undefined) return 'unrecorded';
  if (days < 0) return 'expired';
  return days <= soonDays ? 'soon' : 'valid';
}

export type ValidityState = 'unrecorded' | 'expired' | 'valid';

/** Whether knowledge is still valid at all (expiring soon counts as valid). */
export function validityState(days: number | null | undefined): ValidityState {
  const status = knowledgeStatus(days);
  return status === 'soon' ? 'valid' : status;
}

/**
 * The word for a route that was never recorded: the exports, the PDF and the route page print it. The dashboard
 * still says "nie gefahren" (tiles, map legend) and "Keine Aufzeichnung" (its list) – see
 * `KNOWLEDGE_STATUS_LABELS` and `validityLabel`; docs/decisions/0036.
 */
export const UNRECORDED_LABEL = 'nicht erfasst';

/** The states as the dashboard's tiles and filters and the map's legend name them. */
export const KNOWLEDGE_STATUS_LABELS: Record<KnowledgeStatus, string> = {
  valid: 'gültig',
  soon: 'läuft bald ab',
  expired: 'abgelaufen',
  unrecorded: 'nie gefahren',
};

/** The states as the PDF's summary names them (its status column says more: `statusLabel`). */
export const EXPORT_STATUS_LABELS: Record<KnowledgeStatus, string> = {
  valid: 'gültig',
  soon: `läuft in ≤ ${EXPIRING_SOON_DAYS} Tagen ab`,
  expired: 'abgelaufen',
  unrecorded: UNRECORDED_LABEL,
};

/**
 * The status column of the CSV, the PDF and the shared proof page: 'gültig', 'läuft heute ab', 'läuft in 1 Tag ab',
 * 'läuft in 12 Tagen ab', 'abgelaufen', 'nicht erfasst'.
 */
export function statusLabel(days: number | null | undefined): string {
  const status = knowledgeStatus(days);
  if (status !== 'soon' || days === null || days === undefined) return EXPORT_STATUS_LABELS[status];
  return days === 0 ? 'läuft heute ab' : `läuft in ${plural(days, 'Tag', 'Tagen')} ab`;
}

/** Where a validity label stands: alone (a list's column, capitalised) or inside a sentence (lower case). */
export type LabelPlace = 'alone' | 'inSentence';

/**
 * The dashboard's list: 'Heute', 'Morgen', 'In 5 Tagen', 'Abgelaufen (seit 3 Tagen)', 'Keine Aufzeichnung'. Inside a
 * sentence (`'inSentence'`, "am 01.03.2027 (in 188 Tagen)") the same words start in lower case.
 */
export function validityLabel(days: number | null | undefined, place: LabelPlace = 'alone'): string {
  const label = aloneValidityLabel(days);
  return place === 'inSentence' ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

function aloneValidityLabel(days: number | null | undefined): string {
  if (days === null || days === undefined) return 'Keine Aufzeichnung';
  if (days < 0) return `Abgelaufen (seit ${plural(-days, 'Tag', 'Tagen')})`;
  if (days === 0) return 'Heute';
  if (days === 1) return 'Morgen';
  return `In ${plural(days, 'Tag', 'Tagen')}`;
}

/**
 * The mails (weekly report, reminders), for a route with a validity: 'abgelaufen seit 3 Tagen',
 * 'läuft heute ab (letzter gültiger Tag)', 'noch 12 Tage gültig'.
 */
export function remainingLabel(days: number): string {
  if (days < 0) return `abgelaufen seit ${plural(-days, 'Tag', 'Tagen')}`;
  if (days === 0) return 'läuft heute ab (letzter gültiger Tag)';
  return `noch ${plural(days, 'Tag', 'Tage')} gültig`;
}
