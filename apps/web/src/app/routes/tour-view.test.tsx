import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render';
import { Component as TourViewPage } from './tour-view';

const routes = [{ path: '/tour/:id', Component: TourViewPage }];
const route = (id: number, name: string) => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'HU',
  endPoint: 'HB',
  tours: ['/api/tours/4'],
  owner: '/api/users/1',
});

afterEach(() => vi.unstubAllGlobals());

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
    renderRoutes(routes, '/tour/4');
    expect(await screen.findByText('unvollständig – weniger als 2 Strecken')).toBeInTheDocument();
  });

  it('shows no such mark for a tour with two routes', async () => {
    stubTour(['/api/routes/7', '/api/routes/8']);
    renderRoutes(routes, '/tour/4');
    expect(await screen.findByText('Heidetour')).toBeInTheDocument();
    expect(screen.queryByText(/unvollständig/)).not.toBeInTheDocument();
  });
});
