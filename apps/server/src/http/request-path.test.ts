import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@streckenpass/contract/knowledge';
import { createRoute, createTour, routeIri } from '../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

let ctx: TestContext;
/** A second instance on the same database, as behind a load balancer. */
let other: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  other = await buildTestApp({}, ctx.db);
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
});
afterAll(async () => {
  await other.app.close();
  await ctx.close();
});

const get = (context: TestContext, url: string, user: TestUser, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

/** Notifications travel through the database; give them a moment. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('conditional GET (ETag from the per-user data version)', () => {
  it('answers 304 without a body for a matching If-None-Match, on every list and record answer', async () => {
    const route = await createRoute(ctx.app, alice);
    for (const url of ['/api/routes', routeIri(route.id), '/api/routes/expiring', '/api/tours', '/api/vehicles']) {
      const first = await get(ctx, url, alice);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(etag, url).toContain(todayIn('Europe/Berlin'));
      const again = await get(ctx, url, alice, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('changes the ETag with every write of the user, on this and on another instance', async () => {
    const before = await get(ctx, '/api/routes', alice);
    const etag = String(before.headers.etag);
    const route = await createRoute(ctx.app, alice);
    const after = await get(ctx, '/api/routes', alice, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().map((r: { id: number }) => r.id)).toContain(route.id);
    // The other instance learns of the write through NOTIFY (or its 5-s bound): never a stale 304 after that.
    expect(
      await eventually(
        async () => (await get(other, '/api/routes', alice, { 'if-none-match': etag })).statusCode === 200,
      ),
    ).toBe(true);

    const current = String(after.headers.etag);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: { name: 'Umbenannt' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(ctx, '/api/routes', alice, { 'if-none-match': current })).statusCode).toBe(200);
  });

  it('keeps the ETag when another user writes', async () => {
    const etag = String((await get(ctx, '/api/routes', alice)).headers.etag);
    await createRoute(ctx.app, bob);
    expect((await get(ctx, '/api/routes', alice, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('sends no ETag on a refusal and never 304 for another user’s record', async () => {
    const bobsRoute = await createRoute(ctx.app, bob);
    const refused = await get(ctx, routeIri(bobsRoute.id), alice);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
    const own = await get(ctx, routeIri(bobsRoute.id), bob);
    const forged = await get(ctx, routeIri(bobsRoute.id), alice, { 'if-none-match': String(own.headers.etag) });
    expect(forged.statusCode).toBe(403);
  });
});

describe('headers of API answers', () => {
  it('marks authenticated answers private and token answers not storable', async () => {
    const list = await get(ctx, '/api/routes', alice);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: alice.email, password: alice.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await get(ctx, '/api/users/current', alice)).headers['cache-control']).toBe('no-store');
  });

  it('compresses API answers above 1 KB and leaves small ones alone', async () => {
    for (let i = 0; i < 12; i++) await createRoute(ctx.app, alice);
    const big = await get(ctx, '/api/routes', alice, { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString('utf8')).length).toBeGreaterThan(12);
    const small = await get(ctx, '/api/users/current', alice, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('token lookup cache', () => {
  it('refuses a logged-out token at once on this instance and on the other one', async () => {
    const carol = await registerUser(ctx.app);
    // Both instances have the token cached.
    expect((await get(ctx, '/api/routes', carol)).statusCode).toBe(200);
    expect((await get(other, '/api/routes', carol)).statusCode).toBe(200);
    expect((await get(ctx, '/api/users/logout', carol)).statusCode).toBe(200);
    expect((await get(ctx, '/api/routes', carol)).statusCode).toBe(401);
    expect(await eventually(async () => (await get(other, '/api/routes', carol)).statusCode === 401)).toBe(true);
  });

  it('refuses the other sessions at once after a password change', async () => {
    const dave = await registerUser(ctx.app);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: dave.email, password: dave.password },
    });
    const otherSession = { authorization: `Bearer ${second.json().token as string}` };
    expect((await other.app.inject({ method: 'GET', url: '/api/routes', headers: otherSession })).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: dave.headers,
      payload: { current_password: dave.password, new_password: 'ein-neues-passwort-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await eventually(
        async () =>
          (await other.app.inject({ method: 'GET', url: '/api/routes', headers: otherSession })).statusCode === 401,
      ),
    ).toBe(true);
  });
});

describe('refusal order', () => {
  it('refuses an invalid patch of another user’s record with 403, not 400', async () => {
    const bobsRoute = await createRoute(ctx.app, bob);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(bobsRoute.id),
      headers: mergePatchHeaders(alice),
      payload: { name: 42, unknown: true },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a patch of a record that does not exist with 404 before looking at the body', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(999_999),
      headers: mergePatchHeaders(alice),
      payload: { name: 42 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('kept validity', () => {
  it('follows every activity write, change and delete of a route, and a route leaving an activity', async () => {
    const a = await createRoute(ctx.app, alice);
    const b = await createRoute(ctx.app, alice);
    await createTour(ctx.app, alice, [routeIri(a.id), routeIri(b.id)]);
    const validity = async (id: number) => {
      const list = (await get(ctx, '/api/routes/expiring', alice)).json() as {
        id: number;
        acquired_until: string | null;
      }[];
      return list.find((entry) => entry.id === id)?.acquired_until;
    };
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: alice.headers,
      payload: {
        acquiredAt: '2026-01-10',
        acquiredUntil: '2026-12-31',
        acquiredRoutes: [routeIri(a.id), routeIri(b.id)],
      },
    });
    expect(post.statusCode).toBe(201);
    const activity = post.json() as { id: number };
    expect(await validity(a.id)).toBe('2026-12-31');
    const patch = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/route_activities/${activity.id}`,
        headers: mergePatchHeaders(alice),
        payload,
      });
    expect((await patch({ acquiredUntil: '2027-01-09' })).statusCode).toBe(200);
    expect(await validity(a.id)).toBe('2027-01-09');
    expect((await patch({ acquiredRoutes: [routeIri(b.id)] })).statusCode).toBe(200);
    expect(await validity(a.id)).toBeNull();
    expect(await validity(b.id)).toBe('2027-01-09');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/route_activities/${activity.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await validity(b.id)).toBeNull();
  });
});

describe('sliding session', () => {
  it('renews a token older than JWT_RENEW_AFTER on its next use, and the new token works', async () => {
    const renewing = await buildTestApp({ jwtRenewAfterSeconds: 0 }, ctx.db);
    try {
      const erin = await registerUser(renewing.app);
      const answer = await get(renewing, '/api/routes', erin);
      expect(answer.statusCode).toBe(200);
      const renewed = String(answer.headers['x-renewed-token'] ?? '');
      expect(renewed.split('.')).toHaveLength(3);
      expect(renewed).not.toBe(erin.token);
      const claims = JSON.parse(Buffer.from(renewed.split('.')[1]!, 'base64url').toString('utf8')) as {
        exp: number;
        auth_time: number;
      };
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 4 * 86_400);
      const first = JSON.parse(Buffer.from(erin.token.split('.')[1]!, 'base64url').toString('utf8')) as {
        auth_time: number;
      };
      expect(claims).toMatchObject({ auth_time: first.auth_time });
      const withRenewed = await renewing.app.inject({
        method: 'GET',
        url: '/api/users/current',
        headers: { authorization: `Bearer ${renewed}` },
      });
      expect(withRenewed.statusCode).toBe(200);
    } finally {
      await renewing.app.close();
    }
  });

  it('stops renewing once the login is older than JWT_SESSION_MAX', async () => {
    const capped = await buildTestApp({ jwtRenewAfterSeconds: 0, jwtSessionMaxSeconds: 0 }, ctx.db);
    try {
      const frank = await registerUser(capped.app);
      const answer = await get(capped, '/api/routes', frank);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-renewed-token']).toBeUndefined();
    } finally {
      await capped.app.close();
    }
  });

  it('does not renew a fresh token', async () => {
    const answer = await get(ctx, '/api/routes', alice);
    expect(answer.headers['x-renewed-token']).toBeUndefined();
  });
});
