import { MantineProvider } from '@mantine/core';
import { dehydrate, QueryCache, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/store';
import { expectStoredQueries, noteStoredQueriesRestored } from '../lib/first-answer';
import { keepDataOnNetworkFailure } from '../lib/query-client';
import { testUser } from '../test/fixtures';
import { fakeToken } from '../test/render';
import { createRoutes } from './router';
import { theme } from './theme';

afterEach(() => {
  noteStoredQueriesRestored();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('the app router', () => {
  it('opens a record page reloaded in a dead zone from the stored copy, restored after the router has started', async () => {
    useAuthStore.getState().setToken(fakeToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 }));
    // The network claims to be up, but no request gets through.
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);

    // What an earlier session stored on this device.
    const earlier = new QueryClient();
    earlier.setQueryData(['users', 'current'], testUser);
    earlier.setQueryData(['vehicles', 'detail', 4], {
      id: 4,
      name: 'BR 146',
      owner: '/api/users/7',
      validityDays: null,
    });
    const stored: PersistedClient = { timestamp: Date.now(), buster: '', clientState: dehydrate(earlier) };
    const persister: Persister = {
      persistClient: async () => undefined,
      // Later than the page's loader: in the app the provider mounts only after the styles are in (main.tsx).
      restoreClient: () => new Promise((resolve) => setTimeout(() => resolve(stored), 200)),
      removeClient: async () => undefined,
    };

    // As main.tsx: the router (and the page's loader) starts before the provider that restores the copy mounts.
    const queryClient = new QueryClient({
      queryCache: new QueryCache({ onError: keepDataOnNetworkFailure }),
      defaultOptions: { queries: { retry: false } },
    });
    expectStoredQueries();
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/vehicle/4'] });
    render(
      <MantineProvider theme={theme}>
        <PersistQueryClientProvider client={queryClient} persistOptions={{ persister }}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </MantineProvider>,
    );

    expect(await screen.findByRole('cell', { name: 'BR 146' }, { timeout: 5000 })).toBeInTheDocument();
    // Asked for in the background only, after the copy was there: the failure changes nothing on screen (0009).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('cell', { name: 'BR 146' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
