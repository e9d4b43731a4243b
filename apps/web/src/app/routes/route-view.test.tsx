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
  it('shows master data, validity, tours, the drives newest first and the route’s history', async () => {
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
            // Recorded two weeks after it was driven: "nachgetragen".
            {
              id: 4,
              acquiredAt: '2024-06-01',
              acquiredUntil: '2024-11-30',
              acquiredRoutes: ['/api/routes/7'],
              recordedAt: '2024-06-15T08:00:00.000Z',
            },
            // Recorded before recording times were kept.
            { id: 3, acquiredAt: '2024-01-05', acquiredUntil: '2025-01-03', acquiredRoutes: ['/api/routes/7'] },
          ].map((a) => ({ recordedAt: null, imported: false, ...a, owner: '/api/users/1', vehicleActivities: [] })),
        };
      if (path === '/api/routes/7/history')
        return {
          status: 200,
          body: [
            {
              at: '2024-07-01T10:00:00.000Z',
              action: 'update',
              channel: 'api',
              changes: ['name'],
              fieldChanges: [{ field: 'name', label: 'Name', from: 'Hamburg – Hannover', to: 'Hamburg - Hannover' }],
            },
            { at: '2023-12-01T10:00:00.000Z', action: 'create', channel: 'import', changes: [], fieldChanges: [] },
          ],
        };
      return undefined;
    });
    renderPages(routes, '/route/7');

    expect(await screen.findByRole('heading', { name: 'Stammdaten der Strecke' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Nicht angegeben' })).toBeInTheDocument();
    expect(await screen.findByText('03.01.2025')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hamburg - Hannover' })).toHaveAttribute('href', '/tour/2');
    expect(screen.queryByRole('link', { name: 'Andere Tour' })).not.toBeInTheDocument();
    const drives = within(screen.getByRole('list', { name: 'Erfasste Fahrten' })).getAllByRole('listitem');
    expect(drives.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Gefahren am 01.06.2024',
      'Gefahren am 05.01.2024',
    ]);
    // "erfasst am" beside "gefahren am", and the mark of a drive recorded more than 7 days late.
    expect(drives[0]).toHaveTextContent('erfasst am 15.06.2024, 10:00');
    expect(within(drives[0]!).getByText('nachgetragen')).toBeInTheDocument();
    expect(drives[1]).not.toHaveTextContent('erfasst am');
    const history = within(await screen.findByRole('list', { name: 'Verlauf der Strecke' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      'Geändert am 01.07.2024, 12:00: Name: Hamburg – Hannover → Hamburg - Hannover',
      'Fahrt vom 01.06.2024 erfasst am 15.06.2024, 10:00nachgetragen',
      'Erfasst am 01.12.2023, 11:00 (CSV-Import)',
    ]);
  });

  it('lists each drive’s way, time, darkness and direction, and says which drives do not keep it valid', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/7')
        return {
          status: 200,
          body: {
            id: 7,
            name: 'Frankfurt – Mannheim',
            companyRoute: null,
            startPoint: 'Frankfurt (Main) Hbf',
            endPoint: 'Mannheim Hbf',
            startStation: { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.107, lon: 8.663 },
            endStation: { code: 'RM', name: 'Mannheim Hbf', lat: 49.479, lon: 8.469 },
            tours: [],
            owner: '/api/users/1',
            validityDays: null,
            keepingWays: null,
            lastDriven: '2025-12-01',
            validUntil: '2026-11-30',
          },
        };
      if (path === '/api/notifications/settings')
        return {
          status: 200,
          body: { validityDays: 364, vehicleValidityDays: null, keepingWays: ['driven', 'escorted'] },
        };
      if (path === '/api/tours') return { status: 200, body: [] };
      if (path === '/api/routes/7/history') return { status: 200, body: [] };
      if (path === '/api/route_activities')
        return {
          status: 200,
          body: [
            {
              id: 21,
              acquiredAt: '2025-12-21',
              acquiredUntil: '2026-12-20',
              acquiredRoutes: ['/api/routes/7'],
              recordedAt: '2025-12-21T21:00:00.000Z',
              way: 'escorted',
              time: '21:40',
              direction: 'forward',
              dark: true,
            },
            {
              id: 22,
              acquiredAt: '2025-12-22',
              acquiredUntil: '2026-12-21',
              acquiredRoutes: ['/api/routes/7', '/api/routes/8'],
              way: 'simulator',
              time: null,
              direction: 'reverse',
              dark: null,
            },
          ].map((a) => ({ recordedAt: null, imported: false, ...a, owner: '/api/users/1', vehicleActivities: [] })),
        };
      return undefined;
    });
    renderPages(routes, '/route/7');
    // The account's rule in words, once its settings are there.
    expect(await screen.findByText('wie im Konto: selbst gefahren, begleitete Fahrt')).toBeInTheDocument();
    const drives = within(await screen.findByRole('list', { name: 'Erfasste Fahrten' })).getAllByRole('listitem');
    expect(drives[0]).toHaveTextContent(
      'Gefahren am 22.12.2025 · Simulator · gültig bis 21.12.2026 zählt nur für den Ersterwerb, nicht für die Gültigkeit',
    );
    // A drive of this route alone names its direction by the stations.
    expect(drives[1]).toHaveTextContent(
      'Gefahren am 21.12.2025 · begleitete Fahrt · 21:40 Uhr · bei Dunkelheit · Richtung Mannheim Hbf · gültig bis',
    );
    expect(drives[1]).not.toHaveTextContent('Ersterwerb');
    const history = within(await screen.findByRole('list', { name: 'Verlauf der Strecke' })).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent(
      'Fahrt vom 21.12.2025 (begleitete Fahrt · 21:40 Uhr · bei Dunkelheit) erfasst am 21.12.2025, 22:00',
    );
  });

  it('names the route’s own rule of the ways that keep it valid', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/7')
        return {
          status: 200,
          body: {
            id: 7,
            name: 'R',
            companyRoute: null,
            startPoint: 'A',
            endPoint: 'B',
            tours: [],
            owner: '/api/users/1',
            validityDays: null,
            keepingWays: ['driven', 'simulator'],
          },
        };
      if (path === '/api/tours' || path === '/api/route_activities') return { status: 200, body: [] };
      return undefined;
    });
    renderPages(routes, '/route/7');
    expect(await screen.findByRole('row', { name: /Erhält die Streckenkunde/ })).toHaveTextContent(
      'selbst gefahren, Simulator (eigene Regel der Strecke)',
    );
  });

  it('shows a route in training with its first acquisition’s progress per direction', async () => {
    stubFetch(({ path }) => {
      if (path === '/api/routes/7')
        return {
          status: 200,
          body: {
            id: 7,
            name: 'FF – RM',
            companyRoute: null,
            startPoint: 'Frankfurt (Main) Hbf',
            endPoint: 'Mannheim Hbf',
            tours: [],
            owner: '/api/users/1',
            validityDays: null,
            keepingWays: null,
            firstAcquisition: { drives: 2, dark: 1, days: null },
            acquiredOn: null,
          },
        };
      if (path === '/api/route_activities')
        return {
          status: 200,
          body: [
            {
              id: 1,
              acquiredAt: '2026-11-02',
              acquiredUntil: '2027-11-01',
              owner: '/api/users/1',
              acquiredRoutes: ['/api/routes/7'],
              vehicleActivities: [],
              recordedAt: null,
              imported: false,
              way: 'escorted',
              time: '22:30',
              direction: 'forward',
              dark: true,
            },
          ],
        };
      if (path === '/api/tours') return { status: 200, body: [] };
      return undefined;
    });
    renderPages(routes, '/route/7');
    expect(await screen.findByText('In Ausbildung: noch nicht bekannt')).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Fortschritt des Ersterwerbs' });
    expect(progress).toHaveTextContent('1 von 2 Fahrten Richtung Mannheim Hbf, davon 1 von 1 bei Dunkelheit');
    expect(progress).toHaveTextContent('0 von 2 Fahrten Richtung Frankfurt (Main) Hbf, davon 0 von 1 bei Dunkelheit');
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
