import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createVehicleSchema, updateVehicleSchema, vehicleSchema } from '@streckenpass/contract/vehicles';
import { stubFetch } from '../test/fetch-stub';
import { queryKeys } from './query-keys';
import { createRecordApi, parseRecordId } from './record-api';

// Vehicles' schemas and keys (a save refreshes the kinds `recordKeys` names) under a path of its own.
const keys = queryKeys.vehicles;
const things = createRecordApi<typeof vehicleSchema, typeof createVehicleSchema, typeof updateVehicleSchema>({
  path: '/api/things',
  keys,
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

afterEach(() => vi.unstubAllGlobals());

describe('createRecordApi', () => {
  it('calls the five endpoints the server declares with crudRoutes', async () => {
    const calls = stubFetch(({ method, body }) =>
      method === 'DELETE'
        ? { status: 204 }
        : { status: 200, body: method === 'GET' ? [] : { id: 3, ...(body as object) } },
    );
    await things.getList();
    await things.getRecord(3);
    await things.create({ name: 'A' });
    await things.update(3, { name: 'B' });
    await things.remove(3);
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/things', undefined],
      ['GET', '/api/things/3', undefined],
      ['POST', '/api/things', { name: 'A' }],
      ['PATCH', '/api/things/3', { name: 'B' }],
      ['DELETE', '/api/things/3', undefined],
    ]);
  });

  it('sends the Idempotency-Key of a keyed create', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 1, name: 'A' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { wrapper } = setup();
    const { result } = renderHook(() => things.useCreateWithKey(), { wrapper });
    await act(() => result.current.mutateAsync({ input: { name: 'A' }, idempotencyKey: 'k-1' }));
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>)['idempotency-key']).toBe('k-1');
  });

  it('keeps the saved record as its own entry and refetches the lists after a create or an edit', async () => {
    let listed = 0;
    stubFetch(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/things') {
        listed += 1;
        return { status: 200, body: [] };
      }
      if (method === 'POST') return { status: 201, body: { id: 9, ...(body as object) } };
      if (method === 'PATCH') return { status: 200, body: { id: 9, ...(body as object) } };
      return undefined;
    });
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(
      () => ({ list: things.useList(), create: things.useCreate(), update: things.useUpdate(9) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() => result.current.create.mutateAsync({ name: 'Neu' }));
    expect(queryClient.getQueryData(keys.detail(9))).toEqual({ id: 9, name: 'Neu' });
    await act(() => result.current.update.mutateAsync({ name: 'Geändert' }));
    expect(queryClient.getQueryData(keys.detail(9))).toEqual({ id: 9, name: 'Geändert' });
    expect(listed).toBe(3);
  });

  it('forgets a deleted record without asking for it again, and tells the kind about a refused delete', async () => {
    const calls = stubFetch(({ method }) =>
      method === 'DELETE' ? { status: 204 } : { status: 200, body: { id: 4, name: 'Alt' } },
    );
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(keys.detail(4), { id: 4, name: 'Alt' });
    const refused = vi.fn();
    const { result } = renderHook(() => things.useDelete({ onError: refused }), { wrapper });
    await act(() => result.current.mutateAsync(4));
    expect(queryClient.getQueryData(keys.detail(4))).toBeUndefined();
    expect(calls.filter((call) => call.method === 'GET')).toEqual([]);

    stubFetch(() => ({ status: 500, body: { title: 'x', status: 500 } }));
    await act(() => result.current.mutateAsync(5).catch(() => undefined));
    expect(refused.mock.calls[0]?.slice(0, 2)).toEqual([expect.any(Error), 5]);
  });
});

describe('parseRecordId', () => {
  it('accepts what can name a record and nothing else', () => {
    expect(parseRecordId('7')).toBe(7);
    expect(parseRecordId('9007199254740991')).toBe(9007199254740991);
    for (const raw of [undefined, '', '0', '007', '-1', '1.5', '1e3', 'abc', '99999999999999999']) {
      expect(parseRecordId(raw)).toBeNull();
    }
  });
});
