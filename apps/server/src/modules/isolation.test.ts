import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { createRoute, createTour, createVehicle, routeIri, tourIri, vehicleIri } from '../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

/**
 * Isolation matrix: user B walks every endpoint × verb of /api/routes, /api/tours and /api/vehicles
 * against user A's records and must neither see nor change any of them. (/api/stations holds no user data: the
 * station list is the same for everyone; the routes' station fields are walked here with the routes.)
 */

type Kind = 'routes' | 'tours' | 'vehicles';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let ctx: TestContext;
let a: TestUser;
let b: TestUser;
/** A's records, B's records. */
const mine = {} as { routes: Route[]; tours: Tour[]; vehicles: Vehicle[] };
const theirs = {} as { routes: Route[]; tours: Tour[]; vehicles: Vehicle[] };

beforeAll(async () => {
  ctx = await buildTestApp();
  a = await registerUser(ctx.app, { firstname: 'Anna' });
  b = await registerUser(ctx.app, { firstname: 'Bernd' });
  for (const [user, store] of [
    [a, mine],
    [b, theirs],
  ] as const) {
    const r1 = await createRoute(ctx.app, user, { name: `Geheim ${user.id} eins`, companyRoute: `K${user.id}` });
    const r2 = await createRoute(ctx.app, user, { name: `Geheim ${user.id} zwei` });
    const tour = await createTour(ctx.app, user, [routeIri(r1.id), routeIri(r2.id)], `Geheime Tour ${user.id}`);
    const vehicle = await createVehicle(ctx.app, user, `Geheime Lok ${user.id}`);
    store.routes = [await read(user, routeIri(r1.id)), await read(user, routeIri(r2.id))];
    store.tours = [tour];
    store.vehicles = [vehicle];
  }
});
afterAll(async () => ctx.close());

async function read<T>(user: TestUser, url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

/** Everything A can see, read as A. */
async function snapshotOfA() {
  return {
    routes: await read<Route[]>(a, '/api/routes'),
    tours: await read<Tour[]>(a, '/api/tours'),
    vehicles: await read<Vehicle[]>(a, '/api/vehicles'),
  };
}

const iriOf = (kind: Kind, id: number) => ({ routes: routeIri, tours: tourIri, vehicles: vehicleIri })[kind](id);
const idsOf = (kind: Kind) => mine[kind].map((record) => record.id);
const namesOfA = () => kinds.flatMap((kind) => mine[kind].map((record) => record.name));

/** Valid bodies (as far as B's own data goes) that B tries to aim at A. */
function bodiesAimedAtA(kind: Kind, method: 'POST' | 'PATCH'): object[] {
  const [ar1, ar2] = mine.routes.map((route) => routeIri(route.id));
  const [br1, br2] = theirs.routes.map((route) => routeIri(route.id));
  const aTour = tourIri(mine.tours[0]!.id);
  const bTour = tourIri(theirs.tours[0]!.id);
  const create = method === 'POST';
  switch (kind) {
    case 'routes':
      return [
        ...(create
          ? [{ name: 'X', startPoint: 'A', endPoint: 'B', startStation: 'FF', owner: a.iri }]
          : [{ owner: a.iri }]),
        create ? { name: 'X', startPoint: 'A', endPoint: 'B', tours: [aTour] } : { tours: [aTour] },
        create ? { name: 'X', startPoint: 'A', endPoint: 'B', tours: [bTour, aTour] } : { tours: [bTour, aTour] },
      ];
    case 'tours':
      return [
        create ? { name: 'X', routes: [br1, br2], owner: a.iri } : { owner: a.iri },
        create ? { name: 'X', routes: [ar1, ar2] } : { routes: [ar1, ar2] },
        create ? { name: 'X', routes: [br1, ar1] } : { routes: [br1, ar1] },
      ];
    case 'vehicles':
      return [create ? { name: 'X', owner: a.iri } : { owner: a.iri }];
  }
}

/** A harmless, valid patch B might send to A's record. */
function validPatch(kind: Kind): object {
  if (kind === 'tours') return { name: 'Gekapert', routes: theirs.routes.map((route) => routeIri(route.id)) };
  // The station fields too (issue 17): B cannot link A's route to a station either.
  if (kind === 'routes')
    return { name: 'Gekapert', companyRoute: null, startStation: 'FF', endStation: null, tours: [] };
  return { name: 'Gekapert' };
}

const kinds: Kind[] = ['routes', 'tours', 'vehicles'];
/** Every operation the matrix walks; checked against the OpenAPI document below. */
const matrix: [Kind, Method, 'collection' | 'item' | 'history'][] = kinds.flatMap((kind) => [
  [kind, 'GET', 'collection'],
  [kind, 'POST', 'collection'],
  [kind, 'GET', 'item'],
  [kind, 'PATCH', 'item'],
  [kind, 'DELETE', 'item'],
  [kind, 'GET', 'history'],
]);
const suffix = { collection: '', item: '/{id}', history: '/{id}/history' } as const;

describe('isolation between users', () => {
  it('walks every documented operation of routes, tours and vehicles', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(routes|tours|vehicles)(\/\{id\}(\/history)?)?$/.test(path))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const walked = matrix.map(([kind, method, target]) => `${method} /api/${kind}${suffix[target]}`).sort();
    expect(walked).toEqual(documented);
  });

  describe.each(matrix)('%s: %s on the %s', (kind, method, target) => {
    it('never shows or changes a record of another user', async () => {
      const before = await snapshotOfA();

      if (target === 'collection' && method === 'GET') {
        const list = await read<{ id: number; owner: string }[]>(b, `/api/${kind}`);
        expect(list.length).toBeGreaterThan(0);
        for (const record of list) expect(record.owner).toBe(b.iri);
        const ids = list.map((record) => record.id);
        for (const id of idsOf(kind)) expect(ids).not.toContain(id);
        const body = JSON.stringify(list);
        for (const name of namesOfA()) expect(body).not.toContain(name);
        expect(body).not.toContain(`"${a.iri}"`);
      }

      if (target === 'collection' && method === 'POST') {
        for (const payload of bodiesAimedAtA(kind, 'POST')) {
          const response = await ctx.app.inject({ method: 'POST', url: `/api/${kind}`, headers: b.headers, payload });
          expect(response.statusCode, JSON.stringify(payload)).toBe(403);
        }
      }

      if (target === 'item') {
        for (const id of idsOf(kind)) {
          const attempts =
            method === 'PATCH'
              ? [
                  {
                    headers: mergePatchHeaders(b),
                    payload: JSON.stringify(validPatch(kind)),
                  },
                  { headers: b.headers, payload: validPatch(kind) },
                ]
              : [{ headers: b.headers }];
          for (const attempt of attempts) {
            const response = await ctx.app.inject({ method, url: iriOf(kind, id), ...attempt });
            expect(response.statusCode, `${method} ${iriOf(kind, id)}`).toBe(403);
            expect(response.body).not.toContain('Geheim');
          }
        }
        if (method === 'PATCH') {
          // B's own record, patched to point at A's records.
          const own = theirs[kind][0]!;
          for (const payload of bodiesAimedAtA(kind, 'PATCH')) {
            const response = await ctx.app.inject({
              method: 'PATCH',
              url: iriOf(kind, own.id),
              headers: b.headers,
              payload,
            });
            expect(response.statusCode, JSON.stringify(payload)).toBe(403);
          }
          expect(await read(b, iriOf(kind, own.id))).toEqual(own);
        }
      }

      if (target === 'history') {
        // The history of A's records (issue 27): refused like the record itself, naming nothing of A's.
        for (const id of idsOf(kind)) {
          const response = await ctx.app.inject({ method, url: `${iriOf(kind, id)}/history`, headers: b.headers });
          expect(response.statusCode, `GET ${iriOf(kind, id)}/history`).toBe(403);
          expect(response.body).not.toContain('Geheim');
          expect(response.body).not.toContain('create');
        }
      }

      expect(await snapshotOfA()).toEqual(before);
      expect(before.routes).toEqual(mine.routes);
      expect(before.tours).toEqual(mine.tours);
      expect(before.vehicles).toEqual(mine.vehicles);
    });
  });

  it('keeps B’s own records working, so the 403s above are about ownership, not broken endpoints', async () => {
    const route = theirs.routes[0]!;
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: b.headers,
      payload: { name: 'Umbenannt' },
    });
    expect(patched.statusCode).toBe(200);
    const vehicle = await createVehicle(ctx.app, b);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: vehicleIri(vehicle.id), headers: b.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await snapshotOfA()).toEqual({ routes: mine.routes, tours: mine.tours, vehicles: mine.vehicles });
  });
});

describe('isolation of reminders, push subscriptions and calendar feeds (issue 16)', () => {
  // A real P-256 key and a public address literal (no DNS needed): the push endpoint rule, decision 0030.
  const p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(method === 'PATCH' ? mergePatchHeaders(user) : user.headers) },
      ...(payload ? { payload } : {}),
    });

  it('keeps each user’s settings, subscriptions and feed to that user', async () => {
    const subscription = await call(a, 'POST', '/api/push_subscriptions', {
      endpoint: 'https://93.184.215.14/push/a-device',
      keys: { p256dh, auth: Buffer.alloc(16, 1).toString('base64url') },
    });
    expect(subscription.statusCode).toBe(201);
    const id = (subscription.json() as { id: number }).id;
    const settingsOfA = (await call(a, 'GET', '/api/notifications/settings')).json() as object;

    // B reads and changes only B's own.
    expect((await call(b, 'GET', '/api/push_subscriptions')).json()).toEqual([]);
    expect((await call(b, 'DELETE', `/api/push_subscriptions/${id}`)).statusCode).toBe(403);
    expect((await call(b, 'PATCH', '/api/notifications/settings', { validityDays: 30 })).statusCode).toBe(200);
    expect((await call(a, 'GET', '/api/notifications/settings')).json()).toEqual(settingsOfA);
    expect((await call(a, 'GET', '/api/push_subscriptions')).json()).toHaveLength(1);
    // A route rule of A's cannot be set by B.
    const ownRoute = mine.routes[0]!;
    expect((await call(b, 'PATCH', routeIri(ownRoute.id), { validityDays: 1 })).statusCode).toBe(403);

    // B's feed shows B's routes only; revoking it leaves A's.
    const feedOfA = (await call(a, 'POST', '/api/calendar_feed')).json() as { url: string };
    const feedOfB = (await call(b, 'POST', '/api/calendar_feed')).json() as { url: string };
    const bodyOf = async (url: string) => (await ctx.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: a.headers,
      payload: { acquiredAt: '2026-01-05', acquiredRoutes: [routeIri(ownRoute.id)] },
    });
    expect(await bodyOf(feedOfA.url)).toContain(ownRoute.name);
    expect(await bodyOf(feedOfB.url)).not.toContain(ownRoute.name);
    expect((await call(b, 'DELETE', '/api/calendar_feed')).statusCode).toBe(204);
    expect(await bodyOf(feedOfA.url)).toContain('BEGIN:VCALENDAR');
  });
});

/**
 * The data endpoints of issue 18 (share links, import, backup) walked by B against A: every documented operation is
 * listed here, and none shows or changes anything of A's.
 */
describe('isolation of share links, import and backup', () => {
  const walked = [
    'GET /api/share_links',
    'POST /api/share_links',
    'POST /api/share_links/{id}/revoke',
    'POST /api/import/csv/preview',
    'POST /api/import/csv',
    'GET /api/import/template.csv',
    'GET /api/backup',
    'POST /api/backup/preview',
    'POST /api/backup/restore',
  ];

  it('walks every documented operation of these endpoints', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(share_links|import|backup)/.test(path))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect([...walked].sort()).toEqual(documented);
  });

  it('never shows or changes A’s share links, records or backup', async () => {
    const before = await snapshotOfA();
    const aLink = await ctx.app.inject({ method: 'POST', url: '/api/share_links', headers: a.headers, payload: {} });
    expect(aLink.statusCode).toBe(201);
    const { id, url } = aLink.json() as { id: number; url: string };

    // Lists and revocation.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/share_links', headers: b.headers });
    expect(list.json()).toEqual([]);
    const revoke = await ctx.app.inject({ method: 'POST', url: `/api/share_links/${id}/revoke`, headers: b.headers });
    expect(revoke.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);

    // A link over A's routes or tours.
    for (const payload of [
      { routes: idsOf('routes') },
      { tours: idsOf('tours') },
      { routes: [theirs.routes[0]!.id, mine.routes[0]!.id] },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/share_links', headers: b.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }

    // B's backup holds nothing of A's; restoring A's backup (had B got it) only ever writes into B's account.
    const backup = await ctx.app.inject({ method: 'GET', url: '/api/backup', headers: b.headers });
    expect(backup.body).not.toContain(`Geheim ${a.id}`);
    expect(backup.body).not.toContain(a.email);
    const aBackup = (await ctx.app.inject({ method: 'GET', url: '/api/backup', headers: a.headers })).json();
    for (const url of ['/api/backup/preview', '/api/backup/restore']) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: b.headers, payload: aBackup });
      expect(response.statusCode, url).toBe(200);
    }
    // An import naming A's records by name creates B's own records, never links to A's.
    const csv = [
      'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
      `${mine.routes[0]!.name};${mine.routes[0]!.companyRoute ?? ''};HU;FF;01.02.2026;;${mine.vehicles[0]!.name}`,
    ].join('\n');
    for (const url of ['/api/import/csv/preview', '/api/import/csv']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...b.headers, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(response.statusCode, url).toBe(200);
    }
    const template = await ctx.app.inject({ method: 'GET', url: '/api/import/template.csv', headers: b.headers });
    expect(template.body).not.toContain('Geheim');

    const bRoutes = (await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: b.headers })).json() as Route[];
    for (const route of bRoutes) expect(route.owner).toBe(b.iri);

    expect(await snapshotOfA()).toEqual(before);
    const aLinks = (await ctx.app.inject({ method: 'GET', url: '/api/share_links', headers: a.headers })).json();
    expect(aLinks).toHaveLength(1);
    expect(aLinks[0].state).toBe('active');
  });
});
