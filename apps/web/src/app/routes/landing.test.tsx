import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as landing from './landing';

const betrieb = (id: number, role: string) => ({ id, name: `Betrieb ${id}`, role, depots: [], depot: null });

const routes = (queryClient: QueryClient) => [
  { path: '/start', ...pageRoute(landing, queryClient) },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
  { path: '/betrieb/:id', element: <h1>Betrieb-Seite</h1> },
  { path: '/account/betriebe', element: <h1>Meine Betriebe</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe('where a login leads (/start)', () => {
  it('leads a Disponent to the Betrieb’s page', async () => {
    stubFetch(({ path }) =>
      path === '/api/betriebe' ? { status: 200, body: [betrieb(3, 'driver'), betrieb(4, 'disponent')] } : undefined,
    );
    const { router } = renderPages(routes, '/start');
    expect(await screen.findByRole('heading', { name: 'Betrieb-Seite' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/betrieb/4');
  });

  it('leads a member who reads the drivers of several Betriebe to the chooser', async () => {
    stubFetch(() => ({ status: 200, body: [betrieb(4, 'admin'), betrieb(5, 'disponent')] }));
    renderPages(routes, '/start');
    expect(await screen.findByRole('heading', { name: 'Meine Betriebe' })).toBeVisible();
  });

  it('leads a driver, and anyone when the Betriebe cannot be read, to the dashboard', async () => {
    stubFetch(() => ({ status: 200, body: [betrieb(3, 'driver')] }));
    renderPages(routes, '/start');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    vi.unstubAllGlobals();
    stubFetch(() => ({ status: 500, body: { title: 'Fehler', status: 500 } }));
    const { router } = renderPages(routes, '/start');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
