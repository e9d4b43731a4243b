import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { resetAllStoredData } from '../../lib/storage';
import { newSaveKeys } from './api/save-documentation';
import type { DocumentationPlan } from './documentation';
import { flushOutbox, useOutboxStore } from './outbox';

const plan = (day: string, routes = ['/api/routes/1'], vehicles: string[] = []): DocumentationPlan => ({
  acquiredAt: day,
  acquiredUntil: '2027-01-01',
  acquiredRoutes: routes,
  acquiredVehicles: vehicles,
});

const activity = (id: number, body: DocumentationPlan) => ({
  id,
  acquiredAt: body.acquiredAt,
  acquiredUntil: body.acquiredUntil,
  owner: '/api/users/1',
  acquiredRoutes: body.acquiredRoutes,
  vehicleActivities: [],
});

describe('offline outbox', () => {
  beforeEach(() => useOutboxStore.getState().reset());
  afterEach(() => vi.unstubAllGlobals());

  it('sends waiting documentations in order, each with its idempotency key, and empties the queue', async () => {
    const first = plan('2026-11-01');
    const second = plan('2026-11-02', ['/api/routes/2'], ['/api/vehicles/5']);
    useOutboxStore.getState().enqueue(first, newSaveKeys(first, 'doc-a'));
    useOutboxStore.getState().enqueue(second, newSaveKeys(second, 'doc-b'));
    useOutboxStore.getState().enqueue(second, newSaveKeys(second, 'doc-b'));
    expect(useOutboxStore.getState().entries).toHaveLength(2);

    let id = 0;
    const calls = stubFetch((call) => {
      id += 1;
      if (call.path === '/api/route_activities')
        return { status: 201, body: activity(id, call.body as DocumentationPlan) };
      if (call.path === '/api/vehicle_activities')
        return {
          status: 201,
          body: {
            id,
            acquiredVehicles: ['/api/vehicles/5'],
            owner: '/api/users/1',
            routeActivity: '/api/route_activities/2',
          },
        };
      return undefined;
    });
    expect(await flushOutbox()).toBe(2);
    expect(calls.map((c) => `${c.method} ${c.path} ${(c.body as { acquiredAt?: string }).acquiredAt ?? ''}`)).toEqual([
      'POST /api/route_activities 2026-11-01',
      'POST /api/route_activities 2026-11-02',
      'POST /api/vehicle_activities ',
    ]);
    expect(useOutboxStore.getState().entries).toEqual([]);
    // Each record's history says that it came through the outbox (issue 27).
    expect(calls.map((c) => c.headers['x-streckenpass-channel'])).toEqual(['outbox', 'outbox', 'outbox']);
  });

  it('keeps everything when the connection is gone, and marks a refused one failed without blocking the rest', async () => {
    const a = plan('2026-11-01');
    const b = plan('2026-11-02');
    useOutboxStore.getState().enqueue(a, newSaveKeys(a, 'doc-a'));
    useOutboxStore.getState().enqueue(b, newSaveKeys(b, 'doc-b'));

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await flushOutbox()).toBe(0);
    expect(useOutboxStore.getState().entries.map((e) => e.status)).toEqual(['pending', 'pending']);

    stubFetch((call) => {
      const body = call.body as DocumentationPlan;
      if (body.acquiredAt === '2026-11-01') {
        return {
          status: 422,
          body: { status: 422, detail: 'Der Eintrag /api/routes/1 existiert nicht.', violations: [] },
        };
      }
      return { status: 201, body: activity(9, body) };
    });
    expect(await flushOutbox()).toBe(1);
    const [failed] = useOutboxStore.getState().entries;
    expect(failed).toMatchObject({ status: 'failed', error: 'Der Eintrag /api/routes/1 existiert nicht.' });
  });

  it('keeps a documentation queued when the server answers 409 (same key still in progress), and sends it later', async () => {
    const a = plan('2026-11-03');
    useOutboxStore.getState().enqueue(a, newSaveKeys(a, 'doc-c'));
    stubFetch(() => ({
      status: 409,
      body: { status: 409, detail: 'Die Anfrage wird bereits verarbeitet. Bitte gleich erneut senden.' },
    }));
    expect(await flushOutbox()).toBe(0);
    expect(useOutboxStore.getState().entries.map((e) => e.status)).toEqual(['pending']);

    stubFetch((call) => ({ status: 201, body: activity(11, call.body as DocumentationPlan) }));
    expect(await flushOutbox()).toBe(1);
    expect(useOutboxStore.getState().entries).toEqual([]);
  });

  it('is cleared with all stored data on logout', () => {
    const a = plan('2026-11-01');
    useOutboxStore.getState().enqueue(a, newSaveKeys(a));
    resetAllStoredData();
    expect(useOutboxStore.getState().entries).toEqual([]);
    expect(localStorage.getItem('streckenpass:outbox') ?? '').not.toContain('2026-11-01');
  });

  it('sends way, time and direction as they were queued, also after a reload, and a plan of an older build without', async () => {
    const escorted: DocumentationPlan = { ...plan('2026-11-04'), way: 'escorted', time: '21:40', direction: 'reverse' };
    const older = plan('2026-11-05');
    useOutboxStore.getState().enqueue(escorted, newSaveKeys(escorted, 'doc-d'));
    useOutboxStore.getState().enqueue(older, newSaveKeys(older, 'doc-e'));
    // What the device keeps: the app starts again with the stored queue.
    const stored = localStorage.getItem('streckenpass:outbox')!;
    useOutboxStore.setState({ entries: [] });
    localStorage.setItem('streckenpass:outbox', stored);
    await useOutboxStore.persist.rehydrate();
    expect(useOutboxStore.getState().entries).toHaveLength(2);

    let id = 20;
    const calls = stubFetch((call) => ({ status: 201, body: activity((id += 1), call.body as DocumentationPlan) }));
    expect(await flushOutbox()).toBe(2);
    expect(calls.map((call) => call.body)).toEqual([
      {
        acquiredAt: '2026-11-04',
        acquiredUntil: '2027-01-01',
        acquiredRoutes: ['/api/routes/1'],
        way: 'escorted',
        time: '21:40',
        direction: 'reverse',
      },
      { acquiredAt: '2026-11-05', acquiredUntil: '2027-01-01', acquiredRoutes: ['/api/routes/1'] },
    ]);
  });
});
