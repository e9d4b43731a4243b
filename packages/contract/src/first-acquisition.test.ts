import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEEPING_WAYS,
  DRIVE_WAYS,
  driveMannerLabel,
  keepingWaysLabel,
  keepingWaysSchema,
  keepsValid,
} from './drive-ways.js';
import {
  acquisitionMet,
  acquisitionProgress,
  acquisitionProgressLabel,
  firstAcquisitionLabel,
  firstAcquisitionSchema,
  type AcquisitionDrive,
} from './first-acquisition.js';

const route = { start: 'Frankfurt (Main) Hbf', end: 'Mannheim Hbf' };
const d = (acquiredAt: string, direction: 'forward' | 'reverse' | null, dark = false): AcquisitionDrive => ({
  acquiredAt,
  direction,
  dark,
});

describe('ways × rules: which drives keep knowledge valid', () => {
  const rules = [DEFAULT_KEEPING_WAYS, ['driven'], ['simulator', 'route_film'], DRIVE_WAYS] as const;
  const expected: Record<string, boolean[]> = {
    driven: [true, true, false, true],
    escorted: [true, false, false, true],
    cab_ride: [false, false, false, true],
    route_film: [false, false, true, true],
    simulator: [false, false, true, true],
    line_walk: [false, false, false, true],
  };
  for (const way of DRIVE_WAYS) {
    it(`${way}: ${expected[way]!.join(', ')}`, () => {
      expect(rules.map((rule) => keepsValid(way, rule))).toEqual(expected[way]);
    });
  }

  it('reads a rule in words and in the order of the ways, each way once', () => {
    expect(keepingWaysLabel(DEFAULT_KEEPING_WAYS)).toBe('selbst gefahren, begleitete Fahrt');
    expect(keepingWaysSchema.parse(['simulator', 'driven'])).toEqual(['driven', 'simulator']);
    expect(keepingWaysSchema.safeParse([]).success).toBe(false);
    expect(keepingWaysSchema.safeParse(['driven', 'driven']).success).toBe(false);
    expect(driveMannerLabel({ way: 'cab_ride', time: '05:40', dark: false })).toBe(
      'Mitfahrt im Führerraum · 05:40 Uhr · bei Tageslicht',
    );
  });
});

describe('first acquisition', () => {
  const rule = { drives: 4, dark: 2, days: 90 };

  it('counts per direction, the drives in darkness among them, within the period up to the day', () => {
    const drives = [
      d('2026-06-01', 'forward', true), // outside 90 days before 2026-11-30
      d('2026-10-01', 'forward', true),
      d('2026-10-02', 'forward'),
      d('2026-10-03', 'forward'),
      d('2026-10-04', 'reverse'),
      d('2026-10-05', null, true), // no direction: counts nowhere
      d('2026-12-01', 'reverse', true), // after the day
    ];
    const progress = acquisitionProgress(rule, drives, '2026-11-30');
    expect(progress).toEqual([
      { direction: 'forward', drives: 3, dark: 1 },
      { direction: 'reverse', drives: 1, dark: 0 },
    ]);
    expect(acquisitionMet(rule, progress)).toBe(false);
    expect(acquisitionProgressLabel(rule, progress, route)).toEqual([
      '3 von 4 Fahrten Richtung Mannheim Hbf, davon 1 von 2 bei Dunkelheit',
      '1 von 4 Fahrten Richtung Frankfurt (Main) Hbf, davon 0 von 2 bei Dunkelheit',
    ]);
  });

  it('is met when both directions have their drives and their drives in darkness; more reads as the rule', () => {
    const drives = ['forward', 'reverse'].flatMap((direction) =>
      Array.from({ length: 5 }, (_, i) => d(`2026-11-0${i + 1}`, direction as 'forward', i < 2)),
    );
    const progress = acquisitionProgress(rule, drives, '2026-11-30');
    expect(acquisitionMet(rule, progress)).toBe(true);
    expect(acquisitionProgressLabel(rule, progress, route)[0]).toBe(
      '4 von 4 Fahrten Richtung Mannheim Hbf, davon 2 von 2 bei Dunkelheit',
    );
  });

  it('without a period counts every drive up to the day; without darkness asked says nothing of it', () => {
    const open = { drives: 1, dark: 0, days: null };
    const progress = acquisitionProgress(open, [d('2000-01-01', 'forward'), d('2001-01-01', 'reverse')], '2026-11-30');
    expect(acquisitionMet(open, progress)).toBe(true);
    expect(acquisitionProgressLabel(open, progress, route)).toEqual([
      '1 von 1 Fahrt Richtung Mannheim Hbf',
      '1 von 1 Fahrt Richtung Frankfurt (Main) Hbf',
    ]);
    expect(firstAcquisitionLabel(rule)).toBe(
      'Ersterwerb: 4 Fahrten je Richtung, davon 2 bei Dunkelheit, innerhalb von 90 Tagen',
    );
    expect(firstAcquisitionLabel(open)).toBe('Ersterwerb: 1 Fahrt je Richtung');
  });

  it('refuses more drives in darkness than drives, and out-of-range numbers, in German', () => {
    const more = firstAcquisitionSchema.safeParse({ drives: 1, dark: 2, days: null });
    expect(more.success).toBe(false);
    expect(more.error?.issues[0]?.message).toBe(
      'Bei Dunkelheit können nicht mehr Fahrten verlangt werden als Fahrten je Richtung.',
    );
    expect(firstAcquisitionSchema.safeParse({ drives: 21, dark: 0, days: null }).error?.issues[0]?.message).toBe(
      'Höchstens 20 Fahrten je Richtung.',
    );
  });
});

describe('a place’s first acquisition (Ortskunde, migration 0022)', () => {
  const rule = { drives: 3, dark: 1, days: null };
  const drives = [
    { acquiredAt: '2026-11-01', direction: null, dark: false },
    { acquiredAt: '2026-11-02', direction: null, dark: true },
  ] as const;

  it('counts every drive once, whatever its direction, and words it without one', () => {
    const progress = acquisitionProgress(rule, drives, '2026-12-07', true);
    expect(progress).toEqual([{ direction: null, drives: 2, dark: 1 }]);
    expect(acquisitionMet(rule, progress)).toBe(false);
    expect(acquisitionProgressLabel(rule, progress, { start: 'FF', end: 'FF' })).toEqual([
      '2 von 3 Fahrten, davon 1 von 1 bei Dunkelheit',
    ]);
    expect(firstAcquisitionLabel(rule, true)).toBe('Ersterwerb: 3 Fahrten, davon 1 bei Dunkelheit');
    expect(acquisitionMet(rule, acquisitionProgress(rule, [...drives, drives[0]], '2026-12-07', true))).toBe(true);
  });
});
