import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIn } from '@streckenpass/contract/knowledge';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import { createCaller } from '../../test/api.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRoute, insertRouteActivity } from '../../test/seed.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);

/** Alice's routes by name, seeded relative to today in the configured zone (Europe/Berlin). */
const today = todayIn('Europe/Berlin');
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);

  const route = async (name: string) => {
    const row = await insertRoute(ctx.app, alice.id, {
      name,
      companyRoute: `K-${name}`,
      startPoint: 'HU',
      endPoint: 'FF',
    });
    ids[name] = row.id;
    return row.id;
  };
  const activity = (acquiredUntil: string, routeIds: number[]) =>
    insertRouteActivity(ctx.app, alice.id, { acquiredAt: addDays(acquiredUntil, -364), acquiredUntil, routeIds });

  await route('Zollhaus');
  await route('Ährenfeld');
  const once = await route('Einmal');
  const several = await route('Mehrfach');
  const expired = await route('Abgelaufen');
  const todayRoute = await route('Heute');
  const tomorrow = await route('Morgen');
  const far = await route('Später');
  const alsoTen = await route('Bahnhof');
  const ten = await route('Ärmelkanal');

  await activity(addDays(today, 45), [once]);
  // Latest acquiredUntil wins, whatever the order of recording.
  await activity(addDays(today, 200), [several, far]);
  await activity(addDays(today, 20), [several]);
  await activity(addDays(today, 300), [far]);
  await activity(addDays(today, -3), [expired]);
  await activity(today, [todayRoute]);
  await activity(addDays(today, 1), [tomorrow]);
  await activity(addDays(today, 10), [ten, alsoTen]);

  // Bob's records, and a row linking Bob's activity to Alice's route, which no API call could create: neither
  // may show up in Alice's list.
  const bobsRoute = await insertRoute(ctx.app, bob.id, { name: 'Bobs Strecke' });
  await insertRouteActivity(ctx.app, bob.id, {
    acquiredAt: today,
    acquiredUntil: addDays(today, 999),
    routeIds: [bobsRoute.id, once],
  });
});
afterAll(async () => ctx.close());

async function expiring(query = '', user: TestUser = alice): Promise<ExpiringRoute[]> {
  const response = await call('GET', `/api/routes/expiring${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (list: ExpiringRoute[]) => list.map((entry) => entry.name);

describe('GET /api/routes/expiring', () => {
  it('lists every route: never recorded first, then ascending days, then name in German order', async () => {
    const list = await expiring();
    expect(names(list)).toEqual([
      'Ährenfeld',
      'Zollhaus',
      'Abgelaufen',
      'Heute',
      'Morgen',
      'Ärmelkanal',
      'Bahnhof',
      'Einmal',
      'Mehrfach',
      'Später',
    ]);
  });

  it('gives null for a route never recorded', async () => {
    const entry = (await expiring()).find((e) => e.name === 'Zollhaus');
    expect(entry).toEqual({
      id: ids.Zollhaus,
      name: 'Zollhaus',
      companyRoute: 'K-Zollhaus',
      startPoint: 'HU',
      endPoint: 'FF',
      acquired_until: null,
      acquired_until_days: null,
    });
  });

  it('counts the days to the acquiredUntil of a route recorded once', async () => {
    const entry = (await expiring()).find((e) => e.name === 'Einmal');
    expect(entry).toMatchObject({ acquired_until: addDays(today, 45), acquired_until_days: 45 });
  });

  it('takes the latest acquiredUntil of a route recorded several times', async () => {
    const list = await expiring();
    expect(list.find((e) => e.name === 'Mehrfach')).toMatchObject({
      acquired_until: addDays(today, 200),
      acquired_until_days: 200,
    });
    expect(list.find((e) => e.name === 'Später')).toMatchObject({ acquired_until_days: 300 });
  });

  it('counts 0 on the last valid day, 1 the day before, negative once expired', async () => {
    const list = await expiring();
    expect(list.find((e) => e.name === 'Heute')).toMatchObject({ acquired_until: today, acquired_until_days: 0 });
    expect(list.find((e) => e.name === 'Morgen')).toMatchObject({ acquired_until_days: 1 });
    expect(list.find((e) => e.name === 'Abgelaufen')).toMatchObject({
      acquired_until: addDays(today, -3),
      acquired_until_days: -3,
    });
  });

  it('with days=N keeps the entries up to N days, the expired and the never recorded ones', async () => {
    expect(names(await expiring('?days=10'))).toEqual([
      'Ährenfeld',
      'Zollhaus',
      'Abgelaufen',
      'Heute',
      'Morgen',
      'Ärmelkanal',
      'Bahnhof',
    ]);
    expect(names(await expiring('?days=0'))).toEqual(['Ährenfeld', 'Zollhaus', 'Abgelaufen', 'Heute']);
    expect(names(await expiring('?days=90')).slice(-2)).toEqual(['Bahnhof', 'Einmal']);
  });

  it('with recorded_only=true drops the never recorded routes', async () => {
    expect(names(await expiring('?recorded_only=true&days=1'))).toEqual(['Abgelaufen', 'Heute', 'Morgen']);
    expect(await expiring('?recorded_only=1')).toHaveLength(8);
    expect(await expiring('?recorded_only=false')).toHaveLength(10);
  });

  it('never shows another user’s routes or activities', async () => {
    const list = await expiring();
    expect(list.some((e) => e.name === 'Bobs Strecke')).toBe(false);
    expect(list.find((e) => e.name === 'Einmal')?.acquired_until_days).toBe(45);
    const bobs = await expiring('', bob);
    expect(bobs).toEqual([expect.objectContaining({ name: 'Bobs Strecke', acquired_until_days: 999 })]);
  });

  it('answers 400 for a malformed query and 401 without a token', async () => {
    expect((await call('GET', '/api/routes/expiring?days=abc', alice)).statusCode).toBe(400);
    expect((await call('GET', '/api/routes/expiring?days=1.5', alice)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('GET', '/api/routes/expiring')).statusCode).toBe(401);
  });

  it('counts from today in the configured time zone', async () => {
    const zone = 'Pacific/Kiritimati';
    const other = await buildTestApp({ timezone: zone }, ctx.db);
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/routes/expiring', headers: alice.headers });
      const entry = (response.json() as ExpiringRoute[]).find((e) => e.name === 'Einmal');
      expect(entry?.acquired_until_days).toBe(daysBetween(todayIn(zone), addDays(today, 45)));
    } finally {
      await other.close();
    }
  });
});
