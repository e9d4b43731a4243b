import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './csv.js';
import { formatDate } from '@streckenpass/contract/format';
import { exportFilename, fullName, routeEnds, routeStatus, type ExportRoute } from './model.js';

describe('routeStatus', () => {
  it.each([
    [null, 'unrecorded', 'nicht erfasst'],
    [-400, 'expired', 'abgelaufen'],
    [-1, 'expired', 'abgelaufen'],
    [0, 'expiring', 'läuft heute ab'],
    [1, 'expiring', 'läuft in 1 Tag ab'],
    [2, 'expiring', 'läuft in 2 Tagen ab'],
    [30, 'expiring', 'läuft in 30 Tagen ab'],
    [31, 'valid', 'gültig'],
    [364, 'valid', 'gültig'],
  ] as const)('%s days left → %s, "%s"', (days, kind, label) => {
    expect(routeStatus(days)).toEqual({ kind, label });
  });
});

describe('neutraliseCell', () => {
  it.each(['=1+1', '+49 170', '-12', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes %j with an apostrophe', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it.each(['Würzburg–Fürth', 'KBS 805', "'quoted", ' =not at start', ''])('leaves %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});

describe('formatting', () => {
  it('writes dates as dd.mm.yyyy and nothing for a missing one', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate(null)).toBe('');
  });

  it('names the user by first and last name, else by e-mail', () => {
    expect(fullName({ firstname: ' Jörg ', lastname: 'Weiß', email: 'j@example.org' })).toBe('Jörg Weiß');
    expect(fullName({ firstname: null, lastname: '', email: 'j@example.org' })).toBe('j@example.org');
  });

  it('names the files after the day of issue', () => {
    expect(exportFilename('2026-05-04', 'csv')).toBe('streckenkunde-2026-05-04.csv');
    expect(exportFilename('2026-05-04', 'pdf')).toBe('streckenkunde-2026-05-04.pdf');
  });
});

describe('routeEnds', () => {
  const route = (name: string, startPoint: string, endPoint: string, stations = false): ExportRoute => ({
    name,
    companyRoute: null,
    startPoint,
    endPoint,
    startStation: stations ? { code: startPoint, name: 'Würzburg Hbf' } : null,
    endStation: stations ? { code: endPoint, name: 'Fürth (Bay) Hbf' } : null,
    tours: [],
    lastDriven: null,
    validUntil: null,
    daysLeft: null,
    validityRule: '1 Jahr (364 Tage)',
    ownRule: false,
  });

  it('prints nothing when the name already names both ends, by text or by the linked stations', () => {
    expect(routeEnds(route('Frankfurt – Aschaffenburg', 'Frankfurt (Main) Hbf', 'Aschaffenburg Hbf'))).toBeNull();
    expect(routeEnds(route('Würzburg – Fürth', 'NWH', 'NF', true))).toBeNull();
  });

  it('prints start and end, with DS100 codes, when the name does not say them', () => {
    expect(routeEnds(route('KBS 805 Nord', 'NWH', 'NF', true))).toBe('Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)');
    expect(routeEnds(route('Frühschicht', 'Hanau', 'Fulda'))).toBe('Hanau – Fulda');
  });
});
