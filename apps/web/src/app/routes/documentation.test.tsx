import { formatDate } from '@streckenpass/contract/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { useDocumentationStore } from '../../features/documentation/store';
import { todayInput } from '../../lib/dates';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken, renderRoutes } from '../../test/render';
import { Component as Documentation } from './documentation';
import { resetAllStoredData } from '../../lib/storage';

const owner = '/api/users/1';
const routes = [
  { id: 1, name: 'Uelzen - Celle', companyRoute: 'N30.1', startPoint: 'HU', endPoint: 'HC', tours: [], owner },
  { id: 2, name: 'Celle - Hannover', companyRoute: null, startPoint: 'HC', endPoint: 'HH', tours: [], owner },
  { id: 3, name: 'Hamburg - Lübeck', companyRoute: null, startPoint: 'AH', endPoint: 'AL', tours: [], owner },
];
const tours = [{ id: 7, name: 'Heidetour', owner, routes: ['/api/routes/2', '/api/routes/3'] }];
const vehicles = [{ id: 4, name: 'BR 146', owner }];

function serve(post: (path: string, body: unknown) => { status: number; body?: unknown }) {
  return stubFetch(({ method, path, body }) => {
    if (method === 'POST') return post(path, body);
    if (path === '/api/routes') return { status: 200, body: routes };
    if (path === '/api/tours') return { status: 200, body: tours };
    if (path === '/api/vehicles') return { status: 200, body: vehicles };
    return undefined;
  });
}

/** The server's answer to a drive: without an end date from the page, its own (a year, the accounts' default here). */
const created = (body: { acquiredAt: string; acquiredUntil?: string; acquiredRoutes: string[] }) => ({
  status: 201,
  body: { id: 11, owner, vehicleActivities: [], acquiredUntil: '2025-12-31', ...body },
});

/** The Idempotency-Key headers of the POSTs sent so far. */
const idempotencyKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);

const renderPage = () => renderRoutes([{ path: '/documentation', element: <Documentation /> }], '/documentation');
const selectedCard = () => screen.getByRole('region', { name: 'Ausgewählte Objekte' });

describe('documentation page', () => {
  beforeEach(() => {
    // Mantine's option list scrolls the chosen option into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => {};
    useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    useDocumentationStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
    resetAllStoredData();
  });

  it('lists routes as "name · Kürzel code", searches case-insensitively and counts shown / total', async () => {
    serve(() => ({ status: 500 }));
    renderPage();
    expect(await screen.findByText('Uelzen - Celle · Kürzel N30.1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Strecken (3 / 3)' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Eine Strecke suchen' }), 'cELLE');
    expect(screen.getByRole('heading', { name: 'Strecken (2 / 3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Strecke Uelzen - Celle ansehen' })).toHaveAttribute('href', '/route/1');
    expect(screen.getByRole('heading', { name: 'Orte (5 / 5)' })).toBeInTheDocument();
  });

  it('saves the selected route, tour and vehicle as one route activity with a vehicle activity, then clears', async () => {
    const calls = serve((path, body) =>
      path === '/api/route_activities'
        ? created(body as never)
        : { status: 201, body: { id: 5, owner, ...(body as object) } },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tour Heidetour auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Strecke Uelzen - Celle auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fahrzeug BR 146 auswählen' }));
    expect(screen.getByRole('button', { name: 'Tour Heidetour auswählen' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(selectedCard()).getByText('Heidetour')).toBeInTheDocument();
    expect(within(selectedCard()).getByText('Es werden 3 Strecken dokumentiert.')).toBeInTheDocument();

    const date = within(selectedCard()).getByLabelText(/Zuletzt gefahren am/);
    // The app's date field: "Mi, 25.11.2026" (TT.MM.JJJJ with the weekday), whatever the browser's language.
    expect((date as HTMLInputElement).value).toMatch(
      new RegExp(`^\\p{L}{2}, ${formatDate(todayInput()).replaceAll('.', '\\.')}$`, 'u'),
    );
    await userEvent.clear(date);
    await userEvent.type(date, '2025-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));

    expect(await within(selectedCard()).findByText(/Noch nichts ausgewählt/)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      [
        '/api/route_activities',
        // By the rule the server sets the end date (issue 39): the page sends none.
        // Selbst gefahren unless the driver says otherwise; no time, and no direction for several routes.
        {
          acquiredAt: '2025-01-01',
          acquiredRoutes: ['/api/routes/1', '/api/routes/2', '/api/routes/3'],
          way: 'driven',
        },
      ],
      ['/api/vehicle_activities', { acquiredVehicles: ['/api/vehicles/4'], routeActivity: '/api/route_activities/11' }],
    ]);
    expect(idempotencyKeys()[0]).toMatch(/^doc-/);
    // A save of the documentation page is the API's in the records' history: no channel header (issue 27).
    expect(posts.map((call) => call.headers['x-streckenpass-channel'])).toEqual([undefined, undefined]);
    expect(useDocumentationStore.getState().selection).toEqual({ routes: [], tours: [], vehicles: [], places: [] });
  });

  it('records every route at a selected place, valid half a year when chosen', async () => {
    const calls = serve((_path, body) => created(body as never));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ort HC auswählen' }));
    await userEvent.click(screen.getByRole('radio', { name: '½ Jahr' }));
    const date = within(selectedCard()).getByLabelText(/Zuletzt gefahren am/);
    await userEvent.clear(date);
    await userEvent.type(date, '2025-01-01');
    expect(within(selectedCard()).getByText('Gültig bis 02.07.2025')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    await within(selectedCard()).findByText(/Noch nichts ausgewählt/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      acquiredAt: '2025-01-01',
      acquiredUntil: '2025-07-02',
      acquiredRoutes: ['/api/routes/1', '/api/routes/2'],
      way: 'driven',
    });
    // The next drive follows the rule again: "½ Jahr" does not stay chosen after saving.
    expect(screen.getByRole('radio', { name: 'Regel' })).toBeChecked();
  });

  it('keeps the selection and says so in German when saving fails', async () => {
    const calls = serve(() => ({ status: 503, body: { title: 'Service Unavailable', status: 503 } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Strecke Celle - Hannover auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    expect(await within(selectedCard()).findByRole('alert')).toHaveTextContent(
      'Die Dokumentation konnte nicht gespeichert werden: Der Dienst ist vorübergehend nicht erreichbar.',
    );
    expect(useDocumentationStore.getState().selection.routes).toEqual([2]);

    // A second try of the same documentation carries the same Idempotency-Key: nothing can be recorded twice.
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const [first, second] = idempotencyKeys();
    expect(first).toMatch(/^doc-/);
    expect(second).toBe(first);
  });

  it('asks for a route when nothing that contains routes is selected', async () => {
    const calls = serve(() => ({ status: 500 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Fahrzeug BR 146 auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    expect(within(selectedCard()).getByRole('alert')).toHaveTextContent(
      'Wählen Sie mindestens eine Strecke, eine Tour oder einen Ort aus.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('resets the selection', async () => {
    serve(() => ({ status: 500 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Strecke Celle - Hannover auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Auswahl zurücksetzen' }));
    expect(screen.getByRole('button', { name: 'Strecke Celle - Hannover auswählen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('records the way, the time and – for one route – the direction, and keeps them when the save fails', async () => {
    let fail = true;
    const calls = serve((_path, body) =>
      fail ? { status: 503, body: { title: 'Service Unavailable', status: 503 } } : created(body as never),
    );
    renderPage();
    const choose = async (field: string, option: string) => {
      await userEvent.click(within(selectedCard()).getByRole('combobox', { name: field }));
      await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Tour Heidetour auswählen' }));
    // Two routes: no direction to give.
    expect(within(selectedCard()).queryByRole('combobox', { name: 'Richtung' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tour Heidetour auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Strecke Celle - Hannover auswählen' }));
    await choose('Art der Fahrt', 'begleitete Fahrt');
    await userEvent.type(within(selectedCard()).getByRole('textbox', { name: 'Uhrzeit (optional)' }), '5.40');
    await choose('Richtung', 'Richtung HH');
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    expect(await within(selectedCard()).findByRole('alert')).toHaveTextContent('nicht gespeichert');
    // Nothing lost: the second try sends the same.
    expect(within(selectedCard()).getByRole('combobox', { name: 'Art der Fahrt' })).toHaveValue('begleitete Fahrt');
    expect(within(selectedCard()).getByRole('textbox', { name: 'Uhrzeit (optional)' })).toHaveValue('05:40');
    expect(within(selectedCard()).getByRole('combobox', { name: 'Richtung' })).toHaveValue('Richtung HH');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    await within(selectedCard()).findByText(/Noch nichts ausgewählt/);
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual({
      acquiredAt: todayInput(),
      acquiredRoutes: ['/api/routes/2'],
      way: 'escorted',
      time: '05:40',
      direction: 'forward',
    });
    // The next drive starts escorted again, at no time given.
    expect(within(selectedCard()).getByRole('combobox', { name: 'Art der Fahrt' })).toHaveValue('begleitete Fahrt');
    expect(within(selectedCard()).getByRole('textbox', { name: 'Uhrzeit (optional)' })).toHaveValue('');
  });

  it('refuses a time that is none with the contract’s message and sends nothing', async () => {
    const calls = serve((_path, body) => created(body as never));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Strecke Celle - Hannover auswählen' }));
    await userEvent.type(within(selectedCard()).getByRole('textbox', { name: 'Uhrzeit (optional)' }), '25:00');
    await userEvent.click(screen.getByRole('button', { name: 'Dokumentation speichern' }));
    expect(await within(selectedCard()).findByText('Uhrzeit als HH:MM angeben, z. B. 05:40.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
