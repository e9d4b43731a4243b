/**
 * Route knowledge rules (API.md "Route knowledge rules", seed sections 4 and 9), shared by server and web.
 * Pure functions on calendar dates `YYYY-MM-DD`: no time, no zone. Arithmetic runs in UTC, where every day has
 * 24 hours, so daylight-saving changes cannot shift a date.
 */
import { BACKDATED_AFTER_DAYS, DEFAULT_TIME_ZONE, VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from './constants.js';
import { knowledgeStatus, type KnowledgeStatus } from './status.js';

/** A calendar date `YYYY-MM-DD`. */
export type CalendarDate = string;
export type ValidityPeriod = 'year' | 'half-year';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4,6})-(\d{2})-(\d{2})$/;

function toUtcMs(date: CalendarDate): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Kein Kalenderdatum: ${date}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0–99 to 1900–1999.
  const value = new Date(0);
  value.setUTCFullYear(year, month - 1, day);
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) {
    throw new RangeError(`Dieses Datum gibt es nicht: ${date}`);
  }
  return value.getTime();
}

function fromUtcMs(ms: number): CalendarDate {
  const value = new Date(ms);
  const year = String(value.getUTCFullYear()).padStart(4, '0');
  const month = String(value.getUTCMonth() + 1).padStart(2, '0');
  const day = String(value.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** Whether `text` is an existing calendar date `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    toUtcMs(text);
    return true;
  } catch {
    return false;
  }
}

/** `date` shifted by `days` calendar days (negative = earlier). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`Ganze Tage erwartet: ${days}`);
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Calendar days from `from` to `to`: positive when `to` is later, 0 on the same day. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export function validityDays(period: ValidityPeriod): number {
  return period === 'half-year' ? VALIDITY_DAYS_HALF_YEAR : VALIDITY_DAYS_YEAR;
}

/** Last day (inclusive) on which knowledge acquired on `acquiredAt` is valid: + 364 days, or + 182 for a half year. */
export function validUntil(acquiredAt: CalendarDate, period: ValidityPeriod = 'year'): CalendarDate {
  return addDays(acquiredAt, validityDays(period));
}

/** The rule in force for a route or vehicle: its own, else the account's default (null = knowledge does not expire). */
export function effectiveValidityDays<Default extends number | null>(
  own: number | null | undefined,
  accountDefault: Default,
): number | Default {
  return own ?? accountDefault;
}

/**
 * Days a drive keeps these routes known when no end date is given (docs/decisions/0020): each route's rule in force
 * (`effectiveValidityDays`); when the routes' rules differ, the shortest, so that no route's knowledge is recorded
 * as lasting longer than its rule allows. Without routes, the account's rule. The server, the documentation page
 * and the quick record all decide with this function.
 */
export function driveValidityDays(routeRules: Iterable<number | null | undefined>, accountDefault: number): number {
  let shortest: number | null = null;
  for (const own of routeRules) {
    const days = effectiveValidityDays(own, accountDefault);
    if (shortest === null || days < shortest) shortest = days;
  }
  return shortest ?? accountDefault;
}

export const VALIDITY_RANGE_MESSAGE = '„Gültig bis“ darf nicht vor dem Erwerbsdatum liegen.';

/** A drive date after today: refused by the forms and the server alike (today in the app's time zone, `todayIn`). */
export const FUTURE_DATE_MESSAGE = 'Das Datum darf nicht in der Zukunft liegen.';

/** The rule of a route activity's dates: valid through `acquiredUntil`, which must not lie before `acquiredAt`. */
export function isValidityRange(acquiredAt: CalendarDate, acquiredUntil: CalendarDate): boolean {
  return daysBetween(acquiredAt, acquiredUntil) >= 0;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

const MINUTE_MS = 60_000;
/** The last answer per time zone, for the minute it was computed in (zones change dates only on whole minutes). */
const lastDay = new Map<string, { minute: number; date: CalendarDate }>();

/** The calendar date at `now` in `timeZone` (an IANA name such as `Europe/Berlin`). */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.date;
  const date = calendarDateIn(timeZone, now);
  lastDay.set(timeZone, { minute, date });
  return date;
}

/**
 * Whether a drive was recorded late ("nachgetragen", issue 27): the calendar day of `recordedAt` in `timeZone` lies
 * more than `BACKDATED_AFTER_DAYS` (7) days after `drivenOn`. A drive recorded before recording times were kept
 * (`recordedAt` null) is not marked: when it was recorded is unknown. The app, the CSV and PDF exports and the
 * supervisor's page all decide with this function.
 */
export function isBackdated(
  drivenOn: CalendarDate,
  recordedAt: string | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (recordedAt === null || recordedAt === undefined) return false;
  const moment = typeof recordedAt === 'string' ? new Date(recordedAt) : recordedAt;
  if (Number.isNaN(moment.getTime())) return false;
  return daysBetween(drivenOn, calendarDayOf(moment, timeZone)) > BACKDATED_AFTER_DAYS;
}

/** The calendar date of a moment (a recording, `2026-11-25T23:30:00Z`) in `timeZone`: here `2026-11-26`. */
export function calendarDayOf(moment: string | Date, timeZone: string = DEFAULT_TIME_ZONE): CalendarDate {
  return calendarDateIn(timeZone, typeof moment === 'string' ? new Date(moment) : moment);
}

function calendarDateIn(timeZone: string, now: Date): CalendarDate {
  let format = calendarFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    calendarFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** A route's validity: the latest `acquiredUntil` among its activities; null when it has none (never recorded). */
export function latestValidity(dates: Iterable<CalendarDate | null | undefined>): CalendarDate | null {
  let latest: CalendarDate | null = null;
  for (const date of dates) {
    if (date && (latest === null || toUtcMs(date) > toUtcMs(latest))) latest = date;
  }
  return latest;
}

/** Days from `today` until `acquiredUntil`: 0 = last valid day, negative = expired, null = never recorded. */
export function daysUntil(acquiredUntil: CalendarDate | null | undefined, today: CalendarDate): number | null {
  return acquiredUntil ? daysBetween(today, acquiredUntil) : null;
}

/** How many routes are in each state. */
export function countByStatus(entries: readonly ExpiringEntryLike[]): Record<KnowledgeStatus, number> {
  const counts: Record<KnowledgeStatus, number> = { valid: 0, soon: 0, expired: 0, unrecorded: 0 };
  for (const entry of entries) counts[knowledgeStatus(entry.acquired_until_days)] += 1;
  return counts;
}

/** The entry that expires next (today included); null when nothing valid is left. */
export function nextExpiry<T extends ExpiringEntryLike>(entries: readonly T[]): T | null {
  let next: T | null = null;
  for (const entry of entries) {
    const days = entry.acquired_until_days ?? null;
    if (days === null || days < 0) continue;
    if (next === null || compareExpiring(entry, next) < 0) next = entry;
  }
  return next;
}

export interface ExpiringEntryLike {
  name?: string;
  acquired_until_days?: number | null;
}

const collator = new Intl.Collator('de', { sensitivity: 'variant', numeric: true });

/** Order of the expiring list: never recorded first, then ascending days, then name (German order). */
export function compareExpiring(a: ExpiringEntryLike, b: ExpiringEntryLike): number {
  const aDays = a.acquired_until_days ?? null;
  const bDays = b.acquired_until_days ?? null;
  if (aDays === null && bDays !== null) return -1;
  if (bDays === null && aDays !== null) return 1;
  if (aDays !== null && bDays !== null && aDays !== bDays) return aDays - bDays;
  return collator.compare(a.name ?? '', b.name ?? '');
}

export interface ExpiringFilter {
  /** Keep entries with at most this many days left (expired ones always qualify); absent = no window. */
  days?: number | null | undefined;
  /** Drop never-recorded entries (acquired_until_days missing or null). */
  recordedOnly?: boolean | undefined;
}

/**
 * The expiring list as the dashboard shows it (seed section 4): within the day window, never-recorded entries
 * only when `recordedOnly` is off; sorted by `compareExpiring`. Returns a new array.
 */
export function filterExpiring<T extends ExpiringEntryLike>(entries: readonly T[], filter: ExpiringFilter = {}): T[] {
  const window = filter.days ?? null;
  return entries
    .filter((entry) => {
      const days = entry.acquired_until_days ?? null;
      if (days === null) return !filter.recordedOnly;
      return days < 0 || window === null || days <= window;
    })
    .sort(compareExpiring);
}

export interface SelectionIds {
  routes?: readonly number[] | undefined;
  tours?: readonly number[] | undefined;
  /** Place codes: a route starting or ending at one of them is selected. */
  places?: readonly string[] | undefined;
}

export interface SelectableRoute {
  id: number;
  startPoint: string;
  endPoint: string;
  /** The linked stations (their code is the place); absent or null = the typed text is the place. */
  startStation?: { code: string } | null | undefined;
  endStation?: { code: string } | null | undefined;
}

/**
 * A place's key in the documentation selection: the station's DS100 code when the point is linked to one, else
 * the text as typed. So "FF" and a route linked to "Frankfurt (Main) Hbf" are one place.
 */
export function placeKey(point: string, station: { code: string } | null | undefined): string {
  return station ? station.code : point;
}

export interface TourRouteLink {
  tourId: number;
  routeId: number;
}

/**
 * The route ids a documentation selection stands for: the routes chosen directly, every route of a chosen tour,
 * every route starting or ending at a chosen place. Only ids of `allRoutes` count; no duplicates; in the order of
 * `allRoutes`. An empty selection gives an empty list (whether that means "everything" is the caller's rule).
 */
export function expandSelection(
  selection: SelectionIds,
  allRoutes: readonly SelectableRoute[],
  tourRoutes: readonly TourRouteLink[],
): number[] {
  const chosen = new Set<number>(selection.routes ?? []);
  const tours = new Set(selection.tours ?? []);
  for (const link of tourRoutes) {
    if (tours.has(link.tourId)) chosen.add(link.routeId);
  }
  const places = new Set(selection.places ?? []);
  const result = new Set<number>();
  for (const route of allRoutes) {
    if (
      chosen.has(route.id) ||
      places.has(placeKey(route.startPoint, route.startStation)) ||
      places.has(placeKey(route.endPoint, route.endStation))
    )
      result.add(route.id);
  }
  return [...result];
}
