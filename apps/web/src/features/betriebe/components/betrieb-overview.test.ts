import { describe, expect, it } from 'vitest';
import { gapsOf } from './betrieb-overview';

const requirement = (id: number, minDrivers: number | null = null) => ({ id, minDrivers }) as never;
const total = (requirementId: number, valid: number, expiring: number) => ({
  requirementId,
  valid,
  expiring,
  expired: 0,
  never: 0,
  missing: 5 - valid,
  drivers: 5,
});

describe('gapsOf', () => {
  it('lists the requirements with fewer drivers valid beyond the window than the minimum, fewest first', () => {
    const matrix = {
      requirements: [requirement(1), requirement(2), requirement(3)],
      totals: [total(1, 3, 0), total(2, 2, 2), total(3, 2, 1)],
    };
    // Requirement 2: two valid, both lapse soon – none beyond the window. Requirement 3: one beyond it.
    expect(gapsOf(matrix, 2).map((gap) => gap.total.requirementId)).toEqual([2, 3]);
    expect(gapsOf(matrix, 1).map((gap) => gap.total.requirementId)).toEqual([2]);
    expect(gapsOf(matrix, 4).map((gap) => gap.total.requirementId)).toEqual([2, 3, 1]);
  });

  it('counts by a requirement’s own minimum where it has one (issue 40), by the reader’s, else 1, elsewhere', () => {
    const matrix = {
      requirements: [requirement(1, 4), requirement(2), requirement(3)],
      totals: [total(1, 3, 0), total(2, 2, 2), total(3, 2, 1)],
    };
    // Requirement 1: three beyond the window, under its own four.
    expect(gapsOf(matrix, 1).map((gap) => [gap.total.requirementId, gap.minimum])).toEqual([
      [2, 1],
      [1, 4],
    ]);
    expect(gapsOf(matrix, null).map((gap) => gap.total.requirementId)).toEqual([2, 1]);
    expect(gapsOf(matrix, 2).map((gap) => gap.total.requirementId)).toEqual([2, 3, 1]);
  });
});
