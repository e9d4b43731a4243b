import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareExpiring,
  countByStatus,
  daysBetween,
  daysUntil,
  driveValidityDays,
  effectiveValidityDays,
  expandSelection,
  filterExpiring,
  calendarDayOf,
  isBackdated,
  isCalendarDate,
  latestValidity,
  nextExpiry,
  todayIn,
  validUntil,
  type ExpiringEntryLike,
} from './knowledge.js';
import { KNOWLEDGE_STATUS_LABELS, knowledgeStatus, validityLabel, validityState } from './status.js';

const calendarDate = (min = '0001-01-01', max = '9998-12-31') =>
  fc
    .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));

describe('addDays', () => {
  it('moves across month and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-05-17', 0)).toBe('2026-05-17');
  });

  it('is not shifted by the daylight-saving changes in Europe/Berlin', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-03-30', -2)).toBe('2026-03-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('gives the same result whatever the process time zone is', () => {
    const original = process.env.TZ;
    try {
      for (const zone of ['Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = zone;
        expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
        expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
        expect(validUntil('2024-02-29')).toBe('2025-02-27');
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('handles years below 100 without mapping them to the 1900s', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(daysBetween('0001-01-01', '0002-01-01')).toBe(365);
  });

  it('rejects text that is not an existing date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('22.11.2026', 1)).toThrow(RangeError);
    expect(() => addDays('2026-11-22', 0.5)).toThrow(RangeError);
  });

  it('inverts daysBetween (property)', () => {
    fc.assert(
      fc.property(calendarDate(), fc.integer({ min: -100_000, max: 100_000 }), (date, days) => {
        const shifted = addDays(date, days);
        // Outside years 1–9999 there is no YYYY-MM-DD form to compare.
        if (!/^\d{4}-/.test(shifted) || shifted < '0001-01-01') return;
        expect(isCalendarDate(shifted)).toBe(true);
        expect(daysBetween(date, shifted)).toBe(days);
        expect(addDays(shifted, -days)).toBe(date);
      }),
    );
  });

  it('composes: adding a then b equals adding a + b (property)', () => {
    fc.assert(
      fc.property(
        calendarDate('1900-01-01', '2200-12-31'),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (date, a, b) => {
          expect(addDays(addDays(date, a), b)).toBe(addDays(date, a + b));
        },
      ),
    );
  });

  it('keeps the lexical order of dates (property)', () => {
    fc.assert(
      fc.property(calendarDate('1000-01-01', '9000-12-31'), fc.integer({ min: 1, max: 10_000 }), (date, days) => {
        expect(addDays(date, days) > date).toBe(true);
        expect(addDays(date, -days) < date).toBe(true);
      }),
    );
  });
});

describe('isCalendarDate', () => {
  it('accepts existing dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('validUntil', () => {
  it('adds 364 days for a year', () => {
    expect(validUntil('2026-11-22')).toBe('2027-11-21');
    expect(validUntil('2025-01-01', 'year')).toBe('2025-12-31');
    expect(validUntil('2024-01-01', 'year')).toBe('2024-12-30');
  });

  it('counts leap days', () => {
    expect(validUntil('2024-02-29')).toBe('2025-02-27');
    expect(validUntil('2023-03-01')).toBe('2024-02-28');
    expect(validUntil('2023-02-28')).toBe('2024-02-27');
    expect(validUntil('2000-02-29')).toBe('2001-02-27');
    expect(validUntil('1900-02-28')).toBe('1901-02-27');
  });

  it('adds 182 days for a half year', () => {
    expect(validUntil('2026-01-01', 'half-year')).toBe('2026-07-02');
    expect(validUntil('2024-02-29', 'half-year')).toBe('2024-08-29');
    expect(validUntil('2026-10-25', 'half-year')).toBe('2027-04-25');
  });

  it('is always exactly 364 or 182 days later (property)', () => {
    fc.assert(
      fc.property(calendarDate('1900-01-01', '2999-12-31'), (date) => {
        expect(daysBetween(date, validUntil(date))).toBe(364);
        expect(daysBetween(date, validUntil(date, 'half-year'))).toBe(182);
      }),
    );
  });
});

describe('todayIn', () => {
  const at = (iso: string) => new Date(iso);

  it('gives the Berlin date around the change to summer time (2026-03-29)', () => {
    expect(todayIn('Europe/Berlin', at('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Berlin', at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', at('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', at('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(todayIn('Europe/Berlin', at('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
  });

  it('gives the Berlin date around the change to winter time (2026-10-25)', () => {
    expect(todayIn('Europe/Berlin', at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(todayIn('Europe/Berlin', at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Berlin', at('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Berlin', at('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Berlin', at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(todayIn('Europe/Berlin', at('2026-10-25T23:30:00Z'))).toBe('2026-10-26');
  });

  it('uses the given zone, not the process zone', () => {
    const moment = at('2026-11-22T23:30:00Z');
    expect(todayIn('UTC', moment)).toBe('2026-11-22');
    expect(todayIn('Europe/Berlin', moment)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', moment)).toBe('2026-11-22');
    expect(todayIn('Pacific/Kiritimati', at('2026-11-22T10:30:00Z'))).toBe('2026-11-23');
  });

  it('matches the UTC date in UTC and is at most one day ahead of it in Berlin (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('1971-01-01T00:00:00Z'), max: at('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        (now) => {
          const utc = now.toISOString().slice(0, 10);
          expect(todayIn('UTC', now)).toBe(utc);
          expect([0, 1]).toContain(daysBetween(utc, todayIn('Europe/Berlin', now)));
        },
      ),
    );
  });

  it('defaults to now', () => {
    expect(isCalendarDate(todayIn('Europe/Berlin'))).toBe(true);
  });
});

describe('latestValidity', () => {
  it('takes the latest acquiredUntil and ignores gaps', () => {
    expect(latestValidity(['2026-01-01', '2027-03-01', null, '2026-12-31'])).toBe('2027-03-01');
    expect(latestValidity([undefined, '2026-01-01'])).toBe('2026-01-01');
  });

  it('is null when nothing was recorded', () => {
    expect(latestValidity([])).toBeNull();
    expect(latestValidity([null, undefined])).toBeNull();
  });

  it('is the maximum of its dates (property)', () => {
    fc.assert(
      fc.property(fc.array(calendarDate('1900-01-01', '2200-12-31'), { minLength: 1, maxLength: 20 }), (dates) => {
        const latest = latestValidity(dates);
        expect(dates).toContain(latest);
        for (const date of dates) expect(daysBetween(date, latest as string)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('daysUntil, validityState and validityLabel', () => {
  it('counts 0 on the last valid day and negative days once expired', () => {
    expect(daysUntil('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysUntil('2026-11-23', '2026-11-22')).toBe(1);
    expect(daysUntil('2026-11-20', '2026-11-22')).toBe(-2);
    expect(daysUntil(null, '2026-11-22')).toBeNull();
    expect(daysUntil(undefined, '2026-11-22')).toBeNull();
  });

  it('labels in German', () => {
    expect(validityLabel(0)).toBe('Heute');
    expect(validityLabel(1)).toBe('Morgen');
    expect(validityLabel(2)).toBe('In 2 Tagen');
    expect(validityLabel(90)).toBe('In 90 Tagen');
    expect(validityLabel(-1)).toBe('Abgelaufen (seit 1 Tag)');
    expect(validityLabel(-12)).toBe('Abgelaufen (seit 12 Tagen)');
    expect(validityLabel(null)).toBe('Keine Aufzeichnung');
    expect(validityLabel(undefined)).toBe('Keine Aufzeichnung');
  });

  it('tells expired, valid and unrecorded apart', () => {
    expect(validityState(-1)).toBe('expired');
    expect(validityState(0)).toBe('valid');
    expect(validityState(null)).toBe('unrecorded');
  });
});

describe('filterExpiring', () => {
  const entries = [
    { name: 'Zeta', acquired_until_days: 100 },
    { name: 'Alpha', acquired_until_days: null },
    { name: 'Beta', acquired_until_days: -3 },
    { name: 'Gamma', acquired_until_days: 0 },
    { name: 'Delta', acquired_until_days: 90 },
    { name: 'Ärmel', acquired_until_days: 90 },
    { name: 'Epsilon', acquired_until_days: 91 },
    { name: 'Omega' },
  ];
  const names = (list: ExpiringEntryLike[]) => list.map((entry) => entry.name);

  it('keeps the window, expired entries and, unless recordedOnly, the never recorded ones first', () => {
    expect(names(filterExpiring(entries, { days: 90, recordedOnly: false }))).toEqual([
      'Alpha',
      'Omega',
      'Beta',
      'Gamma',
      'Ärmel',
      'Delta',
    ]);
  });

  it('hides missing and null days with recordedOnly', () => {
    expect(names(filterExpiring(entries, { days: 90, recordedOnly: true }))).toEqual([
      'Beta',
      'Gamma',
      'Ärmel',
      'Delta',
    ]);
  });

  it('keeps everything without a window and does not change its input', () => {
    const copy = [...entries];
    expect(filterExpiring(entries)).toHaveLength(entries.length);
    expect(entries).toEqual(copy);
  });

  it('always keeps expired entries, even with a window below zero', () => {
    expect(names(filterExpiring(entries, { days: -10, recordedOnly: true }))).toEqual(['Beta']);
  });

  const entry = fc.record({
    name: fc.string({ maxLength: 5 }),
    acquired_until_days: fc.option(fc.integer({ min: -400, max: 400 }), { nil: null }),
  });

  it('returns exactly the qualifying entries, sorted (property)', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 40 }),
        fc.integer({ min: 0, max: 400 }),
        fc.boolean(),
        (list, days, recordedOnly) => {
          const result = filterExpiring(list, { days, recordedOnly });
          const qualifies = (e: ExpiringEntryLike) =>
            e.acquired_until_days === null ? !recordedOnly : (e.acquired_until_days as number) <= days;
          expect(result).toHaveLength(list.filter(qualifies).length);
          for (const e of result) expect(qualifies(e)).toBe(true);
          for (let i = 1; i < result.length; i++) {
            expect(
              compareExpiring(result[i - 1] as ExpiringEntryLike, result[i] as ExpiringEntryLike),
            ).toBeLessThanOrEqual(0);
          }
          const firstRecorded = result.findIndex((e) => e.acquired_until_days !== null);
          if (firstRecorded >= 0)
            expect(result.slice(firstRecorded).every((e) => e.acquired_until_days !== null)).toBe(true);
        },
      ),
    );
  });
});

describe('expandSelection', () => {
  const routes = [
    { id: 1, startPoint: 'HU', endPoint: 'HH' },
    { id: 2, startPoint: 'HH', endPoint: 'AH' },
    { id: 3, startPoint: 'AH', endPoint: 'HB' },
    { id: 4, startPoint: 'HB', endPoint: 'HU' },
    { id: 5, startPoint: 'KI', endPoint: 'FL' },
  ];
  const tourRoutes = [
    { tourId: 10, routeId: 2 },
    { tourId: 10, routeId: 3 },
    { tourId: 11, routeId: 5 },
  ];

  it('adds the routes of a tour', () => {
    expect(expandSelection({ tours: [10] }, routes, tourRoutes)).toEqual([2, 3]);
  });

  it('adds every route starting or ending at a place', () => {
    expect(expandSelection({ places: ['HU'] }, routes, tourRoutes)).toEqual([1, 4]);
  });

  it('combines routes, tours and places without duplicates', () => {
    expect(expandSelection({ routes: [3, 1, 3], tours: [10, 11], places: ['HU', 'AH'] }, routes, tourRoutes)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('ignores ids that are not among the routes and gives nothing for an empty selection', () => {
    expect(expandSelection({ routes: [99], tours: [77], places: ['XX'] }, routes, tourRoutes)).toEqual([]);
    expect(expandSelection({}, routes, tourRoutes)).toEqual([]);
  });

  it('returns each known route once and includes everything selected (property)', () => {
    const ids = fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 10 });
    fc.assert(
      fc.property(
        ids,
        fc.array(fc.integer({ min: 10, max: 12 }), { maxLength: 3 }),
        fc.array(fc.constantFrom<string>('HU', 'HH', 'AH', 'XX'), { maxLength: 3 }),
        (routeIds, tourIds, places) => {
          const result = expandSelection({ routes: routeIds, tours: tourIds, places }, routes, tourRoutes);
          expect(new Set(result).size).toBe(result.length);
          const known = new Set(routes.map((route) => route.id));
          for (const id of result) expect(known.has(id)).toBe(true);
          for (const id of routeIds) if (known.has(id)) expect(result).toContain(id);
          for (const link of tourRoutes) if (tourIds.includes(link.tourId)) expect(result).toContain(link.routeId);
          for (const route of routes) {
            if (places.includes(route.startPoint) || places.includes(route.endPoint))
              expect(result).toContain(route.id);
          }
        },
      ),
    );
  });
});

describe('knowledgeStatus, countByStatus and nextExpiry', () => {
  it('splits at 30 days: today and day 30 are "soon", day 31 is valid, yesterday expired', () => {
    expect(knowledgeStatus(0)).toBe('soon');
    expect(knowledgeStatus(30)).toBe('soon');
    expect(knowledgeStatus(31)).toBe('valid');
    expect(knowledgeStatus(-1)).toBe('expired');
    expect(knowledgeStatus(null)).toBe('unrecorded');
    expect(KNOWLEDGE_STATUS_LABELS.soon).toBe('läuft bald ab');
  });

  it('counts every entry once', () => {
    const entries = [5, 40, -3, null, 30, 200].map((days) => ({ acquired_until_days: days }));
    expect(countByStatus(entries)).toEqual({ valid: 2, soon: 2, expired: 1, unrecorded: 1 });
  });

  it('finds the next expiry among valid entries, ignoring expired and never recorded ones', () => {
    const entries = [
      { name: 'B', acquired_until_days: 12 },
      { name: 'A', acquired_until_days: -2 },
      { name: 'C', acquired_until_days: null },
      { name: 'D', acquired_until_days: 3 },
    ];
    expect(nextExpiry(entries)?.name).toBe('D');
    expect(nextExpiry([{ name: 'A', acquired_until_days: -2 }])).toBeNull();
  });
});

describe('effectiveValidityDays and driveValidityDays (decision 0020)', () => {
  it('takes the own rule, else the account’s', () => {
    expect(effectiveValidityDays(90, 364)).toBe(90);
    expect(effectiveValidityDays(null, 364)).toBe(364);
    expect(effectiveValidityDays(undefined, null)).toBeNull();
  });

  it('gives a drive the shortest rule in force among its routes, the account’s without routes', () => {
    expect(driveValidityDays([], 182)).toBe(182);
    expect(driveValidityDays([null], 182)).toBe(182);
    expect(driveValidityDays([null, 400], 182)).toBe(182);
    expect(driveValidityDays([null, 90, 30], 182)).toBe(30);
    expect(driveValidityDays([500, 400], 182)).toBe(400);
  });

  it('is the minimum of each route’s rule in force, never longer than any of them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 3650 }), { nil: null }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 3650 }),
        (rules, account) => {
          const days = driveValidityDays(rules, account);
          if (rules.length === 0) expect(days).toBe(account);
          else expect(days).toBe(Math.min(...rules.map((rule) => effectiveValidityDays(rule, account))));
          for (const rule of rules) expect(days).toBeLessThanOrEqual(rule ?? account);
        },
      ),
    );
  });
});

describe('isBackdated', () => {
  it('marks a drive recorded more than 7 days after it was driven, not one recorded within 7 days', () => {
    expect(isBackdated('2026-11-10', '2026-11-17T20:00:00Z')).toBe(false);
    expect(isBackdated('2026-11-10', '2026-11-18T10:00:00Z')).toBe(true);
    expect(isBackdated('2026-11-10', '2026-11-10T06:00:00Z')).toBe(false);
  });

  it('reads the day of recording in the app’s zone (Europe/Berlin): 23:30 UTC is already the next day there', () => {
    // 17 Nov 23:30 UTC = 18 Nov 00:30 in Berlin: the eighth day after the drive.
    expect(isBackdated('2026-11-10', '2026-11-17T23:30:00Z')).toBe(true);
    expect(isBackdated('2026-11-10', '2026-11-17T23:30:00Z', 'UTC')).toBe(false);
    // Summer time: 21 Jul 22:30 UTC = 22 Jul 00:30 CEST.
    expect(isBackdated('2026-07-14', new Date('2026-07-21T22:30:00Z'))).toBe(true);
  });

  it('reads the calendar day of a moment in the zone (calendarDayOf)', () => {
    expect(calendarDayOf('2026-11-25T23:30:00Z')).toBe('2026-11-26');
    expect(calendarDayOf('2026-11-25T23:30:00Z', 'UTC')).toBe('2026-11-25');
  });

  it('does not mark a drive whose time of recording is unknown (recorded before issue 27) or unreadable', () => {
    expect(isBackdated('2020-01-01', null)).toBe(false);
    expect(isBackdated('2020-01-01', undefined)).toBe(false);
    expect(isBackdated('2020-01-01', 'kein Datum')).toBe(false);
  });
});
