import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@streckenpass/contract/backup';
import { DEFAULT_KEEPING_WAYS, DRIVE_WAYS, keepsValid, type DriveWay } from '@streckenpass/contract/drive-ways';
import type { HistoryEntry } from '@streckenpass/contract/history';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { createCaller, violations } from '../../test/api.js';

/**
 * Issue 41, items 1 and 2: how each drive was made (its way, time of day, direction, and the darkness computed from
 * them), and the rule of which ways keep a route's knowledge valid — the route's own, else the account's.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

const call = createCaller(() => ctx.app);

async function createRoute(user: TestUser, body: Record<string, unknown> = {}): Promise<Route> {
  const response = await call('POST', '/api/routes', user, {
    name: 'Frankfurt – Mannheim',
    startPoint: 'Frankfurt (Main) Hbf',
    endPoint: 'Mannheim Hbf',
    startStation: 'FF',
    endStation: 'RM',
    path: null,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function drive(user: TestUser, route: Route, body: Record<string, unknown> = {}): Promise<RouteActivity> {
  const response = await call('POST', '/api/route_activities', user, {
    acquiredAt: '2026-11-20',
    acquiredRoutes: [`/api/routes/${route.id}`],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const routeOf = async (user: TestUser, route: Route) =>
  (await call('GET', `/api/routes/${route.id}`, user)).json() as Route;

describe('a drive says how it was made', () => {
  it('keeps way, time and direction, and computes darkness from the time, the day and the route’s stations', async () => {
    const route = await createRoute(alice);
    // 2026-11-20 in Frankfurt: civil twilight ends about 17:10 and begins about 07:25 (CET).
    const night = await drive(alice, route, { way: 'escorted', time: '21:40', direction: 'reverse' });
    expect(night).toMatchObject({ way: 'escorted', time: '21:40', direction: 'reverse', dark: true });
    const noon = await drive(alice, route, { time: '12:15' });
    expect(noon).toMatchObject({ way: 'driven', time: '12:15', direction: null, dark: false });
    const untimed = await drive(alice, route);
    expect(untimed).toMatchObject({ way: 'driven', time: null, dark: null });
  });

  it('knows no darkness for a route without stations', async () => {
    const route = await createRoute(alice, { startStation: null, endStation: null, startPoint: 'A', endPoint: 'B' });
    expect((await drive(alice, route, { time: '23:00' })).dark).toBeNull();
  });

  it('computes darkness again when a patch changes the time, the day or the routes', async () => {
    const route = await createRoute(alice);
    const made = await drive(alice, route, { time: '12:00' });
    const patch = async (body: Record<string, unknown>) => {
      const response = await call(
        'PATCH',
        `/api/route_activities/${made.id}`,
        alice,
        body,
        'application/merge-patch+json',
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as RouteActivity;
    };
    expect((await patch({ time: '06:30' })).dark).toBe(true);
    // 2026-06-21: light at 06:30 CEST.
    expect((await patch({ acquiredAt: '2026-06-21' })).dark).toBe(false);
    expect((await patch({ time: null })).dark).toBeNull();
  });

  it('refuses an unknown way, a time that is not HH:MM and an unknown direction, in German', async () => {
    const route = await createRoute(alice);
    for (const [body, field] of [
      [{ way: 'teleported' }, 'way'],
      [{ time: '25:00' }, 'time'],
      [{ time: '7:5' }, 'time'],
      [{ direction: 'sideways' }, 'direction'],
    ] as const) {
      const response = await call('POST', '/api/route_activities', alice, {
        acquiredAt: '2026-11-20',
        acquiredRoutes: [`/api/routes/${route.id}`],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const [violation] = violations(response);
      expect(violation?.propertyPath).toBe(field);
      expect(violation?.message).toMatch(/Art der Fahrt|Uhrzeit|Richtung/);
    }
    const dark = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-11-20',
      acquiredRoutes: [`/api/routes/${route.id}`],
      dark: true,
    });
    // An unknown field is refused like any other (400): darkness is computed, never sent.
    expect(dark.statusCode).toBe(400);
  });

  it('answers 401 without a login, 403 for another user’s drive and 404 for none', async () => {
    const route = await createRoute(alice);
    const made = await drive(alice, route, { way: 'simulator' });
    const body = JSON.stringify({ way: 'driven' });
    const patch = (user: TestUser | undefined, id: number) =>
      call('PATCH', `/api/route_activities/${id}`, user, body, 'application/merge-patch+json');
    expect((await patch(undefined, made.id)).statusCode).toBe(401);
    expect((await patch(bob, made.id)).statusCode).toBe(403);
    expect((await patch(alice, 2_000_000_000)).statusCode).toBe(404);
    expect((await call('GET', `/api/route_activities/${made.id}`, alice)).json()).toMatchObject({ way: 'simulator' });
  });

  it('writes a changed way into the history in words', async () => {
    const route = await createRoute(alice);
    const made = await drive(alice, route);
    await call(
      'PATCH',
      `/api/route_activities/${made.id}`,
      alice,
      { way: 'line_walk', time: '05:40' },
      'application/merge-patch+json',
    );
    const [change] = (await call('GET', `/api/route_activities/${made.id}/history`, alice)).json() as HistoryEntry[];
    expect(change!.fieldChanges).toEqual(
      expect.arrayContaining([
        { field: 'way', label: 'Art der Fahrt', from: 'selbst gefahren', to: 'Begehung' },
        { field: 'time', label: 'Uhrzeit', from: '–', to: '05:40' },
      ]),
    );
  });
});

describe('which ways keep knowledge valid: the route’s rule, else the account’s', () => {
  const RULES: { name: string; account?: DriveWay[]; route?: DriveWay[] }[] = [
    { name: 'the default (driven, escorted)' },
    { name: 'an account that counts only driving oneself', account: ['driven'] },
    { name: 'an account that counts the simulator too', account: ['driven', 'escorted', 'simulator'] },
    { name: 'a route whose rule counts films and walks', route: ['route_film', 'line_walk'] },
    { name: 'a route rule over the account’s', account: ['driven'], route: ['cab_ride'] },
  ];

  for (const rule of RULES) {
    it(`${rule.name}: each of the six ways keeps the route valid exactly when the rule names it`, async () => {
      const user = await registerUser(ctx.app);
      if (rule.account) {
        const set = await call('PATCH', '/api/notifications/settings', user, { keepingWays: rule.account });
        expect(set.statusCode, set.body).toBe(200);
      }
      const keeping = rule.route ?? rule.account ?? DEFAULT_KEEPING_WAYS;
      for (const way of DRIVE_WAYS) {
        const route = await createRoute(user, rule.route ? { keepingWays: rule.route } : {});
        await drive(user, route, { way, acquiredAt: '2026-11-01' });
        const after = await routeOf(user, route);
        expect(after.validUntil !== undefined, `${way} under ${keeping.join(', ')}`).toBe(keepsValid(way, keeping));
        expect(after.lastDriven !== undefined).toBe(keepsValid(way, keeping));
      }
    });
  }

  it('takes a newer drive the rule does not keep as no renewal: valid until the last drive it keeps', async () => {
    const user = await registerUser(ctx.app);
    const route = await createRoute(user);
    await drive(user, route, { acquiredAt: '2026-01-10' });
    await drive(user, route, { acquiredAt: '2026-11-20', way: 'simulator' });
    expect(await routeOf(user, route)).toMatchObject({ lastDriven: '2026-01-10', validUntil: '2027-01-09' });
  });

  it('recomputes the routes when the account’s rule changes, and the routes’ ETag changes with it', async () => {
    const user = await registerUser(ctx.app);
    const route = await createRoute(user);
    const own = await createRoute(user, { keepingWays: ['driven'] });
    await drive(user, route, { way: 'simulator' });
    await drive(user, own, { way: 'simulator' });
    const before = await call('GET', '/api/routes', user);
    const etag = before.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await routeOf(user, route)).validUntil).toBeUndefined();

    expect((await call('PATCH', '/api/notifications/settings', user, { keepingWays: ['simulator'] })).statusCode).toBe(
      200,
    );
    expect((await routeOf(user, route)).validUntil).toBe('2027-11-19');
    expect((await routeOf(user, own)).validUntil, 'a route with its own rule keeps it').toBeUndefined();
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/routes',
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(after.statusCode, 'no client keeps the routes as they were').toBe(200);

    const settings = (await call('GET', '/api/notifications/settings', user)).json() as { keepingWays: DriveWay[] };
    expect(settings.keepingWays).toEqual(['simulator']);
  });

  it('recomputes a route when its own rule changes or is cleared', async () => {
    const user = await registerUser(ctx.app);
    const route = await createRoute(user);
    await drive(user, route, { way: 'route_film' });
    const patch = (keepingWays: DriveWay[] | null) =>
      call('PATCH', `/api/routes/${route.id}`, user, { keepingWays }, 'application/merge-patch+json');
    expect((await patch(['route_film'])).json()).toMatchObject({
      keepingWays: ['route_film'],
      validUntil: '2027-11-19',
    });
    const cleared = (await patch(null)).json() as Route;
    expect(cleared.keepingWays).toBeNull();
    expect(cleared.validUntil).toBeUndefined();
  });

  it('refuses an empty rule and a way named twice', async () => {
    const user = await registerUser(ctx.app);
    const empty = await call('PATCH', '/api/notifications/settings', user, { keepingWays: [] });
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)[0]?.message).toBe('Mindestens eine Art muss die Streckenkunde erhalten.');
    const twice = await call('POST', '/api/routes', user, {
      name: 'R',
      startPoint: 'A',
      endPoint: 'B',
      keepingWays: ['driven', 'driven'],
    });
    expect(twice.statusCode).toBe(422);
    expect(violations(twice)[0]?.message).toBe('Jede Art nur einmal angeben.');
  });
});

describe('the backup carries ways, times, directions and rules', () => {
  it('restores them into another account, darkness computed again, and a second restore adds nothing', async () => {
    const from = await registerUser(ctx.app);
    const into = await registerUser(ctx.app);
    await call('PATCH', '/api/notifications/settings', from, { keepingWays: ['driven', 'simulator'] });
    const route = await createRoute(from, { keepingWays: ['driven', 'escorted', 'route_film'] });
    await drive(from, route, { way: 'route_film', time: '22:10', direction: 'forward' });
    await drive(from, route, { way: 'escorted', time: '22:10' });
    const backup = (await call('GET', '/api/backup', from)).json() as Backup;
    expect(backup.preferences?.keepingWays).toEqual(['driven', 'simulator']);
    expect(backup.routes[0]?.keepingWays).toEqual(['driven', 'escorted', 'route_film']);
    expect(backup.routeActivities.map((d) => [d.way, d.time, d.direction]).sort()).toEqual([
      ['escorted', '22:10', null],
      ['route_film', '22:10', 'forward'],
    ]);

    expect((await call('POST', '/api/backup/restore', into, backup)).statusCode).toBe(200);
    const drives = (await call('GET', '/api/route_activities', into)).json() as RouteActivity[];
    expect(drives.map((d) => [d.way, d.time, d.direction, d.dark]).sort()).toEqual([
      ['escorted', '22:10', null, true],
      ['route_film', '22:10', 'forward', true],
    ]);
    const [restored] = (await call('GET', '/api/routes', into)).json() as Route[];
    expect(restored).toMatchObject({ keepingWays: ['driven', 'escorted', 'route_film'], validUntil: '2027-11-19' });
    const settings = (await call('GET', '/api/notifications/settings', into)).json() as { keepingWays: DriveWay[] };
    expect(settings.keepingWays).toEqual(['driven', 'simulator']);

    expect((await call('POST', '/api/backup/restore', into, backup)).statusCode).toBe(200);
    expect(((await call('GET', '/api/route_activities', into)).json() as RouteActivity[]).length).toBe(2);
  });

  it('reads an older document without ways as drives made by oneself, without a time', async () => {
    const from = await registerUser(ctx.app);
    const into = await registerUser(ctx.app);
    await drive(from, await createRoute(from));
    const backup = (await call('GET', '/api/backup', from)).json() as Backup;
    // As a document written before issue 41: no ways, times, directions or rules.
    const older = {
      ...backup,
      routes: backup.routes.map(({ keepingWays: _rule, ...route }) => route),
      routeActivities: backup.routeActivities.map(({ way: _way, time: _time, direction: _direction, ...d }) => d),
    };
    const response = await call('POST', '/api/backup/restore', into, older);
    expect(response.statusCode, response.body).toBe(200);
    const [only] = (await call('GET', '/api/route_activities', into)).json() as RouteActivity[];
    expect(only).toMatchObject({ way: 'driven', time: null, direction: null, dark: null });
    expect(((await call('GET', '/api/routes', into)).json() as Route[])[0]?.validUntil).toBe('2027-11-19');
  });
});
