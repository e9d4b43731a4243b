import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginThrottle } from '../../config.js';
import { buildTestApp, uniqueEmail, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      login: { max: 3, timeWindow: 60_000 },
      register: { max: 2, timeWindow: 60_000 },
      passwordReset: { max: 2, timeWindow: 60_000 },
      verification: { max: 2, timeWindow: 60_000 },
      global: { max: 10_000, timeWindow: 60_000 },
    },
    // Login failures are throttled per account (plugins/login-throttle.ts): refused after 3 here.
    loginThrottle: {
      ...defaultLoginThrottle,
      freeFailures: 3,
      lockAfter: 3,
      registerPerAddress: { max: 100, timeWindow: 60_000 },
      resetPerAddress: { max: 100, timeWindow: 60_000 },
    },
  });
});
afterAll(async () => ctx.close());

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many logins', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'x@example.org', password: 'falsch-falsch' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ status: 429 });
  });

  it('answers 429 after too many registrations', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email: uniqueEmail(), password: 'sicheres-passwort', firstname: 'A', lastname: 'B' },
      });
    expect((await attempt()).statusCode).toBe(201);
    expect((await attempt()).statusCode).toBe(201);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 429 after too many password reset requests', async () => {
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'x@example.org' } });
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});
