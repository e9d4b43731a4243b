import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { wrapper } from '../test/render';
import { DATE_FIELD_INVALID, DateField } from './date-field';

function Harness({ initial = '', max }: { initial?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {/* jsdom lays nothing out: the popover would take its field for detached (hidden) after the first opening. */}
      <DateField
        label="Gefahren am"
        value={value}
        onChange={setValue}
        max={max}
        popoverProps={{ hideDetached: false }}
      />
      <output aria-label="Wert">{value}</output>
      <button type="button">weiter</button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Gefahren am' });

describe('DateField', () => {
  it('reads day before month whatever the browser language, and shows TT.MM.JJJJ with the weekday', async () => {
    expect(navigator.language).toBe('en-US');
    const user = userEvent.setup();
    render(wrapper({ children: <Harness /> }));
    await user.type(field(), '10122025');
    expect(screen.getByLabelText('Wert')).toHaveTextContent('2025-12-10');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(field()).toHaveValue('Mi, 10.12.2025');
  });

  it('takes 1.2.25 and an ISO date', async () => {
    const user = userEvent.setup();
    render(wrapper({ children: <Harness /> }));
    await user.type(field(), '1.2.25');
    expect(screen.getByLabelText('Wert')).toHaveTextContent('2025-02-01');
    await user.clear(field());
    await user.type(field(), '2026-11-24');
    expect(screen.getByLabelText('Wert')).toHaveTextContent('2026-11-24');
  });

  it('keeps text that is no date, says so beside the field and empties the value', async () => {
    const user = userEvent.setup();
    render(wrapper({ children: <Harness initial="2026-11-20" /> }));
    expect(field()).toHaveValue('Fr, 20.11.2026');
    await user.clear(field());
    await user.type(field(), '31.02.2026');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(field()).toHaveValue('31.02.2026');
    expect(screen.getByText(DATE_FIELD_INVALID)).toBeVisible();
    expect(screen.getByLabelText('Wert')).toBeEmptyDOMElement();
  });

  it('passes a date after `max` on to the form, whose rule explains it', async () => {
    const user = userEvent.setup();
    render(wrapper({ children: <Harness max="2026-11-25" /> }));
    await user.type(field(), '01.01.2999');
    expect(screen.getByLabelText('Wert')).toHaveTextContent('2999-01-01');
  });

  it('hides the calendar while a date is typed and shows it again on a tap', async () => {
    const user = userEvent.setup();
    render(wrapper({ children: <Harness /> }));
    // The calendar is in the document while open (jsdom runs no transition to its end, so presence is checked).
    const calendarShown = () => screen.findByRole('button', { name: 'Nächster Monat' });
    await user.click(field());
    await calendarShown();
    await user.type(field(), '10');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nächster Monat' })).toBeNull());
    await user.click(field());
    await calendarShown();
  });
});
