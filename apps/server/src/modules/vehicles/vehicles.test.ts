import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { routeActivities, vehicleActivities, vehicleActivityVehicles } from '../../db/schema.js';
import { createVehicle, vehicleIri } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
  bob = await registerUser(ctx.app, { firstname: 'Bob' });
});
afterAll(async () => ctx.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);

async function getVehicle(user: TestUser, id: number): Promise<Vehicle> {
  const response = await inject({ method: 'GET', url: vehicleIri(id), headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/vehicles', () => {
  it('lists only the caller’s vehicles, sorted by name in German order', async () => {
    const user = await registerUser(ctx.app);
    for (const name of ['VT 643', 'Öl-Lok', 'BR 146', 'Ärger-Triebwagen', 'Ofen', 'abc']) {
      await createVehicle(ctx.app, user, name);
    }
    await createVehicle(ctx.app, bob, 'AAA fremd');
    const response = await inject({ method: 'GET', url: '/api/vehicles', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Vehicle[];
    expect(list.map((vehicle) => vehicle.name)).toEqual([
      'abc',
      'Ärger-Triebwagen',
      'BR 146',
      'Ofen',
      'Öl-Lok',
      'VT 643',
    ]);
    for (const vehicle of list)
      expect(vehicle).toEqual({ id: expect.any(Number), name: vehicle.name, owner: user.iri, validityDays: null });
  });
});

describe('POST /api/vehicles', () => {
  it('creates a vehicle owned by the caller', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: alice.headers,
      payload: { name: ' BR 218 ', owner: alice.iri },
    });
    expect(response.statusCode).toBe(201);
    const vehicle = response.json() as Vehicle;
    expect(vehicle).toEqual({ id: expect.any(Number), name: 'BR 218', owner: alice.iri, validityDays: null });
    expect(await getVehicle(alice, vehicle.id)).toEqual(vehicle);
  });

  it('answers 400 for unknown fields, wrong types and a missing name', async () => {
    for (const payload of [{ name: 'X', typ: 'Lok' }, { name: 218 }, {}, 'BR 218']) {
      const response = await inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 422 for an empty or too long name', async () => {
    for (const name of ['', '   ', 'x'.repeat(256)]) {
      const response = await inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: alice.headers,
        payload: { name },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 422, violations: [{ propertyPath: 'name' }] });
    }
  });
});

describe('GET /api/vehicles/{id}', () => {
  it('returns the caller’s vehicle', async () => {
    const vehicle = await createVehicle(ctx.app, alice);
    expect(await getVehicle(alice, vehicle.id)).toEqual(vehicle);
  });
});

describe('PATCH /api/vehicles/{id}', () => {
  it('renames the vehicle with merge-patch and with plain JSON', async () => {
    const vehicle = await createVehicle(ctx.app, alice, 'Alt');
    const patched = await inject({
      method: 'PATCH',
      url: vehicleIri(vehicle.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: 'Neu' }),
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...vehicle, name: 'Neu' });
    const json = await inject({
      method: 'PATCH',
      url: vehicleIri(vehicle.id),
      headers: alice.headers,
      payload: { name: 'Neuer' },
    });
    expect(json.json()).toEqual({ ...vehicle, name: 'Neuer' });
    const empty = await inject({
      method: 'PATCH',
      url: vehicleIri(vehicle.id),
      headers: mergePatchHeaders(alice),
      payload: '{}',
    });
    expect(empty.json()).toEqual({ ...vehicle, name: 'Neuer' });
  });

  it('answers 400 for unknown fields and wrong types', async () => {
    const vehicle = await createVehicle(ctx.app, alice);
    for (const payload of [{ typ: 'Lok' }, { name: 1 }, { name: null }]) {
      const response = await inject({
        method: 'PATCH',
        url: vehicleIri(vehicle.id),
        headers: mergePatchHeaders(alice),
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getVehicle(alice, vehicle.id)).toEqual(vehicle);
  });

  it('answers 422 for an empty name', async () => {
    const vehicle = await createVehicle(ctx.app, alice);
    const response = await inject({
      method: 'PATCH',
      url: vehicleIri(vehicle.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: ' ' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      violations: [{ propertyPath: 'name', message: 'Der Name des Fahrzeugs darf nicht leer sein.' }],
    });
  });
});

describe('DELETE /api/vehicles/{id}', () => {
  it('deletes the vehicle and removes it from vehicle activities', async () => {
    const [keep, drop] = [await createVehicle(ctx.app, alice), await createVehicle(ctx.app, alice)];
    const db = ctx.db.database.db;
    const [routeActivity] = await db
      .insert(routeActivities)
      .values({ ownerId: alice.id, acquiredAt: '2025-03-01', acquiredUntil: '2026-02-28' })
      .returning();
    const [activity] = await db
      .insert(vehicleActivities)
      .values({ ownerId: alice.id, routeActivityId: routeActivity!.id })
      .returning();
    await db.insert(vehicleActivityVehicles).values([
      { vehicleActivityId: activity!.id, vehicleId: keep.id },
      { vehicleActivityId: activity!.id, vehicleId: drop.id },
    ]);

    const response = await inject({ method: 'DELETE', url: vehicleIri(drop.id), headers: alice.headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await inject({ method: 'GET', url: vehicleIri(drop.id), headers: alice.headers })).statusCode).toBe(404);
    const links = await db
      .select({ vehicleId: vehicleActivityVehicles.vehicleId })
      .from(vehicleActivityVehicles)
      .where(eq(vehicleActivityVehicles.vehicleActivityId, activity!.id));
    expect(links).toEqual([{ vehicleId: keep.id }]);
  });
});
