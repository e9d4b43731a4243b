import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetDeletedRecord } from './use-invalidate-records';

describe('forgetDeletedRecord', () => {
  it('drops the detail once the page that showed it is gone, without fetching it again', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['routes', 'detail', 3],
      queryFn: () => {
        fetches += 1;
        return { id: 3 };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await client.getQueryCache().find({ queryKey: ['routes', 'detail', 3] })?.promise;
    expect(fetches).toBe(1);

    forgetDeletedRecord(client, ['routes', 'detail', 3]);
    expect(client.getQueryCache().find({ queryKey: ['routes', 'detail', 3] })).toBeDefined();
    unsubscribe();
    expect(client.getQueryCache().find({ queryKey: ['routes', 'detail', 3] })).toBeUndefined();
    expect(fetches).toBe(1);
  });

  it('drops a detail nobody shows at once', async () => {
    const client = new QueryClient();
    client.setQueryData(['tours', 'detail', 1], { id: 1 });
    forgetDeletedRecord(client, ['tours', 'detail', 1]);
    expect(client.getQueryCache().find({ queryKey: ['tours', 'detail', 1] })).toBeUndefined();
  });
});

describe('forgetDeletedRecord when the page stays', () => {
  it('asks the server once after a while, so the page can say the record is gone', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      let fetches = 0;
      const observer = new QueryObserver(client, {
        queryKey: ['vehicles', 'detail', 2],
        queryFn: () => {
          fetches += 1;
          return fetches === 1 ? { id: 2 } : Promise.reject(new Error('404'));
        },
      });
      const unsubscribe = observer.subscribe(() => {});
      await vi.waitFor(() => expect(fetches).toBe(1));
      forgetDeletedRecord(client, ['vehicles', 'detail', 2]);
      expect(fetches).toBe(1);
      await vi.advanceTimersByTimeAsync(2500);
      expect(fetches).toBe(2);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });
});
