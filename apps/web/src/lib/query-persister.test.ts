import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { markCacheRestored, persistNow, QUERY_CACHE_KEY, setPersistenceGate } from './query-persister';

describe('persistNow', () => {
  afterEach(() => window.localStorage.clear());

  it('does not replace the stored copy before it is restored, and writes the cache after', () => {
    setPersistenceGate(() => true);
    const stored = JSON.stringify({ timestamp: 1, buster: '', clientState: { queries: [{ queryKey: ['routes'] }] } });
    window.localStorage.setItem(QUERY_CACHE_KEY, stored);
    const client = new QueryClient();

    // A reload right after opening offline: the page goes away before the restore ran, with an empty cache.
    persistNow(client);
    expect(window.localStorage.getItem(QUERY_CACHE_KEY)).toBe(stored);

    markCacheRestored();
    client.setQueryData(['routes'], [{ id: 1 }]);
    persistNow(client);
    const written = JSON.parse(window.localStorage.getItem(QUERY_CACHE_KEY)!) as {
      clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(written.clientState.queries).toEqual([
      expect.objectContaining({ queryKey: ['routes'], state: expect.objectContaining({ data: [{ id: 1 }] }) }),
    ]);
  });
});
