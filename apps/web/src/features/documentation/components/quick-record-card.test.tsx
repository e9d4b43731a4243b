import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, validUntil } from '@streckenpass/contract/knowledge';
import type { Route } from '@streckenpass/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, todayInput } from '../../../lib/dates';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { QuickRecordCard } from './quick-record-card';
import { resetAllStoredData } from '../../../lib/storage';
import { rememberDriveWay } from '../../../lib/drive-way-preference';
import { useOutboxStore } from '../outbox';

const route = (id: number, name: string, validityDays: number | null = null): Route => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'A',
  endPoint: 'B',
  startStation: null,
  endStation: null,
  tours: [],
  owner: '/api/users/1',
  validityDays,
  keepingWays: null,
  firstAcquisition: null,
  acquiredOn: null,
});
const routes = [route(1, 'Celle - Hannover', 90), route(2, 'Hamburg - Lübeck')];
const tours = [{ id: 7, name: 'Heiderunde', owner: '/api/users/1', routes: ['/api/routes/1', '/api/routes/2'] }];

function renderCard(answer?: { status: number; body?: unknown }) {
  const calls = stubFetch((call) =>
    call.method === 'POST' && call.path === '/api/route_activities'
      ? (answer ?? {
          status: 201,
          body: {
            id: 9,
            owner: '/api/users/1',
            vehicleActivities: [],
            acquiredUntil: '2099-01-01',
            dark: true,
            ...(call.body as object),
          },
        })
      : undefined,
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <QuickRecordCard
            tours={tours}
            routes={routes}
            activities={[]}
            documentationPath="/documentation"
            accountDays={364}
          />
        ),
      },
    ],
    '/',
  );
  return { calls, quick: screen.getByRole('region', { name: 'Heute gefahren' }) };
}

describe('"Heute gefahren"', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetAllStoredData();
  });
  // Mantine's option list scrolls the chosen option into view; jsdom has no layout.
  beforeEach(() => {
    Element.prototype.scrollIntoView ??= () => {};
  });

  it('by the rule sends no end date – the server sets it – and previews the shortest rule of the routes', async () => {
    const { calls, quick } = renderCard();
    await userEvent.click(within(quick).getByRole('button', { name: /Heiderunde/ }));
    // Route 1 has its own rule of 90 days, route 2 the account's 364: the drive is valid by the shorter.
    expect(
      within(quick).getByText(
        `Gefahren am ${formatDate(todayInput())} · gültig bis ${formatDate(addDays(todayInput(), 90))}`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(quick).getByRole('button', { name: '2 Strecken speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    // Selbst gefahren (no drive recorded before) at the time of the save, without a tap for either.
    expect(post.body).toEqual({
      acquiredAt: todayInput(),
      acquiredRoutes: ['/api/routes/1', '/api/routes/2'],
      way: 'driven',
      time: expect.stringMatching(/^\d\d:\d\d$/),
    });
    expect(post.headers['x-streckenpass-channel']).toBe('quick');
    expect(await within(quick).findByText('Dokumentation gespeichert')).toBeInTheDocument();
  });

  it('sends the end date the driver chose explicitly', async () => {
    const { calls, quick } = renderCard();
    await userEvent.click(within(quick).getByRole('button', { name: /Celle - Hannover/ }));
    await userEvent.click(within(quick).getByText('½ Jahr'));
    await userEvent.click(within(quick).getByRole('button', { name: '1 Strecke speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      acquiredAt: todayInput(),
      acquiredUntil: validUntil(todayInput(), 'half-year'),
      acquiredRoutes: ['/api/routes/1'],
      way: 'driven',
      time: expect.stringMatching(/^\d\d:\d\d$/),
    });
  });

  it('says how it records, and "ändern" opens the way and the time; the way is the next drive’s too', async () => {
    const { calls, quick } = renderCard();
    expect(within(quick).getByText(/^selbst gefahren · \d\d:\d\d Uhr ·/)).toBeInTheDocument();
    await userEvent.click(within(quick).getByRole('button', { name: /^ändern/ }));
    await userEvent.click(within(quick).getByRole('combobox', { name: 'Art der Fahrt' }));
    await userEvent.click(await screen.findByRole('option', { name: 'begleitete Fahrt', hidden: true }));
    const time = within(quick).getByRole('textbox', { name: 'Uhrzeit' });
    await userEvent.clear(time);
    await userEvent.type(time, '2140');
    await userEvent.tab();
    expect(time).toHaveValue('21:40');
    await userEvent.click(within(quick).getByRole('button', { name: /Celle - Hannover/ }));
    await userEvent.click(within(quick).getByRole('button', { name: '1 Strecke speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ way: 'escorted', time: '21:40' });
    // The message says how the server recorded it, darkness included.
    expect(
      await within(quick).findByText(/^1 Strecke dokumentiert \(begleitete Fahrt · 21:40 Uhr · bei Dunkelheit\)/),
    ).toBeInTheDocument();
    // Closed again: the next drive is escorted too, now.
    expect(within(quick).getByText(/^begleitete Fahrt · \d\d:\d\d Uhr ·/)).toBeInTheDocument();
    expect(within(quick).queryByRole('textbox', { name: 'Uhrzeit' })).not.toBeInTheDocument();
  });

  it('starts with the way the driver used last, and says when it keeps no route valid', async () => {
    rememberDriveWay('simulator');
    const { quick } = renderCard();
    expect(within(quick).getByText(/^Simulator · \d\d:\d\d Uhr ·/)).toBeInTheDocument();
    await userEvent.click(within(quick).getByRole('button', { name: /Hamburg - Lübeck/ }));
    expect(
      within(quick).getByText('Simulator: zählt nur für den Ersterwerb, nicht für die Gültigkeit'),
    ).toBeInTheDocument();
  });

  it('keeps the choice, the way and the time when the server refuses the drive', async () => {
    const { calls, quick } = renderCard({
      status: 422,
      body: {
        status: 422,
        title: 'Unprocessable',
        violations: [{ propertyPath: 'time', message: 'Uhrzeit als HH:MM angeben, z. B. 05:40.' }],
      },
    });
    await userEvent.click(within(quick).getByRole('button', { name: /^ändern/ }));
    const time = within(quick).getByRole('textbox', { name: 'Uhrzeit' });
    await userEvent.clear(time);
    await userEvent.type(time, '05:40');
    await userEvent.click(within(quick).getByRole('button', { name: /Celle - Hannover/ }));
    await userEvent.click(within(quick).getByRole('button', { name: '1 Strecke speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(within(quick).getByRole('button', { name: /Celle - Hannover/, pressed: true })).toBeInTheDocument();
    expect(within(quick).getByRole('textbox', { name: 'Uhrzeit' })).toHaveValue('05:40');
  });

  it('puts way and time into the outbox unchanged when there is no connection', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    rememberDriveWay('escorted');
    const { calls, quick } = renderCard();
    await userEvent.click(within(quick).getByRole('button', { name: /^ändern/ }));
    const time = within(quick).getByRole('textbox', { name: 'Uhrzeit' });
    await userEvent.clear(time);
    await userEvent.type(time, '22:15');
    await userEvent.click(within(quick).getByRole('button', { name: /Celle - Hannover/ }));
    await userEvent.click(within(quick).getByRole('button', { name: '1 Strecke speichern' }));
    expect(await within(quick).findByText('Offline gespeichert')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(useOutboxStore.getState().entries.map((entry) => entry.plan)).toEqual([
      expect.objectContaining({ acquiredRoutes: ['/api/routes/1'], way: 'escorted', time: '22:15', direction: null }),
    ]);
  });
});
