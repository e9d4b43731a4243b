import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { createRoute, createTour, routeIri, tourIri } from '../../test/fixtures.js';
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

/** Two fresh routes of `user`, as IRIs. */
async function twoRoutes(user: TestUser): Promise<[string, string]> {
  const a = await createRoute(ctx.app, user);
  const b = await createRoute(ctx.app, user);
  return [routeIri(a.id), routeIri(b.id)];
}

async function getTour(user: TestUser, id: number): Promise<Tour> {
  const response = await inject({ method: 'GET', url: tourIri(id), headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/tours', () => {
  it('lists only the caller’s tours with their routes, sorted by name in German order', async () => {
    const user = await registerUser(ctx.app);
    const routes = await twoRoutes(user);
    for (const name of ['Zug', 'Öl', 'Birne', 'Äpfelweg', 'Ofen', 'apfel'])
      await createTour(ctx.app, user, routes, name);
    await createTour(ctx.app, bob, await twoRoutes(bob), 'Aaa fremd');

    const response = await inject({ method: 'GET', url: '/api/tours', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Tour[];
    expect(list.map((tour) => tour.name)).toEqual(['apfel', 'Äpfelweg', 'Birne', 'Ofen', 'Öl', 'Zug']);
    for (const tour of list) expect(tour).toMatchObject({ owner: user.iri, routes });
  });
});

describe('POST /api/tours', () => {
  it('creates a tour of distinct routes, which the routes then list', async () => {
    const [a, b] = await twoRoutes(alice);
    const response = await inject({
      method: 'POST',
      url: '/api/tours',
      headers: alice.headers,
      payload: { name: ' Frühschicht ', routes: [b, a, b], owner: alice.iri },
    });
    expect(response.statusCode).toBe(201);
    const tour = response.json() as Tour;
    expect(tour).toEqual({ id: expect.any(Number), name: 'Frühschicht', owner: alice.iri, routes: [a, b] });
    expect(await getTour(alice, tour.id)).toEqual(tour);
    const route = await inject({ method: 'GET', url: a, headers: alice.headers });
    expect((route.json() as Route).tours).toEqual([tourIri(tour.id)]);
  });

  it('answers 400 for unknown fields, wrong types and a missing routes list', async () => {
    const routes = await twoRoutes(alice);
    for (const payload of [
      { name: 'X', routes, color: 'blau' },
      { name: 'X', routes: routeIri(1) },
      { name: ['X'], routes },
      { name: 'X' },
    ]) {
      const response = await inject({ method: 'POST', url: '/api/tours', headers: alice.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 403 when routes names another user’s route, and creates nothing', async () => {
    const user = await registerUser(ctx.app);
    const [own] = await twoRoutes(user);
    const [foreign] = await twoRoutes(bob);
    const response = await inject({
      method: 'POST',
      url: '/api/tours',
      headers: user.headers,
      payload: { name: 'X', routes: [own, foreign] },
    });
    expect(response.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/tours', headers: user.headers })).json()).toEqual([]);
    const bobsRoute = await inject({ method: 'GET', url: foreign, headers: bob.headers });
    expect((bobsRoute.json() as Route).tours).toEqual([]);
  });

  it('answers 422 for fewer than two distinct routes, an empty name, or a route that does not exist', async () => {
    const [a, b] = await twoRoutes(alice);
    const cases: [object, string][] = [
      [{ name: 'X', routes: [a] }, 'routes'],
      [{ name: 'X', routes: [a, a] }, 'routes'],
      [{ name: 'X', routes: [] }, 'routes'],
      [{ name: ' ', routes: [a, b] }, 'name'],
      [{ name: 'X', routes: [a, '/api/routes/987654'] }, 'routes'],
      [{ name: 'X', routes: [a, '/api/tours/1'] }, 'routes.1'],
    ];
    for (const [payload, propertyPath] of cases) {
      const response = await inject({ method: 'POST', url: '/api/tours', headers: alice.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({ status: 422, violations: [{ propertyPath }] });
    }
    expect((await inject({ method: 'GET', url: a, headers: alice.headers })).json()).toMatchObject({ tours: [] });
  });
});

describe('GET /api/tours/{id}', () => {
  it('returns the caller’s tour', async () => {
    const tour = await createTour(ctx.app, alice, await twoRoutes(alice));
    expect(await getTour(alice, tour.id)).toEqual(tour);
  });
});

describe('PATCH /api/tours/{id}', () => {
  it('renames the tour and keeps its routes', async () => {
    const tour = await createTour(ctx.app, alice, await twoRoutes(alice), 'Alt');
    const response = await inject({
      method: 'PATCH',
      url: tourIri(tour.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: 'Neu' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...tour, name: 'Neu' });
  });

  it('replaces the routes, also with plain application/json', async () => {
    const [a, b] = await twoRoutes(alice);
    const [c, d] = await twoRoutes(alice);
    const tour = await createTour(ctx.app, alice, [a, b]);
    const response = await inject({
      method: 'PATCH',
      url: tourIri(tour.id),
      headers: alice.headers,
      payload: { routes: [d, b, c] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...tour, routes: [b, c, d] });
    expect((await inject({ method: 'GET', url: a, headers: alice.headers })).json()).toMatchObject({ tours: [] });
  });

  it('answers 400 for unknown fields and wrong types', async () => {
    const tour = await createTour(ctx.app, alice, await twoRoutes(alice));
    for (const payload of [{ id: 1 }, { name: 1 }, { routes: {} }, { routes: null }]) {
      const response = await inject({
        method: 'PATCH',
        url: tourIri(tour.id),
        headers: mergePatchHeaders(alice),
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getTour(alice, tour.id)).toEqual(tour);
  });

  it('answers 403 when the body names another owner or another user’s route, and changes nothing', async () => {
    const [a, b] = await twoRoutes(alice);
    const tour = await createTour(ctx.app, alice, [a, b]);
    const [foreign] = await twoRoutes(bob);
    for (const payload of [{ owner: bob.iri }, { name: 'Neu', routes: [a, foreign] }]) {
      const response = await inject({
        method: 'PATCH',
        url: tourIri(tour.id),
        headers: mergePatchHeaders(alice),
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect(await getTour(alice, tour.id)).toEqual(tour);
    expect((await inject({ method: 'GET', url: foreign, headers: bob.headers })).json()).toMatchObject({ tours: [] });
  });

  it('answers 422 for one route only, an empty name or a route that does not exist', async () => {
    const [a, b] = await twoRoutes(alice);
    const tour = await createTour(ctx.app, alice, [a, b]);
    for (const payload of [{ routes: [a] }, { name: '' }, { routes: [a, '/api/routes/987654'] }]) {
      const response = await inject({
        method: 'PATCH',
        url: tourIri(tour.id),
        headers: mergePatchHeaders(alice),
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await getTour(alice, tour.id)).toEqual(tour);
  });
});

describe('DELETE /api/tours/{id}', () => {
  it('deletes the tour and keeps its routes', async () => {
    const [a, b] = await twoRoutes(alice);
    const tour = await createTour(ctx.app, alice, [a, b]);
    const response = await inject({ method: 'DELETE', url: tourIri(tour.id), headers: alice.headers });
    expect(response.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: tourIri(tour.id), headers: alice.headers })).statusCode).toBe(404);
    const route = await inject({ method: 'GET', url: a, headers: alice.headers });
    expect(route.statusCode).toBe(200);
    expect((route.json() as Route).tours).toEqual([]);
  });
});
