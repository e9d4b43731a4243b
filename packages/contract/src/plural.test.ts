import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.js';
import { plural, pluralWord } from './plural.js';

describe('plural', () => {
  it('takes the singular for one and the plural for every other count', () => {
    expect(plural(1, 'Strecke', 'Strecken')).toBe('1 Strecke');
    expect(plural(0, 'Strecke', 'Strecken')).toBe('0 Strecken');
    expect(plural(2, 'Strecke', 'Strecken')).toBe('2 Strecken');
    expect(plural(1.5, 'Tag', 'Tage')).toBe('1,5 Tage');
    expect(plural(-1, 'Tag', 'Tage')).toBe('-1 Tag');
  });

  it('writes the number in de-DE form', () => {
    expect(plural(1000, 'Strecke', 'Strecken')).toBe('1.000 Strecken');
    expect(plural(20_000, 'Zeile', 'Zeilen')).toBe('20.000 Zeilen');
  });

  it('is the formatted number, a blank and the word (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (count) => {
        const word = count === 1 || count === -1 ? 'Fahrzeug' : 'Fahrzeuge';
        expect(plural(count, 'Fahrzeug', 'Fahrzeuge')).toBe(`${formatNumber(count)} ${word}`);
      }),
    );
  });
});

describe('pluralWord', () => {
  it('gives only the word, for sentences whose verb agrees with the count', () => {
    expect(pluralWord(1, 'Zeile wird', 'Zeilen werden')).toBe('Zeile wird');
    expect(pluralWord(3, 'Zeile wird', 'Zeilen werden')).toBe('Zeilen werden');
    expect(pluralWord(0, 'Tour', 'Touren')).toBe('Touren');
  });
});
