import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as RouteNewPage } from '../../../app/routes/route-new';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';

const routes = [
  { path: '/route/new', Component: RouteNewPage },
  { path: '/route/:id', element: <p>Ansicht der Strecke</p> },
  { path: '/documentation', element: <p>Dokumentation</p> },
];

const created = {
  id: 7,
  name: 'Uelzen - Lüneburg',
  companyRoute: 'N30.2',
  startPoint: 'HU',
  endPoint: 'ALBG',
  startStation: null,
  endStation: null,
  tours: [],
  owner: '/api/users/1',
};

async function fillMasterData(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Name der Strecke/), 'Uelzen - Lüneburg');
  await user.type(screen.getByLabelText(/^Kürzel/), 'N30.2');
  await user.type(screen.getByRole('combobox', { name: /Start der Strecke/ }), 'HU');
  await user.type(screen.getByRole('combobox', { name: /Ende der Strecke/ }), 'ALBG');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route form (/route/new)', () => {
  it('shows German messages for missing fields and sends nothing', async () => {
    const calls = stubFetch(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await user.click(await screen.findByRole('button', { name: 'Strecke erstellen' }));

    expect(await screen.findByText('Der Name der Strecke darf nicht leer sein.')).toBeInTheDocument();
    expect(screen.getByText('Der Start der Strecke darf nicht leer sein.')).toBeInTheDocument();
    expect(screen.getByText('Das Ende der Strecke darf nicht leer sein.')).toBeInTheDocument();
    // Only the account's validity rule is read (for the "nach Regel" preview); nothing is written.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('rejects a "Zuletzt gefahren am" in the future', async () => {
    const calls = stubFetch(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.type(screen.getByLabelText(/Zuletzt gefahren am/), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Das Datum darf nicht in der Zukunft liegen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('creates the route without a date and opens its view', async () => {
    const calls = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/routes' ? { status: 201, body: created } : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));

    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/routes',
        body: {
          name: 'Uelzen - Lüneburg',
          companyRoute: 'N30.2',
          startPoint: 'HU',
          endPoint: 'ALBG',
          startStation: null,
          endStation: null,
        },
      },
    ]);
  });

  it('with a date, records the first drive by the rule, without a second validity choice', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      if (method === 'POST' && path === '/api/route_activities') return { status: 201, body: { id: 1 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.type(screen.getByLabelText(/Zuletzt gefahren am/), '2025-03-01');
    expect(screen.getByText('Streckenkunde gültig bis 28.02.2026')).toBeInTheDocument();
    // One place for validity: the route's rule, which the first drive follows too; no second choice for it.
    expect(screen.queryByRole('radio', { name: '½ Jahr' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));

    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        '/api/routes',
        {
          name: 'Uelzen - Lüneburg',
          companyRoute: 'N30.2',
          startPoint: 'HU',
          endPoint: 'ALBG',
          startStation: null,
          endStation: null,
        },
      ],
      // The server sets the end by the route's rule (here the account's year: 28.02.2026).
      ['/api/route_activities', { acquiredAt: '2025-03-01', acquiredRoutes: ['/api/routes/7'] }],
    ]);
  });

  it('creates a route with its own ways that keep it valid, and refuses none with the contract’s message', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/routes' ? { status: 201, body: created } : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    const rule = screen.getByRole('combobox', { name: /Erhält die Streckenkunde/ });
    // The account's rule, in words beside the field (the contract's default until it is known): never cut in it.
    expect(rule).toHaveValue('wie im Konto');
    expect(rule).toHaveAccessibleDescription(/Im Konto: selbst gefahren, begleitete Fahrt\./);
    await user.click(rule);
    await user.click(await screen.findByRole('option', { name: 'Eigene Auswahl', hidden: true }));
    await user.click(screen.getByRole('checkbox', { name: 'selbst gefahren' }));
    await user.click(screen.getByRole('checkbox', { name: 'begleitete Fahrt' }));
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Mindestens eine Art muss die Streckenkunde erhalten.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Mitfahrt im Führerraum' }));
    await user.click(screen.getByRole('checkbox', { name: 'selbst gefahren' }));
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    // In the contract's order, whatever the order of the taps.
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ keepingWays: ['driven', 'cab_ride'] });
  });

  it('by default records the first drive by the route’s rule: the server sets the end, the form previews it', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/notifications/settings') {
        return {
          status: 200,
          body: {
            validityDays: 182,
            vehicleValidityDays: null,
            reminderThresholds: [30, 7],
            reminderMail: true,
            reminderPush: true,
            calendarFeed: false,
            timezone: 'Europe/Berlin',
          },
        };
      }
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      if (method === 'POST' && path === '/api/route_activities') return { status: 201, body: { id: 1 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.type(screen.getByLabelText(/Zuletzt gefahren am/), '2025-03-01');
    expect(await screen.findByText('Streckenkunde gültig bis 30.08.2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    await screen.findByText('Ansicht der Strecke');
    expect(calls.find((c) => c.path === '/api/route_activities')?.body).toEqual({
      acquiredAt: '2025-03-01',
      acquiredRoutes: ['/api/routes/7'],
    });
  });

  it('keeps the input and shows a German message when saving fails', async () => {
    stubFetch(() => ({ status: 500, body: { title: 'Internal Server Error', status: 500 } }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Speichern fehlgeschlagen. Bitte versuchen Sie es erneut.',
    );
    expect(screen.getByLabelText(/Name der Strecke/)).toHaveValue('Uelzen - Lüneburg');
    expect(screen.getByLabelText(/^Kürzel/)).toHaveValue('N30.2');
    expect(screen.getByRole('combobox', { name: /Start der Strecke/ })).toHaveValue('HU');
    expect(screen.getByRole('combobox', { name: /Ende der Strecke/ })).toHaveValue('ALBG');
    expect(screen.queryByText('Ansicht der Strecke')).not.toBeInTheDocument();
  });

  it('puts 422 violations onto their fields', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        title: 'An error occurred',
        status: 422,
        detail: 'Der Start der Strecke darf höchstens 64 Zeichen lang sein.',
        violations: [
          { propertyPath: 'startPoint', message: 'Der Start der Strecke darf höchstens 64 Zeichen lang sein.' },
        ],
      },
    }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));

    expect(await screen.findByText('Der Start der Strecke darf höchstens 64 Zeichen lang sein.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Start der Strecke/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfen Sie die markierten Eingaben.');
  });

  it('opens the view even when the first record fails, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      return { status: 500, body: { title: 'Internal Server Error', status: 500 } };
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await fillMasterData(user);
    await user.type(screen.getByLabelText(/Zuletzt gefahren am/), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalled());
    // The route was created once; no second POST /api/routes.
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/routes')).toHaveLength(1);
  });

  it('looks up stations: "ff" suggests Frankfurt (Main) Hbf, choosing it keeps the name and the code', async () => {
    // jsdom has no scrolling; the combobox scrolls the highlighted option into view on arrow keys.
    Element.prototype.scrollIntoView ??= () => {};
    const stationList = {
      version: 'db-stations@5.0.2',
      stations: [
        ['FF', 'Frankfurt (Main) Hbf', 50.10715, 8.66379, 5000],
        ['FFS', 'Frankfurt (Main) Süd', 50.09937, 8.68656, 900],
        ['MH', 'München Hbf', 48.14023, 11.55834, 4800],
      ],
    };
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await user.type(screen.getByLabelText(/Name der Strecke/), 'Frankfurt - München');
    const start = screen.getByRole('combobox', { name: /Start der Strecke/ });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/stations/all')).toBe(true));
    await user.type(start, 'ff');
    // The dropdown fades in (Mantine transition): its options count as hidden until then.
    const option = await screen.findByRole('option', { name: /Frankfurt \(Main\) Hbf/, hidden: true });
    // The start field's own list (the form's rule select has options too).
    const listbox = document.getElementById(start.getAttribute('aria-controls') ?? '');
    expect(listbox).not.toBeNull();
    expect(
      within(listbox!)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.getAttribute('value')),
    ).toEqual(['FF', 'FFS']);
    await user.click(option);
    expect(start).toHaveValue('Frankfurt (Main) Hbf');
    expect(screen.getByText('Bahnhof: Frankfurt (Main) Hbf (FF)')).toBeInTheDocument();
    // Umlauts spelled out, keyboard choice; then free text for a junction.
    const end = screen.getByRole('combobox', { name: /Ende der Strecke/ });
    await user.type(end, 'muenchen');
    await screen.findByRole('option', { name: /München Hbf/, hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(end).toHaveValue('München Hbf');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    await screen.findByText('Ansicht der Strecke');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Frankfurt - München',
      companyRoute: null,
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'München Hbf',
      startStation: 'FF',
      endStation: 'MH',
    });
  });

  it('keeps free text without a station', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') {
        return { status: 200, body: { version: 'x', stations: [['FF', 'Frankfurt (Main) Hbf', 50.1, 8.66, 1]] } };
      }
      if (method === 'POST' && path === '/api/routes') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await user.type(screen.getByLabelText(/Name der Strecke/), 'Abzweig');
    await user.type(screen.getByRole('combobox', { name: /Start der Strecke/ }), 'Abzw. Nord');
    await user.type(screen.getByRole('combobox', { name: /Ende der Strecke/ }), 'Anst. Süd');
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    await screen.findByText('Ansicht der Strecke');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      startPoint: 'Abzw. Nord',
      endPoint: 'Anst. Süd',
      startStation: null,
      endStation: null,
    });
  });
});
