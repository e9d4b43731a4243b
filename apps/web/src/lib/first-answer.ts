import { useIsRestoring, type FetchStatus } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';

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

/*
 * The stored copy of the query cache (lib/query-persister.ts) is put back by `PersistQueryClientProvider` once React
 * has mounted, but the router's loaders (app/record-route.tsx) start before that, with the router. A loader that did
 * not wait would ask the network for what the copy holds: offline it would hang, in a dead zone fail, and online make
 * the page wait a round trip for data the device already has.
 */
let storedQueriesPending = false;
let waiting: (() => void)[] = [];

/** A stored copy is going to be restored (the app's router, created before the provider mounts, says so). */
export function expectStoredQueries(): void {
  storedQueriesPending = true;
}

/** The restore is over (with or without a copy): loaders waiting for it go on. */
export function noteStoredQueriesRestored(): void {
  storedQueriesPending = false;
  const resume = waiting;
  waiting = [];
  for (const go of resume) go();
}

/** Resolves once the stored copy is in the cache, at once when none is expected (tests, a router of its own). */
export function storedQueriesRestored(): Promise<void> {
  if (!storedQueriesPending) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Reports the end of the restore; rendered by the app's root route, inside the provider that restores. */
export function useReportStoredQueriesRestored(): void {
  const restoring = useIsRestoring();
  useEffect(() => {
    if (!restoring) noteStoredQueriesRestored();
  }, [restoring]);
}
