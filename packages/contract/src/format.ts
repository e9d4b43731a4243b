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

const numberFormat = new Intl.NumberFormat('de-DE');

/** A number as people read it: `1.234`, `20.000`, `2,5` (German grouping and decimal comma). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
