import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError, NotFoundError } from './api-errors';
import { isConnected } from './connection';
import { queryClient } from './query-client';
import { shouldPersistQuery } from './query-persister';

const networkError = () => new NetworkError('Network Error', 0, 'Network Error', null);

describe('the offline rule: a failed refetch keeps what is shown and stored', () => {
  afterEach(() => queryClient.clear());

  it('keeps the data and its date when the server cannot be reached, and notes the lost connection', async () => {
    await queryClient.fetchQuery({ queryKey: ['t', 1], queryFn: () => ['Celle – Uelzen'] });
    const loadedAt = queryClient.getQueryState(['t', 1])?.dataUpdatedAt;
    await queryClient
      .fetchQuery({
        queryKey: ['t', 1],
        queryFn: () => Promise.reject(networkError()),
        retry: false,
        staleTime: 0,
      })
      .catch(() => undefined);
    const state = queryClient.getQueryState(['t', 1]);
    expect(state?.status).toBe('success');
    expect(state?.data).toEqual(['Celle – Uelzen']);
    expect(state?.dataUpdatedAt).toBe(loadedAt);
    expect(isConnected()).toBe(false);
    // The next answer from the server restores the connection state.
    await queryClient.fetchQuery({ queryKey: ['t', 2], queryFn: () => 'ok' });
    expect(isConnected()).toBe(true);
  });

  it('still reports a refusal by the server (a deleted record answers 404)', async () => {
    await queryClient.fetchQuery({ queryKey: ['t', 3], queryFn: () => 'Tour' });
    await queryClient
      .fetchQuery({
        queryKey: ['t', 3],
        queryFn: () => Promise.reject(new NotFoundError('Not found', 404, 'Not Found', null)),
        retry: false,
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(queryClient.getQueryState(['t', 3])?.status).toBe('error');
  });

  it('stores every query with data, but not one the server refused or one without data', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => 1 });
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => 2 });
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(networkError()), staleTime: 0 })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(networkError()) }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['d'], queryFn: () => 4 });
    await client
      .fetchQuery({
        queryKey: ['d'],
        queryFn: () => Promise.reject(new NotFoundError('Not found', 404, 'Not Found', null)),
        staleTime: 0,
      })
      .catch(() => undefined);
    const find = (key: string) => client.getQueryCache().find({ queryKey: [key] })!;
    expect(shouldPersistQuery(find('a'))).toBe(true);
    // Even without the app's rule (a plain client), an errored query with data stays stored.
    expect(shouldPersistQuery(find('b'))).toBe(true);
    expect(shouldPersistQuery(find('c'))).toBe(false);
    expect(shouldPersistQuery(find('d'))).toBe(false);
  });
});
