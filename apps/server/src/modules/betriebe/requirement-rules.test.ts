import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { expectKeptIsFresh } from '../../test/kept-coverage.js';

/*
 * A requirement's own rules (issue 41 items 2 and 3 for the Betrieb): which ways of a drive keep its knowledge valid,
 * and a first acquisition before a driver's route counts for it. The matrix, "Wer kann fahren?" (today and on a past
 * day) and the kept coverage follow them; the driver's own view of their route does not change. Every step holds the
 * kept table to the rule computed from scratch.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let disponent: TestUser;
let betrieb: Betrieb;
let selfDriven: Requirement;
let firstAcq: Requirement;
const drivers: Record<'escorted' | 'self' | 'trainee', TestUser> = {} as never;
const routes: Record<'escorted' | 'self' | 'trainee', number> = {} as never;

const base = () => `/api/betriebe/${betrieb.id}`;
const patch = (url: string, user: TestUser, body: unknown) =>
  call('PATCH', url, user, body, 'application/merge-patch+json');

async function drive(
  user: TestUser,
  routeId: number,
  daysAgo: number,
  manner: { way?: string; direction?: 'forward' | 'reverse' } = {},
) {
  const response = await call('POST', '/api/route_activities', user, {
    acquiredAt: addDays(today, -daysAgo),
    acquiredRoutes: [`/api/routes/${routeId}`],
    ...manner,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function states(requirement: Requirement) {
  const response = await call('GET', `${base()}/matrix?requirement=${requirement.id}`, disponent);
  expect(response.statusCode, response.body).toBe(200);
  const matrix = response.json() as Matrix;
  return Object.fromEntries(matrix.drivers.map((d) => [d.name, d.cells[0]!.state]));
}

async function whoCanDrive(requirement: Requirement, date = today) {
  const response = await call('GET', `${base()}/who-can-drive?requirement=${requirement.id}&date=${date}`, disponent);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as WhoCanDrive).drivers.map((d) => d.name).sort();
}

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Dispo' });
  drivers.escorted = await verifiedUser(ctx.app, { firstname: 'Erik', lastname: 'Begleitet' });
  drivers.self = await verifiedUser(ctx.app, { firstname: 'Sina', lastname: 'Selbst' });
  drivers.trainee = await verifiedUser(ctx.app, { firstname: 'Tina', lastname: 'Lernt' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Regel Bahn', []);
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  for (const user of Object.values(drivers)) await join(ctx.app, user, invitation);
  for (const [name, user] of Object.entries(drivers) as [keyof typeof drivers, TestUser][]) {
    routes[name] = (await createRoute(ctx.app, user, { startStation: 'NWH', endStation: 'NF' })).id;
  }
  await drive(drivers.escorted, routes.escorted, 10, { way: 'escorted' });
  await drive(drivers.self, routes.self, 10);
  await drive(drivers.trainee, routes.trainee, 8, { direction: 'forward' });
});
afterAll(async () => ctx.close());

describe('a requirement’s own rule of ways', () => {
  it('is stored, answered and validated; only admins set it', async () => {
    const made = await call('POST', `${base()}/requirements`, admin, {
      startStation: 'NWH',
      endStation: 'NF',
      keepingWays: ['driven'],
    });
    expect(made.statusCode, made.body).toBe(201);
    selfDriven = made.json() as Requirement;
    expect(selfDriven).toMatchObject({ keepingWays: ['driven'] });
    expect(selfDriven).not.toHaveProperty('firstAcquisition');
    const empty = await patch(`${base()}/requirements/${selfDriven.id}`, admin, { keepingWays: [] });
    expect(empty.statusCode, empty.body).toBe(422);
    expect(violations(empty)[0]).toMatchObject({ propertyPath: 'keepingWays' });
    const unknown = await patch(`${base()}/requirements/${selfDriven.id}`, admin, { keepingWays: ['teleport'] });
    expect([400, 422]).toContain(unknown.statusCode);
    expect((await patch(`${base()}/requirements/${selfDriven.id}`, disponent, { keepingWays: null })).statusCode).toBe(
      403,
    );
  });

  it('counts only the ways it names: an escorted drive keeps the driver’s route, not this requirement', async () => {
    expect(await states(selfDriven)).toEqual({
      'Erik Begleitet': 'nie',
      'Sina Selbst': 'gueltig',
      'Tina Lernt': 'gueltig',
    });
    expect(await whoCanDrive(selfDriven)).toEqual(['Sina Selbst', 'Tina Lernt']);
    expect(await whoCanDrive(selfDriven, addDays(today, -5))).toEqual(['Sina Selbst', 'Tina Lernt']);
    // The driver's own route is still valid by their own rule.
    const own = await call('GET', `/api/routes/${routes.escorted}`, drivers.escorted);
    expect(own.json()).toHaveProperty('validUntil');
    await expectKeptIsFresh(ctx.app, 'a requirement keeping only self-driven drives');
  });

  it('follows a later self-driven drive, and the rule taken away', async () => {
    await drive(drivers.escorted, routes.escorted, 2);
    expect((await states(selfDriven))['Erik Begleitet']).toBe('gueltig');
    // On a past day before that drive, the escorted one does not count for this requirement.
    expect(await whoCanDrive(selfDriven, addDays(today, -5))).toEqual(['Sina Selbst', 'Tina Lernt']);
    await expectKeptIsFresh(ctx.app, 'a self-driven drive for the requirement');
    const cleared = await patch(`${base()}/requirements/${selfDriven.id}`, admin, { keepingWays: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).not.toHaveProperty('keepingWays');
    expect(await whoCanDrive(selfDriven, addDays(today, -5))).toEqual(['Erik Begleitet', 'Sina Selbst', 'Tina Lernt']);
    await expectKeptIsFresh(ctx.app, 'the requirement’s rule taken away');
  });
});

describe('a requirement’s own first acquisition', () => {
  it('keeps a driver "in Ausbildung" for the requirement until met, each drive judged as it comes', async () => {
    const made = await call('POST', `${base()}/requirements`, admin, {
      startStation: 'NF',
      endStation: 'NWH',
      companyRoute: 'EA',
      firstAcquisition: { drives: 1, dark: 0, days: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    firstAcq = made.json() as Requirement;
    expect(firstAcq).toMatchObject({ firstAcquisition: { drives: 1, dark: 0, days: null } });
    // No drive has a direction but Tina's one forward: everyone is in training for it, and no one can drive it.
    expect(await states(firstAcq)).toEqual({
      'Erik Begleitet': 'ausbildung',
      'Sina Selbst': 'ausbildung',
      'Tina Lernt': 'ausbildung',
    });
    expect(await whoCanDrive(firstAcq)).toEqual([]);
    await expectKeptIsFresh(ctx.app, 'a requirement asking a first acquisition');

    await drive(drivers.trainee, routes.trainee, 3, { direction: 'reverse' });
    expect((await states(firstAcq))['Tina Lernt']).toBe('gueltig');
    expect(await whoCanDrive(firstAcq)).toEqual(['Tina Lernt']);
    // Met three days ago: not yet on a day before.
    expect(await whoCanDrive(firstAcq, addDays(today, -5))).toEqual([]);
    await expectKeptIsFresh(ctx.app, 'the first acquisition met by a drive in the other direction');
  });

  it('follows a drive’s changed direction, and the first acquisition taken away', async () => {
    const list = await call('GET', '/api/route_activities', drivers.trainee);
    const reverse = (list.json() as { id: number; direction: string | null }[]).find((d) => d.direction === 'reverse')!;
    const changed = await patch(`/api/route_activities/${reverse.id}`, drivers.trainee, { direction: 'forward' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await states(firstAcq))['Tina Lernt']).toBe('ausbildung');
    await expectKeptIsFresh(ctx.app, 'a drive’s direction changed');

    const cleared = await patch(`${base()}/requirements/${firstAcq.id}`, admin, { firstAcquisition: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await states(firstAcq)).toEqual({
      'Erik Begleitet': 'gueltig',
      'Sina Selbst': 'gueltig',
      'Tina Lernt': 'gueltig',
    });
    await expectKeptIsFresh(ctx.app, 'the first acquisition taken away');
  });

  it('refuses a first acquisition the contract does not allow', async () => {
    const bad = await patch(`${base()}/requirements/${firstAcq.id}`, admin, {
      firstAcquisition: { drives: 0, dark: 0, days: null },
    });
    expect([400, 422]).toContain(bad.statusCode);
    const dark = await patch(`${base()}/requirements/${firstAcq.id}`, admin, {
      firstAcquisition: { drives: 1, dark: 2, days: null },
    });
    expect([400, 422]).toContain(dark.statusCode);
  });
});
