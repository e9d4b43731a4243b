import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseValidityRule, VALIDITY_DAYS_MAX, validityRuleLabel } from './notifications.js';

describe('parseValidityRule', () => {
  it('reads the labels the exports print', () => {
    expect(parseValidityRule('1 Jahr (364 Tage)')).toEqual({ days: 364 });
    expect(parseValidityRule('½ Jahr (182 Tage)')).toEqual({ days: 182 });
    expect(parseValidityRule('90 Tage')).toEqual({ days: 90 });
    expect(parseValidityRule('1 Tag')).toEqual({ days: 1 });
    expect(parseValidityRule('unbegrenzt')).toEqual({ days: null });
  });

  it('reads them as people type them: case, blanks, 1/2', () => {
    expect(parseValidityRule('  90  tage ')).toEqual({ days: 90 });
    expect(parseValidityRule('1/2 Jahr (182 Tage)')).toEqual({ days: 182 });
    expect(parseValidityRule('Unbegrenzt')).toEqual({ days: null });
    expect(parseValidityRule('30 Tag')).toEqual({ days: 30 });
  });

  it('is the inverse of validityRuleLabel for every allowed rule', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: VALIDITY_DAYS_MAX }), { nil: null }), (days) => {
        expect(parseValidityRule(validityRuleLabel(days))).toEqual({ days });
      }),
    );
  });

  it('gives a German reason for anything else', () => {
    expect(parseValidityRule('ein Jahr')).toEqual({
      error: '„ein Jahr“ ist keine Gültigkeitsregel (erwartet z. B. „1 Jahr (364 Tage)“, „90 Tage“ oder „unbegrenzt“).',
    });
    expect(parseValidityRule('')).toHaveProperty('error');
    expect(parseValidityRule('90')).toHaveProperty('error');
    expect(parseValidityRule('-5 Tage')).toHaveProperty('error');
    expect(parseValidityRule('0 Tage')).toEqual({
      error: `Die Gültigkeit „0 Tage“ muss zwischen 1 und ${VALIDITY_DAYS_MAX} Tagen liegen.`,
    });
    expect(parseValidityRule('4000 Tage')).toHaveProperty('error');
  });
});
