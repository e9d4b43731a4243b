import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { Betrieb, InvitationPreview, Member } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, tokenOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * Version 2 of the consent (issue 41 item 7): new members agree to it; a member who agreed to version 1 is shown as
 * version 1 lists — no way, time, direction or darkness of a drive, no first acquisition — until they agree to
 * version 2 (PUT /api/betriebe/{id}/membership/consent).
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let driver: TestUser;
let outsider: TestUser;
let betrieb: Betrieb;
let driverMember: Member;

const consentUrl = (id: number | string) => `/api/betriebe/${id}/membership/consent`;
const setVersion = (version: number) =>
  ctx.app.db.execute(sql`update memberships set consent_version = ${version} where user_id = ${driver.id}`);
const driverPage = async () => {
  const response = await call('GET', `/api/betriebe/${betrieb.id}/members/${driverMember.id}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BetriebDriver;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  driver = await verifiedUser(ctx.app, { firstname: 'Fritz', lastname: 'Fahrer' });
  outsider = await verifiedUser(ctx.app, { firstname: 'Otto', lastname: 'Außen' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Fassungs Bahn', []);
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  const preview = await call('GET', `/api/invitations/${tokenOf(invitation)}`);
  expect(preview.statusCode, preview.body).toBe(200);
  expect((preview.json() as InvitationPreview).consent).toMatchObject({ version: 2 });
  expect((preview.json() as InvitationPreview).consent.recorded?.[0]).toContain('Bescheinigungen');
  await join(ctx.app, driver, invitation);
  driverMember = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => m.name === 'Fritz Fahrer')!;

  const route = await createRoute(ctx.app, driver, { startStation: 'NWH', endStation: 'NF' });
  const rule = await call(
    'PATCH',
    `/api/routes/${route.id}`,
    driver,
    { firstAcquisition: { drives: 2, dark: 1, days: null } },
    'application/merge-patch+json',
  );
  expect(rule.statusCode, rule.body).toBe(200);
  await insertRouteActivity(ctx.app, driver.id, {
    acquiredAt: addDays(today, -4),
    acquiredUntil: addDays(today, 360),
    routeIds: [route.id],
    way: 'escorted',
    direction: 'forward',
  });
});
afterAll(async () => ctx.close());

describe('version 2 of the consent', () => {
  it('is what a new member agrees to, and the Betrieb sees how each drive was made and the first acquisition', async () => {
    expect(CONSENT_VERSION).toBe(2);
    const page = await driverPage();
    expect(page.drives[0]).toMatchObject({ way: 'escorted', time: null, direction: 'forward' });
    expect(page.routes[0]!.acquisition).toEqual({
      rule: { drives: 2, dark: 1, days: null },
      acquiredOn: null,
      progress: [
        { direction: 'forward', drives: 1, dark: 0 },
        { direction: 'reverse', drives: 0, dark: 0 },
      ],
    });
  });

  it('a member under version 1 is shown as version 1 lists, until they agree to version 2', async () => {
    await setVersion(1);
    const old = await driverPage();
    expect(old.drives[0]).not.toHaveProperty('way');
    expect(old.drives[0]).not.toHaveProperty('direction');
    expect(old.routes[0]).not.toHaveProperty('acquisition');

    const agreed = await call('PUT', consentUrl(betrieb.id), driver, { consentVersion: CONSENT_VERSION });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const betriebNow = agreed.json() as Betrieb;
    expect(betriebNow.consentVersion).toBe(2);
    expect(Date.parse(betriebNow.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await driverPage()).drives[0]).toMatchObject({ way: 'escorted' });

    // Agreeing again keeps the first time.
    const again = await call('PUT', consentUrl(betrieb.id), driver, { consentVersion: CONSENT_VERSION });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Betrieb).consentedAt).toBe(betriebNow.consentedAt);
  });

  it('refuses a version other than the current one (409), a bad body (400), the anonymous (401)', async () => {
    const older = await call('PUT', consentUrl(betrieb.id), driver, { consentVersion: 1 });
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ detail: expect.stringContaining('Einwilligung hat sich geändert') });
    for (const body of [{}, { consentVersion: 'zwei' }, { consentVersion: 2, extra: true }]) {
      expect((await call('PUT', consentUrl(betrieb.id), driver, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', consentUrl(betrieb.id), undefined, { consentVersion: 2 })).statusCode).toBe(401);
  });

  it('is the member’s own: someone else’s Betrieb and an unknown or malformed id are 404', async () => {
    for (const id of [betrieb.id, 999_999, 'abc']) {
      const response = await call('PUT', consentUrl(id), outsider, { consentVersion: CONSENT_VERSION });
      expect(response.statusCode, String(id)).toBe(404);
    }
    // The outsider's call changed no one's membership.
    const rows = await ctx.app.db.execute(
      sql`select count(*)::integer as n from memberships where user_id = ${outsider.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
