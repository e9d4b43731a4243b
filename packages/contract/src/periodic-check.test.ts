import { describe, expect, it } from 'vitest';
import {
  addYears,
  checkDueWithin,
  lastCheckLabel,
  nextCheckLabel,
  nextCheckOf,
  undrivenBefore,
} from './periodic-check.js';

const asOf = '2026-12-07';
const check = (checkedOn: string) => ({ checkedOn, betrieb: 'Mainfranken Bahn' });

describe('the next periodic check (TfV Anlage 11 Nr. 3 b)', () => {
  it('is due three years after the last one, counted in calendar years', () => {
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-12-07', -1)).toBe('2025-12-07');
    expect(nextCheckOf(check('2025-06-01'), [], asOf)).toEqual({
      lastCheck: check('2025-06-01'),
      due: '2028-06-01',
      reason: 'interval',
      undriven: [],
    });
  });

  it('is due now when a required line has not been driven for more than a year, whatever the last check', () => {
    const next = nextCheckOf(check('2026-11-01'), [4, 9], asOf);
    expect(next).toMatchObject({ due: asOf, reason: 'lapsed', undriven: [4, 9] });
    expect(nextCheckLabel(next, asOf)).toBe('fällig: 2 geforderte Strecken über ein Jahr nicht gefahren');
    expect(checkDueWithin(next, asOf)).toBe(true);
    expect(undrivenBefore(asOf)).toBe('2025-12-07');
  });

  it('words each case, and counts "due soon" within 30 days', () => {
    const overdue = nextCheckOf(check('2023-12-01'), [], asOf);
    expect(nextCheckLabel(overdue, asOf)).toBe('überfällig seit 01.12.2026');
    const soon = nextCheckOf(check('2023-12-20'), [], asOf);
    expect(nextCheckLabel(soon, asOf)).toBe('fällig am 20.12.2026');
    expect(checkDueWithin(soon, asOf)).toBe(true);
    const later = nextCheckOf(check('2025-06-01'), [], asOf);
    expect(nextCheckLabel(later, asOf)).toBe('nächste bis 01.06.2028');
    expect(checkDueWithin(later, asOf)).toBe(false);
    const none = nextCheckOf(null, [], asOf);
    expect(none).toEqual({ lastCheck: null, due: null, reason: 'none', undriven: [] });
    expect(nextCheckLabel(none, asOf)).toBe('keine Überprüfung erfasst');
    expect(checkDueWithin(none, asOf)).toBe(false);
    expect(lastCheckLabel(later)).toBe('zuletzt 01.06.2025 (Mainfranken Bahn)');
    expect(nextCheckLabel(nextCheckOf(null, [3], asOf), asOf)).toBe(
      'fällig: 1 geforderte Strecke über ein Jahr nicht gefahren',
    );
  });
});
