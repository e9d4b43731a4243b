import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { createCaller } from '../../test/api.js';
import { recordsOf, seedAccount } from '../../test/account-data.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute, createTour, routeIri } from '../../test/fixtures.js';
import { catalogue as catalogueOf, ownershipConditions } from '../../test/catalogue.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: TestSmtp;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/**
 * Tables that hold no user's data (installation settings, the document signing keys, the imported rail network); every
 * other table must reach `users`.
 */
const NOT_USER_DATA = new Set(['settings', 'signing_keys', 'rail_network']);

/** Every table of the schema and every foreign key, read from information_schema (test/catalogue.ts). */
const catalogue = () => catalogueOf(ctx.app);

async function rows<T>(query: string): Promise<T[]> {
  const result = (await ctx.app.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

async function countRowsOf(userId: number): Promise<Record<string, number>> {
  const { tables, keys } = await catalogue();
  const conditions = ownershipConditions(tables, keys);
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const condition = conditions.get(table);
    if (!condition) continue;
    const [row] = await rows<{ n: number }>(
      `select count(*)::integer as n from "${table}" where ${condition.replaceAll('$USER', String(userId))}`,
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** Rows of `user` in the tables no API call fills directly: a claimed weekly report and a used Idempotency-Key. */
async function seedEveryTable(user: TestUser) {
  await seedAccount(ctx.app, user);
  const route = await createRoute(ctx.app, user, { name: 'Freigegeben' });
  const second = await createRoute(ctx.app, user, { name: 'Freigegeben 2' });
  const tour = await createTour(ctx.app, user, [routeIri(route.id), routeIri(second.id)], 'Freigabe-Tour');
  const link = await call('POST', '/api/share_links', user, { routes: [route.id], tours: [tour.id] });
  expect(link.statusCode).toBe(201);
  // An issued document (issue 27): the PDF export stores it, and so does the share link's page.
  expect((await call('POST', '/api/export/pdf', user, {})).statusCode).toBe(200);
  const replay = await ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { ...user.headers, 'idempotency-key': 'delete-test-1' },
    payload: { name: 'Mit Schlüssel' },
  });
  expect(replay.statusCode).toBe(201);
  await ctx.app.db.execute(
    sql`insert into weekly_report_log (user_id, iso_week, status) values (${user.id}, '2026-W01', 'claimed')`,
  );
  // Reminders (issue 16): a push subscription, the calendar feed and a claimed reminder.
  // A real P-256 key and a public address literal (no DNS needed): the push endpoint rule, decision 0030.
  const p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
  const subscription = await call('POST', '/api/push_subscriptions', user, {
    endpoint: `https://93.184.215.14/push/${user.id}`,
    keys: { p256dh, auth: Buffer.alloc(16, 1).toString('base64url') },
  });
  expect(subscription.statusCode).toBe(201);
  expect((await call('POST', '/api/calendar_feed', user)).statusCode).toBe(201);
  await ctx.app.db.execute(
    sql`insert into reminder_log (user_id, route_id, valid_until, threshold, channel, status, claim_token)
        values (${user.id}, ${route.id}, '2027-01-01', 30, 'mail', 'claimed', gen_random_uuid())`,
  );
  // A heavy operation's lease (plugins/heavy-operations.ts), as a running import leaves it.
  await ctx.app.db.execute(
    sql`insert into heavy_operations (user_id, kind, token, expires_at) values (${user.id}, 'import', 'x', now() + interval '1 minute')`,
  );
  // A Betrieb (issue 28) the user founded, with a depot and an invitation: the user's membership ends with the account.
  await ctx.app.usersRepository.markVerified(user.id);
  const betrieb = await foundBetrieb(ctx.app, user, `Betrieb von ${user.id}`, ['Depot']);
  await invite(ctx.app, user, betrieb.id);
  // A requirement of that Betrieb (item 2), and, as a driver of another Betrieb, a route linked to one of its own.
  const requirement = { startStation: 'NWH', endStation: 'NF' };
  expect((await call('POST', `/api/betriebe/${betrieb.id}/requirements`, user, requirement)).statusCode).toBe(201);
  // The founder's weekly coverage mail (item 5): the setting on the membership and a claimed mail of a week.
  const alert = await call('PUT', `/api/betriebe/${betrieb.id}/membership/coverage-alert`, user, { minDrivers: 2 });
  expect(alert.statusCode).toBe(200);
  await ctx.app.db.execute(
    sql`insert into coverage_alert_log (membership_id, iso_week, status)
        select id, '2026-W01', 'claimed' from memberships where betrieb_id = ${betrieb.id} and user_id = ${user.id}`,
  );
  const vehicleType = { vehicleType: 'BR 218' };
  expect((await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, user, vehicleType)).statusCode).toBe(
    201,
  );
  const employer = await verifiedUser(ctx.app);
  const employerBetrieb = await foundBetrieb(ctx.app, employer, `Arbeitgeber von ${user.id}`);
  const required = await call('POST', `/api/betriebe/${employerBetrieb.id}/requirements`, employer, requirement);
  await join(ctx.app, user, await invite(ctx.app, employer, employerBetrieb.id));
  const linked = await call(
    'PUT',
    `/api/betriebe/${employerBetrieb.id}/requirements/${(required.json() as { id: number }).id}/link`,
    user,
    { route: route.id },
  );
  expect(linked.statusCode).toBe(200);
  // An attestation (issue 41 item 5) the employer issued about the user: it goes with the user's account.
  const members = (await call('GET', `/api/betriebe/${employerBetrieb.id}/members`, employer)).json() as {
    id: number;
    role: string;
  }[];
  const asDriver = members.find((member) => member.role === 'driver')!;
  const attested = await call(
    'POST',
    `/api/betriebe/${employerBetrieb.id}/members/${asDriver.id}/attestations`,
    employer,
    {
      kind: 'periodic_check',
      checkedOn: '2026-01-15',
      lines: ['3601 Frankfurt–Mannheim'],
    },
  );
  expect(attested.statusCode, attested.body).toBe(201);
  // A second login: two sessions to end.
  const login = await call('POST', '/api/login_check', undefined, { username: user.email, password: user.password });
  expect(login.statusCode).toBe(200);
  return { link: link.json() as { url: string }, secondToken: login.json().token as string };
}

const deleteAccount = (user: TestUser, body: unknown) => call('POST', '/api/users/delete-account', user, body);

describe('POST /api/users/delete-account', () => {
  // Seeds every table twice (two accounts): ~12 s alone, more beside other test files on a loaded machine.
  it('deletes every row of the user in every table, and nothing of anyone else', { timeout: 90_000 }, async () => {
    const alice = await registerUser(ctx.app, { firstname: 'Alice' });
    const bob = await registerUser(ctx.app);
    const { link, secondToken } = await seedEveryTable(alice);
    await seedEveryTable(bob);

    const before = await countRowsOf(alice.id);
    const bobBefore = await countRowsOf(bob.id);
    const { tables } = await catalogue();
    const conditions = ownershipConditions(tables, (await catalogue()).keys);
    const withoutPath = tables.filter((table) => !conditions.get(table) && !NOT_USER_DATA.has(table));
    expect(withoutPath, 'tables that reach users(id) through no foreign key').toEqual([]);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'users',
        'routes',
        'tour_routes',
        'vehicle_activity_vehicles',
        'one_time_tokens',
        'auth_tokens',
        'weekly_report_log',
        'data_versions',
        'idempotency_keys',
        'share_links',
        'share_link_routes',
        'share_link_tours',
        'push_subscriptions',
        'calendar_feeds',
        'reminder_log',
        'betriebe',
        'betrieb_depots',
        'memberships',
        'invitations',
        'betrieb_requirements',
        'betrieb_vehicle_requirements',
        'requirement_links',
        'coverage_alert_log',
        'issued_documents',
      ]),
    );
    // Every user-data table is covered by the seed above, so that the after-count below proves something.
    for (const [table, count] of Object.entries(before)) {
      expect(count, `rows of the user in ${table} before (seed one in seedEveryTable)`).toBeGreaterThan(0);
    }

    const response = await deleteAccount(alice, { password: alice.password, confirmation: 'KONTO LÖSCHEN' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Ihr Konto und alle Ihre Daten wurden gelöscht.' });

    const after = await countRowsOf(alice.id);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const [table, count] of Object.entries(after)) expect(count, `rows of the user left in ${table}`).toBe(0);
    expect(await countRowsOf(bob.id)).toEqual(bobBefore);

    // Every session ended; the login is gone; the share link no longer opens.
    expect((await call('GET', '/api/users/current', alice)).statusCode).toBe(401);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(other.statusCode).toBe(401);
    const login = await call('POST', '/api/login_check', undefined, {
      username: alice.email,
      password: alice.password,
    });
    expect(login.statusCode).toBe(401);
    const page = await ctx.app.inject({ method: 'GET', url: new URL(link.url).pathname });
    expect(page.statusCode).toBe(404);

    const mail = await smtp.waitFor(alice.email, (m) => m.subject.includes('gelöscht'));
    // No reply to a no-reply address: the imprint names whom to contact.
    expect(mail.text).not.toContain('antworten Sie');
    expect(mail.text).toContain('http://streckenpass.test/legal');
    expect(mail.text).toContain('Hallo Alice');
    expect(mail.text).toContain('alle dazugehörigen Daten');
  });

  it('refuses a wrong password (400) and a missing confirmation (422), deleting nothing', async () => {
    const user = await registerUser(ctx.app);
    await createRoute(ctx.app, user);
    const wrong = await deleteAccount(user, { password: 'falsch-falsch-1', confirmation: 'KONTO LÖSCHEN' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'Das Passwort ist falsch.' });
    const unconfirmed = await deleteAccount(user, { password: user.password, confirmation: 'ja' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().message).toBe('Bitte zur Bestätigung „KONTO LÖSCHEN“ eingeben.');
    const missing = await deleteAccount(user, {});
    expect(missing.statusCode).toBe(422);
    expect((await call('GET', '/api/routes', user)).json()).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const response = await call('POST', '/api/users/delete-account', undefined, {
      password: 'x',
      confirmation: 'KONTO LÖSCHEN',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('round trip: backup → delete account → new account → restore', () => {
  it('gives the same records', async () => {
    const original = await registerUser(ctx.app);
    await seedAccount(ctx.app, original);
    const expected = await recordsOf(ctx.app, original);
    const backup = (await call('GET', '/api/backup', original)).json() as Backup;

    const deleted = await deleteAccount(original, { password: original.password, confirmation: 'konto löschen' });
    expect(deleted.statusCode).toBe(200);

    // The same address can register again: a new, empty account.
    const renewed = await registerUser(ctx.app, { email: original.email });
    expect(renewed.id).not.toBe(original.id);
    expect((await call('GET', '/api/routes', renewed)).json()).toEqual([]);

    const restored = await call('POST', '/api/backup/restore', renewed, backup);
    expect(restored.statusCode).toBe(200);
    expect(await recordsOf(ctx.app, renewed)).toEqual(expected);
  });
});
