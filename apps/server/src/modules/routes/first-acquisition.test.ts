import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@streckenpass/contract/backup';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { createCaller, violations } from '../../test/api.js';

/**
 * Issue 41 item 3: a route that asks a first acquisition is "in Ausbildung" (no lastDriven, no validUntil, acquiredOn
 * null) until its drives meet it — N per direction, M of them in darkness, within a period — and known from then on.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let today: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
  today = todayIn(ctx.app.config.timezone);
});
afterAll(async () => ctx.close());

const call = createCaller(() => ctx.app);
const merge = 'application/merge-patch+json';

async function route(user: TestUser, firstAcquisition: FirstAcquisition | null): Promise<Route> {
  const response = await call('POST', '/api/routes', user, {
    name: 'Frankfurt – Mannheim',
    startPoint: 'Frankfurt (Main) Hbf',
    endPoint: 'Mannheim Hbf',
    startStation: 'FF',
    endStation: 'RM',
    path: null,
    firstAcquisition,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
/** A drive `daysAgo` days before today, in `direction`, at noon (light) or at 23:00 (dark). */
async function drive(
  user: TestUser,
  of: Route,
  daysAgo: number,
  direction: 'forward' | 'reverse' | null,
  dark = false,
) {
  const response = await call('POST', '/api/route_activities', user, {
    acquiredAt: addDays(today, -daysAgo),
    acquiredRoutes: [`/api/routes/${of.id}`],
    way: 'escorted',
    time: dark ? '23:00' : '12:00',
    direction,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RouteActivity;
}
const read = async (user: TestUser, of: Route) => (await call('GET', `/api/routes/${of.id}`, user)).json() as Route;

describe('a first acquisition before a route counts as known', () => {
  it('keeps the route in training until each direction has its drives and its drives in darkness', async () => {
    const made = await route(alice, { drives: 2, dark: 1, days: null });
    expect(made).toMatchObject({ firstAcquisition: { drives: 2, dark: 1, days: null }, acquiredOn: null });
    await drive(alice, made, 30, 'forward', true);
    await drive(alice, made, 29, 'forward');
    await drive(alice, made, 28, 'reverse');
    await drive(alice, made, 27, null, true); // no direction: does not count
    let now = await read(alice, made);
    expect(now.acquiredOn).toBeNull();
    expect(now.validUntil).toBeUndefined();
    expect(now.lastDriven).toBeUndefined();
    await drive(alice, made, 26, 'reverse'); // two reverse, none dark
    expect((await read(alice, made)).acquiredOn).toBeNull();
    await drive(alice, made, 25, 'reverse', true);
    now = await read(alice, made);
    expect(now.acquiredOn).toBe(addDays(today, -25));
    expect(now.lastDriven).toBe(addDays(today, -25));
    expect(now.validUntil).toBe(addDays(today, -25 + 364));
  });

  it('counts only drives within the period: a window of that many days must hold them all', async () => {
    const made = await route(alice, { drives: 1, dark: 0, days: 10 });
    await drive(alice, made, 40, 'forward');
    await drive(alice, made, 20, 'reverse'); // 20 days apart: no window of 10 days holds both
    expect((await read(alice, made)).acquiredOn).toBeNull();
    await drive(alice, made, 15, 'forward'); // 5 days before the reverse drive: met on that day
    expect((await read(alice, made)).acquiredOn).toBe(addDays(today, -15));
  });

  it('counts every way for the first acquisition, but only the kept ways for the validity after it', async () => {
    const made = await route(alice, { drives: 1, dark: 0, days: null });
    for (const [daysAgo, direction, way] of [
      [50, 'forward', 'simulator'],
      [49, 'reverse', 'route_film'],
    ] as const) {
      const response = await call('POST', '/api/route_activities', alice, {
        acquiredAt: addDays(today, -daysAgo),
        acquiredRoutes: [`/api/routes/${made.id}`],
        way,
        direction,
      });
      expect(response.statusCode).toBe(201);
    }
    const now = await read(alice, made);
    expect(now.acquiredOn).toBe(addDays(today, -49));
    expect(now.validUntil, 'acquired, but no drive that keeps knowledge valid yet').toBeUndefined();
    await drive(alice, made, 10, null);
    expect((await read(alice, made)).validUntil).toBe(addDays(today, -10 + 364));
  });

  it('recomputes when the rule is set, changed or removed, and when a drive’s direction changes', async () => {
    const made = await route(alice, null);
    const forward = await drive(alice, made, 20, 'forward');
    await drive(alice, made, 19, 'forward');
    expect((await read(alice, made)).validUntil).toBe(addDays(today, -19 + 364));
    const patchRule = async (firstAcquisition: FirstAcquisition | null) => {
      const response = await call('PATCH', `/api/routes/${made.id}`, alice, { firstAcquisition }, merge);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Route;
    };
    const training = await patchRule({ drives: 1, dark: 0, days: null });
    expect(training).toMatchObject({ acquiredOn: null });
    expect(training.validUntil).toBeUndefined();
    await call('PATCH', `/api/route_activities/${forward.id}`, alice, { direction: 'reverse' }, merge);
    expect((await read(alice, made)).acquiredOn).toBe(addDays(today, -19));
    expect((await patchRule({ drives: 2, dark: 0, days: null })).acquiredOn).toBeNull();
    const none = await patchRule(null);
    expect(none).toMatchObject({ firstAcquisition: null, acquiredOn: null, validUntil: addDays(today, -19 + 364) });
  });

  it('refuses a rule asking more drives in darkness than drives, in German, and answers 401, 403 and 404', async () => {
    const refused = await call('POST', '/api/routes', alice, {
      name: 'R',
      startPoint: 'A',
      endPoint: 'B',
      firstAcquisition: { drives: 1, dark: 2, days: null },
    });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused)).toEqual([
      {
        propertyPath: 'firstAcquisition.dark',
        message: 'Bei Dunkelheit können nicht mehr Fahrten verlangt werden als Fahrten je Richtung.',
      },
    ]);
    const zero = await call('POST', '/api/routes', alice, {
      name: 'R',
      startPoint: 'A',
      endPoint: 'B',
      firstAcquisition: { drives: 0, dark: 0, days: 0 },
    });
    expect(
      violations(zero)
        .map((v) => v.propertyPath)
        .sort(),
    ).toEqual(['firstAcquisition.days', 'firstAcquisition.drives']);
    const made = await route(alice, null);
    const body = { firstAcquisition: { drives: 1, dark: 0, days: null } };
    expect((await call('PATCH', `/api/routes/${made.id}`, undefined, body, merge)).statusCode).toBe(401);
    expect((await call('PATCH', `/api/routes/${made.id}`, bob, body, merge)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/routes/2000000000', alice, body, merge)).statusCode).toBe(404);
  });

  it('travels with the backup: restored into another account, met again from the restored drives', async () => {
    const from = await registerUser(ctx.app);
    const into = await registerUser(ctx.app);
    const made = await route(from, { drives: 1, dark: 1, days: 30 });
    await drive(from, made, 12, 'forward', true);
    await drive(from, made, 11, 'reverse', true);
    expect((await read(from, made)).acquiredOn).toBe(addDays(today, -11));
    const backup = (await call('GET', '/api/backup', from)).json() as Backup;
    expect(backup.routes[0]?.firstAcquisition).toEqual({ drives: 1, dark: 1, days: 30 });
    expect((await call('POST', '/api/backup/restore', into, backup)).statusCode).toBe(200);
    const [restored] = (await call('GET', '/api/routes', into)).json() as Route[];
    expect(restored).toMatchObject({
      firstAcquisition: { drives: 1, dark: 1, days: 30 },
      acquiredOn: addDays(today, -11),
      validUntil: addDays(today, -11 + 364),
    });
  });
});
