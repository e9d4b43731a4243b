import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';
import { onResetStoredData } from './storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // 7 days: long enough for offline reading; must stay below 2^31 ms (setTimeout overflows and would drop the cache at once).
      gcTime: 7 * 24 * 60 * 60 * 1000,
      // Client errors will not get better by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

onResetStoredData(() => queryClient.clear());
