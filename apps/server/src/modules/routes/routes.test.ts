import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Route } from '@streckenpass/contract/routes';
import { routeActivities, routeActivityRoutes, tourRoutes } from '../../db/schema.js';
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

async function getRoute(user: TestUser, id: number): Promise<Route> {
  const response = await inject({ method: 'GET', url: routeIri(id), headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/routes', () => {
  it('lists only the caller’s routes, each with its tours and owner as IRIs', async () => {
    const user = await registerUser(ctx.app);
    const a = await createRoute(ctx.app, user, { name: 'Hamm – Unna', companyRoute: 'K1' });
    const b = await createRoute(ctx.app, user, { name: 'Unna – Soest', companyRoute: 'K2' });
    const tour = await createTour(ctx.app, user, [routeIri(a.id), routeIri(b.id)]);
    await createRoute(ctx.app, bob, { name: 'Fremde Strecke' });

    const response = await inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: a.id,
        name: 'Hamm – Unna',
        companyRoute: 'K1',
        startPoint: 'HU',
        endPoint: 'FF',
        startStation: null,
        endStation: null,
        tours: [tourIri(tour.id)],
        owner: user.iri,
        validityDays: null,
        keepingWays: null,
        firstAcquisition: null,
        acquiredOn: null,
      },
      {
        id: b.id,
        name: 'Unna – Soest',
        companyRoute: 'K2',
        startPoint: 'HU',
        endPoint: 'FF',
        startStation: null,
        endStation: null,
        tours: [tourIri(tour.id)],
        owner: user.iri,
        validityDays: null,
        keepingWays: null,
        firstAcquisition: null,
        acquiredOn: null,
      },
    ]);
  });

  it('returns an empty array for a user without routes', async () => {
    const user = await registerUser(ctx.app);
    const response = await inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('sorts by companyRoute, then name, in German order with routes without companyRoute last', async () => {
    const user = await registerUser(ctx.app);
    const seed: [string | null, string][] = [
      [null, 'Zug'],
      ['Zebra', 'a'],
      [null, 'Öl'],
      ['Äpfelweg', 'b'],
      ['b 2', 'c'],
      [null, 'ärger'],
      ['Apfel', 'd'],
      [null, 'Ofen'],
      ['Apfel', 'Ähre'],
      [null, 'Ast'],
    ];
    for (const [companyRoute, name] of seed) await createRoute(ctx.app, user, { companyRoute, name });

    const response = await inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    const order = (response.json() as Route[]).map((route) => [route.companyRoute, route.name]);
    expect(order).toEqual([
      ['Apfel', 'Ähre'],
      ['Apfel', 'd'],
      ['Äpfelweg', 'b'],
      ['b 2', 'c'],
      ['Zebra', 'a'],
      [null, 'ärger'],
      [null, 'Ast'],
      [null, 'Ofen'],
      [null, 'Öl'],
      [null, 'Zug'],
    ]);
    // The same order as the browser's German collation, which the web client uses.
    const collator = new Intl.Collator('de');
    const named = order.filter(([code]) => code === null).map(([, name]) => name as string);
    expect(named).toEqual([...named].sort(collator.compare));
  });

  it('answers 401 without a token', async () => {
    const response = await inject({ method: 'GET', url: '/api/routes' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});

describe('GET /api/routes/{id}: validity', () => {
  const drive = (routes: number[], acquiredAt: string, acquiredUntil: string) =>
    inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: alice.headers,
      payload: { acquiredAt, acquiredUntil, acquiredRoutes: routes.map(routeIri) },
    });

  it('carries the day last driven and the last valid day, absent while never driven', async () => {
    const [driven, never] = [await createRoute(ctx.app, alice), await createRoute(ctx.app, alice)];
    expect(await getRoute(alice, driven.id)).not.toHaveProperty('validUntil');
    expect(await getRoute(alice, driven.id)).not.toHaveProperty('lastDriven');

    expect((await drive([driven.id], '2025-06-01', '2026-05-31')).statusCode).toBe(201);
    // An older drive that is valid for longer: the latest end counts, and the latest drive date.
    expect((await drive([driven.id], '2025-01-10', '2026-12-31')).statusCode).toBe(201);

    expect(await getRoute(alice, driven.id)).toEqual({
      ...driven,
      lastDriven: '2025-06-01',
      validUntil: '2026-12-31',
    });
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: alice.headers })).json() as Route[];
    expect(list.find((route) => route.id === driven.id)).toMatchObject({
      lastDriven: '2025-06-01',
      validUntil: '2026-12-31',
    });
    expect(list.find((route) => route.id === never.id)).toEqual(never);
  });

  it('keeps the validity equal to the latest drive through links added in bulk, unlinked and redated', async () => {
    const db = ctx.db.database.db;
    const routes = [
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
    ];
    /** Routes whose kept values differ from the latest drive computed from every link (migrations 0001 and 0014). */
    const drifted = async () => {
      const result = await db.execute(sql`
        SELECT r.id FROM routes r
         WHERE r.id IN (${sql.join(
           routes.map((route) => sql`${route.id}`),
           sql`, `,
         )})
           AND (r.last_driven IS DISTINCT FROM (SELECT max(ra.acquired_at) FROM route_activity_routes rar
                  JOIN route_activities ra ON ra.id = rar.route_activity_id WHERE rar.route_id = r.id)
             OR r.valid_until IS DISTINCT FROM (SELECT max(ra.acquired_until) FROM route_activity_routes rar
                  JOIN route_activities ra ON ra.id = rar.route_activity_id WHERE rar.route_id = r.id))`);
      return (result as unknown as { rows: unknown[] }).rows;
    };
    const drives = await db
      .insert(routeActivities)
      .values([
        { ownerId: alice.id, acquiredAt: '2025-03-01', acquiredUntil: '2026-02-28' },
        { ownerId: alice.id, acquiredAt: '2025-01-01', acquiredUntil: '2026-12-31' },
        { ownerId: alice.id, acquiredAt: '2025-05-01', acquiredUntil: '2026-04-30' },
      ])
      .returning();
    const [early, long, late] = drives as [(typeof drives)[0], (typeof drives)[0], (typeof drives)[0]];
    // One statement links several drives to several routes, an older and a newer one for the same route among them.
    await db.insert(routeActivityRoutes).values([
      { routeActivityId: early.id, routeId: routes[0]!.id },
      { routeActivityId: long.id, routeId: routes[0]!.id },
      { routeActivityId: late.id, routeId: routes[1]!.id },
      { routeActivityId: early.id, routeId: routes[1]!.id },
    ]);
    expect(await getRoute(alice, routes[0]!.id)).toMatchObject({ lastDriven: '2025-03-01', validUntil: '2026-12-31' });
    // A later link with older dates changes nothing; one with a later drive moves only "last driven".
    await db.insert(routeActivityRoutes).values({ routeActivityId: early.id, routeId: routes[2]!.id });
    await db.insert(routeActivityRoutes).values({ routeActivityId: late.id, routeId: routes[2]!.id });
    expect(await getRoute(alice, routes[2]!.id)).toMatchObject({ lastDriven: '2025-05-01', validUntil: '2026-04-30' });
    expect(await drifted()).toEqual([]);
    // Unlinking and a changed date are recomputed from every drive.
    await db.delete(routeActivities).where(eq(routeActivities.id, long.id));
    await db.update(routeActivities).set({ acquiredAt: '2025-02-01' }).where(eq(routeActivities.id, late.id));
    expect(await getRoute(alice, routes[0]!.id)).toMatchObject({ lastDriven: '2025-03-01', validUntil: '2026-02-28' });
    expect(await getRoute(alice, routes[1]!.id)).toMatchObject({ lastDriven: '2025-03-01', validUntil: '2026-04-30' });
    expect(await drifted()).toEqual([]);
  });
});

describe('POST /api/routes', () => {
  it('creates a route owned by the caller, trimming text and defaulting companyRoute to null', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: { name: '  Hamm – Dortmund ', startPoint: ' HA ', endPoint: 'EDO' },
    });
    expect(response.statusCode).toBe(201);
    const route = response.json() as Route;
    expect(route).toEqual({
      id: expect.any(Number),
      name: 'Hamm – Dortmund',
      companyRoute: null,
      startPoint: 'HA',
      endPoint: 'EDO',
      // Typed text only: the station is linked when the client sends its code (modules/stations).
      startStation: null,
      endStation: null,
      tours: [],
      owner: alice.iri,
      validityDays: null,
      keepingWays: null,
      firstAcquisition: null,
      acquiredOn: null,
    });
    expect(await getRoute(alice, route.id)).toEqual(route);
  });

  it('accepts the caller’s own IRI as owner and an empty companyRoute as null', async () => {
    const route = await createRoute(ctx.app, alice, { companyRoute: '  ' });
    expect(route.companyRoute).toBeNull();
    const response = await inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: { name: 'Mit Besitzer', startPoint: 'A', endPoint: 'B', owner: alice.iri },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ owner: alice.iri });
  });

  it('adds the new route to the tours it names', async () => {
    const [a, b] = [await createRoute(ctx.app, alice), await createRoute(ctx.app, alice)];
    const tour = await createTour(ctx.app, alice, [routeIri(a.id), routeIri(b.id)]);
    const route = await createRoute(ctx.app, alice, { tours: [tourIri(tour.id), tourIri(tour.id)] });
    expect(route.tours).toEqual([tourIri(tour.id)]);
    const tourNow = await inject({ method: 'GET', url: tourIri(tour.id), headers: alice.headers });
    expect(tourNow.json()).toMatchObject({ routes: [routeIri(a.id), routeIri(b.id), routeIri(route.id)] });
  });

  it('answers 400 for unknown fields, wrong types and malformed JSON', async () => {
    const base = { name: 'X', startPoint: 'A', endPoint: 'B' };
    for (const payload of [
      { ...base, color: 'rot' },
      { ...base, name: 5 },
      { ...base, tours: '/api/tours/1' },
      { ...base, companyRoute: 7 },
      [base],
    ]) {
      const response = await inject({ method: 'POST', url: '/api/routes', headers: alice.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
    const malformed = await inject({
      method: 'POST',
      url: '/api/routes',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 without a token, before looking at the body', async () => {
    const response = await inject({ method: 'POST', url: '/api/routes', payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 when tours names another user’s tour, and creates nothing', async () => {
    const [b1, b2] = [await createRoute(ctx.app, bob), await createRoute(ctx.app, bob)];
    const bobsTour = await createTour(ctx.app, bob, [routeIri(b1.id), routeIri(b2.id)]);
    const user = await registerUser(ctx.app);
    const response = await inject({
      method: 'POST',
      url: '/api/routes',
      headers: user.headers,
      payload: { name: 'X', startPoint: 'A', endPoint: 'B', tours: [tourIri(bobsTour.id)] },
    });
    expect(response.statusCode).toBe(403);
    const mine = await inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    expect(mine.json()).toEqual([]);
    const bobsTourNow = await inject({ method: 'GET', url: tourIri(bobsTour.id), headers: bob.headers });
    expect(bobsTourNow.json()).toEqual(bobsTour);
  });

  it('answers 422 with violations for empty or too long text', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: { name: '   ', startPoint: 'A', endPoint: 'x'.repeat(65) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = response.json() as { violations: { propertyPath: string; message: string }[] };
    expect(body).toMatchObject({ status: 422, type: '/errors/validation' });
    expect(body.violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'name', message: 'Der Name der Strecke darf nicht leer sein.' },
        { propertyPath: 'endPoint', message: expect.stringMatching(/höchstens 64 Zeichen/) },
      ]),
    );
  });

  it('answers 422 for a tour IRI that resolves to nothing, or is not a tour IRI', async () => {
    for (const tours of [['/api/tours/999999'], ['/api/tours/99999999999'], ['/api/routes/1'], ['tour-1']]) {
      const response = await inject({
        method: 'POST',
        url: '/api/routes',
        headers: alice.headers,
        payload: { name: 'X', startPoint: 'A', endPoint: 'B', tours },
      });
      expect(response.statusCode, tours[0]).toBe(422);
      expect((response.json() as { violations: { propertyPath: string }[] }).violations[0]?.propertyPath).toMatch(
        /^tours/,
      );
    }
  });
});

describe('GET /api/routes/{id}', () => {
  it('returns the caller’s route', async () => {
    const route = await createRoute(ctx.app, alice, { companyRoute: 'R7' });
    expect(await getRoute(alice, route.id)).toEqual(route);
  });
});

describe('PATCH /api/routes/{id}', () => {
  it('changes only the fields sent as merge-patch and keeps companyRoute', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Alt', companyRoute: 'K9', startPoint: 'A' });
    const response = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: ' Neu ', endPoint: 'Z' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...route, name: 'Neu', endPoint: 'Z' });
    expect(await getRoute(alice, route.id)).toEqual({ ...route, name: 'Neu', endPoint: 'Z' });
  });

  it('clears companyRoute with null and accepts plain application/json', async () => {
    const route = await createRoute(ctx.app, alice, { companyRoute: 'K9' });
    const response = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: alice.headers,
      payload: { companyRoute: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...route, companyRoute: null });
  });

  it('answers 200 with the unchanged route for an empty patch', async () => {
    const route = await createRoute(ctx.app, alice);
    const response = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(route);
  });

  it('replaces the tour membership with tours, and removes it with an empty list', async () => {
    const [a, b, c] = [
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
    ];
    const t1 = await createTour(ctx.app, alice, [routeIri(a.id), routeIri(b.id)]);
    const t2 = await createTour(ctx.app, alice, [routeIri(a.id), routeIri(b.id)]);
    const moved = await inject({
      method: 'PATCH',
      url: routeIri(c.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ tours: [tourIri(t2.id), tourIri(t1.id)] }),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ tours: [tourIri(t1.id), tourIri(t2.id)] });

    const left = await inject({
      method: 'PATCH',
      url: routeIri(c.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ tours: [tourIri(t1.id)] }),
    });
    expect(left.json()).toMatchObject({ tours: [tourIri(t1.id)] });
    const t2Now = await inject({ method: 'GET', url: tourIri(t2.id), headers: alice.headers });
    expect(t2Now.json()).toMatchObject({ routes: [routeIri(a.id), routeIri(b.id)] });

    const none = await inject({
      method: 'PATCH',
      url: routeIri(c.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ tours: [] }),
    });
    expect(none.json()).toMatchObject({ tours: [] });
    // The other routes' membership is untouched.
    expect((await getRoute(alice, a.id)).tours).toEqual([tourIri(t1.id), tourIri(t2.id)]);
  });

  it('answers 400 for unknown fields and wrong types', async () => {
    const route = await createRoute(ctx.app, alice);
    for (const payload of [{ id: 5 }, { name: 5 }, { tours: 'alle' }, { name: null }]) {
      const response = await inject({
        method: 'PATCH',
        url: routeIri(route.id),
        headers: mergePatchHeaders(alice),
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getRoute(alice, route.id)).toEqual(route);
  });

  it('answers 403 when tours names another user’s tour, and changes nothing', async () => {
    const [b1, b2] = [await createRoute(ctx.app, bob), await createRoute(ctx.app, bob)];
    const bobsTour = await createTour(ctx.app, bob, [routeIri(b1.id), routeIri(b2.id)]);
    const [a1, a2] = [await createRoute(ctx.app, alice), await createRoute(ctx.app, alice)];
    const ownTour = await createTour(ctx.app, alice, [routeIri(a1.id), routeIri(a2.id)]);
    const response = await inject({
      method: 'PATCH',
      url: routeIri(a1.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: 'Neu', tours: [tourIri(ownTour.id), tourIri(bobsTour.id)] }),
    });
    expect(response.statusCode).toBe(403);
    expect(await getRoute(alice, a1.id)).toEqual({ ...a1, tours: [tourIri(ownTour.id)] });
    const bobsTourNow = await inject({ method: 'GET', url: tourIri(bobsTour.id), headers: bob.headers });
    expect(bobsTourNow.json()).toEqual(bobsTour);
  });

  it('answers 422 for an empty name and for a tour that does not exist', async () => {
    const route = await createRoute(ctx.app, alice);
    const empty = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ name: '' }),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ violations: [{ propertyPath: 'name' }] });
    const missing = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: JSON.stringify({ tours: ['/api/tours/987654'] }),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      violations: [{ propertyPath: 'tours', message: 'Der Eintrag /api/tours/987654 existiert nicht.' }],
    });
    expect(await getRoute(alice, route.id)).toEqual(route);
  });
});

describe('DELETE /api/routes/{id}', () => {
  it('deletes the route and removes it from its tours and activities', async () => {
    const [a, b, c] = [
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
      await createRoute(ctx.app, alice),
    ];
    const tour = await createTour(ctx.app, alice, [routeIri(a.id), routeIri(b.id), routeIri(c.id)]);
    const db = ctx.db.database.db;
    const [activity] = await db
      .insert(routeActivities)
      .values({ ownerId: alice.id, acquiredAt: '2025-01-10', acquiredUntil: '2026-01-09' })
      .returning();
    await db.insert(routeActivityRoutes).values([
      { routeActivityId: activity!.id, routeId: a.id },
      { routeActivityId: activity!.id, routeId: b.id },
    ]);

    const response = await inject({ method: 'DELETE', url: routeIri(a.id), headers: alice.headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const gone = await inject({ method: 'GET', url: routeIri(a.id), headers: alice.headers });
    expect(gone.statusCode).toBe(404);
    const tourNow = await inject({ method: 'GET', url: tourIri(tour.id), headers: alice.headers });
    expect(tourNow.json()).toMatchObject({ routes: [routeIri(b.id), routeIri(c.id)] });
    expect(await db.select().from(tourRoutes).where(eq(tourRoutes.routeId, a.id))).toEqual([]);
    const links = await db
      .select({ routeId: routeActivityRoutes.routeId })
      .from(routeActivityRoutes)
      .where(eq(routeActivityRoutes.routeActivityId, activity!.id));
    expect(links).toEqual([{ routeId: b.id }]);
  });

  it('answers 404 for a route that does not exist, also the second time', async () => {
    const route = await createRoute(ctx.app, alice);
    expect((await inject({ method: 'DELETE', url: routeIri(route.id), headers: alice.headers })).statusCode).toBe(204);
    expect((await inject({ method: 'DELETE', url: routeIri(route.id), headers: alice.headers })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the route endpoints under the tag Strecken with their schemas', async () => {
    const response = await inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/routes'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/routes/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    const post = doc.paths['/api/routes']?.post;
    expect(post?.tags).toEqual(['Strecken']);
    expect(post?.summary).toBe('Strecke anlegen');
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '403', '422']));
  });
});
