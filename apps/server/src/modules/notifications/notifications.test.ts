import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { addDays } from '@streckenpass/contract/knowledge';
import { pushSubscriptions, users } from '../../db/schema.js';
import { dispatchReminders } from '../../jobs/reminders.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteValidFor, today } from '../../test/reports.js';
import { startTestPushService, type TestPushService } from '../../test/push-endpoint.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';

let ctx: TestContext;
let push: TestPushService;
let smtp: TestSmtp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  push = await startTestPushService();
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url, timezone: 'Pacific/Auckland' }, undefined, { pushTest: push.seam });
});
afterAll(async () => {
  await ctx.close();
  await push.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.app.db.delete(users);
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
  push.received.splice(0);
  smtp.messages.splice(0);
});

const inject = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      ...(user ? user.headers : {}),
      ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    },
    ...(payload ? { payload } : {}),
  });

const subscribe = async (user: TestUser, name = 'phone') => {
  const client = push.subscribe(name);
  const response = await inject(user, 'POST', '/api/push_subscriptions', client.subscription);
  expect(response.statusCode).toBe(201);
  return { client, id: (response.json() as { id: number }).id };
};

describe('GET/PATCH /api/notifications/settings', () => {
  it('answers the defaults: 364 days, vehicles without expiry, reminders 30 and 7 days before by mail and push', async () => {
    const response = await inject(alice, 'GET', '/api/notifications/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      validityDays: 364,
      vehicleValidityDays: null,
      keepingWays: ['driven', 'escorted'],
      reminderThresholds: [30, 7],
      reminderMail: true,
      reminderPush: true,
      calendarFeed: false,
      timezone: 'Pacific/Auckland',
    });
  });

  it('stores rules and reminders, thresholds deduplicated and sorted', async () => {
    const response = await inject(alice, 'PATCH', '/api/notifications/settings', {
      validityDays: 182,
      vehicleValidityDays: 90,
      reminderThresholds: [0, 14, 60, 14],
      reminderPush: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      validityDays: 182,
      vehicleValidityDays: 90,
      reminderThresholds: [60, 14, 0],
      reminderMail: true,
      reminderPush: false,
    });
    expect((await inject(bob, 'GET', '/api/notifications/settings')).json()).toMatchObject({ validityDays: 364 });
  });

  it('refuses thresholds outside the choice and rules outside 1–3650 days (422), unknown fields (400)', async () => {
    const bad = await inject(alice, 'PATCH', '/api/notifications/settings', { reminderThresholds: [5] });
    expect(bad.statusCode).toBe(422);
    const long = await inject(alice, 'PATCH', '/api/notifications/settings', { validityDays: 4000 });
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json())).toContain('höchstens 3650 Tage');
    expect((await inject(alice, 'PATCH', '/api/notifications/settings', { surprise: 1 })).statusCode).toBe(400);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await inject(null, 'GET', '/api/notifications/settings')).statusCode).toBe(401);
    expect((await inject(null, 'PATCH', '/api/notifications/settings', { validityDays: 10 })).statusCode).toBe(401);
  });
});

describe('validity rules when a drive is recorded', () => {
  const createRoute = async (user: TestUser, body: object) =>
    (await inject(user, 'POST', '/api/routes', { startPoint: 'A', endPoint: 'B', ...body })).json() as {
      id: number;
      validityDays: number | null;
    };

  it('uses the route’s rule, else the account default; an explicit end date wins', async () => {
    await inject(alice, 'PATCH', '/api/notifications/settings', { validityDays: 182 });
    const own = await createRoute(alice, { name: 'Eigene Regel', validityDays: 90 });
    expect(own.validityDays).toBe(90);
    const plain = await createRoute(alice, { name: 'Kontoregel' });
    const record = async (routes: number[], acquiredUntil?: string) =>
      (
        await inject(alice, 'POST', '/api/route_activities', {
          acquiredAt: '2026-03-01',
          acquiredRoutes: routes.map((id) => `/api/routes/${id}`),
          ...(acquiredUntil ? { acquiredUntil } : {}),
        })
      ).json() as { acquiredUntil: string };
    expect((await record([own.id])).acquiredUntil).toBe(addDays('2026-03-01', 90));
    expect((await record([plain.id])).acquiredUntil).toBe(addDays('2026-03-01', 182));
    // Routes with different rules in one drive: the shortest, so that no route is recorded longer than it may be.
    expect((await record([own.id, plain.id])).acquiredUntil).toBe(addDays('2026-03-01', 90));
    // The documentation page's explicit "1 Jahr".
    expect((await record([own.id], addDays('2026-03-01', 364))).acquiredUntil).toBe(addDays('2026-03-01', 364));
  });

  it('lets a route drop its own rule with null (merge patch)', async () => {
    const route = await createRoute(alice, { name: 'Kurz', validityDays: 30 });
    const patched = await inject(alice, 'PATCH', `/api/routes/${route.id}`, { validityDays: null });
    expect(patched.json()).toMatchObject({ validityDays: null });
  });
});

describe('/api/push_subscriptions', () => {
  it('lists a subscribed device with a readable label and the push service, and removes it', async () => {
    const { id } = await subscribe(alice);
    const list = await inject(alice, 'GET', '/api/push_subscriptions');
    expect(list.json()).toEqual([
      {
        id,
        label: 'Chrome auf Android',
        service: new URL(push.origin).host,
        createdAt: expect.any(String),
        lastSuccessAt: null,
      },
    ]);
    expect((await inject(bob, 'GET', '/api/push_subscriptions')).json()).toEqual([]);
    expect((await inject(bob, 'DELETE', `/api/push_subscriptions/${id}`)).statusCode).toBe(403);
    expect((await inject(alice, 'DELETE', `/api/push_subscriptions/${id}`)).statusCode).toBe(204);
    expect((await inject(alice, 'DELETE', `/api/push_subscriptions/${id}`)).statusCode).toBe(404);
    expect((await inject(alice, 'GET', '/api/push_subscriptions')).json()).toEqual([]);
  });

  it('refuses a subscription that is not https or has malformed keys (422), and anonymous callers (401)', async () => {
    const client = push.subscribe();
    const plain = await inject(alice, 'POST', '/api/push_subscriptions', {
      ...client.subscription,
      endpoint: 'ftp://example.org/x',
    });
    expect(plain.statusCode).toBe(422);
    const keys = await inject(alice, 'POST', '/api/push_subscriptions', {
      ...client.subscription,
      keys: { p256dh: 'kurz', auth: 'x' },
    });
    expect(keys.statusCode).toBe(422);
    expect((await inject(null, 'POST', '/api/push_subscriptions', client.subscription)).statusCode).toBe(401);
    expect((await inject(null, 'GET', '/api/push/public-key')).statusCode).toBe(401);
  });

  it('hands out one VAPID public key, the same on every call', async () => {
    const first = (await inject(alice, 'GET', '/api/push/public-key')).json() as { publicKey: string };
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect((await inject(bob, 'GET', '/api/push/public-key')).json()).toEqual(first);
  });
});

describe('POST /api/notifications/test', () => {
  it('delivers an encrypted push that the device decrypts, signed with the server’s VAPID key', async () => {
    const { client } = await subscribe(alice);
    const key = ((await inject(alice, 'GET', '/api/push/public-key')).json() as { publicKey: string }).publicKey;
    const response = await inject(alice, 'POST', '/api/notifications/test', { channel: 'push' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ delivered: 1, message: 'Test an 1 Gerät gesendet.' });
    expect(push.rejected).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message?.endpoint).toBe(client.subscription.endpoint);
    expect(message?.payload).toEqual({
      title: 'Test-Benachrichtigung',
      body: 'So sehen Ihre Erinnerungen an ablaufende Streckenkunde aus.',
      url: '/account/notifications',
      tag: 'test',
    });
    expect(message?.vapid).toMatchObject({ aud: push.origin, publicKey: key, sub: 'mailto:no-reply@localhost' });
    const [row] = await ctx.app.db.select().from(pushSubscriptions);
    expect(row?.lastSuccessAt).not.toBeNull();
  });

  it('deletes a subscription the push service calls gone (410) and says that no device is reachable', async () => {
    const { client } = await subscribe(alice);
    push.answer(client, 410);
    const response = await inject(alice, 'POST', '/api/notifications/test', { channel: 'push' });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Kein angemeldetes Gerät');
    expect(await ctx.app.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('sends a test mail to a verified address and refuses an unverified one or no device (422)', async () => {
    expect((await inject(alice, 'POST', '/api/notifications/test', { channel: 'mail' })).statusCode).toBe(422);
    expect((await inject(alice, 'POST', '/api/notifications/test', { channel: 'push' })).statusCode).toBe(422);
    await ctx.app.db.update(users).set({ mailVerified: true }).where(eq(users.id, alice.id));
    const response = await inject(alice, 'POST', '/api/notifications/test', { channel: 'mail' });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(alice.email, (m) => m.subject.includes('Test'));
    expect(mail.subject).toContain('Test-Benachrichtigung');
    expect((await inject(alice, 'POST', '/api/notifications/test', { channel: 'fax' })).statusCode).toBe(422);
    expect((await inject(null, 'POST', '/api/notifications/test', { channel: 'mail' })).statusCode).toBe(401);
  });
});

describe('reminders by push', () => {
  it('bundles a user’s due reminders into one push per device, opening the route or the quick record screen', async () => {
    await ctx.app.db.update(users).set({ reminderMail: false }).where(eq(users.id, alice.id));
    const phone = await subscribe(alice, 'phone');
    const tablet = await subscribe(alice, 'tablet');
    const route = await insertRouteValidFor(ctx.app, alice.id, 7, { name: 'Fulda – Bebra' });
    const deps = {
      reminders: ctx.app.reminders,
      pushTargets: ctx.app.pushTargets,
      mailer: ctx.app.mailer,
      push: ctx.app.push,
      config: ctx.app.config,
      log: ctx.app.log,
    };
    expect((await dispatchReminders(deps)).messages).toBe(1);
    expect(push.rejected).toEqual([]);
    expect(push.received.map((m) => m.endpoint).sort()).toEqual(
      [phone.client.subscription.endpoint, tablet.client.subscription.endpoint].sort(),
    );
    expect(push.received[0]?.payload).toEqual({
      title: 'Erinnerung Streckenkunde',
      body: 'Fulda – Bebra: Streckenkunde läuft in 7 Tagen ab',
      url: `/route/${route.id}`,
      tag: `reminder-${route.id}`,
    });
    expect((await dispatchReminders(deps)).messages).toBe(0);
    expect(push.received).toHaveLength(2);

    await insertRouteValidFor(ctx.app, alice.id, 30, { name: 'A' });
    await insertRouteValidFor(ctx.app, alice.id, 30, { name: 'B' });
    await dispatchReminders(deps);
    const bundle = push.received.slice(2);
    expect(bundle).toHaveLength(2);
    expect(bundle[0]?.payload).toMatchObject({
      url: '/documentation?quick=1',
      title: 'Streckenkunde: 2 Strecken laufen ab',
    });
    // Mail is off for this user: the reminders went by push only.
    expect(smtp.messages.filter((mail) => mail.subject.includes('Erinnerung'))).toHaveLength(0);
  });
});

describe('calendar feed', () => {
  const createFeed = async (user: TestUser) => {
    const response = await inject(user, 'POST', '/api/calendar_feed');
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as { url: string; webcalUrl: string };
  };
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  it('serves one all-day event per route on its last valid day, with alarms at the chosen thresholds', async () => {
    await inject(alice, 'PATCH', '/api/notifications/settings', { reminderThresholds: [30, 7, 0] });
    const route = await insertRouteValidFor(ctx.app, alice.id, 40, { name: 'Gießen – Fulda', companyRoute: 'KBS 1' });
    await insertRouteValidFor(ctx.app, bob.id, 10, { name: 'Bobs Strecke' });
    const feed = await createFeed(alice);
    expect(feed.webcalUrl).toBe(feed.url.replace('http://', 'webcal://'));
    const response = await fetchFeed(feed.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');

    const parsed = ical.sync.parseICS(response.body);
    const events = Object.values(parsed).filter((item) => item?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0] as unknown as { uid: string; summary: string; start: Date };
    expect(event.uid).toBe(`route-${route.id}@streckenpass.test`);
    expect(event.summary).toBe('Streckenkunde läuft ab: Gießen – Fulda (KBS 1)');
    // The date counts in APP_TIMEZONE (Auckland here, far from the test machine's zone): today there + 40 days.
    const expected = addDays(today(ctx.app), 40);
    const start = event.start as Date & { dateOnly?: boolean };
    expect(start.dateOnly).toBe(true);
    const local = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    expect(local).toBe(expected);
    expect(response.body.match(/BEGIN:VALARM/g)).toHaveLength(3);
    expect(response.body).toContain('TRIGGER:-P29DT15H');
    expect(response.body).toContain('TRIGGER:-P6DT15H');
    expect(response.body).toContain('TRIGGER;RELATED=END:-PT15H');
    expect(response.body).toContain('X-WR-TIMEZONE:Pacific/Auckland');
  });

  it('answers 304 for an unchanged feed (ETag, Last-Modified) and a new ETag once a route changes', async () => {
    await insertRouteValidFor(ctx.app, alice.id, 40);
    const feed = await createFeed(alice);
    const first = await fetchFeed(feed.url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    expect((await fetchFeed(feed.url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchFeed(feed.url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const second = await fetchFeed(feed.url);
    expect(second.body).toBe(first.body);
    await insertRouteValidFor(ctx.app, alice.id, 80, { name: 'Neu' });
    const third = await fetchFeed(feed.url, { 'if-none-match': etag });
    expect(third.statusCode).toBe(200);
    expect(third.headers.etag).not.toBe(etag);
  });

  it('stops answering the old address once regenerated or revoked (404), and needs auth to manage (401)', async () => {
    const old = await createFeed(alice);
    const renewed = await createFeed(alice);
    expect(renewed.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(200);
    expect((await inject(alice, 'GET', '/api/notifications/settings')).json()).toMatchObject({ calendarFeed: true });
    expect((await inject(alice, 'DELETE', '/api/calendar_feed')).statusCode).toBe(204);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(404);
    expect((await inject(alice, 'DELETE', '/api/calendar_feed')).statusCode).toBe(404);
    expect((await inject(null, 'POST', '/api/calendar_feed')).statusCode).toBe(401);
    expect((await inject(null, 'DELETE', '/api/calendar_feed')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(404);
  });
});
