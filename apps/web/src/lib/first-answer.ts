import { useIsRestoring, type FetchStatus } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

interface QueryState {
  data: unknown;
  isError: boolean;
  fetchStatus: FetchStatus;
}

/** A query with nothing to show yet whose first answer is on its way (not offline-paused, not failed). */
export function isAwaitingFirstAnswer(query: QueryState): boolean {
  return query.data === undefined && !query.isError && query.fetchStatus === 'fetching';
}

/**
 * True while a page cannot show its data yet but will shortly: the stored copy is being restored, or a query
 * without data is fetching. A page waits for this to end and is then painted once, complete, instead of growing
 * (and pushing what is already shown down the screen) as each answer arrives. Offline (paused) and failed queries
 * never hold a page: it shows what it has and says why the rest is missing.
 *
 * The end of the wait is deferred (`useDeferredValue`, without an initial value: a page whose data is already cached
 * renders at once, with no spinner in between): the page with its data is rendered as a transition, which
 * React interrupts every few milliseconds for input, instead of one long task when the last answer arrives.
 */
export function useAwaitingFirstAnswer(...queries: QueryState[]): boolean {
  const restoring = useIsRestoring();
  return useDeferredValue(restoring || queries.some(isAwaitingFirstAnswer));
}
