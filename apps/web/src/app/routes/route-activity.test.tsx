import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { addDays } from '@streckenpass/contract/knowledge';
import { todayInput } from '../../lib/dates';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as routeActivities from './route-activities';
import * as routeActivity from './route-activity';

const owner = '/api/users/1';
const routes = [
  { id: 1, name: 'Uelzen - Celle', companyRoute: 'N30.1', startPoint: 'HU', endPoint: 'HC', tours: [], owner },
  { id: 2, name: 'Celle - Hannover', companyRoute: null, startPoint: 'HC', endPoint: 'HH', tours: [], owner },
];
const vehicles = [
  { id: 4, name: 'BR 146', owner },
  { id: 5, name: 'BR 111', owner },
];

function serve(options: { deleteStatus?: number; simulator?: boolean } = {}) {
  const activities = [
    {
      id: 12,
      acquiredAt: '2025-03-01',
      acquiredUntil: '2026-02-28',
      owner,
      acquiredRoutes: ['/api/routes/1', '/api/routes/2'],
      vehicleActivities: [] as string[],
      // Recorded on the day it was driven (issue 27).
      recordedAt: '2025-03-01T17:30:00.000Z' as string | null,
      imported: false,
      // Escorted after dark (issue 41), from the start of each route to its end.
      way: 'escorted',
      time: '21:40' as string | null,
      direction: 'forward',
      dark: true as boolean | null,
    },
    {
      id: 8,
      acquiredAt: '2020-01-10',
      acquiredUntil: '2021-01-08',
      owner,
      acquiredRoutes: ['/api/routes/2'],
      vehicleActivities: [] as string[],
      // Imported years later: "nachgetragen".
      recordedAt: '2026-11-20T09:00:00.000Z' as string | null,
      imported: true,
      way: 'driven',
      time: null,
      direction: null,
      dark: null,
    },
    // In the simulator, towards Celle: not a way the account's rule keeps.
    ...(options.simulator
      ? [
          {
            id: 15,
            acquiredAt: '2025-02-01',
            acquiredUntil: '2099-01-31',
            owner,
            acquiredRoutes: ['/api/routes/2'],
            vehicleActivities: [] as string[],
            recordedAt: null,
            imported: false,
            way: 'simulator',
            time: '14:00',
            direction: 'reverse',
            dark: false,
          },
        ]
      : []),
  ];
  const vehicleActivities: { id: number; acquiredVehicles: string[]; owner: string; routeActivity: string }[] = [];
  const calls = stubFetch(({ method, path, body }) => {
    if (path === '/api/routes') return { status: 200, body: routes };
    if (path === '/api/vehicles') return { status: 200, body: vehicles };
    if (path === '/api/route_activities') return { status: 200, body: activities };
    if (path === '/api/vehicle_activities' && method === 'GET') return { status: 200, body: vehicleActivities };
    if (path === '/api/vehicle_activities' && method === 'POST') {
      const created = { id: 30, owner, ...(body as { acquiredVehicles: string[]; routeActivity: string }) };
      vehicleActivities.unshift(created);
      activities[0]!.vehicleActivities.push('/api/vehicle_activities/30');
      return { status: 201, body: created };
    }
    if (path === '/api/route_activities/12' && method === 'GET') return { status: 200, body: activities[0] };
    if (path === '/api/route_activities/15' && method === 'GET') return { status: 200, body: activities.at(-1) };
    if (path === '/api/notifications/settings')
      return {
        status: 200,
        body: { validityDays: 364, vehicleValidityDays: null, keepingWays: ['driven', 'escorted'] },
      };
    if (path === '/api/route_activities/12/history')
      return {
        status: 200,
        body: [
          {
            at: '2025-03-05T09:00:00.000Z',
            action: 'update',
            channel: 'api',
            changes: ['acquiredAt', 'acquiredUntil'],
            fieldChanges: [
              { field: 'acquiredAt', label: 'Gefahren am', from: '03.03.2025', to: '01.03.2025' },
              { field: 'acquiredUntil', label: 'Gültig bis', from: '02.03.2026', to: '28.02.2026' },
            ],
          },
          { at: '2025-03-01T17:30:00.000Z', action: 'create', channel: 'quick', changes: [] },
        ],
      };
    if (path === '/api/route_activities/12' && method === 'PATCH') {
      Object.assign(activities[0]!, body);
      // The server computes the darkness again: none without a time.
      if ((body as { time?: unknown }).time === null) activities[0]!.dark = null;
      return { status: 200, body: activities[0] };
    }
    if (path === '/api/route_activities/15' && method === 'PATCH') {
      Object.assign(activities.at(-1)!, body);
      return { status: 200, body: activities.at(-1) };
    }
    if (path === '/api/route_activities/12' && method === 'DELETE') {
      if (options.deleteStatus) return { status: options.deleteStatus, body: { title: 'Error', status: 500 } };
      activities.shift();
      return { status: 204 };
    }
    return undefined;
  });
  return calls;
}

const pages = (queryClient: QueryClient) => [
  { path: '/route-activity', ...pageRoute(routeActivities, queryClient) },
  { path: '/route-activity/:id', ...pageRoute(routeActivity, queryClient) },
];

describe('route activities', () => {
  beforeEach(() => {
    // Mantine's option list scrolls the chosen option into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => {};
    useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAuthStore.getState().reset();
  });

  it('lists every activity newest first with its dates, routes and vehicles, each linking to its page', async () => {
    serve();
    renderPages(pages, '/route-activity');
    const links = await screen.findAllByRole('link', { name: /^Dokumentation vom/ }, { timeout: 5000 });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/route-activity/12', '/route-activity/8']);
    expect(links[0]).toHaveTextContent('Gefahren am 01.03.2025');
    expect(links[0]).toHaveTextContent(
      'Gültig bis 28.02.2026 · 2 Strecken · 0 Fahrzeuge · erfasst am 01.03.2025, 18:30',
    );
    expect(links[0]).not.toHaveTextContent('nachgetragen');
    expect(links[1]).toHaveTextContent('abgelaufen');
    expect(links[1]).toHaveTextContent('nachgetragen');
    expect(links[1]).toHaveTextContent('erfasst am 20.11.2026, 10:00');
  });

  it('adds vehicles and refetches the route activities', async () => {
    const calls = serve();
    renderPages(pages, '/route-activity/12');
    expect(await screen.findByRole('heading', { name: 'Dokumentation vom 01.03.2025' })).toBeInTheDocument();
    // "Erfasst am" beside "Gefahren am" (issue 27).
    expect(screen.getByRole('row', { name: /Erfasst am/ })).toHaveTextContent('01.03.2025, 18:30');
    expect(await screen.findByRole('link', { name: 'Uelzen - Celle' })).toHaveAttribute('href', '/route/1');
    const before = calls.filter((call) => call.path.startsWith('/api/route_activities')).length;
    await userEvent.click(await screen.findByRole('checkbox', { name: 'BR 146' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fahrzeuge hinzufügen' }));
    const vehiclesCard = screen.getByRole('region', { name: 'Fahrzeuge' });
    expect(await within(vehiclesCard).findByRole('link', { name: 'BR 146' })).toHaveAttribute('href', '/vehicle/4');
    expect(within(vehiclesCard).queryByRole('checkbox', { name: 'BR 146' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      acquiredVehicles: ['/api/vehicles/4'],
      routeActivity: '/api/route_activities/12',
    });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/route_activities')).length).toBeGreaterThan(before),
    );
  });

  it('shows the drive’s own history with the old and the new dates (issue 38)', async () => {
    serve();
    renderPages(pages, '/route-activity/12');
    const history = within(
      await screen.findByRole('list', { name: 'Verlauf der Dokumentation' }, { timeout: 5000 }),
    ).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent(
      'Geändert am 05.03.2025, 10:00: Gefahren am: 03.03.2025 → 01.03.2025; Gültig bis: 02.03.2026 → 28.02.2026',
    );
    expect(history[1]).toHaveTextContent(/^Erfasst am 01\.03\.2025, 18:30/);
  });

  it('changes both dates in one PATCH and refuses an end before the start', async () => {
    const calls = serve();
    renderPages(pages, '/route-activity/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Daten bearbeiten' }));
    const until = screen.getByLabelText(/Gültig bis/);
    await userEvent.clear(until);
    await userEvent.type(until, '2024-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(screen.getByText('„Gültig bis“ darf nicht vor dem Erwerbsdatum liegen.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Halbes Jahr ab „Gefahren am“' }));
    await userEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByText('30.08.2025')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { acquiredAt: '2025-03-01', acquiredUntil: '2025-08-30' },
    ]);
  });

  it('refuses a drive date after today, as the server does, and sends nothing', async () => {
    const calls = serve();
    renderPages(pages, '/route-activity/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Daten bearbeiten' }));
    const at = screen.getByLabelText(/Gefahren am/);
    await userEvent.clear(at);
    await userEvent.type(at, addDays(todayInput(), 1));
    await userEvent.click(screen.getByRole('button', { name: 'Ein Jahr ab „Gefahren am“' }));
    await userEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(screen.getByText('Das Datum darf nicht in der Zukunft liegen.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('deletes after confirmation and shows the list without it', async () => {
    serve();
    renderPages(pages, '/route-activity/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Dokumentation löschen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByRole('heading', { name: 'Alle Dokumentationen' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getAllByRole('link', { name: /^Dokumentation vom/ }).map((l) => l.getAttribute('href'))).toEqual([
        '/route-activity/8',
      ]),
    );
  });

  it('only logs a failed delete and the list still shows the activity', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ deleteStatus: 500 });
    renderPages(pages, '/route-activity/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Dokumentation löschen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByRole('heading', { name: 'Alle Dokumentationen' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dokumentation vom 01.03.2025' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists each drive’s way, time and darkness, and a drive the rule does not keep in words', async () => {
    serve({ simulator: true });
    renderPages(pages, '/route-activity');
    const links = await screen.findAllByRole('link', { name: /^Dokumentation vom/ }, { timeout: 5000 });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/route-activity/12',
      '/route-activity/15',
      '/route-activity/8',
    ]);
    expect(links[0]).toHaveTextContent('begleitete Fahrt · 21:40 Uhr · bei Dunkelheit');
    expect(links[0]).not.toHaveTextContent('Ersterwerb');
    // One route: its direction by the route's ends; no "gültig" that the drive cannot give.
    expect(links[1]).toHaveTextContent(
      'Simulator · 14:00 Uhr · bei Tageslicht · Richtung HC · zählt nur für den Ersterwerb, nicht für die Gültigkeit',
    );
    expect(within(links[1]!).queryByText('gültig')).not.toBeInTheDocument();
    expect(links[2]).toHaveTextContent('selbst gefahren');
  });

  it('shows how the drive was made and changes way and time in one PATCH', async () => {
    const calls = serve();
    renderPages(pages, '/route-activity/12');
    const card = await screen.findByRole('region', { name: 'Art der Fahrt' }, { timeout: 5000 });
    expect(within(card).getByRole('row', { name: /Art der Fahrt/ })).toHaveTextContent('begleitete Fahrt');
    expect(within(card).getByRole('row', { name: /Uhrzeit/ })).toHaveTextContent('21:40 Uhr');
    // Two routes: the direction in general words.
    expect(within(card).getByRole('row', { name: /Richtung/ })).toHaveTextContent('vom Start zum Ende');
    expect(within(card).getByRole('row', { name: /Licht/ })).toHaveTextContent('bei Dunkelheit');

    await userEvent.click(within(card).getByRole('button', { name: 'Art und Uhrzeit bearbeiten' }));
    expect(within(card).queryByRole('combobox', { name: 'Richtung' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('combobox', { name: 'Art der Fahrt' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mitfahrt im Führerraum', hidden: true }));
    const time = within(card).getByRole('textbox', { name: 'Uhrzeit (optional)' });
    await userEvent.clear(time);
    await userEvent.type(time, '7');
    await userEvent.click(within(card).getByRole('button', { name: 'Angaben speichern' }));
    // "7" is read as 07:00 when the field is left.
    expect(await within(card).findByText('07:00 Uhr')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Art und Uhrzeit bearbeiten' }));
    await userEvent.clear(within(card).getByRole('textbox', { name: 'Uhrzeit (optional)' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Angaben speichern' }));
    expect(await within(card).findByText('Mitfahrt im Führerraum')).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: /Uhrzeit/ })).toHaveTextContent('nicht angegeben');
    expect(within(card).getByRole('row', { name: /Licht/ })).toHaveTextContent('nicht bekannt');
    expect(
      await within(card).findByText('Diese Fahrt zählt nur für den Ersterwerb, nicht für die Gültigkeit.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { way: 'cab_ride', time: '07:00' },
      { way: 'cab_ride', time: null },
    ]);
  });

  it('asks the direction of a drive of one route by its ends, and keeps the input when the time is no time', async () => {
    const calls = serve({ simulator: true });
    renderPages(pages, '/route-activity/15');
    const card = await screen.findByRole('region', { name: 'Art der Fahrt' }, { timeout: 5000 });
    // Named by the route's ends once the routes are there.
    expect(await within(card).findByText('Richtung HC')).toBeInTheDocument();
    expect(
      within(card).getByText('Diese Fahrt zählt nur für den Ersterwerb, nicht für die Gültigkeit.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Art und Uhrzeit bearbeiten' }));
    await userEvent.click(within(card).getByRole('combobox', { name: 'Richtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Richtung HH', hidden: true }));
    const time = within(card).getByRole('textbox', { name: 'Uhrzeit (optional)' });
    await userEvent.clear(time);
    await userEvent.type(time, '24:10');
    await userEvent.click(within(card).getByRole('button', { name: 'Angaben speichern' }));
    expect(await within(card).findByText('Uhrzeit als HH:MM angeben, z. B. 05:40.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await userEvent.clear(time);
    await userEvent.type(time, '23:10');
    await userEvent.click(within(card).getByRole('button', { name: 'Angaben speichern' }));
    expect(await within(card).findByText('Richtung HH')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { way: 'simulator', time: '23:10', direction: 'forward' },
    ]);
  });
});
