import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as routeEdit from './route-edit';

const routes = (queryClient: QueryClient) => [
  { path: '/route/edit/:id', ...pageRoute(routeEdit, queryClient) },
  { path: '/route/:id', element: <p>Ansicht der Strecke</p> },
  { path: '/documentation', element: <p>Dokumentation</p> },
];
const route = {
  id: 7,
  name: 'Lübeck - Kiel',
  companyRoute: 'L10.02',
  startPoint: 'HL',
  endPoint: 'HK',
  startStation: null,
  endStation: null,
  tours: [],
  owner: '/api/users/1',
};

beforeEach(() => {
  useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuthStore.getState().reset();
});

describe('route edit', () => {
  it('saves changes with PATCH (an emptied code becomes null) and opens the view', async () => {
    const calls = stubFetch(({ method, path, body }) => {
      if (path !== '/api/routes/7') return undefined;
      if (method === 'GET') return { status: 200, body: route };
      if (method === 'PATCH') return { status: 200, body: { ...route, ...(body as object) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    const name = await screen.findByLabelText(/Name der Strecke/);
    expect(name).toHaveValue('Lübeck - Kiel');
    await user.clear(name);
    await user.type(name, 'Lübeck - Kiel Hbf');
    await user.clear(screen.getByLabelText(/^Kürzel/));
    await user.click(screen.getByRole('button', { name: 'Strecke speichern' }));

    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Lübeck - Kiel Hbf',
      companyRoute: null,
      startPoint: 'HL',
      endPoint: 'HK',
      startStation: null,
      endStation: null,
    });
  });

  it('keeps the route’s own ways unless changed, and "wie im Konto" sends null', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const own = { ...route, validityDays: null, keepingWays: ['driven', 'simulator'] };
    const calls = stubFetch(({ method, path, body }) => {
      if (path !== '/api/routes/7') return undefined;
      if (method === 'GET') return { status: 200, body: own };
      if (method === 'PATCH') return { status: 200, body: { ...own, ...(body as object) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    expect(await screen.findByRole('combobox', { name: /Erhält die Streckenkunde/ })).toHaveValue('Eigene Auswahl');
    expect(screen.getByRole('checkbox', { name: 'Simulator' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'begleitete Fahrt' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Strecke speichern' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).not.toHaveProperty('keepingWays');
  });

  it('asks a first acquisition, refuses more drives in darkness than drives in German, and sends the rule', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const plain = { ...route, validityDays: null, keepingWays: null, firstAcquisition: null, acquiredOn: null };
    const calls = stubFetch(({ method, path, body }) => {
      if (path !== '/api/routes/7') return undefined;
      if (method === 'GET') return { status: 200, body: plain };
      if (method === 'PATCH') return { status: 200, body: { ...plain, ...(body as object) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    await user.click(await screen.findByRole('checkbox', { name: /Ersterwerb verlangen/ }));
    const dark = screen.getByLabelText('davon bei Dunkelheit');
    await user.clear(dark);
    await user.type(dark, '5');
    await user.click(screen.getByRole('button', { name: 'Strecke speichern' }));
    expect(
      await screen.findByText('Bei Dunkelheit können nicht mehr Fahrten verlangt werden als Fahrten je Richtung.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.clear(dark);
    await user.type(dark, '1');
    await user.click(screen.getByRole('button', { name: 'Strecke speichern' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      firstAcquisition: { drives: 2, dark: 1, days: 90 },
    });
  });

  it('sends null for a route that follows the account’s ways again', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const own = { ...route, validityDays: null, keepingWays: ['driven'] };
    const calls = stubFetch(({ method, path, body }) => {
      if (path !== '/api/routes/7') return undefined;
      if (method === 'GET') return { status: 200, body: own };
      if (method === 'PATCH') return { status: 200, body: { ...own, ...(body as object) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    await user.click(await screen.findByRole('combobox', { name: /Erhält die Streckenkunde/ }));
    await user.click(await screen.findByRole('option', { name: 'wie im Konto', hidden: true }));
    expect(screen.queryByRole('checkbox', { name: 'Simulator' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Strecke speichern' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ keepingWays: null });
  });

  it('deletes only after confirmation and then opens the documentation', async () => {
    let deleted = false;
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/routes/7' && method === 'GET') {
        return deleted ? { status: 404, body: { title: 'Not Found', status: 404 } } : { status: 200, body: route };
      }
      if (path === '/api/routes/7' && method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      return { status: 200, body: [] };
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderPages(routes, '/route/edit/7');
    await user.click(await screen.findByRole('button', { name: 'Eintrag löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Strecke löschen?' });
    expect(dialog).toHaveTextContent('„Lübeck - Kiel“');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Dokumentation')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    // The deleted record is not asked for again, and it is gone from the cache: back shows "nicht gefunden".
    const deletedAt = calls.findIndex((c) => c.method === 'DELETE');
    expect(calls.slice(deletedAt).filter((c) => c.method === 'GET' && c.path === '/api/routes/7')).toEqual([]);
    expect(queryClient.getQueryData(['routes', 'detail', 7])).toBeUndefined();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Strecke nicht gefunden' })).toBeInTheDocument();
  });

  it('names the tours of the route in the dialog, and those left incomplete', async () => {
    const inTours = { ...route, tours: ['/api/tours/1', '/api/tours/2'] };
    stubFetch(({ method, path }) => {
      if (path === '/api/routes/7' && method === 'GET') return { status: 200, body: inTours };
      if (path === '/api/tours' && method === 'GET') {
        return {
          status: 200,
          body: [
            {
              id: 1,
              name: 'Nordtour',
              owner: '/api/users/1',
              routes: ['/api/routes/7', '/api/routes/8', '/api/routes/9'],
            },
            { id: 2, name: 'Kurztour', owner: '/api/users/1', routes: ['/api/routes/7', '/api/routes/8'] },
            { id: 3, name: 'Andere', owner: '/api/users/1', routes: ['/api/routes/8', '/api/routes/9'] },
          ],
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    await screen.findByLabelText(/Name der Strecke/);
    await user.click(await screen.findByRole('button', { name: 'Eintrag löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Strecke löschen?' });
    await waitFor(() => expect(dialog).toHaveTextContent('Betroffene Touren: „Nordtour“, „Kurztour“.'));
    expect(dialog).toHaveTextContent(
      'Danach hat die Tour „Kurztour“ weniger als zwei Strecken und gilt als unvollständig.',
    );
    expect(dialog).not.toHaveTextContent('Andere');
  });

  it('a failed delete is only logged; the form stays as it was', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(({ method, path }) => {
      if (path === '/api/routes/7' && method === 'GET') return { status: 200, body: route };
      if (path === '/api/routes/7' && method === 'DELETE') return { status: 500, body: { title: 'x', status: 500 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPages(routes, '/route/edit/7');
    await user.click(await screen.findByRole('button', { name: 'Eintrag löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));

    await waitFor(() => expect(error).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Dokumentation')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Name der Strecke/)).toHaveValue('Lübeck - Kiel');
    expect(screen.getByRole('button', { name: 'Eintrag löschen' })).toBeEnabled();
  });
});
