import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as routeView from './route-view';

const routes = (queryClient: QueryClient) => [{ path: '/route/:id', ...pageRoute(routeView, queryClient) }];
const ff = { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66 };

beforeEach(() => {
  useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('route view of a place (Ortskunde, issue 41 item 4)', () => {
  it('names its one station instead of start and end, and its drives without a direction', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/9')
        return {
          status: 200,
          body: {
            id: 9,
            name: 'Ortskunde Frankfurt (Main) Hbf',
            companyRoute: null,
            startPoint: 'Frankfurt (Main) Hbf',
            endPoint: 'Frankfurt (Main) Hbf',
            startStation: ff,
            endStation: ff,
            tours: [],
            owner: '/api/users/1',
            validityDays: null,
            keepingWays: null,
            firstAcquisition: null,
            acquiredOn: null,
            lastDriven: '2026-11-02',
            validUntil: '2027-11-01',
          },
        };
      if (path === '/api/tours') return { status: 200, body: [] };
      if (path === '/api/route_activities')
        return {
          status: 200,
          body: [
            {
              id: 4,
              acquiredAt: '2026-11-02',
              acquiredUntil: '2027-11-01',
              acquiredRoutes: ['/api/routes/9'],
              way: 'line_walk',
              time: null,
              // An older client may have sent one: a place names none.
              direction: 'forward',
              dark: null,
            },
          ],
        };
      if (path === '/api/routes/9/history') return { status: 200, body: [] };
      return undefined;
    });
    renderPages(routes, '/route/9');
    expect(await screen.findByText('Ortskunde Frankfurt (Main) Hbf (FF)')).toBeInTheDocument();
    expect(screen.queryByText('Start der Strecke')).not.toBeInTheDocument();
    expect(screen.queryByText('Ende der Strecke')).not.toBeInTheDocument();
    expect(screen.getByText('Ortskunde gültig bis')).toBeInTheDocument();
    const note = await screen.findByText(/· Begehung · gültig bis 01\.11\.2027/);
    expect(note.textContent).not.toMatch(/Richtung/);
  });
});
