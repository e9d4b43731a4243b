import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';

/** Renders routes in a memory router with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  // As the app's client (lib/query-client.ts): an answer is fresh for 30 s, so a component mounting after it does
  // not ask again; no retries, so that a test sees an error at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

export function wrapper({ children }: { children: ReactElement }) {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}

/** A syntactically valid unsigned JWT with the given payload (the client never verifies signatures). */
export function fakeToken(payload: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(unescape(encodeURIComponent(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}
