import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/store';
import { expectStoredQueries, noteStoredQueriesRestored } from '../lib/first-answer';
import { stubFetch } from '../test/fetch-stub';
import { fakeToken } from '../test/render';
import { renderPages } from '../test/render-pages';
import { pageRoute } from './record-route';
import { view as vehicleView } from './routes/vehicle';

const routes = (queryClient: QueryClient) => [{ path: '/vehicle/:id', ...pageRoute(vehicleView, queryClient) }];
const vehicle = { id: 4, name: 'BR 146', owner: '/api/users/1', validityDays: null };

function goOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
}

beforeEach(() => {
  useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  noteStoredQueriesRestored();
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('a record page', () => {
  it('waits for the stored copy, and offline shows it without asking the server', async () => {
    expectStoredQueries();
    goOffline();
    const calls = stubFetch(() => ({ status: 200, body: [] }));
    const { queryClient } = renderPages(routes, '/vehicle/4');
    // What PersistQueryClientProvider restores after React has mounted.
    queryClient.setQueryData(['vehicles', 'detail', 4], vehicle);
    noteStoredQueriesRestored();
    expect(await screen.findByRole('cell', { name: 'BR 146' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offline and never loaded, says why it waits and shows the record once the connection is back', async () => {
    goOffline();
    stubFetch(({ path }) => (path === '/api/vehicles/4' ? { status: 200, body: vehicle } : { status: 200, body: [] }));
    renderPages(routes, '/vehicle/4');
    expect(await screen.findByRole('status', { name: 'Keine Verbindung' })).toHaveTextContent(
      'diese Daten wurden auf diesem Gerät noch nicht geladen',
    );
    vi.restoreAllMocks();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('cell', { name: 'BR 146' })).toBeInTheDocument();
  });

  it('shows a failed load as the German error card, and "Erneut versuchen" loads it again', async () => {
    let answers = 0;
    stubFetch(({ path }) => {
      if (path !== '/api/vehicles/4') return { status: 200, body: [] };
      answers += 1;
      return answers === 1 ? { status: 500, body: { title: 'x', status: 500 } } : { status: 200, body: vehicle };
    });
    renderPages(routes, '/vehicle/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('Laden fehlgeschlagen');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('cell', { name: 'BR 146' })).toBeInTheDocument();
  });

  it('turns into "nicht gefunden" when a refetch finds the record deleted elsewhere', async () => {
    let deleted = false;
    stubFetch(({ path }) =>
      path === '/api/vehicles/4'
        ? deleted
          ? { status: 404, body: { title: 'Not Found', status: 404 } }
          : { status: 200, body: vehicle }
        : { status: 200, body: [] },
    );
    const { queryClient } = renderPages(routes, '/vehicle/4');
    expect(await screen.findByRole('cell', { name: 'BR 146' })).toBeInTheDocument();
    deleted = true;
    await act(() => queryClient.refetchQueries({ queryKey: ['vehicles', 'detail', 4] }).catch(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Fahrzeug nicht gefunden' })).toBeInTheDocument();
  });
});
