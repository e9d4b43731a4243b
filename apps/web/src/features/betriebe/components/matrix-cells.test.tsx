import { render, screen } from '@testing-library/react';
import { nextCheckOf } from '@streckenpass/contract/periodic-check';
import { describe, expect, it } from 'vitest';
import { wrapper } from '../../../test/render';
import { NextCheckNote } from './matrix-cells';

const asOf = '2026-12-07';
const check = (checkedOn: string) => ({ checkedOn, betrieb: 'Mainfranken Bahn' });

describe('NextCheckNote', () => {
  it('says when the next check is due, in words; a due one in the danger colour', () => {
    render(wrapper({ children: <NextCheckNote nextCheck={nextCheckOf(check('2023-12-20'), [], asOf)} asOf={asOf} /> }));
    const due = screen.getByText('Überprüfung: fällig am 20.12.2026');
    expect(due.getAttribute('style') ?? '').toContain('red');
  });

  it('names a required line not driven for a year, and a check far ahead plainly', () => {
    render(
      wrapper({
        children: (
          <>
            <NextCheckNote nextCheck={nextCheckOf(null, [3], asOf)} asOf={asOf} />
            <NextCheckNote nextCheck={nextCheckOf(check('2025-06-01'), [], asOf)} asOf={asOf} />
          </>
        ),
      }),
    );
    expect(screen.getByText('Überprüfung: fällig: 1 geforderte Strecke über ein Jahr nicht gefahren')).toBeVisible();
    const later = screen.getByText('Überprüfung: nächste bis 01.06.2028');
    expect(later.getAttribute('style') ?? '').not.toContain('red');
  });
});
