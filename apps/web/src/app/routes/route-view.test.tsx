import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as routeView from './route-view';

const routes = (queryClient: QueryClient) => [{ path: '/route/:id', ...pageRoute(routeView, queryClient) }];

beforeEach(() => {
  useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('route view', () => {
  it('shows master data, validity, tours and the history newest first', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/7')
        return {
          status: 200,
          body: {
            id: 7,
            name: 'Uelzen - Lüneburg',
            companyRoute: null,
            startPoint: 'HU',
            endPoint: 'ALBG',
            tours: ['/api/tours/2'],
            owner: '/api/users/1',
            // Kept by the server from the route's drives below (the latest end).
            lastDriven: '2024-06-01',
            validUntil: '2025-01-03',
          },
        };
      if (path === '/api/tours')
        return {
          status: 200,
          body: [
            { id: 2, name: 'Hamburg - Hannover', owner: '/api/users/1', routes: ['/api/routes/7', '/api/routes/8'] },
            { id: 3, name: 'Andere Tour', owner: '/api/users/1', routes: ['/api/routes/8', '/api/routes/9'] },
          ],
        };
      if (path === '/api/route_activities')
        return {
          status: 200,
          body: [
            { id: 5, acquiredAt: '2025-09-01', acquiredUntil: '2026-08-31', acquiredRoutes: ['/api/routes/8'] },
            { id: 4, acquiredAt: '2024-06-01', acquiredUntil: '2024-11-30', acquiredRoutes: ['/api/routes/7'] },
            { id: 3, acquiredAt: '2024-01-05', acquiredUntil: '2025-01-03', acquiredRoutes: ['/api/routes/7'] },
          ].map((a) => ({ ...a, owner: '/api/users/1', vehicleActivities: [] })),
        };
      return undefined;
    });
    renderPages(routes, '/route/7');

    expect(await screen.findByRole('heading', { name: 'Stammdaten der Strecke' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Nicht angegeben' })).toBeInTheDocument();
    expect(await screen.findByText('03.01.2025')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hamburg - Hannover' })).toHaveAttribute('href', '/tour/2');
    expect(screen.queryByRole('link', { name: 'Andere Tour' })).not.toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Erfasste Fahrten' })).getAllByRole('link');
    expect(history.map((link) => link.textContent)).toEqual(['Gefahren am 01.06.2024', 'Gefahren am 05.01.2024']);
  });

  it('says "Nicht erfasst" for a route never recorded', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/7')
        return {
          status: 200,
          body: {
            id: 7,
            name: 'R',
            companyRoute: 'K1',
            startPoint: 'A',
            endPoint: 'B',
            tours: [],
            owner: '/api/users/1',
          },
        };
      if (path === '/api/tours' || path === '/api/route_activities') return { status: 200, body: [] };
      return undefined;
    });
    renderPages(routes, '/route/7');
    expect(await screen.findByText('Nicht erfasst')).toBeInTheDocument();
    expect(screen.getByText('Diese Strecke gehört zu keiner Tour.')).toBeInTheDocument();
  });

  it.each([
    ['404', 404],
    ['403', 403],
  ])('shows a German "nicht gefunden" state on %s', async (_label, status) => {
    stubFetch(({ path }) =>
      path === '/api/routes/7' ? { status, body: { title: 'x', status } } : { status: 200, body: [] },
    );
    renderPages(routes, '/route/7');
    expect(await screen.findByRole('heading', { name: 'Strecke nicht gefunden' })).toBeInTheDocument();
  });

  it('treats an id that cannot exist as not found without asking the server', async () => {
    const calls = stubFetch(() => ({ status: 200, body: [] }));
    renderPages(routes, '/route/abc');
    expect(await screen.findByRole('heading', { name: 'Strecke nicht gefunden' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/routes/'))).toBe(false);
  });
});
