import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

const createVehicle = (user: TestUser, key: string | undefined, name = 'BR 423') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { ...user.headers, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: { name },
  });

const countVehicles = async (user: TestUser) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: user.headers })).json() as unknown[]).length;

describe('Idempotency-Key on POST', () => {
  it('returns the first answer again and creates nothing new', async () => {
    const first = await createVehicle(alice, 'offline-write-1');
    expect(first.statusCode).toBe(201);
    const again = await createVehicle(alice, 'offline-write-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countVehicles(alice)).toBe(1);
  });

  it('creates one record per request without a key, and per distinct key', async () => {
    const before = await countVehicles(alice);
    await createVehicle(alice, undefined);
    await createVehicle(alice, undefined);
    await createVehicle(alice, 'key-a');
    await createVehicle(alice, 'key-b');
    expect(await countVehicles(alice)).toBe(before + 4);
  });

  it('scopes keys by user: the same key from another user is a new request', async () => {
    await createVehicle(alice, 'shared-key');
    const other = await createVehicle(bob, 'shared-key', 'BR 146');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((other.json() as { owner: string }).owner).toBe(bob.iri);
  });

  it('rejects a key reused for another path and a key longer than 100 characters', async () => {
    await createVehicle(alice, 'path-key');
    const otherPath = await ctx.app.inject({
      method: 'POST',
      url: '/api/routes',
      headers: { ...alice.headers, 'idempotency-key': 'path-key' },
      payload: { name: 'X', startPoint: 'A', endPoint: 'B' },
    });
    expect(otherPath.statusCode).toBe(422);
    expect((await createVehicle(alice, 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('replays a validation failure too, and handles concurrent duplicates once', async () => {
    const invalid = await createVehicle(alice, 'invalid-once', '');
    expect(invalid.statusCode).toBe(422);
    expect((await createVehicle(alice, 'invalid-once', '')).statusCode).toBe(422);

    const before = await countVehicles(alice);
    const results = await Promise.all([1, 2, 3].map(() => createVehicle(alice, 'burst')));
    expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    expect(await countVehicles(alice)).toBe(before + 1);
  });
});
