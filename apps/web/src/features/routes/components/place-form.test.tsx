import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_STATION_MESSAGE } from '@streckenpass/contract/knowledge-items';
import { Component as RouteNewPage } from '../../../app/routes/route-new';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';

/** Issue 41 item 4: the route form's "Ortskunde" asks one station and sends it as both ends. */
const routes = [
  { path: '/route/new', Component: RouteNewPage },
  { path: '/route/:id', element: <p>Ansicht der Ortskunde</p> },
];
const stationList = {
  version: 'db-stations@5.0.2',
  stations: [
    ['FF', 'Frankfurt (Main) Hbf', 50.10715, 8.66379, 5000],
    ['MH', 'München Hbf', 48.14023, 11.55834, 4800],
  ],
};
const created = {
  id: 9,
  name: 'Ortskunde Frankfurt (Main) Hbf',
  companyRoute: null,
  startPoint: 'Frankfurt (Main) Hbf',
  endPoint: 'Frankfurt (Main) Hbf',
  startStation: { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66 },
  endStation: { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66 },
  tours: [],
  owner: '/api/users/1',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route form: Ortskunde', () => {
  it('asks one station, proposes "Ortskunde <Bahnhof>", hides the end and path, counts a first acquisition without direction, sends it twice', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    expect(await screen.findByRole('radio', { name: /^Strecke/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Ende der Strecke/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Ortskunde/ }));
    expect(screen.getByText('Bahnhof, Abstellanlage oder Anschluss')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Ende der Strecke/ })).not.toBeInTheDocument();
    // A place's first acquisition counts every drive: "Fahrten", not "Fahrten je Richtung" (migration 0022).
    expect(
      screen.getByRole('checkbox', { name: /Ersterwerb verlangen, bevor die Ortskunde als bekannt gilt/ }),
    ).toHaveAccessibleDescription(/^Fahrten, davon bei Dunkelheit/);

    const station = screen.getByRole('combobox', { name: /Betriebsstelle/ });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/stations/all')).toBe(true));
    await user.type(station, 'ff');
    await user.click(await screen.findByRole('option', { name: /Frankfurt \(Main\) Hbf/, hidden: true }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ortskunde Frankfurt (Main) Hbf');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    await screen.findByText('Ansicht der Ortskunde');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ortskunde Frankfurt (Main) Hbf',
      companyRoute: null,
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'Frankfurt (Main) Hbf',
      startStation: 'FF',
      endStation: 'FF',
    });
  });

  it('refuses a place typed as free text, and sends nothing', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/stations/all' ? { status: 200, body: stationList } : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await user.click(await screen.findByRole('radio', { name: /Ortskunde/ }));
    await user.type(screen.getByLabelText(/^Name/), 'Anschluss Chemiepark');
    await user.type(screen.getByRole('combobox', { name: /Betriebsstelle/ }), 'Chemiepark Nord');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText(PLACE_STATION_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
