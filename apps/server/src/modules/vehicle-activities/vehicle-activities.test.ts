import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { vehicleActivities } from '../../db/schema.js';
import { createCaller, violations } from '../../test/api.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRoute, insertRouteActivity, insertVehicle } from '../../test/seed.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

/** A route activity of `user` over one new route. */
async function routeActivityOf(user: TestUser) {
  const route = await insertRoute(ctx.app, user.id);
  return insertRouteActivity(ctx.app, user.id, {
    acquiredAt: '2026-06-01',
    acquiredUntil: '2027-05-31',
    routeIds: [route.id],
  });
}

async function createActivity(user: TestUser, body: Record<string, unknown>): Promise<VehicleActivity> {
  const response = await call('POST', '/api/vehicle_activities', user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/vehicle_activities', () => {
  it('creates the activity owned by the caller, vehicles ascending and once each', async () => {
    const ra = await routeActivityOf(alice);
    const v1 = await insertVehicle(ctx.app, alice.id);
    const v2 = await insertVehicle(ctx.app, alice.id);
    const response = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: [v2.iri, v1.iri, v2.iri],
      routeActivity: ra.iri,
      owner: alice.iri,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      acquiredVehicles: [v1.iri, v2.iri],
      owner: alice.iri,
      routeActivity: ra.iri,
    });
    const routeActivity = await call('GET', ra.iri, alice);
    expect(routeActivity.json()).toMatchObject({
      vehicleActivities: [`/api/vehicle_activities/${(response.json() as VehicleActivity).id}`],
    });
  });

  it('answers 422 without vehicles or with references that resolve to nothing', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const noVehicles = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: [],
      routeActivity: ra.iri,
    });
    expect(noVehicles.statusCode).toBe(422);
    expect(violations(noVehicles)[0]?.propertyPath).toBe('acquiredVehicles');

    const danglingVehicle = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: ['/api/vehicles/999999'],
      routeActivity: ra.iri,
    });
    expect(danglingVehicle.statusCode).toBe(422);
    expect(violations(danglingVehicle)[0]?.propertyPath).toBe('acquiredVehicles');

    const danglingActivity = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: [vehicle.iri],
      routeActivity: '/api/route_activities/999999',
    });
    expect(danglingActivity.statusCode).toBe(422);
    expect(violations(danglingActivity)[0]?.propertyPath).toBe('routeActivity');

    const wrongKind = await call('POST', '/api/vehicle_activities', alice, {
      acquiredVehicles: [vehicle.iri],
      routeActivity: '/api/routes/1',
    });
    expect(wrongKind.statusCode).toBe(422);
  });

  it('answers 400 for a missing field, an unknown field or a wrong type', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    for (const body of [
      { acquiredVehicles: [vehicle.iri] },
      { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri, note: 'x' },
      { acquiredVehicles: vehicle.iri, routeActivity: ra.iri },
      { acquiredVehicles: [vehicle.iri], routeActivity: 7 },
    ]) {
      const response = await call('POST', '/api/vehicle_activities', alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 403 for another owner, another user’s vehicle or route activity', async () => {
    const own = await routeActivityOf(alice);
    const foreign = await routeActivityOf(bob);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const foreignVehicle = await insertVehicle(ctx.app, bob.id);
    const cases = [
      { acquiredVehicles: [vehicle.iri], routeActivity: own.iri, owner: bob.iri },
      { acquiredVehicles: [vehicle.iri, foreignVehicle.iri], routeActivity: own.iri },
      { acquiredVehicles: [vehicle.iri], routeActivity: foreign.iri },
    ];
    for (const body of cases) {
      const response = await call('POST', '/api/vehicle_activities', alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await call('GET', '/api/vehicle_activities', bob)).json()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const response = await call('POST', '/api/vehicle_activities', undefined, {
      acquiredVehicles: [vehicle.iri],
      routeActivity: ra.iri,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/vehicle_activities', () => {
  it('lists only the caller’s activities, highest id first', async () => {
    const user = await registerUser(ctx.app);
    const ra = await routeActivityOf(user);
    const vehicle = await insertVehicle(ctx.app, user.id);
    const first = await createActivity(user, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const second = await createActivity(user, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const bobsRa = await routeActivityOf(bob);
    await createActivity(bob, {
      acquiredVehicles: [(await insertVehicle(ctx.app, bob.id)).iri],
      routeActivity: bobsRa.iri,
    });

    const response = await call('GET', '/api/vehicle_activities', user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([second, first]);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/vehicle_activities')).statusCode).toBe(401);
  });
});

describe('GET /api/vehicle_activities/:id', () => {
  it('returns the caller’s activity; 403 for another user; 404 for none; 401 without token', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const url = `/api/vehicle_activities/${activity.id}`;
    const own = await call('GET', url, alice);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(activity);
    expect((await call('GET', url, bob)).statusCode).toBe(403);
    expect((await call('GET', '/api/vehicle_activities/999999', alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/vehicle_activities/abc', alice)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});

describe('PATCH /api/vehicle_activities/:id', () => {
  it('replaces the vehicles and moves the activity to another route activity', async () => {
    const ra1 = await routeActivityOf(alice);
    const ra2 = await routeActivityOf(alice);
    const v1 = await insertVehicle(ctx.app, alice.id);
    const v2 = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [v1.iri], routeActivity: ra1.iri });
    const url = `/api/vehicle_activities/${activity.id}`;

    const vehiclesChanged = await call(
      'PATCH',
      url,
      alice,
      { acquiredVehicles: [v2.iri] },
      'application/merge-patch+json',
    );
    expect(vehiclesChanged.statusCode).toBe(200);
    expect(vehiclesChanged.json()).toEqual({ ...activity, acquiredVehicles: [v2.iri] });

    const moved = await call('PATCH', url, alice, { routeActivity: ra2.iri, owner: alice.iri });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...activity, acquiredVehicles: [v2.iri], routeActivity: ra2.iri });
    expect((await call('GET', ra1.iri, alice)).json()).toMatchObject({ vehicleActivities: [] });
    expect((await call('GET', ra2.iri, alice)).json()).toMatchObject({ vehicleActivities: [url] });
  });

  it('answers 422 for empty or dangling references, 400 for null or unknown fields, and changes nothing', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const url = `/api/vehicle_activities/${activity.id}`;
    expect((await call('PATCH', url, alice, { acquiredVehicles: [] })).statusCode).toBe(422);
    expect((await call('PATCH', url, alice, { acquiredVehicles: ['/api/vehicles/999999'] })).statusCode).toBe(422);
    expect((await call('PATCH', url, alice, { routeActivity: '/api/route_activities/999999' })).statusCode).toBe(422);
    expect((await call('PATCH', url, alice, { routeActivity: null })).statusCode).toBe(400);
    expect((await call('PATCH', url, alice, { acquiredAt: '2026-01-01' })).statusCode).toBe(400);
    expect((await call('GET', url, alice)).json()).toEqual(activity);
  });

  it('answers 403 for another user’s activity or references, 404 for none, 401 without token', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const url = `/api/vehicle_activities/${activity.id}`;
    const bobsRa = await routeActivityOf(bob);
    const bobsVehicle = await insertVehicle(ctx.app, bob.id);
    expect((await call('PATCH', url, bob, { acquiredVehicles: [bobsVehicle.iri] })).statusCode).toBe(403);
    expect((await call('PATCH', url, alice, { routeActivity: bobsRa.iri })).statusCode).toBe(403);
    expect((await call('PATCH', url, alice, { acquiredVehicles: [bobsVehicle.iri] })).statusCode).toBe(403);
    expect((await call('PATCH', url, alice, { owner: bob.iri })).statusCode).toBe(403);
    expect(
      (await call('PATCH', '/api/vehicle_activities/999999', alice, { acquiredVehicles: [vehicle.iri] })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', url, undefined, { acquiredVehicles: [vehicle.iri] })).statusCode).toBe(401);
    expect((await call('GET', url, alice)).json()).toEqual(activity);
  });
});

describe('DELETE /api/vehicle_activities/:id', () => {
  it('deletes the activity and leaves its route activity and vehicles alone', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const url = `/api/vehicle_activities/${activity.id}`;
    const response = await call('DELETE', url, alice);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', url, alice)).statusCode).toBe(404);
    expect((await call('GET', ra.iri, alice)).json()).toMatchObject({ vehicleActivities: [] });
  });

  it('answers 403 for another user’s activity and keeps it; 404 for none; 401 without token', async () => {
    const ra = await routeActivityOf(alice);
    const vehicle = await insertVehicle(ctx.app, alice.id);
    const activity = await createActivity(alice, { acquiredVehicles: [vehicle.iri], routeActivity: ra.iri });
    const url = `/api/vehicle_activities/${activity.id}`;
    expect((await call('DELETE', url, bob)).statusCode).toBe(403);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/vehicle_activities/999999', alice)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(vehicleActivities).where(eq(vehicleActivities.id, activity.id))).toHaveLength(
      1,
    );
  });
});
