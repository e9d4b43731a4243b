import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { wrapper } from '../test/render';
import { FIRST_ACQUISITION_DEFAULT, FirstAcquisitionField } from './first-acquisition-field';

let last: FirstAcquisition | null = null;
function Harness({ initial }: { initial: FirstAcquisition | null }) {
  const [value, setValue] = useState(initial);
  last = value;
  return (
    <FirstAcquisitionField
      value={value}
      onChange={(next) => {
        last = next;
        setValue(next);
      }}
      errors={{ dark: value && value.dark > value.drives ? 'zu viele' : undefined }}
    />
  );
}

describe('FirstAcquisitionField', () => {
  it('switches a first acquisition on with the default, edits it, and leaves the period empty for no limit', async () => {
    const user = userEvent.setup();
    render(wrapper({ children: <Harness initial={null} /> }));
    expect(screen.queryByLabelText('Fahrten je Richtung')).toBeNull();
    await user.click(screen.getByLabelText(/Ersterwerb verlangen/));
    expect(last).toEqual(FIRST_ACQUISITION_DEFAULT);
    const drives = screen.getByLabelText('Fahrten je Richtung');
    await user.clear(drives);
    await user.type(drives, '4');
    await user.clear(screen.getByLabelText(/innerhalb von Tagen/));
    expect(last).toEqual({ drives: 4, dark: 1, days: null });
    await user.clear(drives);
    await user.type(drives, '0');
    const dark = screen.getByLabelText('davon bei Dunkelheit');
    await user.clear(dark);
    await user.type(dark, '3');
    expect(screen.getByText('zu viele')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Ersterwerb verlangen/));
    expect(last).toBeNull();
  });
});
