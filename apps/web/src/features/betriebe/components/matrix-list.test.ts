import { describe, expect, it } from 'vitest';
import { coverageLine, vehicleCoverageLine } from './matrix-list';

describe('coverageLine', () => {
  it('says a requirement’s coverage in one line, the lapsing ones only when there are some', () => {
    const total = { requirementId: 1, valid: 3, expiring: 2, expired: 1, never: 0, missing: 1, drivers: 5 };
    expect(coverageLine(total)).toBe('3 von 5 · 2 laufen bald ab');
    expect(coverageLine({ ...total, expiring: 1 })).toBe('3 von 5 · 1 läuft bald ab');
    expect(coverageLine({ ...total, expiring: 0 })).toBe('3 von 5');
  });
});

describe('vehicleCoverageLine', () => {
  it('says how many of the drivers a vehicle type is asked of know it', () => {
    expect(vehicleCoverageLine({ requirementId: 1, known: 2, drivers: 5 })).toBe('2 von 5 kennen ihn');
    expect(vehicleCoverageLine({ requirementId: 1, known: 1, drivers: 5 })).toBe('1 von 5 kennt ihn');
  });
});
