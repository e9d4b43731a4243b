import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceTimeZone, formatDate, formatDateTime, formatNumber, parseGermanDate } from './format.js';
import { isTimeZone, readGermanDate, wallClockIn } from './format.js';

const calendarDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('formatDate', () => {
  it('writes a calendar date as dd.mm.yyyy', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate('0050-12-31')).toBe('31.12.0050');
    expect(formatDate('10000-01-02')).toBe('02.01.10000');
  });

  it('takes the date an ISO timestamp starts with, without converting it to a zone', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('22.11.2026');
    expect(formatDate('2026-11-22T00:10:00+02:00')).toBe('22.11.2026');
  });

  it('gives the fallback for nothing and leaves text that is no date alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(null, '–')).toBe('–');
    expect(formatDate('22.11.2026')).toBe('22.11.2026');
    expect(formatDate('2026-11-222')).toBe('2026-11-222');
  });

  it('keeps day, month and year, so that the German form reads back to the date (property)', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const german = formatDate(date);
        expect(german).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
        const [day, month, year] = german.split('.');
        expect(`${year}-${month}-${day}`).toBe(date);
      }),
    );
  });
});

describe('formatDateTime', () => {
  it('writes dd.mm.yyyy, hh:mm on the 24-hour clock in the given zone', () => {
    const moment = new Date('2026-11-22T13:05:00Z');
    expect(formatDateTime(moment, 'Europe/Berlin')).toBe('22.11.2026, 14:05');
    expect(formatDateTime(moment.getTime(), 'UTC')).toBe('22.11.2026, 13:05');
    expect(formatDateTime('2026-11-22T23:05:00Z', 'Europe/Berlin')).toBe('23.11.2026, 00:05');
    expect(formatDateTime('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('01.07.2026, 12:00');
  });

  it('says what toLocaleString says for the same zone (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York'),
        (moment, zone) => {
          expect(formatDateTime(moment, zone)).toBe(
            moment.toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
          );
        },
      ),
    );
  });

  it('uses the runtime zone without one', () => {
    const moment = new Date(2026, 10, 22, 7, 3);
    expect(formatDateTime(moment)).toBe('22.11.2026, 07:03');
  });
});

describe('deviceTimeZone', () => {
  it('names the zone the runtime formats in', () => {
    const zone = deviceTimeZone();
    expect(zone).toMatch(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/);
    const moment = new Date('2026-07-01T12:00:00Z');
    expect(formatDateTime(moment, zone)).toBe(formatDateTime(moment));
  });
});

describe('formatNumber', () => {
  it('groups thousands with a dot and writes a decimal comma', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(20_000)).toBe('20.000');
    expect(formatNumber(-1234.5)).toBe('-1.234,5');
  });

  it('is what toLocaleString("de-DE") gives (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (value) => {
        expect(formatNumber(value)).toBe(value.toLocaleString('de-DE'));
      }),
    );
  });
});

describe('parseGermanDate', () => {
  it.each([
    ['10.12.2025', '2025-12-10'],
    ['1.2.25', '2025-02-01'],
    ['10122025', '2025-12-10'],
    ['101225', '2025-12-10'],
    ['10-12-2025', '2025-12-10'],
    ['10/12/2025', '2025-12-10'],
    ['Mi, 10.12.2025', '2025-12-10'],
    ['Mi., 10.12.2025', '2025-12-10'],
    [' 2025-12-10 ', '2025-12-10'],
  ])('reads %j as %s (day before month, whatever the browser language)', (text, iso) => {
    expect(parseGermanDate(text)).toBe(iso);
  });

  it.each(['', '31.02.2025', '12.13.2025', '1012202', 'gestern', '2025-02-30', '00.01.2025'])('refuses %j', (text) => {
    expect(parseGermanDate(text)).toBeNull();
  });
});

describe('readGermanDate', () => {
  it.each([
    ['1.3.2026', '2026-03-01'],
    ['05.08.26', '2026-08-05'],
    ['29.02.2028', '2028-02-29'],
    ['2026-03-01', '2026-03-01'],
  ])('reads %j in a file as %s', (text, date) => {
    expect(readGermanDate(text, 'file')).toEqual({ date });
  });

  it.each(['03/01/2026', '10-12-2025', '10122025', 'Mi, 10.12.2025', '2026-3-1', '5.8.026', 'gestern', ''])(
    'refuses %j in a file as no date form (what only a date field takes)',
    (text) => {
      expect(readGermanDate(text, 'file')).toEqual({ problem: 'form' });
    },
  );

  it.each(['29.02.2026', '2026-13-01', '29.2.27', '00.01.2025'])('tells %j as a day that does not exist', (text) => {
    expect(readGermanDate(text, 'file')).toEqual({ problem: 'day' });
    expect(readGermanDate(text)).toEqual({ problem: 'day' });
  });

  it('reads every form of a date field as parseGermanDate does (one parser)', () => {
    for (const text of ['10.12.2025', '1.2.25', '10122025', '10/12/2025', 'Mi., 10.12.2025', '2025-2-3', 'x']) {
      const read = readGermanDate(text);
      expect('date' in read ? read.date : null).toBe(parseGermanDate(text));
    }
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wallClockIn', () => {
  it('gives the weekday, hour and minute on the wall in the zone, across the change to summer time', () => {
    // Monday 2026-03-30 04:00 UTC is 06:00 in Berlin (CEST), Sunday 2026-03-29 00:30 UTC is 01:30 (CET).
    expect(wallClockIn(new Date('2026-03-30T04:00:00Z'), 'Europe/Berlin')).toEqual({ weekday: 1, hour: 6, minute: 0 });
    expect(wallClockIn(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 7, hour: 1, minute: 30 });
    expect(wallClockIn(new Date('2026-03-29T23:59:00Z'), 'UTC')).toEqual({ weekday: 7, hour: 23, minute: 59 });
  });
});
