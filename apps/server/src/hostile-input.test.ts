import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { users } from './db/schema.js';
import { errSerializer } from './lib/log-serializers.js';
import {
  createTestDatabase,
  registerUser,
  testConfig,
  uniqueEmail,
  type TestDatabase,
  type TestUser,
} from './test/helpers.js';

/**
 * Values the database would refuse must be refused by the contract first: 400/422 with German words, never a 500
 * — and nothing the client sent (passwords, hashes, tokens) may end up in the log on the way.
 */

const NUL = '\u0000';
const logLines: string[] = [];
let db: TestDatabase;
let app: App;
let user: TestUser;
let routeIri: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: 'debug' }), {
    database: db.database,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
  user = await registerUser(app, { password: `Geheim-${randomBytes(8).toString('hex')}` });
  const route = await app.inject({
    method: 'POST',
    url: '/api/routes',
    headers: user.headers,
    payload: { name: 'Strecke', startPoint: 'HU', endPoint: 'HB' },
  });
  routeIri = `/api/routes/${(route.json() as { id: number }).id}`;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** English texts of zod, Fastify and the database drivers that must never reach a person. */
const ENGLISH =
  /Invalid input:|expected|received|must be|must have|Too (big|small)|invalid byte sequence|violates|syntax/i;

function expectRefusedInGerman(response: { statusCode: number; body: string }, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  expect(response.body, label).not.toMatch(ENGLISH);
}

/** Every string field of a body in turn with a NUL byte inside. */
function withNulInEachField(body: Record<string, unknown>): [string, Record<string, unknown>][] {
  return Object.entries(body)
    .filter(([, value]) => typeof value === 'string')
    .map(([key, value]) => [key, { ...body, [key]: `${String(value).slice(0, 3)}${NUL}${String(value).slice(3)}` }]);
}

describe('hostile input', () => {
  it('refuses a NUL byte in every string field of login, register, routes, tours and vehicles with 4xx in German', async () => {
    const cases: { method: 'POST' | 'PATCH'; url: string; body: Record<string, unknown>; auth: boolean }[] = [
      { method: 'POST', url: '/api/login_check', body: { username: user.email, password: user.password }, auth: false },
      {
        method: 'POST',
        url: '/api/users/register',
        body: { email: uniqueEmail('nul'), password: 'ein-gutes-Passwort-42', firstname: 'Erika', lastname: 'Muster' },
        auth: false,
      },
      { method: 'POST', url: '/api/users/forgot-password', body: { email: user.email }, auth: false },
      {
        method: 'POST',
        url: '/api/users/reset-password',
        body: { token: 'abcdef', new_password: 'ein-gutes-Passwort-42' },
        auth: false,
      },
      {
        method: 'POST',
        url: '/api/users/change-password',
        body: { current_password: user.password, new_password: 'ein-gutes-Passwort-42' },
        auth: true,
      },
      {
        method: 'POST',
        url: '/api/routes',
        body: { name: 'Hamburg – Bremen', companyRoute: 'KBS 120', startPoint: 'AH', endPoint: 'HB' },
        auth: true,
      },
      { method: 'PATCH', url: routeIri, body: { name: 'Neuer Name', companyRoute: 'KBS 121' }, auth: true },
      { method: 'POST', url: '/api/tours', body: { name: 'Tour Nord', routes: [routeIri] }, auth: true },
      { method: 'POST', url: '/api/vehicles', body: { name: 'BR 146' }, auth: true },
      { method: 'POST', url: '/api/export/csv', body: { places: ['HU'] }, auth: true },
    ];
    let checked = 0;
    for (const { method, url, body, auth } of cases) {
      const variants = withNulInEachField(body);
      if (url === '/api/export/csv') variants.push(['places', { places: [`H${NUL}U`] }]);
      for (const [field, payload] of variants) {
        const response = await app.inject({
          method,
          url,
          headers: {
            ...(auth ? user.headers : {}),
            'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
          },
          payload: JSON.stringify(payload),
        });
        expectRefusedInGerman(response, `${method} ${url} ${field}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    // Mail-verification link with a NUL in the address or the token.
    const link = await app.inject({
      method: 'GET',
      url: `/api/users/mail-verification/a%00b%40example.org/abc%00def`,
      headers: { accept: 'application/json' },
    });
    expectRefusedInGerman(link, 'mail verification');
  });

  it.each(['0000-01-01', '10000-01-01', '2026-02-31', '2026-13-01', '2025-02-29', '+02026-01-01', '2026-1-1'])(
    'refuses the date %s with 422 or 400 in German',
    async (date) => {
      for (const payload of [
        { acquiredAt: date, acquiredRoutes: [routeIri] },
        { acquiredAt: '2026-01-01', acquiredUntil: date, acquiredRoutes: [routeIri] },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/route_activities',
          headers: user.headers,
          payload,
        });
        expectRefusedInGerman(response, `acquired ${date}`);
      }
    },
  );

  it('accepts the first and last storable dates, and refuses a default validity beyond the year 9999', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: user.headers,
      payload: { acquiredAt: '0001-01-01', acquiredRoutes: [routeIri] },
    });
    expect(first.statusCode, first.body).toBe(201);
    const last = await app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: user.headers,
      // The drive itself cannot lie in the future; its validity may reach the last storable day.
      payload: { acquiredAt: '2026-01-01', acquiredUntil: '9999-12-31', acquiredRoutes: [routeIri] },
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ acquiredUntil: '9999-12-31' });
    const beyond = await app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: user.headers,
      payload: { acquiredAt: '9999-06-01', acquiredRoutes: [routeIri] },
    });
    expectRefusedInGerman(beyond, 'default validity beyond 9999');
    expect(beyond.statusCode).toBe(422);
  });

  it('refuses a lone surrogate (JSON "\\ud800") in names with 422 in German instead of storing U+FFFD', async () => {
    const vehicle = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: user.headers,
      payload: { name: 'Lok' },
    });
    const vehicleIri = `/api/vehicles/${(vehicle.json() as { id: number }).id}`;
    // Raw bodies: the escapes reach JSON.parse as they are (a JS string cannot be sent as UTF-8 with a lone half).
    const cases: { method: 'POST' | 'PATCH'; url: string; body: string; field: string }[] = [
      {
        method: 'POST',
        url: '/api/routes',
        body: '{"name":"Strecke \\ud800","startPoint":"A","endPoint":"B"}',
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/routes',
        body: '{"name":"S","startPoint":"\\udc00A","endPoint":"B"}',
        field: 'startPoint',
      },
      { method: 'PATCH', url: routeIri, body: '{"name":"\\ude00\\ud83d"}', field: 'name' },
      { method: 'POST', url: '/api/vehicles', body: '{"name":"BR 146 \\udbff"}', field: 'name' },
      { method: 'PATCH', url: vehicleIri, body: '{"name":"\\ud800"}', field: 'name' },
      { method: 'POST', url: '/api/tours', body: `{"name":"Tour \\ud800","routes":["${routeIri}"]}`, field: 'name' },
    ];
    for (const { method, url, body, field } of cases) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...user.headers,
          'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
        },
        payload: body,
      });
      expect(response.statusCode, `${method} ${url} ${body}: ${response.body}`).toBe(422);
      expect((response.json() as { violations: unknown[] }).violations).toContainEqual({
        propertyPath: field,
        message: 'Der Text enthält ein ungültiges Unicode-Zeichen.',
      });
    }
    // Nothing was stored, not even with a replacement character.
    for (const url of ['/api/routes', '/api/vehicles', '/api/tours']) {
      const list = await app.inject({ method: 'GET', url, headers: user.headers });
      expect(list.body, url).not.toMatch(/\uFFFD|\\ufffd/i);
    }
    // A whole pair, escaped, is a character like any other and comes back as it was sent.
    const rocket = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"name":"Lok \\ud83d\\ude80"}',
    });
    expect(rocket.statusCode, rocket.body).toBe(201);
    expect((rocket.json() as { name: string }).name).toBe('Lok \u{1F680}');
  });

  it('answers wrong types with German words, not zod English', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: user.headers,
      payload: { name: 42 },
    });
    expectRefusedInGerman(response, 'wrong type');
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: user.headers,
      payload: { name: 'Tour', routes: [routeIri], owner: 5 },
    });
    expectRefusedInGerman(tooLong, 'owner as number');
  });

  it('answers 404 for every non-canonical spelling of an id and for ids beyond the integer range', async () => {
    const id = routeIri.split('/').pop()!;
    expect((await app.inject({ method: 'GET', url: routeIri, headers: user.headers })).statusCode).toBe(200);
    for (const spelling of [
      `0x${Number(id).toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
      ` ${id}`,
      '0',
      '-1',
      '2147483648',
      '99999999999999999999999',
      '1e400',
      'NaN',
      `${id}%00`,
    ]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await app.inject({ method, url: `/api/routes/${spelling}`, headers: user.headers });
        expect(response.statusCode, `${method} ${spelling}: ${response.body}`).toBe(404);
        expect(response.body).not.toMatch(ENGLISH);
      }
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${spelling}`,
        headers: { ...user.headers, 'content-type': 'application/merge-patch+json' },
        payload: { name: 'x' },
      });
      expect(patch.statusCode, `PATCH ${spelling}`).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/api/users/${spelling}`, headers: user.headers })).statusCode,
      ).toBe(404);
    }
    // The route is still there: no spelling deleted it.
    expect((await app.inject({ method: 'GET', url: routeIri, headers: user.headers })).statusCode).toBe(200);
  });

  it('keeps passwords, hashes and tokens out of the log, also when the database refuses a statement', async () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(user.password);
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toContain(user.token);
    expect(log).not.toContain('ein-gutes-Passwort-42');
  });

  it('logs a statement the database refused without its values (hash, e-mail, message text)', async () => {
    const hash = `scrypt$32768$8$1$${randomBytes(16).toString('hex')}`;
    const email = `${NUL}${uniqueEmail('refused')}`;
    let caught: unknown;
    try {
      await db.database.db.insert(users).values({ email, passwordHash: hash, firstname: 'A', lastname: 'B' });
    } catch (err) {
      caught = err;
    }
    expect(caught, 'the database must refuse the NUL byte').toBeDefined();
    // Unserialised, the error does carry the hash (Drizzle's message and params): the serializer is what removes it.
    expect(JSON.stringify({ message: (caught as Error).message, stack: (caught as Error).stack })).toContain(hash);
    const before = logLines.length;
    app.log.error({ err: caught }, 'unhandled error');
    const line = logLines.slice(before).join('');
    expect(line).toContain('unhandled error');
    expect(line).toContain('Failed query');
    expect(line).not.toContain(hash);
    expect(line).not.toContain(email.slice(1));
    const serialized = errSerializer(caught)!;
    expect(serialized.cause).toBeDefined();
    expect(Object.keys(serialized)).not.toContain('params');
  });
});
