import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapper } from '../../../test/render';
import { FirstAcquisitionSummary } from './first-acquisition-summary';

const route = { startPoint: 'Frankfurt (Main) Hbf', endPoint: 'Mannheim Hbf', acquiredOn: null };
const rule = { drives: 4, dark: 2, days: 90 };

describe('FirstAcquisitionSummary', () => {
  it('shows "In Ausbildung" with the drives per direction and those in darkness, in words', () => {
    render(
      wrapper({
        children: (
          <FirstAcquisitionSummary
            route={{ ...route, firstAcquisition: rule }}
            today="2026-12-06"
            drives={[
              { acquiredAt: '2026-12-01', direction: 'forward', dark: true },
              { acquiredAt: '2026-12-02', direction: 'forward', dark: false },
              { acquiredAt: '2026-12-03', direction: 'forward', dark: false },
              { acquiredAt: '2026-12-04', direction: 'reverse', dark: null },
              { acquiredAt: '2026-12-05', direction: null, dark: true },
            ]}
          />
        ),
      }),
    );
    expect(screen.getByText('In Ausbildung')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '3 von 4 Fahrten Richtung Mannheim Hbf, davon 1 von 2 bei Dunkelheit',
      '1 von 4 Fahrten Richtung Frankfurt (Main) Hbf, davon 0 von 2 bei Dunkelheit',
    ]);
  });

  it('says when the server found it met, and nothing without a rule', () => {
    const { unmount } = render(
      wrapper({
        children: (
          <FirstAcquisitionSummary route={{ ...route, firstAcquisition: rule, acquiredOn: '2026-11-30' }} drives={[]} />
        ),
      }),
    );
    expect(screen.getByText('Erfüllt am 30.11.2026')).toBeInTheDocument();
    unmount();
    render(wrapper({ children: <FirstAcquisitionSummary route={{ ...route, firstAcquisition: null }} drives={[]} /> }));
    expect(screen.queryByText(/Ausbildung|Erfüllt|Ersterwerb/)).toBeNull();
  });
});
