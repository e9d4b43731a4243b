import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as tourView from './tour-view';

const routes = (queryClient: QueryClient) => [{ path: '/tour/:id', ...pageRoute(tourView, queryClient) }];
const route = (id: number, name: string) => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'HU',
  endPoint: 'HB',
  tours: ['/api/tours/4'],
  owner: '/api/users/1',
});

beforeEach(() => {
  useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

function stubTour(routeIris: string[]) {
  stubFetch(({ path }) => {
    if (path === '/api/tours/4')
      return { status: 200, body: { id: 4, name: 'Heidetour', owner: '/api/users/1', routes: routeIris } };
    if (path === '/api/routes')
      return { status: 200, body: [route(7, 'Uelzen - Celle'), route(8, 'Celle - Hannover')] };
    return undefined;
  });
}

describe('tour view', () => {
  it('marks a tour left with fewer than two routes as incomplete', async () => {
    stubTour(['/api/routes/7']);
    renderPages(routes, '/tour/4');
    expect(await screen.findByText('unvollständig – weniger als 2 Strecken')).toBeInTheDocument();
  });

  it('shows no such mark for a tour with two routes', async () => {
    stubTour(['/api/routes/7', '/api/routes/8']);
    renderPages(routes, '/tour/4');
    expect(await screen.findByText('Heidetour')).toBeInTheDocument();
    expect(screen.queryByText(/unvollständig/)).not.toBeInTheDocument();
  });
});
