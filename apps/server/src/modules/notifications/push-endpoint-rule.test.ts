import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_INVALID, ENDPOINT_NOT_PUBLIC, P256DH_INVALID } from '@streckenpass/contract/notifications';
import type { App } from '../../app.js';
import { pushSubscriptions, users } from '../../db/schema.js';
import { dispatchReminders } from '../../jobs/reminders.js';
import { systemResolve, type ResolvedAddress } from '../../lib/push-endpoint-rule.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteValidFor } from '../../test/reports.js';
import {
  startTestPushService,
  TEST_PUSH_HOST,
  type PushClient,
  type TestPushService,
} from '../../test/push-endpoint.js';

/**
 * The push endpoint rule (issue 24, docs/decisions/0030): only https endpoints whose host resolves to public
 * addresses, checked when a browser subscribes and again before every message, whose connection then goes to the
 * checked address. Two apps on one database: `ctx.app` holds the rule as in production (only the answers for the
 * `.test` names below come from the test's DNS, everything else from the system resolver); `local` is built like
 * the other push tests, with the seam that lets it reach the local push service on 127.0.0.1.
 */

let ctx: TestContext;
let local: TestContext;
let push: TestPushService;
let alice: TestUser;

/** The test's DNS: names in here answer these addresses; all others go to the system resolver (localhost …). */
const dns = new Map<string, string[]>();
const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const answer = dns.get(hostname);
  if (!answer) return systemResolve(hostname);
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  push = await startTestPushService();
  ctx = await buildTestApp({}, undefined, { pushTest: { resolve } });
  local = await buildTestApp({}, ctx.db, { pushTest: { ...push.seam, resolve } });
});
afterAll(async () => {
  await local.close();
  await ctx.close();
  await push.close();
});
beforeEach(async () => {
  await ctx.app.db.delete(users);
  alice = await registerUser(ctx.app);
  dns.clear();
  push.received.splice(0);
});

const subscribe = (app: App, body: object) =>
  app.inject({ method: 'POST', url: '/api/push_subscriptions', headers: alice.headers, payload: body });
const testPush = (app: App) =>
  app.inject({ method: 'POST', url: '/api/notifications/test', headers: alice.headers, payload: { channel: 'push' } });
const storedEndpoints = async () =>
  (await ctx.app.db.select().from(pushSubscriptions)).map((subscription) => subscription.endpoint);
/** A subscription stored before the rule existed (or under a DNS answer that changed since): straight into the table. */
const insertStored = (client: PushClient, keys: Partial<{ p256dh: string; auth: string }> = {}) =>
  ctx.app.db.insert(pushSubscriptions).values({
    ownerId: alice.id,
    endpoint: client.subscription.endpoint,
    p256dh: keys.p256dh ?? client.subscription.keys.p256dh,
    auth: keys.auth ?? client.subscription.keys.auth,
    label: 'Altes Gerät',
  });
const validKeys = () => push.subscribe().subscription.keys;
const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');

describe('POST /api/push_subscriptions: only public https push services', () => {
  it.each([
    ['plain http', (port: number) => `http://93.184.215.14:${port}/push/x`],
    ['the loopback address', (port: number) => `https://127.0.0.1:${port}/push/x`],
    ['localhost (a name that resolves to 127.0.0.1)', () => 'https://localhost:5432/'],
    ['localhost with a trailing dot', () => 'https://localhost./'],
    ['IPv6 loopback', () => 'https://[::1]:6379/'],
    ['IPv4-mapped IPv6 loopback', () => 'https://[::ffff:127.0.0.1]:6379/'],
    ['the cloud metadata service (link-local)', () => 'https://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped link-local', () => 'https://[::ffff:169.254.169.254]/'],
    ['IPv6 link-local', () => 'https://[fe80::1]/'],
    ['IPv6 unique-local', () => 'https://[fd12:3456::1]/'],
    ['private 10/8', () => 'https://10.0.0.1/'],
    ['private 172.16/12', () => 'https://172.16.5.4:8443/'],
    ['private 192.168/16', () => 'https://192.168.178.1/'],
    ['CGNAT 100.64/10', () => 'https://100.64.0.1/'],
    ['unspecified 0.0.0.0', () => 'https://0.0.0.0:5432/'],
    ['unspecified ::', () => 'https://[::]/'],
    ['multicast', () => 'https://224.0.0.1/'],
    ['IPv6 multicast', () => 'https://[ff02::1]/'],
    ['broadcast', () => 'https://255.255.255.255/'],
    ['documentation 192.0.2/24', () => 'https://192.0.2.1/'],
    ['documentation 198.51.100/24', () => 'https://198.51.100.1/'],
    ['documentation 203.0.113/24', () => 'https://203.0.113.1/'],
    ['documentation 2001:db8::/32', () => 'https://[2001:db8::1]/'],
    ['benchmarking 198.18/15', () => 'https://198.18.0.1/'],
    ['loopback written as a number', () => 'https://2130706433/'],
    ['loopback written in hex', () => 'https://0x7f.1/'],
  ])('refuses %s (422)', async (_, endpoint) => {
    const response = await subscribe(ctx.app, { endpoint: endpoint(push.port), keys: validKeys() });
    expect(response.statusCode).toBe(422);
    const message = String(response.json<{ violations: { message: string }[] }>().violations[0]?.message);
    expect([ENDPOINT_NOT_PUBLIC, 'Die Push-Adresse muss mit https:// beginnen.']).toContain(message);
    expect(await storedEndpoints()).toEqual([]);
  });

  it('refuses a name of which any address is not public, and a name that does not resolve, with one message', async () => {
    dns.set('mixed.test', ['142.250.185.74', '10.1.2.3']);
    dns.set('inside.test', ['192.168.1.20']);
    for (const endpoint of ['https://mixed.test/x', 'https://inside.test/x', 'https://unknown.invalid/x']) {
      const response = await subscribe(ctx.app, { endpoint, keys: validKeys() });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        violations: [{ propertyPath: 'endpoint', message: ENDPOINT_NOT_PUBLIC }],
      });
    }
    expect(await storedEndpoints()).toEqual([]);
  });

  it('accepts a push service on public addresses, by name or as an address', async () => {
    dns.set('fcm.test', ['142.250.185.74', '2a00:1450:4001:82b::200a']);
    for (const endpoint of [
      'https://fcm.test/fcm/send/abc',
      'https://93.184.215.14/push/x',
      'https://[2606:4700::1]/p',
    ]) {
      expect((await subscribe(ctx.app, { endpoint, keys: validKeys() })).statusCode).toBe(201);
    }
    expect(await storedEndpoints()).toHaveLength(3);
  });

  it('refuses a p256dh that is not a point on P-256 and an auth secret that is not 16 bytes (422, German)', async () => {
    const endpoint = 'https://93.184.215.14/push/keys';
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const cases: [{ p256dh: string; auth: string }, string, string][] = [
      [{ ...validKeys(), p256dh: offCurve }, 'keys.p256dh', P256DH_INVALID],
      [
        { ...validKeys(), p256dh: ecdh.getPublicKey(null, 'compressed').toString('base64url') },
        'keys.p256dh',
        P256DH_INVALID,
      ],
      [{ ...validKeys(), auth: Buffer.alloc(15, 1).toString('base64url') }, 'keys.auth', AUTH_INVALID],
      [{ ...validKeys(), auth: Buffer.alloc(24, 1).toString('base64url') }, 'keys.auth', AUTH_INVALID],
    ];
    for (const [keys, propertyPath, message] of cases) {
      const response = await subscribe(ctx.app, { endpoint, keys });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ violations: [{ propertyPath, message }] });
    }
    expect(await storedEndpoints()).toEqual([]);
  });
});

describe('sending to a subscription that breaks the rule', () => {
  it('refuses a subscription stored before the rule, connects nowhere and deletes it', async () => {
    await insertStored(push.subscribe('old'));
    const before = push.connections;
    const response = await testPush(ctx.app);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Kein angemeldetes Gerät');
    expect(push.connections).toBe(before);
    expect(await storedEndpoints()).toEqual([]);
  });

  it('refuses a name whose DNS answer turned private after subscribing (rebinding): no connection, deleted', async () => {
    dns.set('rebind.test', ['93.184.215.14']);
    const client = push.subscribe('rebind', 'rebind.test');
    expect((await subscribe(ctx.app, client.subscription)).statusCode).toBe(201);
    dns.set('rebind.test', ['127.0.0.1']);
    const before = push.connections;
    expect((await testPush(ctx.app)).statusCode).toBe(422);
    expect(push.connections).toBe(before);
    expect(await storedEndpoints()).toEqual([]);
  });

  it('lets the reminder run delete it instead of retrying it every hour', async () => {
    await ctx.app.db.update(users).set({ reminderMail: false }).where(eq(users.id, alice.id));
    await insertStored(push.subscribe('old', 'localhost'));
    await insertRouteValidFor(ctx.app, alice.id, 7, { name: 'Fulda – Bebra' });
    const deps = {
      reminders: ctx.app.reminders,
      pushTargets: ctx.app.pushTargets,
      mailer: ctx.app.mailer,
      push: ctx.app.push,
      config: ctx.app.config,
      log: ctx.app.log,
    };
    const before = push.connections;
    expect(await dispatchReminders(deps)).toMatchObject({ messages: 0, failed: 1 });
    expect(await storedEndpoints()).toEqual([]);
    // The next run has no push target left for the user: nothing to send, nothing failed, still no connection.
    expect(await dispatchReminders(deps)).toMatchObject({ messages: 0, failed: 0, held: 0 });
    expect(push.connections).toBe(before);
  });

  it('refuses stored keys that cannot be encrypted for, even at an allowed address, and deletes them', async () => {
    await insertStored(push.subscribe('bad-key'), { p256dh: offCurve });
    await insertStored(push.subscribe('bad-auth'), { auth: Buffer.alloc(8, 1).toString('base64url') });
    const before = push.connections;
    const response = await testPush(local.app);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Kein angemeldetes Gerät');
    expect(push.connections).toBe(before);
    expect(await storedEndpoints()).toEqual([]);
  });
});

describe('the connection goes to the checked address', () => {
  it('delivers to a host name only the check resolved, with TLS verified for that name', async () => {
    // The system resolver does not know the name: the connection can only have used the checked address.
    await expect(systemResolve(TEST_PUSH_HOST)).rejects.toThrow();
    dns.set(TEST_PUSH_HOST, ['127.0.0.1']);
    const client = push.subscribe('named', TEST_PUSH_HOST);
    expect((await subscribe(local.app, client.subscription)).statusCode).toBe(201);
    const response = await testPush(local.app);
    expect(response.statusCode).toBe(200);
    expect(push.rejected).toEqual([]);
    expect(push.received.map((message) => message.endpoint)).toEqual([client.subscription.endpoint]);
  });

  it('checks the certificate against the host name, not the address (another name fails TLS, nothing delivered)', async () => {
    // 127.0.0.1 is in the certificate, other.test is not: a connection that verified the address would succeed.
    dns.set('other.test', ['127.0.0.1']);
    const client = push.subscribe('other', 'other.test');
    expect((await subscribe(local.app, client.subscription)).statusCode).toBe(201);
    const response = await testPush(local.app);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Der Push-Dienst hat die Benachrichtigung nicht angenommen.');
    expect(push.received).toEqual([]);
    // A TLS failure may pass (a certificate renewed): the subscription stays for the next run.
    expect(await storedEndpoints()).toEqual([client.subscription.endpoint]);
  });
});
