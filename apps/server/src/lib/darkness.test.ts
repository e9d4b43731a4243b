import { describe, expect, it } from 'vitest';
import { driveDarkness, isDarkAt, routePlace, wallClockInstant } from './darkness.js';

/** Frankfurt (Main) Hbf, as db-stations places it. */
const frankfurt = { lat: 50.10715, lon: 8.66379 };

/**
 * Civil twilight in Frankfurt am Main (begin, end; local time, CET in winter and March, CEST in summer) as the
 * published tables give it to the minute (timeanddate.com "Frankfurt am Main, Sun & Moon", and the US Naval
 * Observatory's "Sun and Moon Data for One Day", 2026). Each is checked 10 minutes either side, so that a minute
 * of rounding or of the observer's exact place cannot decide a case.
 */
const PUBLISHED = [
  { day: '2026-03-20', dawn: '05:56', dusk: '19:10' },
  { day: '2026-06-21', dawn: '04:30', dusk: '22:23' },
  { day: '2026-09-22', dawn: '06:39', dusk: '19:55' },
  { day: '2026-12-21', dawn: '07:43', dusk: '17:03' },
];

const shift = (time: string, minutes: number) => {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + mins + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

describe('darkness (civil twilight, Frankfurt)', () => {
  for (const { day, dawn, dusk } of PUBLISHED) {
    it(`${day}: dark before ${dawn} and after ${dusk}, light between`, () => {
      const dark = (time: string) => driveDarkness({ day, time }, frankfurt, 'Europe/Berlin');
      expect(dark(shift(dawn, -10))).toBe(true);
      expect(dark(shift(dawn, 10))).toBe(false);
      expect(dark('12:00')).toBe(false);
      expect(dark(shift(dusk, -10))).toBe(false);
      expect(dark(shift(dusk, 10))).toBe(true);
      expect(dark('00:30')).toBe(true);
    });
  }

  it('reads the wall clock in the app time zone, summer time included', () => {
    expect(wallClockInstant('2026-12-21', '07:00', 'Europe/Berlin').toISOString()).toBe('2026-12-21T06:00:00.000Z');
    expect(wallClockInstant('2026-06-21', '07:00', 'Europe/Berlin').toISOString()).toBe('2026-06-21T05:00:00.000Z');
    // 02:30 on the last Sunday of March does not exist in Berlin: read an hour earlier (01:30 CET), as Temporal's 'earlier'.
    expect(wallClockInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('is unknown without a time or a place', () => {
    expect(driveDarkness({ day: '2026-12-21', time: null }, frankfurt, 'Europe/Berlin')).toBeNull();
    expect(driveDarkness({ day: '2026-12-21', time: '23:00' }, undefined, 'Europe/Berlin')).toBeNull();
  });

  it('places a route at the middle of its ends, or at the one end known', () => {
    const mannheim = { lat: 49.47961, lon: 8.46914 };
    expect(routePlace([frankfurt, mannheim])).toEqual({ lat: (50.10715 + 49.47961) / 2, lon: (8.66379 + 8.46914) / 2 });
    expect(routePlace([undefined, mannheim])).toEqual(mannheim);
    expect(routePlace([undefined, undefined])).toBeUndefined();
    // Midnight at midsummer far in the north is light (the sun stays above −6°): the place matters.
    expect(isDarkAt(wallClockInstant('2026-06-21', '00:30', 'Europe/Oslo'), { lat: 69.65, lon: 18.96 })).toBe(false);
  });
});
