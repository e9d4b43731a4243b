import { MutationCache, onlineManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, NetworkError } from './api-errors';
import { noteConnectionFailure, noteConnectionSuccess } from './connection';
import { onResetStoredData } from './storage';

/**
 * The offline rule (docs/decisions/0009): a request that could not reach the server never replaces data the
 * user already has. The query goes back to its last successful state – what is shown and what is stored stay –
 * and only the connection store remembers that the last attempt failed ("Keine Verbindung – Stand vom …").
 */
export function keepDataOnNetworkFailure(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (!(error instanceof NetworkError) || query.state.data === undefined) return;
  query.setState({ status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null });
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof NetworkError) noteConnectionFailure();
        keepDataOnNetworkFailure(error, query);
      },
      onSuccess: () => noteConnectionSuccess(),
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof NetworkError) noteConnectionFailure();
      },
      onSuccess: () => noteConnectionSuccess(),
    }),
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
}

export const queryClient = createQueryClient();

// TanStack Query assumes "online" until an event says otherwise; a page loaded without signal must start
// offline, so that restored data is not refetched (and failed) before anything else happens.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

onResetStoredData(() => queryClient.clear());
