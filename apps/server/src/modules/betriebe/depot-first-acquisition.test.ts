import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb, BetriebDepot, Member } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { expectKeptIsFresh } from '../../test/kept-coverage.js';

/*
 * A depot's first acquisition (issue 41 item 3, decision 0067): the Betrieb sets it per depot, and it judges every
 * requirement of that depot that asks none of its own — a requirement's own wins, the whole Betrieb's requirements
 * are not affected. The matrix, "Wer kann fahren?" (today and on a past day) and the kept coverage follow it; every
 * step holds the kept table to the rule computed from scratch.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let disponent: TestUser;
let trainee: TestUser;
let other: TestUser;
let stranger: TestUser;
let betrieb: Betrieb;
let depot: BetriebDepot;
let ofDepot: Requirement;
let ownRule: Requirement;
let wide: Requirement;
let traineeRoute: number;

const base = () => `/api/betriebe/${betrieb.id}`;
const depotRule = (id = depot.id) => `${base()}/depots/${id}/first-acquisition`;
const twoEach = { drives: 2, dark: 0, days: null };

async function drive(user: TestUser, routeId: number, daysAgo: number, direction?: 'forward' | 'reverse') {
  const response = await call('POST', '/api/route_activities', user, {
    acquiredAt: addDays(today, -daysAgo),
    acquiredRoutes: [`/api/routes/${routeId}`],
    ...(direction ? { direction } : {}),
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

async function requirement(body: Record<string, unknown>): Promise<Requirement> {
  const made = await call('POST', `${base()}/requirements`, admin, { startStation: 'NWH', endStation: 'NF', ...body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as Requirement;
}

const listed = async () => (await call('GET', `${base()}/requirements`, disponent)).json() as Requirement[];
const find = async (r: Requirement) => (await listed()).find((each) => each.id === r.id)!;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Dispo' });
  trainee = await verifiedUser(ctx.app, { firstname: 'Tina', lastname: 'Lernt' });
  other = await verifiedUser(ctx.app, { firstname: 'Sina', lastname: 'Selbst' });
  stranger = await verifiedUser(ctx.app, { firstname: 'Fritz', lastname: 'Fremd' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Depot Bahn', ['Würzburg', 'Nürnberg']);
  depot = betrieb.depots.find((d) => d.name === 'Würzburg')!;
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  for (const user of [trainee, other]) await join(ctx.app, user, invitation);
  for (const member of await membersOf(ctx.app, admin, betrieb.id)) {
    if (member.role !== 'driver') continue;
    const moved = await call('PATCH', `${base()}/members/${(member as Member).id}`, admin, { depot: depot.id });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  traineeRoute = (await createRoute(ctx.app, trainee, { startStation: 'NWH', endStation: 'NF' })).id;
  const otherRoute = (await createRoute(ctx.app, other, { startStation: 'NWH', endStation: 'NF' })).id;
  await drive(trainee, traineeRoute, 8, 'forward');
  await drive(trainee, traineeRoute, 6, 'reverse');
  await drive(other, otherRoute, 7);
  ofDepot = await requirement({ depot: depot.id });
  ownRule = await requirement({
    depot: depot.id,
    companyRoute: 'EA',
    firstAcquisition: { drives: 1, dark: 0, days: null },
  });
  wide = await requirement({ companyRoute: 'W' });
});
afterAll(async () => ctx.close());

describe('a depot’s first acquisition', () => {
  it('is none at first: every driver who drove the route knows every requirement but the one asking its own', async () => {
    expect(depot.firstAcquisition).toBeNull();
    expect(await find(ofDepot)).not.toHaveProperty('depotFirstAcquisition');
    expect(await states(ofDepot)).toEqual({ 'Sina Selbst': 'gueltig', 'Tina Lernt': 'gueltig' });
    expect(await states(ownRule)).toEqual({ 'Sina Selbst': 'ausbildung', 'Tina Lernt': 'gueltig' });
    await expectKeptIsFresh(ctx.app, 'no depot rule');
  });

  it('is set by an admin and answered with the depot, the Betrieb’s depots and the depot’s requirements', async () => {
    const set = await call('PUT', depotRule(), admin, { firstAcquisition: twoEach });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ id: depot.id, name: 'Würzburg', firstAcquisition: twoEach });
    const read = (await call('GET', base(), trainee)).json() as Betrieb;
    expect(read.depots).toContainEqual({ id: depot.id, name: 'Würzburg', firstAcquisition: twoEach });
    expect(read.depots.find((d) => d.name === 'Nürnberg')?.firstAcquisition).toBeNull();
    const mine = await find(ofDepot);
    expect(mine).toMatchObject({ depotFirstAcquisition: twoEach });
    expect(mine).not.toHaveProperty('firstAcquisition');
    expect(await find(ownRule)).toMatchObject({ firstAcquisition: { drives: 1 }, depotFirstAcquisition: twoEach });
    expect(await find(wide)).not.toHaveProperty('depotFirstAcquisition');
  });

  it('keeps the depot’s drivers "in Ausbildung" for its requirements without own rule until met', async () => {
    expect(await states(ofDepot)).toEqual({ 'Sina Selbst': 'ausbildung', 'Tina Lernt': 'ausbildung' });
    expect(await whoCanDrive(ofDepot)).toEqual([]);
    // The requirement's own first acquisition wins: one drive each way, which Tina has.
    expect(await states(ownRule)).toEqual({ 'Sina Selbst': 'ausbildung', 'Tina Lernt': 'gueltig' });
    // The whole Betrieb's requirement is not affected.
    expect(await states(wide)).toEqual({ 'Sina Selbst': 'gueltig', 'Tina Lernt': 'gueltig' });
    await expectKeptIsFresh(ctx.app, 'a depot asking a first acquisition');

    await drive(trainee, traineeRoute, 4, 'forward');
    expect((await states(ofDepot))['Tina Lernt']).toBe('ausbildung');
    await expectKeptIsFresh(ctx.app, 'one more drive, not yet enough');
    await drive(trainee, traineeRoute, 2, 'reverse');
    expect(await states(ofDepot)).toEqual({ 'Sina Selbst': 'ausbildung', 'Tina Lernt': 'gueltig' });
    expect(await whoCanDrive(ofDepot)).toEqual(['Tina Lernt']);
    // Met two days ago: not yet on a day before.
    expect(await whoCanDrive(ofDepot, addDays(today, -3))).toEqual([]);
    expect(await whoCanDrive(wide, addDays(today, -3))).toEqual(['Sina Selbst', 'Tina Lernt']);
    await expectKeptIsFresh(ctx.app, 'the depot’s first acquisition met');
  });

  it('follows a requirement moved to the whole Betrieb, and the depot’s rule taken away', async () => {
    const moved = await call(
      'PATCH',
      `${base()}/requirements/${ofDepot.id}`,
      admin,
      { depot: null },
      'application/merge-patch+json',
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).not.toHaveProperty('depotFirstAcquisition');
    expect(await states(ofDepot)).toEqual({ 'Sina Selbst': 'gueltig', 'Tina Lernt': 'gueltig' });
    await expectKeptIsFresh(ctx.app, 'the requirement moved to the whole Betrieb');
    const back = await call(
      'PATCH',
      `${base()}/requirements/${ofDepot.id}`,
      admin,
      { depot: depot.id },
      'application/merge-patch+json',
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await states(ofDepot))['Sina Selbst']).toBe('ausbildung');
    await expectKeptIsFresh(ctx.app, 'the requirement moved back to the depot');

    const cleared = await call('PUT', depotRule(), admin, { firstAcquisition: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ firstAcquisition: null });
    expect(await states(ofDepot)).toEqual({ 'Sina Selbst': 'gueltig', 'Tina Lernt': 'gueltig' });
    expect(await find(ofDepot)).not.toHaveProperty('depotFirstAcquisition');
    await expectKeptIsFresh(ctx.app, 'the depot’s rule taken away');
  });
});

describe('PUT /api/betriebe/{id}/depots/{depotId}/first-acquisition', () => {
  it('refuses a rule the contract does not allow, and a body without it', async () => {
    for (const body of [
      { firstAcquisition: { drives: 0, dark: 0, days: null } },
      { firstAcquisition: { drives: 1, dark: 2, days: null } },
      { firstAcquisition: { drives: 1, dark: 0 } },
      { firstAcquisition: twoEach, extra: true },
      {},
    ]) {
      const response = await call('PUT', depotRule(), admin, body);
      expect([400, 422], JSON.stringify(body)).toContain(response.statusCode);
    }
    const broken = await call('PUT', depotRule(), admin, '{');
    expect(broken.statusCode).toBe(400);
    expect(
      ((await call('GET', base(), admin)).json() as Betrieb).depots.every((d) => d.firstAcquisition === null),
    ).toBe(true);
  });

  it('answers 401 without a session, 403 to members but admins, 404 outside or for another depot', async () => {
    const body = { firstAcquisition: twoEach };
    expect((await call('PUT', depotRule(), undefined, body)).statusCode).toBe(401);
    for (const user of [disponent, trainee]) {
      const refused = await call('PUT', depotRule(), user, body);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    const unknownBetrieb = await call('PUT', `/api/betriebe/999999/depots/${depot.id}/first-acquisition`, admin, body);
    expect(unknownBetrieb.statusCode).toBe(404);
    const outsider = await call('PUT', depotRule(), stranger, body);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(unknownBetrieb.json());
    expect((await call('PUT', depotRule(999999), admin, body)).statusCode).toBe(404);
    // A depot of another Betrieb, through one's own Betrieb: 404, and it stays as it was.
    const foreign = await foundBetrieb(ctx.app, stranger, 'Fremde Bahn', ['Kassel']);
    const kassel = foreign.depots[0]!;
    expect((await call('PUT', depotRule(kassel.id), admin, body)).statusCode).toBe(404);
    const after = (await call('GET', `/api/betriebe/${foreign.id}`, stranger)).json() as Betrieb;
    expect(after.depots[0]?.firstAcquisition).toBeNull();
  });
});
