import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLink, ShareLink } from '@streckenpass/contract/share-links';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { sql } from 'drizzle-orm';
import { createCaller } from '../../test/api.js';
import { createRoute, createTour, createVehicle, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 30, timeWindow: 60_000 } } });
  alice = await registerUser(ctx.app, { firstname: 'Jörg', lastname: 'Weiß' });
  bob = await registerUser(ctx.app);
  ids.a = (await createRoute(ctx.app, alice, { name: 'Würzburg – Fürth', companyRoute: 'K1' })).id;
  ids.b = (await createRoute(ctx.app, alice, { name: 'Gemünden – Lohr' })).id;
  ids.c = (await createRoute(ctx.app, alice, { name: '<script>alert(1)</script>' })).id;
  ids.tour = (await createTour(ctx.app, alice, [routeIri(ids.b), routeIri(ids.c)], 'Spessart')).id;
  ids.vehicle = (await createVehicle(ctx.app, alice, 'BR 218')).id;
  ids.bobRoute = (await createRoute(ctx.app, bob, { name: 'Bobs Strecke' })).id;
});
afterAll(async () => ctx.close());

const create = (user: TestUser | undefined, body: object) => call('POST', '/api/share_links', user, body);
const pathOf = (url: string) => new URL(url).pathname;
const open = (path: string) => ctx.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

describe('POST /api/share_links', () => {
  it('creates a link to the whole proof with a long random token that is stored hashed', async () => {
    const response = await create(alice, { label: 'Für Herrn Meier' });
    expect(response.statusCode).toBe(201);
    const link = response.json() as CreatedShareLink;
    expect(link).toMatchObject({
      label: 'Für Herrn Meier',
      all: true,
      state: 'active',
      expiresOn: null,
      lastOpenedAt: null,
    });
    const token = link.url.split('/nachweis/')[1]!;
    expect(link.url).toBe(`http://streckenpass.test/nachweis/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await ctx.app.db.execute(
      sql`select token_hash from share_links where id = ${link.id}`,
    )) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.token_hash).not.toContain(token);
  });

  it('refuses another user’s routes (403), unknown ones (422), a past expiry (422) and bad bodies (400)', async () => {
    expect((await create(alice, { routes: [ids.bobRoute] })).statusCode).toBe(403);
    expect((await create(alice, { tours: [999_999] })).statusCode).toBe(422);
    const past = await create(alice, { expiresOn: addDays(today, -1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toBe('Das Ablaufdatum darf nicht in der Vergangenheit liegen.');
    expect((await create(alice, { expiresOn: '2026-02-31' })).statusCode).toBe(422);
    expect((await create(alice, { owner: '/api/users/1' })).statusCode).toBe(400);
    expect((await create(undefined, {})).statusCode).toBe(401);
  });
});

describe('GET /nachweis/{token}', () => {
  it('shows the current proof without an account, not indexed, without referrer, with its PDF', async () => {
    const link = (await create(alice, {})).json() as CreatedShareLink;
    const page = await open(pathOf(link.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('Streckenkundenachweis');
    expect(page.body).toContain('Jörg Weiß');
    expect(page.body).toContain('Würzburg – Fürth');
    expect(page.body).toContain('BR 218');
    // Its own icon, and a layout for phones: every row a card whose cells name their column.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).toContain('@media (max-width:640px)');
    expect(page.body).toContain('data-label="Gültig bis"');
    expect(page.body).toMatch(/<span class="status status-(valid|expiring|expired|unrecorded)">/);
    // Names are escaped, never markup.
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    // The style block carries the response's nonce.
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);

    // The current state: a route added later shows up.
    await createRoute(ctx.app, alice, { name: 'Später angelegt' });
    expect((await open(pathOf(link.url))).body).toContain('Später angelegt');

    const pdf = await open(`${pathOf(link.url)}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-robots-tag']).toContain('noindex');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const list = (await call('GET', '/api/share_links', alice)).json() as ShareLink[];
    const listed = list.find((entry) => entry.id === link.id)!;
    expect(listed.lastOpenedAt).not.toBeNull();
  });

  it('marks a route whose last drive was recorded more than 7 days late "nachgetragen", with the day (issue 27)', async () => {
    const late = await createRoute(ctx.app, alice, { name: 'Spät erfasst' });
    const onTime = await createRoute(ctx.app, alice, { name: 'Pünktlich erfasst' });
    for (const [route, acquiredAt] of [
      [late, addDays(today, -10)],
      [onTime, addDays(today, -7)],
    ] as const) {
      const drive = await call('POST', '/api/route_activities', alice, {
        acquiredAt,
        acquiredRoutes: [routeIri(route.id)],
      });
      expect(drive.statusCode).toBe(201);
    }
    const link = (await create(alice, { routes: [late.id, onTime.id] })).json() as CreatedShareLink;
    const body = (await open(pathOf(link.url))).body;
    const german = today.split('-').reverse().join('.');
    expect(body).toContain(`<span class="backdated">nachgetragen, erfasst am ${german}</span>`);
    expect(body.match(/class="backdated"/g)).toHaveLength(1);
  });

  it('shows only the chosen routes and tours, and nothing once they are gone', async () => {
    const link = (await create(alice, { routes: [ids.a], tours: [ids.tour] })).json() as CreatedShareLink;
    expect(link).toMatchObject({ all: false, routes: [ids.a], tours: [ids.tour] });
    const page = (await open(pathOf(link.url))).body;
    expect(page).toContain('Würzburg – Fürth');
    expect(page).toContain('Gemünden – Lohr');
    expect(page).not.toContain('Später angelegt');
    expect(page).not.toContain('BR 218');

    const only = (await create(alice, { routes: [ids.a] })).json() as CreatedShareLink;
    expect((await call('DELETE', routeIri(ids.a!), alice)).statusCode).toBe(204);
    const empty = (await open(pathOf(only.url))).body;
    expect(empty).toContain('Dieser Link zeigt derzeit keine Strecken.');
    expect(empty).not.toContain('Gemünden – Lohr');
  });

  it('answers the same 404 for unknown, malformed, expired and revoked links', async () => {
    const revoked = (await create(alice, {})).json() as CreatedShareLink;
    const revoke = await call('POST', `/api/share_links/${revoked.id}/revoke`, alice);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: 'revoked' });

    const expiring = (await create(alice, { expiresOn: today })).json() as CreatedShareLink;
    expect((await open(pathOf(expiring.url))).statusCode).toBe(200);
    await ctx.app.db.execute(sql`update share_links set expires_on = ${addDays(today, -1)} where id = ${expiring.id}`);

    const answers = await Promise.all(
      [
        pathOf(revoked.url),
        pathOf(expiring.url),
        `/nachweis/${'A'.repeat(43)}`,
        '/nachweis/kurz',
        `${pathOf(revoked.url)}/pdf`,
      ].map(open),
    );
    const bodies = new Set(answers.map((a) => a.body.replace(/nonce="[^"]*"/, '')));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['x-robots-tag']).toContain('noindex');
      expect(answer.body).toContain('Link nicht gefunden');
    }
    expect(bodies.size).toBe(1);
    // A client that does not ask for HTML gets problem details, the same for every failure too.
    for (const path of [pathOf(revoked.url), `/nachweis/${'A'.repeat(43)}`]) {
      const json = await ctx.app.inject({ method: 'GET', url: path });
      expect(json.statusCode).toBe(404);
      expect(json.headers['content-type']).toContain('application/problem+json');
      expect(json.json().detail).toBe('Diesen Link gibt es nicht oder nicht mehr.');
    }
    const list = (await call('GET', '/api/share_links', alice)).json() as ShareLink[];
    expect(list.find((l) => l.id === expiring.id)!.state).toBe('expired');
  });

  it('is rate-limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/nachweis/${'B'.repeat(43)}`,
        remoteAddress: '10.9.8.7',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('GET /api/share_links and POST /api/share_links/{id}/revoke', () => {
  it('lists only one’s own links, newest first', async () => {
    const mine = (await call('GET', '/api/share_links', alice)).json() as ShareLink[];
    expect(mine.length).toBeGreaterThan(3);
    const theirs = (await call('GET', '/api/share_links', bob)).json() as ShareLink[];
    expect(theirs).toEqual([]);
    expect(mine.map((l) => l.createdAt)).toEqual([...mine.map((l) => l.createdAt)].sort().reverse());
    expect((await call('GET', '/api/share_links')).statusCode).toBe(401);
  });

  it('refuses revoking another user’s link (403) or none (404)', async () => {
    const link = (await create(alice, {})).json() as CreatedShareLink;
    expect((await call('POST', `/api/share_links/${link.id}/revoke`, bob)).statusCode).toBe(403);
    expect((await call('POST', `/api/share_links/999999/revoke`, alice)).statusCode).toBe(404);
    expect((await call('POST', `/api/share_links/${link.id}/revoke`)).statusCode).toBe(401);
    expect((await open(pathOf(link.url))).statusCode).toBe(200);
  });
});
