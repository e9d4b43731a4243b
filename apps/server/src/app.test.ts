import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './app.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from './test/helpers.js';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  user = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

describe('error answers', () => {
  it('answers broken JSON with 400 problem details on a call that declares its own 400 shape', async () => {
    // change-password declares `{ success, message }` for 400; the parse error is problem details, not a 500.
    for (const url of ['/api/users/change-password', '/api/users/reset-password']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
  });

  it('answers broken percent-encoding in the path with 400 problem details', async () => {
    for (const url of ['/api/routes/%zz', '/api/users/mail-verification/%E0%A4%A/x', '/api/cronjob/internal/%']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toEqual({
        type: 'https://httpstatuses.io/400',
        title: 'Bad Request',
        status: 400,
        detail: 'Die Adresse enthält eine ungültige Prozent-Kodierung.',
      });
    }
  });

  it('answers an over-long path segment with 414 problem details that do not echo it', async () => {
    const segment = 'x'.repeat(500);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/routes/${segment}`, headers: user.headers });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 414, title: 'URI Too Long' });
    expect(response.body).not.toContain(segment);
  });

  it('answers 404 for a user id beyond the database range instead of failing the query', async () => {
    for (const id of ['2147483648', '9007199254740991', '-1', '0']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: user.headers });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('recognises lost and refused connections, also when wrapped by the ORM', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNRESET' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ENOTFOUND' }))).toBe(true);
    // terminated by an administrator, too many connections, the server starting up
    expect(isDatabaseUnavailable(wrapped({ code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable'))),
    ).toBe(true);
  });

  it('recognises a database closed to connections whatever the language of the server', () => {
    const closed = {
      code: '55000',
      routine: 'CheckMyDatabase',
      message: 'Datenbank »x« akzeptiert keine Verbindungen',
    };
    expect(isDatabaseUnavailable(wrapped(closed))).toBe(true);
    // The same code from a query is a programming error, not an outage.
    expect(isDatabaseUnavailable(wrapped({ code: '55000', routine: 'currval_oid' }))).toBe(false);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '22003' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

/**
 * Against the PostgreSQL server (DATABASE_URL): the app's connections are terminated, then the database refuses
 * new ones for a while. Requests answer 503 meanwhile and succeed again afterwards, without a new app.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connection lost and back', () => {
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    name = new URL(ctx.db.url!).pathname.slice(1);
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
    await admin.end();
  });

  const terminate = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  const routes = () => ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });
  const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });

  it('recovers from terminated connections with at most a 503 in between', async () => {
    expect((await routes()).statusCode).toBe(200);
    await terminate();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await routes()).statusCode);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });

  it('answers 503 while the database refuses connections and 200 once it accepts them again', async () => {
    await admin.query(`alter database ${name} allow_connections false`);
    await terminate();
    try {
      for (let i = 0; i < 3; i++) {
        const response = await routes();
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      }
      expect((await health()).statusCode).toBe(503);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
    }
    expect((await health()).statusCode).toBe(200);
    expect((await routes()).statusCode).toBe(200);
  });
});
