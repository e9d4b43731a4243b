/**
 * How dates, times and numbers read in this product, wherever they are printed: the web app, the CSV and PDF
 * exports, the shared proof page and the mails (German, dd.mm.yyyy, de-DE numbers). No zod here: pages import
 * this freely.
 */

/** `YYYY-MM-DD`, also at the start of an ISO timestamp (`2026-03-01T10:00:00Z`); years of four to six digits. */
const DATE_START = /^(\d{4,6})-(\d{2})-(\d{2})(?!\d)/;

/**
 * A calendar date as people read it: `2026-03-01` → `01.03.2026`. An ISO timestamp gives the date it starts with
 * (the date as stored, not converted to a zone). Nothing (null, undefined, '') gives `empty`; text that is no date
 * is returned as it is.
 */
export function formatDate(value: string | null | undefined, empty = ''): string {
  if (!value) return empty;
  const match = DATE_START.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** One formatter per time zone (undefined = the runtime's zone): building an Intl.DateTimeFormat is costly. */
const dateTimeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A moment as people read it: `22.11.2026, 14:05` (24-hour clock), in `timeZone` (an IANA name such as
 * `Europe/Berlin`) or, without one, in the zone of the device the code runs on.
 */
export function formatDateTime(value: Date | number | string, timeZone?: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/** The IANA zone of the device the code runs on (`Europe/Berlin`): whose "today" a browser's date field offers. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const numberFormat = new Intl.NumberFormat('de-DE');

/** A number as people read it: `1.234`, `20.000`, `2,5` (German grouping and decimal comma). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Whether `value` (YYYY-MM-DD) is a real calendar date of the years 0001–9999 (what PostgreSQL stores and returns). */
export function isStorableDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC or a parsed string: those map the years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date as people type it in Germany → `YYYY-MM-DD`, or null when it is none or does not exist. Takes
 * `10.12.2025`, `1.2.25`, `10-12-2025`, `10/12/2025`, the digits alone (`10122025`, `101225`), a leading weekday
 * (`Mi, 10.12.2025`, as the date fields show it) and `2025-12-10`. Day before month always, whatever the browser's
 * language; a two-digit year is one of 2000–2099.
 */
export function parseGermanDate(text: string): string | null {
  const read = readGermanDate(text);
  return 'date' in read ? read.date : null;
}

/**
 * The forms a date is read in: `typed` — every form `parseGermanDate` names, as people type into a date field;
 * `file` — only `TT.MM.JJJJ`, `T.M.JJ` and `JJJJ-MM-TT`, as a CSV file states a date: a file's `03/01/2026` may be an
 * American 1 March and `030126` a number, so they are refused, not guessed.
 */
export type DateForms = 'typed' | 'file';

/** Why a text is no date: it has none of the forms read (`form`), or it names a day that does not exist (`day`). */
export type DateProblem = 'form' | 'day';

/**
 * The one German date reader (the date fields, the CSV imports): `text` → `{ date: 'YYYY-MM-DD' }`, or the problem.
 * Day before month always; a two-digit year is one of 2000–2099; a date must be storable (`isStorableDate`).
 */
export function readGermanDate(text: string, forms: DateForms = 'typed'): { date: string } | { problem: DateProblem } {
  const value = forms === 'typed' ? text.trim().replace(/^[\p{L}]+\.?,?\s*/u, '') : text.trim();
  let parts: [string, string, string] | null = null;
  const iso = (forms === 'typed' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(value);
  const separated = (
    forms === 'typed' ? /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/ : /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/
  ).exec(value);
  const digits = forms === 'typed' ? /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(value) : null;
  if (iso) parts = [iso[3]!, iso[2]!, iso[1]!];
  else if (separated) parts = [separated[1]!, separated[2]!, separated[3]!];
  else if (digits) parts = [digits[1]!, digits[2]!, digits[3]!];
  if (!parts) return { problem: 'form' };
  const [day, month, year] = parts;
  const result = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isStorableDate(result) ? { date: result } : { problem: 'day' };
}

/** Whether `zone` is an IANA time zone the runtime knows (`Europe/Berlin`; not `Mars/Olympus`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One formatter per time zone for `wallClockIn`. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * What a clock on the wall in `timeZone` shows at `moment`: the ISO weekday (1 = Monday … 7 = Sunday), the hour
 * (0–23) and the minute — what the scheduled jobs (Monday 06:00, the reminder hour) are timed by.
 */
export function wallClockIn(moment: Date, timeZone: string): { weekday: number; hour: number; minute: number } {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return {
    weekday: WEEKDAYS.indexOf(part('weekday')) + 1,
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}
