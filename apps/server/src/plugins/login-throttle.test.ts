import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginThrottle, defaultRateLimits, type LoginThrottleSettings } from '../config.js';
import {
  buildTestApp,
  createTestDatabase,
  registerUser,
  uniqueEmail,
  type TestContext,
  type TestDatabase,
} from '../test/helpers.js';

const generous = { max: 100_000, timeWindow: 60_000 };
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

async function withApp(
  loginThrottle: Partial<LoginThrottleSettings>,
  run: (ctx: TestContext) => Promise<void>,
  extra: Parameters<typeof buildTestApp>[0] = {},
) {
  const ctx = await buildTestApp(
    {
      // The production limits, except that the test itself registers many accounts from one address.
      rateLimits: { ...defaultRateLimits, register: generous },
      loginThrottle: { ...defaultLoginThrottle, registerPerAddress: generous, ...loginThrottle },
      ...extra,
    },
    db,
  );
  try {
    await run(ctx);
  } finally {
    await ctx.close();
  }
}

const login = (ctx: TestContext, username: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/login_check', headers, payload: { username, password } });

describe('login throttling', () => {
  it('lets 50 drivers behind one address log in within a minute, without counting a single success', async () => {
    // With an address ceiling of 10 failures, 50 counted logins would be refused: successes must not count.
    await withApp({ addressFailures: 10 }, async (ctx) => {
      const drivers = [];
      for (let i = 0; i < 50; i++) drivers.push(await registerUser(ctx.app, { email: uniqueEmail(`nat${i}`) }));
      const started = Date.now();
      for (const driver of drivers) {
        const response = await login(ctx, driver.email.toUpperCase(), driver.password);
        expect(response.statusCode, response.body).toBe(200);
      }
      expect(Date.now() - started).toBeLessThan(60_000);
      // One driver mistypes a few times and then gets in: no lock for anybody else.
      for (let i = 0; i < 3; i++) expect((await login(ctx, drivers[0]!.email, 'vertippt!')).statusCode).toBe(401);
      expect((await login(ctx, drivers[0]!.email, drivers[0]!.password)).statusCode).toBe(200);
      expect((await login(ctx, drivers[1]!.email, drivers[1]!.password)).statusCode).toBe(200);
    });
  }, 120_000);

  it('delays guesses on one account more and more, then refuses them with 429 in German, from any address', async () => {
    const settings = { freeFailures: 5, baseDelayMs: 40, maxDelayMs: 400, lockAfter: 12 };
    await withApp(
      settings,
      async (ctx) => {
        const victim = await registerUser(ctx.app);
        const durations: number[] = [];
        const statuses: number[] = [];
        let refused: Awaited<ReturnType<typeof login>> | undefined;
        for (let i = 1; i <= 20; i++) {
          // Rotating client addresses (the proxy's right-most X-Forwarded-For entry) change nothing for the account.
          const started = performance.now();
          const response = await login(ctx, victim.email, `falsch-${i}`, { 'x-forwarded-for': `10.0.${i}.1` });
          durations.push(performance.now() - started);
          statuses.push(response.statusCode);
          if (response.statusCode === 429 && !refused) refused = response;
        }
        expect(statuses.slice(0, 12)).toEqual(Array(12).fill(401));
        expect(statuses.slice(12)).toEqual(Array(8).fill(429));
        // Attempt n (n > 5) waits base · 2^(n−6), capped: 40, 80, 160, 320, 400, 400, 400 ms.
        for (let n = 6; n <= 12; n++) {
          const expected = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (n - 6));
          expect(durations[n - 1], `attempt ${n}`).toBeGreaterThanOrEqual(expected - 5);
        }
        expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
        const body = refused!.json() as { status: number; detail: string };
        expect(body.status).toBe(429);
        expect(body.detail).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto/);
        // Locked: also the right password waits for the window (that is what stops the guessing).
        expect((await login(ctx, victim.email, victim.password, { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(
          429,
        );

        // An unknown address gets the same treatment and the same words: nothing reveals which accounts exist.
        const unknown = `niemand-${randomBytes(4).toString('hex')}@example.org`;
        let last;
        for (let i = 1; i <= 13; i++)
          last = await login(ctx, unknown, `falsch-${i}`, { 'x-forwarded-for': `10.1.${i}.1` });
        expect(last!.statusCode).toBe(429);
        expect((last!.json() as { detail: string }).detail).toBe(body.detail);
      },
      { trustProxy: 1 },
    );
  }, 120_000);

  it('forgets the failures of an account once its owner logs in', async () => {
    await withApp({ freeFailures: 2, baseDelayMs: 5_000, maxDelayMs: 5_000, lockAfter: 4 }, async (ctx) => {
      const driver = await registerUser(ctx.app);
      for (let i = 0; i < 2; i++) await login(ctx, driver.email, 'falsch');
      expect((await login(ctx, driver.email, driver.password)).statusCode).toBe(200);
      const started = performance.now();
      expect((await login(ctx, driver.email, 'falsch')).statusCode).toBe(401);
      expect((await login(ctx, driver.email, 'falsch')).statusCode).toBe(401);
      // Without the reset, both would have waited 5 s (failures 3 and 4 of the window).
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  });

  it('cuts off a password spray over 200 accounts from one address, not the other addresses', async () => {
    await withApp(
      { addressFailures: 20 },
      async (ctx) => {
        const sprayer = { 'x-forwarded-for': '203.0.113.7' };
        const statuses: number[] = [];
        for (let i = 0; i < 200; i++) {
          // The sprayer writes its own X-Forwarded-For entries in front; the proxy appends the real address.
          const own = { 'x-forwarded-for': `198.51.100.${i % 250}, ${sprayer['x-forwarded-for']}` };
          statuses.push((await login(ctx, `konto${i}@example.org`, 'Sommer2026!', own)).statusCode);
        }
        expect(statuses.filter((status) => status === 401)).toHaveLength(20);
        expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
        const driver = await registerUser(ctx.app);
        expect((await login(ctx, driver.email, driver.password, { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(
          200,
        );
        expect((await login(ctx, 'konto0@example.org', 'falsch', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(
          401,
        );
      },
      { trustProxy: 1 },
    );
  }, 120_000);

  it('limits registrations and reset mails per target address, not per client', async () => {
    await withApp(
      {
        registerPerAddress: { max: 2, timeWindow: 60_000 },
        resetPerAddress: { max: 2, timeWindow: 60_000 },
      },
      async (ctx) => {
        const email = uniqueEmail('target');
        const register = () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/users/register',
            payload: { email, password: 'ein-gutes-Passwort-42', firstname: 'A', lastname: 'B' },
          });
        expect((await register()).statusCode).toBe(201);
        expect((await register()).statusCode).toBe(409);
        const limited = await register();
        expect(limited.statusCode).toBe(429);
        expect((limited.json() as { detail: string }).detail).toMatch(/^Zu viele Anfragen für diese E-Mail-Adresse/);
        // Another address from the same client is fine.
        const other = await ctx.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { email: uniqueEmail('other'), password: 'ein-gutes-Passwort-42', firstname: 'A', lastname: 'B' },
        });
        expect(other.statusCode).toBe(201);
        const forgot = (address: string) =>
          ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: address } });
        expect((await forgot(email)).statusCode).toBe(200);
        expect((await forgot(email.toUpperCase())).statusCode).toBe(200);
        expect((await forgot(email)).statusCode).toBe(429);
        expect((await forgot(uniqueEmail('x'))).statusCode).toBe(200);
      },
      { rateLimits: { ...defaultRateLimits, register: generous, passwordReset: generous } },
    );
  });

  it('fails closed while the shared store (Redis) is down: no guess is evaluated uncounted', async () => {
    await withApp(
      {},
      async (ctx) => {
        const response = await login(ctx, 'jemand@example.org', 'falsch');
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
        expect((response.json() as { detail: string }).detail).toMatch(/vorübergehend nicht möglich/);
      },
      { redisUrl: 'redis://127.0.0.1:1' },
    );
  });
});

describe('general rate limit per user', () => {
  it('counts a signed-in user’s calls for the user, and anonymous calls per address', async () => {
    await withApp(
      {},
      async (ctx) => {
        const first = await registerUser(ctx.app);
        const second = await registerUser(ctx.app);
        for (let i = 0; i < 5; i++) {
          expect(
            (await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: first.headers })).statusCode,
          ).toBe(200);
        }
        expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: first.headers })).statusCode).toBe(
          429,
        );
        // Same address, another user: a budget of its own.
        expect(
          (await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: second.headers })).statusCode,
        ).toBe(200);
        for (let i = 0; i < 8; i++) {
          expect((await ctx.app.inject({ method: 'GET', url: '/api/version/semver/local' })).statusCode).toBe(200);
        }
      },
      {
        rateLimits: {
          ...defaultRateLimits,
          register: generous,
          global: { max: 6, timeWindow: 60_000 },
          anonymous: { max: 20, timeWindow: 60_000 },
        },
      },
    );
  });
});

const redisUrl = process.env.REDIS_URL;
describe.runIf(redisUrl)('login throttling shared through Redis (REDIS_URL)', () => {
  it('counts failures on one instance against the account on another', async () => {
    const prefix = `streckenpass-test-throttle-${randomBytes(4).toString('hex')}-`;
    const overrides = {
      redisUrl,
      redisKeyPrefix: prefix,
      rateLimits: { ...defaultRateLimits, register: generous },
      loginThrottle: { ...defaultLoginThrottle, registerPerAddress: generous, freeFailures: 3, lockAfter: 3 },
    };
    const first = await buildTestApp(overrides, db);
    const second = await buildTestApp(overrides, db);
    try {
      const victim = await registerUser(first.app);
      expect((await login(first, victim.email, 'falsch')).statusCode).toBe(401);
      expect((await login(second, victim.email, 'falsch')).statusCode).toBe(401);
      expect((await login(first, victim.email, 'falsch')).statusCode).toBe(401);
      expect((await login(second, victim.email, 'falsch')).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
      const redis = new Redis(redisUrl ?? '');
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
