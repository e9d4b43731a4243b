import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { recordKeys } from './query-keys';

/**
 * After a create, edit or delete: every list and detail on screen refetches, no reload needed. `except` is the
 * detail of a record that was just deleted: asking for it again could only answer 404.
 */
export function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return useCallback(
    (except?: QueryKey) => {
      const skip = except ? hashKey(except) : null;
      return Promise.all(
        recordKeys.map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== skip }),
        ),
      ).then(() => undefined);
    },
    [queryClient],
  );
}

/**
 * A deleted record's detail: not fetched again (its page is still mounted while the app navigates away), and
 * dropped from the cache – and so from the stored copy – once the page that showed it is gone.
 */
export function forgetDeletedRecord(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.cancelQueries({ queryKey, exact: true });
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query === query && event.type === 'observerRemoved' && query.getObserversCount() === 0) {
      done();
      cache.remove(query);
    }
  });
  // A quick "back" can cancel the navigation away, and the page stays: then it must learn that the record is gone.
  const fallback = setTimeout(() => {
    done();
    if (cache.find({ queryKey, exact: true }) !== query) return;
    if (query.getObserversCount() > 0) void query.fetch().catch(() => undefined);
    else cache.remove(query);
  }, FORGET_FALLBACK_MS);
  function done() {
    unsubscribe();
    clearTimeout(fallback);
  }
}

const FORGET_FALLBACK_MS = 2000;
