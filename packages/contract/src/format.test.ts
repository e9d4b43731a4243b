import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, parseGermanDate } from './format.js';

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
