import { getPosition } from 'suncalc';
import { Temporal } from 'temporal-polyfill';

/**
 * Darkness as the rules of first acquisition count it (issue 41, docs/decisions/0063): the sun's centre below civil
 * twilight, 6° under the horizon. Computed, never asked: from the drive's day and time of day on the app's wall clock
 * and where its route lies. suncalc (mourner) gives the sun's apparent altitude; temporal-polyfill turns the wall
 * clock of a time zone into an instant (summer time included), neither written by hand.
 */
export const CIVIL_TWILIGHT_DEGREES = -6;

/** The instant a wall clock in `timeZone` shows `time` ("05:40") on `day` ("2026-12-21"); the earlier of a doubled hour. */
export function wallClockInstant(day: string, time: string, timeZone: string): Date {
  const zoned = Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  return new Date(zoned.epochMilliseconds);
}

/** Whether it is dark at `instant` at the place: the sun's altitude below civil twilight. */
export function isDarkAt(instant: Date, place: { lat: number; lon: number }): boolean {
  return getPosition(instant, place.lat, place.lon).altitude < CIVIL_TWILIGHT_DEGREES;
}

/** The middle of a route's ends where both have coordinates, else the one that has; undefined without any. */
export function routePlace(
  ends: readonly ({ lat: number; lon: number } | undefined)[],
): { lat: number; lon: number } | undefined {
  const known = ends.filter((end): end is { lat: number; lon: number } => end !== undefined);
  if (known.length === 0) return undefined;
  return {
    lat: known.reduce((sum, end) => sum + end.lat, 0) / known.length,
    lon: known.reduce((sum, end) => sum + end.lon, 0) / known.length,
  };
}

/** A drive's darkness: null without a time of day or a place. */
export function driveDarkness(
  drive: { day: string; time: string | null },
  place: { lat: number; lon: number } | undefined,
  timeZone: string,
): boolean | null {
  if (drive.time === null || place === undefined) return null;
  return isDarkAt(wallClockInstant(drive.day, drive.time, timeZone), place);
}
