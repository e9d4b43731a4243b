import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, driveValidityDays, todayIn } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { routeActivities, vehicleActivities } from '../../db/schema.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { createCaller, violations } from '../../test/api.js';
import { insertRoute, insertRouteActivity, insertVehicle } from '../../test/seed.js';

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
/** Today in the app's time zone (the test configuration's default, Europe/Berlin). */
const today = () => todayIn('Europe/Berlin');
/** The forms' words for a drive date after today (apps/web, dateProblem and the route form). */
const FUTURE = 'Das Datum darf nicht in der Zukunft liegen.';

async function createActivity(user: TestUser, body: Record<string, unknown>): Promise<RouteActivity> {
  const response = await call('POST', '/api/route_activities', user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/route_activities without acquiredUntil: the drive rule (decision 0020)', () => {
  it('ends the drive after driveValidityDays of the routes’ own rules and the account’s, for every mix', async () => {
    const user = await registerUser(ctx.app);
    const account = 200;
    expect((await call('PATCH', '/api/notifications/settings', user, { validityDays: account })).statusCode).toBe(200);
    const mixes: (number | null)[][] = [[null], [90], [null, 90], [400, null], [500, 400], [30, 90, null, 7]];
    for (const rules of mixes) {
      const routes = [];
      for (const validityDays of rules) {
        const created = await call('POST', '/api/routes', user, {
          name: 'R',
          startPoint: 'A',
          endPoint: 'B',
          validityDays,
        });
        expect(created.statusCode).toBe(201);
        routes.push(`/api/routes/${(created.json() as { id: number }).id}`);
      }
      const activity = await createActivity(user, { acquiredAt: '2026-01-05', acquiredRoutes: routes });
      expect(activity.acquiredUntil, JSON.stringify(rules)).toBe(
        addDays('2026-01-05', driveValidityDays(rules, account)),
      );
    }
  });
});

describe('POST /api/route_activities', () => {
  it('creates the activity valid for 364 days by default, owned by the caller, with the time it was recorded', async () => {
    const r1 = await insertRoute(ctx.app, alice.id);
    const r2 = await insertRoute(ctx.app, alice.id);
    const before = Date.now();
    const response = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-11-22',
      acquiredRoutes: [r2.iri, r1.iri, r2.iri],
    });
    expect(response.statusCode).toBe(201);
    const activity = response.json() as RouteActivity;
    expect(activity).toEqual({
      id: expect.any(Number),
      acquiredAt: '2026-11-22',
      acquiredUntil: '2027-11-21',
      owner: alice.iri,
      acquiredRoutes: [r1.iri, r2.iri],
      vehicleActivities: [],
      recordedAt: expect.any(String),
      imported: false,
      way: 'driven',
      time: null,
      direction: null,
      dark: null,
    });
    // The database's clock (transaction start), a moment ago: within a few seconds of the request.
    expect(Math.abs(Date.parse(activity.recordedAt!) - before)).toBeLessThan(10_000);
  });

  it('counts the 364 days across a leap day', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2024-02-29', acquiredRoutes: [route.iri] });
    expect(activity.acquiredUntil).toBe('2025-02-27');
  });

  it('takes an explicit acquiredUntil (half a year) and owner = the caller', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, {
      acquiredAt: '2026-01-01',
      acquiredUntil: '2026-07-02',
      owner: alice.iri,
      acquiredRoutes: [route.iri],
    });
    expect(activity).toMatchObject({ acquiredAt: '2026-01-01', acquiredUntil: '2026-07-02', owner: alice.iri });
  });

  it('accepts acquiredUntil on the same day as acquiredAt', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, {
      acquiredAt: '2026-05-05',
      acquiredUntil: '2026-05-05',
      acquiredRoutes: [route.iri],
    });
    expect(activity.acquiredUntil).toBe('2026-05-05');
  });

  it('answers 422 with a violation on acquiredUntil when it lies before acquiredAt', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const response = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      acquiredUntil: '2026-05-04',
      acquiredRoutes: [route.iri],
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(violations(response)).toEqual([{ propertyPath: 'acquiredUntil', message: expect.stringMatching(/vor/) }]);
  });

  it('answers 422 without routes, with a date that does not exist or a malformed reference', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const noRoutes = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      acquiredRoutes: [],
    });
    expect(noRoutes.statusCode).toBe(422);
    expect(violations(noRoutes)[0]?.propertyPath).toBe('acquiredRoutes');

    const badDate = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-02-30',
      acquiredRoutes: [route.iri],
    });
    expect(badDate.statusCode).toBe(422);
    expect(violations(badDate)[0]?.propertyPath).toBe('acquiredAt');

    const badIri = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      acquiredRoutes: ['/api/tours/1'],
    });
    expect(badIri.statusCode).toBe(422);
  });

  it('answers 422 at acquiredAt for a drive after today (the app’s time zone), as the forms do; today is fine', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    for (const acquiredAt of [addDays(today(), 1), addDays(today(), 400), '2999-01-01']) {
      for (const body of [
        { acquiredAt, acquiredRoutes: [route.iri] },
        { acquiredAt, acquiredUntil: addDays(acquiredAt, 10), acquiredRoutes: [route.iri] },
      ]) {
        const response = await call('POST', '/api/route_activities', alice, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(violations(response)).toEqual([{ propertyPath: 'acquiredAt', message: FUTURE }]);
      }
    }
    const list = await call('GET', '/api/route_activities', alice);
    expect((list.json() as RouteActivity[]).filter((a) => a.acquiredAt > today())).toEqual([]);
    const todays = await createActivity(alice, { acquiredAt: today(), acquiredRoutes: [route.iri] });
    expect(todays.acquiredAt).toBe(today());
  });

  it('answers 422 for a route reference that resolves to nothing', async () => {
    const response = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      acquiredRoutes: ['/api/routes/999999'],
    });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([{ propertyPath: 'acquiredRoutes', message: expect.any(String) }]);
  });

  it('answers 400 for a missing field, an unknown field, a wrong type or broken JSON', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    for (const body of [
      { acquiredRoutes: [route.iri] },
      { acquiredAt: '2026-05-05', acquiredRoutes: [route.iri], extra: 1 },
      { acquiredAt: '2026-05-05', acquiredRoutes: route.iri },
      { acquiredAt: 20260505, acquiredRoutes: [route.iri] },
    ]) {
      const response = await call('POST', '/api/route_activities', alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const broken = await call('POST', '/api/route_activities', alice, '{"acquiredAt":', 'application/json');
    expect(broken.statusCode).toBe(400);
  });

  it('answers 403 when owner names another user or a route belongs to another user', async () => {
    const own = await insertRoute(ctx.app, alice.id);
    const foreign = await insertRoute(ctx.app, bob.id);
    const otherOwner = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      owner: bob.iri,
      acquiredRoutes: [own.iri],
    });
    expect(otherOwner.statusCode).toBe(403);
    const foreignRoute = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-05-05',
      acquiredRoutes: [own.iri, foreign.iri],
    });
    expect(foreignRoute.statusCode).toBe(403);
    const bobs = await call('GET', '/api/route_activities', bob);
    expect(bobs.json()).toEqual([]);
  });

  it('answers 401 without a valid token', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const response = await call('POST', '/api/route_activities', undefined, {
      acquiredAt: '2026-05-05',
      acquiredRoutes: [route.iri],
    });
    expect(response.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { acquiredAt: '2026-05-05', acquiredRoutes: [route.iri] },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('GET /api/route_activities', () => {
  it('lists only the caller’s activities, highest id first, with their vehicle activities', async () => {
    const user = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const route = await insertRoute(ctx.app, user.id);
    const first = await createActivity(user, { acquiredAt: '2026-01-01', acquiredRoutes: [route.iri] });
    const second = await createActivity(user, { acquiredAt: '2025-01-01', acquiredRoutes: [route.iri] });
    await insertRouteActivity(ctx.app, other.id, {
      acquiredAt: '2026-01-01',
      acquiredUntil: '2026-12-31',
      routeIds: [(await insertRoute(ctx.app, other.id)).id],
    });
    const vehicle = await insertVehicle(ctx.app, user.id);
    const va = await call('POST', '/api/vehicle_activities', user, {
      acquiredVehicles: [vehicle.iri],
      routeActivity: `/api/route_activities/${first.id}`,
    });
    expect(va.statusCode).toBe(201);

    const response = await call('GET', '/api/route_activities', user);
    expect(response.statusCode).toBe(200);
    const list = response.json() as RouteActivity[];
    expect(list.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(list[1]?.vehicleActivities).toEqual([`/api/vehicle_activities/${(va.json() as { id: number }).id}`]);
    expect(list.every((a) => a.owner === user.iri)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/route_activities')).statusCode).toBe(401);
  });
});

describe('GET /api/route_activities/:id', () => {
  it('returns the caller’s activity', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    const response = await call('GET', `/api/route_activities/${activity.id}`, alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(activity);
  });

  it('answers 403 for another user’s activity, 404 for none and for a malformed id, 401 without token', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    expect((await call('GET', `/api/route_activities/${activity.id}`, bob)).statusCode).toBe(403);
    expect((await call('GET', '/api/route_activities/999999', alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/route_activities/99999999999', alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/route_activities/abc', alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/route_activities/${activity.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/route_activities/:id', () => {
  it('changes only the named fields (merge-patch)', async () => {
    const r1 = await insertRoute(ctx.app, alice.id);
    const r2 = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [r1.iri] });

    const moved = await call(
      'PATCH',
      `/api/route_activities/${activity.id}`,
      alice,
      { acquiredAt: '2026-03-02' },
      'application/merge-patch+json',
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      acquiredAt: '2026-03-02',
      acquiredUntil: '2027-02-28',
      acquiredRoutes: [r1.iri],
    });

    const shortened = await call('PATCH', `/api/route_activities/${activity.id}`, alice, {
      acquiredUntil: '2026-08-31',
    });
    expect(shortened.statusCode).toBe(200);
    expect(shortened.json()).toMatchObject({ acquiredAt: '2026-03-02', acquiredUntil: '2026-08-31' });

    const rerouted = await call(
      'PATCH',
      `/api/route_activities/${activity.id}`,
      alice,
      { acquiredRoutes: [r2.iri], owner: alice.iri },
      'application/merge-patch+json',
    );
    expect(rerouted.statusCode).toBe(200);
    expect(rerouted.json()).toMatchObject({
      acquiredAt: '2026-03-02',
      acquiredUntil: '2026-08-31',
      acquiredRoutes: [r2.iri],
    });

    const empty = await call(
      'PATCH',
      `/api/route_activities/${activity.id}`,
      alice,
      {},
      'application/merge-patch+json',
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(rerouted.json());
  });

  it('answers 422 when the dates would end before they begin, and changes nothing', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, {
      acquiredAt: '2026-03-01',
      acquiredUntil: '2026-04-01',
      acquiredRoutes: [route.iri],
    });
    const late = await call('PATCH', `/api/route_activities/${activity.id}`, alice, { acquiredAt: '2026-04-02' });
    expect(late.statusCode).toBe(422);
    expect(violations(late)[0]?.propertyPath).toBe('acquiredUntil');
    const early = await call('PATCH', `/api/route_activities/${activity.id}`, alice, {
      acquiredUntil: '2026-02-28',
      acquiredRoutes: [],
    });
    expect(early.statusCode).toBe(422);
    const after = await call('GET', `/api/route_activities/${activity.id}`, alice);
    expect(after.json()).toEqual(activity);
  });

  it('answers 422 at acquiredAt when the drive would move after today, and changes nothing', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: addDays(today(), -3), acquiredRoutes: [route.iri] });
    const url = `/api/route_activities/${activity.id}`;
    const tomorrow = await call('PATCH', url, alice, { acquiredAt: addDays(today(), 1) });
    expect(tomorrow.statusCode).toBe(422);
    expect(violations(tomorrow)).toEqual([{ propertyPath: 'acquiredAt', message: FUTURE }]);
    expect((await call('GET', url, alice)).json()).toEqual(activity);
    const moved = await call('PATCH', url, alice, { acquiredAt: today() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ acquiredAt: today() });
  });

  it('keeps an activity stored with a later date (before the rule) editable without moving its date', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const later = addDays(today(), 5);
    const stored = await insertRouteActivity(ctx.app, alice.id, {
      acquiredAt: later,
      acquiredUntil: addDays(later, 364),
      routeIds: [route.id],
    });
    const response = await call('PATCH', stored.iri, alice, { acquiredUntil: addDays(later, 100) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ acquiredAt: later, acquiredUntil: addDays(later, 100) });
  });

  it('answers 422 for a dangling route, 400 for null or unknown fields', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    const url = `/api/route_activities/${activity.id}`;
    expect((await call('PATCH', url, alice, { acquiredRoutes: ['/api/routes/999999'] })).statusCode).toBe(422);
    expect((await call('PATCH', url, alice, { acquiredAt: null })).statusCode).toBe(400);
    expect((await call('PATCH', url, alice, { id: 5 })).statusCode).toBe(400);
    expect((await call('GET', url, alice)).json()).toEqual(activity);
  });

  it('answers 403 for another user’s activity, a foreign route or another owner; 404 for none; 401', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    const url = `/api/route_activities/${activity.id}`;
    expect((await call('PATCH', url, bob, { acquiredAt: '2026-03-02' })).statusCode).toBe(403);
    const foreign = await insertRoute(ctx.app, bob.id);
    expect((await call('PATCH', url, alice, { acquiredRoutes: [foreign.iri] })).statusCode).toBe(403);
    expect((await call('PATCH', url, alice, { owner: bob.iri })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/route_activities/999999', alice, { acquiredAt: '2026-03-02' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', url, undefined, { acquiredAt: '2026-03-02' })).statusCode).toBe(401);
    expect((await call('GET', url, alice)).json()).toEqual(activity);
  });
});

describe('DELETE /api/route_activities/:id', () => {
  it('deletes the activity with its vehicle activities', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    const va = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: [vehicle.iri],
      routeActivity: `/api/route_activities/${activity.id}`,
    });
    const vaId = (va.json() as { id: number }).id;

    const response = await call('DELETE', `/api/route_activities/${activity.id}`, alice);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/route_activities/${activity.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/vehicle_activities/${vaId}`, alice)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(vehicleActivities).where(eq(vehicleActivities.id, vaId))).toEqual([]);
  });

  it('answers 403 for another user’s activity and keeps it; 404 for none; 401 without token', async () => {
    const route = await insertRoute(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredAt: '2026-03-01', acquiredRoutes: [route.iri] });
    expect((await call('DELETE', `/api/route_activities/${activity.id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/route_activities/${activity.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/route_activities/999999', alice)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(routeActivities).where(eq(routeActivities.id, activity.id))).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the activity and expiring calls under Streckenkunde', async () => {
    const response = await call('GET', '/api/openapi.json');
    const doc = response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const [url, methods] of [
      ['/api/route_activities', ['get', 'post']],
      ['/api/route_activities/{id}', ['get', 'patch', 'delete']],
      ['/api/vehicle_activities', ['get', 'post']],
      ['/api/vehicle_activities/{id}', ['get', 'patch', 'delete']],
      ['/api/routes/expiring', ['get']],
    ] as const) {
      for (const method of methods)
        expect(doc.paths[url]?.[method]?.tags, `${method} ${url}`).toEqual(['Streckenkunde']);
    }
  });
});
