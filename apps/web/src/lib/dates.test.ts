import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, todayInput } from './dates';

describe('dates', () => {
  it('gives today in the device’s zone as yyyy-mm-dd', () => {
    expect(todayInput(new Date(2026, 10, 22, 0, 1))).toBe('2026-11-22');
    expect(todayInput(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(todayInput(new Date(2024, 1, 29, 12))).toBe('2024-02-29');
  });

  it('formats dates and moments as the exports and mails do', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(new Date(2026, 10, 22, 14, 5))).toBe('22.11.2026, 14:05');
  });
});
