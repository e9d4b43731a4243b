import type { CreatedShareLink } from '@streckenpass/contract/share-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundBetrieb, invite, tokenOf, verifiedUser } from '../test/betriebe.js';
import { buildTestApp, registerUser, type TestContext } from '../test/helpers.js';

/**
 * Issue 38: the limiter keyed on the *unverified* `sub` of any bearer token, and public routes never check the
 * token, so a made-up token with a new `sub` per request opened a fresh budget each time. Every public limited route
 * must count such requests for the client's address.
 */
const LIMIT = 3;
const small = { max: LIMIT, timeWindow: 60_000 };
let ctx: TestContext;
let invitationToken: string;
let shareToken: string;

beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      login: small,
      // Three accounts are registered from the default address below.
      register: { max: 5, timeWindow: 60_000 },
      passwordReset: small,
      // The mail link's own limit is at least 30 (authentication.routes.ts).
      verification: small,
      global: { max: 10_000, timeWindow: 60_000 },
      share: small,
      proof: small,
    },
  });
  // Set up from addresses of their own, so that the budgets under test start full.
  const admin = await verifiedUser(ctx.app);
  const betrieb = await foundBetrieb(ctx.app, admin);
  invitationToken = tokenOf(await invite(ctx.app, admin, betrieb.id));
  const link = await ctx.app.inject({
    method: 'POST',
    url: '/api/share_links',
    headers: admin.headers,
    payload: { label: 'Für die Prüfung' },
  });
  shareToken = (link.json() as CreatedShareLink).url.split('/nachweis/')[1]!;
}, 60_000);
afterAll(async () => ctx.close());

let forged = 1000;
/** A token nobody issued: any header, a payload with a new `sub` each time, any signature. */
function forgedBearer(): string {
  forged += 1;
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(forged) })}.x`;
}

interface PublicRoute {
  name: string;
  limit: number;
  request: () => { method: 'GET' | 'POST'; url: string; payload?: object };
}

const publicRoutes: PublicRoute[] = [
  {
    name: 'GET /api/invitations/{code}',
    limit: LIMIT,
    request: () => ({ method: 'GET', url: `/api/invitations/ABCD-EFGH-JKMN` }),
  },
  {
    name: 'GET /nachweis/{token}',
    limit: LIMIT,
    request: () => ({ method: 'GET', url: `/nachweis/${'a'.repeat(43)}` }),
  },
  { name: 'GET /pruefen/{code}', limit: LIMIT, request: () => ({ method: 'GET', url: '/pruefen/ABCD-EFGH-JKMN' }) },
  {
    name: 'POST /api/users/register',
    limit: 5,
    request: () => ({ method: 'POST', url: '/api/users/register', payload: { email: 'kaputt' } }),
  },
  {
    name: 'POST /api/users/forgot-password',
    limit: LIMIT,
    request: () => ({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'niemand@example.org' } }),
  },
  {
    name: 'POST /api/users/reset-password',
    limit: LIMIT,
    request: () => ({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'falsch', password: 'ein-gutes-Passwort-42' },
    }),
  },
  // Secret addresses with fixed limits of their own: the calendar feed (60 per minute) and the cron job (30).
  {
    name: 'GET /api/calendar/{token}.ics',
    limit: 60,
    request: () => ({ method: 'GET', url: `/api/calendar/${'b'.repeat(43)}.ics` }),
  },
  {
    name: 'GET /api/cronjob/reminders/{key}',
    limit: 30,
    request: () => ({ method: 'GET', url: '/api/cronjob/reminders/falscher-schluessel' }),
  },
  {
    name: 'GET /api/users/mail-verification/{mail}/{token}',
    limit: 30,
    request: () => ({ method: 'GET', url: '/api/users/mail-verification/x%40example.org/falsch' }),
  },
];

describe('rate limits of public routes under made-up bearer tokens', () => {
  publicRoutes.forEach((route, index) => {
    it(`counts ${route.name} per address, whatever token is sent`, async () => {
      const remoteAddress = `198.51.100.${index + 10}`;
      const send = (authorization: string) =>
        ctx.app.inject({ ...route.request(), remoteAddress, headers: { authorization } });
      for (let i = 0; i < route.limit; i++) expect((await send(forgedBearer())).statusCode).not.toBe(429);
      const refused = await send(forgedBearer());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address still has its own budget.
      const other = await ctx.app.inject({ ...route.request(), remoteAddress: `203.0.113.${index + 10}` });
      expect(other.statusCode).not.toBe(429);
    });
  });

  it('does not let 150 guesses of invitation codes pass, and keeps the real invitation shut meanwhile', async () => {
    const remoteAddress = '198.51.100.200';
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      const guess = await ctx.app.inject({
        method: 'GET',
        url: `/api/invitations/ZZZZ-ZZZZ-${String(i).padStart(4, '0')}`,
        remoteAddress,
        headers: { authorization: forgedBearer() },
      });
      statuses.add(guess.statusCode);
    }
    expect(statuses.has(429)).toBe(true);
    const real = await ctx.app.inject({
      method: 'GET',
      url: `/api/invitations/${invitationToken}`,
      remoteAddress,
      headers: { authorization: forgedBearer() },
    });
    expect(real.statusCode).toBe(429);
    expect(real.body).not.toContain('Regio Franken');
    // From a fresh address the real invitation still opens.
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: `/api/invitations/${invitationToken}`,
      remoteAddress: '198.51.100.201',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('opens a share link from a fresh address (the limit is per address, not a lock)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/nachweis/${shareToken}`,
      remoteAddress: '198.51.100.202',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers the authenticated resend with 401 to a made-up token, and counts a real user per user', async () => {
    const remoteAddress = '198.51.100.203';
    const resend = (authorization: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/mail-verification/resend',
        remoteAddress,
        headers: { authorization },
      });
    for (let i = 0; i < 10; i++) expect((await resend(forgedBearer())).statusCode).toBe(401);
    const user = await registerUser(ctx.app);
    for (let i = 0; i < LIMIT; i++) expect((await resend(user.headers.authorization)).statusCode).not.toBe(429);
    expect((await resend(user.headers.authorization)).statusCode).toBe(429);
    // Another signed-in user behind the same address has a budget of their own.
    const colleague = await registerUser(ctx.app);
    expect((await resend(colleague.headers.authorization)).statusCode).not.toBe(429);
  });
});

describe('the general limit of public routes under made-up bearer tokens', () => {
  it('counts logins and other public calls for the address, not for each made-up `sub`', async () => {
    // Login failures are throttled per account and address elsewhere (login-throttle.ts); here only the general
    // limit of calls without a verified identity applies.
    const general = await buildTestApp({
      rateLimits: {
        ...ctx.app.config.rateLimits,
        global: { max: 100, timeWindow: 60_000 },
        anonymous: { max: LIMIT, timeWindow: 60_000 },
      },
    });
    try {
      const requests = [
        {
          method: 'POST' as const,
          url: '/api/login_check',
          payload: { username: 'x@example.org', password: 'falsch' },
        },
        { method: 'GET' as const, url: '/api/version/semver/local' },
      ];
      for (const [index, request] of requests.entries()) {
        const remoteAddress = `192.0.2.${index + 10}`;
        const send = () =>
          general.app.inject({ ...request, remoteAddress, headers: { authorization: forgedBearer() } });
        for (let i = 0; i < LIMIT; i++) expect((await send()).statusCode).not.toBe(429);
        expect((await send()).statusCode).toBe(429);
      }
    } finally {
      await general.close();
    }
  });
});
