import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { ApiError } from './api-errors';
import { STORAGE_PREFIX } from './storage';

let mayPersist: () => boolean = () => false;

/** Only a signed-in session is written to the browser; after logout nothing is written back. */
export function setPersistenceGate(gate: () => boolean): void {
  mayPersist = gate;
}

export const QUERY_CACHE_KEY = `${STORAGE_PREFIX}query-cache`;

const gatedStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if (mayPersist()) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  },
  removeItem: (key: string) => window.localStorage.removeItem(key),
};

/**
 * What is written to the browser: every query that holds data. A failed refetch must not erase the stored copy
 * (docs/decisions/0009); only an answer that says the record is gone or not ours (4xx) drops it. A query whose key
 * holds a secret (an invitation's token) says `meta: { persist: false }` and is never written.
 */
export function shouldPersistQuery(query: Pick<Query, 'state'> & { meta?: Query['meta'] }): boolean {
  const { data, status, error } = query.state;
  if (data === undefined || query.meta?.persist === false) return false;
  return !(status === 'error' && error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };

/** The query cache survives reloads so the user's data is readable offline; logout clears it with all stored data. */
export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : gatedStorage,
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
});

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

let restored = false;

/**
 * Called once the stored copy is back in the cache (or could not be read). Until then the cache in memory is empty,
 * and writing it would replace the stored copy with nothing: a reload right after opening the app offline — before
 * the restore had run — left "keine gespeicherten Daten" on every page (e2e `offline.spec.ts`, flaky since it began).
 */
export function markCacheRestored(): void {
  restored = true;
}

/**
 * Writes the cache now, bypassing the one-second throttle: after a save, and when the page is hidden or
 * reloaded (a driver losing signal right after a save must find the saved state in the stored copy).
 */
export function persistNow(client: QueryClient): void {
  if (typeof window === 'undefined' || !restored) return;
  const persisted: PersistedClient = {
    timestamp: Date.now(),
    buster: '',
    clientState: dehydrate(client, dehydrateOptions),
  };
  try {
    gatedStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(persisted));
  } catch {
    // Storage full or blocked: the throttled writer keeps trying; reading online is unaffected.
  }
}

/** Flushes the cache whenever the page goes away (reload, tab switch, app to background). */
export function persistOnPageHide(client: QueryClient): () => void {
  const onHide = () => persistNow(client);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') persistNow(client);
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
