import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';

/**
 * Renders routes as `renderRoutes` (test/render.tsx) does, for pages with a loader: the routes are built with the
 * test's query client, as `app/router.tsx` builds the app's (`{ path, ...pageRoute(module, queryClient) }`).
 */
export function renderPages(routes: (queryClient: QueryClient) => RouteObject[], path: string) {
  // As the app's client (lib/query-client.ts): an answer is fresh for 30 s; no retries, so a test sees an error at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  // The app shows its splash while the first page loads; here an empty root stands in for it.
  const router = createMemoryRouter([{ hydrateFallbackElement: <></>, children: routes(queryClient) }], {
    initialEntries: [path],
  });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
