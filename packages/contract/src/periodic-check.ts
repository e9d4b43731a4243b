import { z } from 'zod';
import { formatDate } from './format.js';
import { addDays, type CalendarDate } from './knowledge.js';
import { plural } from './plural.js';

/**
 * When a driver's next check of the infrastructure knowledge is due (issue 41 item 5, docs/decisions/0066): TfV
 * Anlage 11 Nr. 3 b asks it at least every three years, and whenever a line has not been driven for more than a year.
 * The last check is the latest passed periodic check the driver holds (an attestation of this Betrieb, or of an earlier
 * one they have not hidden from it, not withdrawn); "a line" is a requirement asked of the driver whose matching route
 * was last driven more than a year ago. The matrix and the Disponent's weekly mail show it.
 */

/** Years between two periodic checks at most. */
export const PERIODIC_CHECK_YEARS = 3;

/** A line not driven for more than this long asks a check now. */
export const UNDRIVEN_CHECK_YEARS = 1;

/** Days ahead in which a check counts as due soon (the matrix's and the weekly mail's window). */
export const CHECK_DUE_SOON_DAYS = 30;

/**
 * Why a check is due: `lapsed` — a required line not driven for more than a year; `interval` — three years after the
 * last check; `none` — no check recorded (and no lapsed line): nothing to count from.
 */
export const NEXT_CHECK_REASONS = ['lapsed', 'interval', 'none'] as const;
export type NextCheckReason = (typeof NEXT_CHECK_REASONS)[number];

export const nextCheckSchema = z.object({
  lastCheck: z
    .object({ checkedOn: z.string(), betrieb: z.string().describe('Der Betrieb, der sie bescheinigt hat') })
    .nullable()
    .describe('Die letzte bestandene Überprüfung; null = keine erfasst'),
  due: z.string().nullable().describe('Fällig am (JJJJ-MM-TT); null = keine Überprüfung erfasst und keine fällig'),
  reason: z.enum(NEXT_CHECK_REASONS).describe('lapsed = Strecke über ein Jahr nicht gefahren; interval = 3 Jahre'),
  undriven: z
    .array(z.number().int())
    .describe('Ids der geforderten Anforderungen, deren Strecke über ein Jahr nicht gefahren wurde'),
});
export type NextCheck = z.infer<typeof nextCheckSchema>;

/** The same day `years` years later (29 February: 28 February in a common year). */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last day on which a line counts as driven recently: a last drive before it was more than a year ago. */
export const undrivenBefore = (asOf: CalendarDate) => addYears(asOf, -UNDRIVEN_CHECK_YEARS);

/** When the next check is due on `asOf`, from the last passed one and the required lines not driven for a year. */
export function nextCheckOf(
  lastCheck: NextCheck['lastCheck'],
  undriven: readonly number[],
  asOf: CalendarDate,
): NextCheck {
  if (undriven.length > 0) return { lastCheck, due: asOf, reason: 'lapsed', undriven: [...undriven] };
  if (lastCheck === null) return { lastCheck, due: null, reason: 'none', undriven: [] };
  return { lastCheck, due: addYears(lastCheck.checkedOn, PERIODIC_CHECK_YEARS), reason: 'interval', undriven: [] };
}

/** Whether the check is due on `asOf` or within the coming `days` (a lapsed line: now). */
export function checkDueWithin(next: NextCheck, asOf: CalendarDate, days = CHECK_DUE_SOON_DAYS): boolean {
  return next.due !== null && next.due <= addDays(asOf, days);
}

/**
 * The next check in words, as the matrix, its CSV and the weekly mail say it: 'fällig: 1 geforderte Strecke über ein
 * Jahr nicht gefahren', 'überfällig seit 02.12.2026', 'fällig am 15.12.2026', 'nächste bis 01.06.2028', 'keine
 * Überprüfung erfasst'.
 */
export function nextCheckLabel(next: NextCheck, asOf: CalendarDate): string {
  switch (next.reason) {
    case 'lapsed':
      return `fällig: ${plural(next.undriven.length, 'geforderte Strecke', 'geforderte Strecken')} über ein Jahr nicht gefahren`;
    case 'none':
      return 'keine Überprüfung erfasst';
    default:
      if (next.due! < asOf) return `überfällig seit ${formatDate(next.due)}`;
      if (checkDueWithin(next, asOf)) return `fällig am ${formatDate(next.due)}`;
      return `nächste bis ${formatDate(next.due)}`;
  }
}

/** The last check in words: 'zuletzt 01.06.2025 (Mainfranken Bahn)', or none. */
export function lastCheckLabel(next: Pick<NextCheck, 'lastCheck'>): string {
  return next.lastCheck
    ? `zuletzt ${formatDate(next.lastCheck.checkedOn)} (${next.lastCheck.betrieb})`
    : 'keine Überprüfung erfasst';
}
