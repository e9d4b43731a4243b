import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginThrottle } from '../config.js';
import { buildTestApp, createTestDatabase, type TestContext, type TestDatabase } from '../test/helpers.js';

// Runs where a Redis server is configured (CI sets REDIS_URL for the PostgreSQL stage); `npm test` needs none.
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis (REDIS_URL)', () => {
  let db: TestDatabase;
  let first: TestContext;
  let second: TestContext;
  const prefix = `streckenpass-test-${randomBytes(4).toString('hex')}-`;

  beforeAll(async () => {
    db = await createTestDatabase();
    const limits = {
      login: { max: 3, timeWindow: 60_000 },
      register: { max: 100, timeWindow: 60_000 },
      passwordReset: { max: 100, timeWindow: 60_000 },
      verification: { max: 100, timeWindow: 60_000 },
      global: { max: 10_000, timeWindow: 60_000 },
    };
    // Login failures are counted per account in Redis (plugins/login-throttle.ts): refused after 3 here.
    const loginThrottle = { ...defaultLoginThrottle, freeFailures: 3, lockAfter: 3 };
    first = await buildTestApp({ redisUrl, rateLimits: limits, redisKeyPrefix: prefix, loginThrottle }, db);
    second = await buildTestApp({ redisUrl, rateLimits: limits, redisKeyPrefix: prefix, loginThrottle }, db);
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await db.drop();
    const redis = new Redis(redisUrl ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts attempts on one instance against the limit on another', async () => {
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'x@example.org', password: 'falsch' },
      });
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
