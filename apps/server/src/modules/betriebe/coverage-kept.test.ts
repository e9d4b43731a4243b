import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { Route } from '@streckenpass/contract/routes';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { expectKeptIsFresh as expectKeptIsFreshOf, keptAndFresh as keptAndFreshOf } from '../../test/kept-coverage.js';

/*
 * The kept coverage (requirement_coverage, migration 0011) is the matching rule's answer at every moment: after each
 * kind of write that can change it — a route created, changed, deleted; a drive recorded, changed, deleted; a
 * requirement added, changed, imported, deleted; a link made and undone; a member joining, leaving, deleting the
 * account — the table equals `bestMatches` computed from scratch for every Betrieb. On PostgreSQL (DATABASE_URL)
 * the last case races 16 saves of drives against new requirements on separate connections.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;

const keptAndFresh = () => keptAndFreshOf(ctx.app);
const expectKeptIsFresh = (step: string) => expectKeptIsFreshOf(ctx.app, step);

async function ok(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body || 'null') as unknown;
}

/** A merge-patch request, as the web app sends it. */
const patch = (url: string, user: TestUser, body: unknown) =>
  call('PATCH', url, user, body, 'application/merge-patch+json');

const requirementsOf = (betrieb: Betrieb) => `/api/betriebe/${betrieb.id}/requirements`;

async function addRequirement(admin: TestUser, betrieb: Betrieb, body: Record<string, unknown>) {
  return (await ok(await call('POST', requirementsOf(betrieb), admin, body), 201)) as Requirement;
}

async function drive(user: TestUser, routeIds: number[], daysAgo: number) {
  return (await ok(
    await call('POST', '/api/route_activities', user, {
      acquiredAt: addDays(today, -daysAgo),
      acquiredRoutes: routeIds.map((id) => `/api/routes/${id}`),
    }),
    201,
  )) as { id: number };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
});
afterAll(async () => ctx.close());

describe('requirement_coverage, kept by triggers', () => {
  let admin: TestUser;
  let otherAdmin: TestUser;
  let anna: TestUser;
  let ben: TestUser;
  let betrieb: Betrieb;
  let other: Betrieb;
  let pair: Requirement;
  let code: Requirement;
  let depotOnly: Requirement;

  beforeAll(async () => {
    admin = await verifiedUser(ctx.app, { firstname: 'Ada', lastname: 'Admin' });
    otherAdmin = await verifiedUser(ctx.app, { firstname: 'Otto', lastname: 'Anders' });
    anna = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Fahrer' });
    ben = await verifiedUser(ctx.app, { firstname: 'Ben', lastname: 'Fahrer' });
    betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg']);
    other = await foundBetrieb(ctx.app, otherAdmin, 'Frankenbahn', []);
    pair = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    code = await addRequirement(admin, betrieb, { startStation: 'NGM', endStation: 'NLR', companyRoute: 'K7' });
    depotOnly = await addRequirement(admin, betrieb, {
      startStation: 'NWH',
      endStation: 'NGM',
      depot: betrieb.depots[0]!.id,
    });
    await addRequirement(otherAdmin, other, { startStation: 'NF', endStation: 'NWH' });
    // Anna is a driver of both Betriebe.
    await join(ctx.app, anna, await invite(ctx.app, admin, betrieb.id));
    await join(ctx.app, anna, await invite(ctx.app, otherAdmin, other.id));
  });

  it('follows every write of a member’s routes and drives', async () => {
    const reversed = (await createRoute(ctx.app, anna, { startStation: 'NF', endStation: 'NWH' })) as Route;
    expect(await expectKeptIsFresh('a route met by its pair, reversed, in two Betriebe')).toBe(2);
    const activity = await drive(anna, [reversed.id], 10);
    await expectKeptIsFresh('a drive');
    const byCode = await createRoute(ctx.app, anna, { startStation: 'NWH', endStation: 'NLR', companyRoute: 'k7' });
    await expectKeptIsFresh('a route met by its Kürzel, case ignored');
    await drive(anna, [reversed.id, byCode.id], 3);
    await expectKeptIsFresh('a later drive of two routes: the longest valid counts');
    await ok(await patch(`/api/route_activities/${activity.id}`, anna, { acquiredAt: addDays(today, -1) }), 200);
    await expectKeptIsFresh('a drive’s date changed');
    await ok(await call('DELETE', `/api/route_activities/${activity.id}`, anna), 204);
    await expectKeptIsFresh('a drive deleted');
    await ok(await patch(`/api/routes/${byCode.id}`, anna, { companyRoute: 'K8' }), 200);
    await expectKeptIsFresh('a Kürzel changed: no longer met');
    await ok(await patch(`/api/routes/${byCode.id}`, anna, { startStation: 'NLR', endStation: 'NGM' }), 200);
    await expectKeptIsFresh('stations changed: now met by the pair');
    await ok(await call('DELETE', `/api/routes/${reversed.id}`, anna), 204);
    await expectKeptIsFresh('a route deleted');
  });

  it('follows the Betrieb’s requirements and the driver’s links', async () => {
    const loose = await createRoute(ctx.app, anna, { startStation: 'NGM', endStation: 'NF' });
    await drive(anna, [loose.id], 30);
    const added = await addRequirement(admin, betrieb, { startStation: 'NF', endStation: 'NGM' });
    await expectKeptIsFresh('a requirement added that a route meets already');
    await ok(await patch(`${requirementsOf(betrieb)}/${added.id}`, admin, { startStation: 'NWH' }), 200);
    await expectKeptIsFresh('a requirement’s pair changed');
    await ok(await call('PUT', `${requirementsOf(betrieb)}/${added.id}/link`, anna, { route: loose.id }), 200);
    await expectKeptIsFresh('a link by hand');
    await ok(await call('DELETE', `${requirementsOf(betrieb)}/${added.id}/link`, anna), 204);
    await expectKeptIsFresh('the link undone');
    await ok(await call('PUT', `${requirementsOf(betrieb)}/${depotOnly.id}/link`, anna, { route: loose.id }), 200);
    await ok(await call('DELETE', `${requirementsOf(betrieb)}/${depotOnly.id}`, admin), 204);
    await expectKeptIsFresh('a linked requirement deleted');
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `${requirementsOf(betrieb)}/import`,
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: 'Von;Bis;Kürzel\nNGM;NF;\nNLR;NWH;K9\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectKeptIsFresh('requirements imported from CSV');
    expect(code.id).toBeGreaterThan(pair.id);
  });

  it('follows line sections of requirements and the paths of routes', async () => {
    const path = (...sections: [number, number, number][]) => ({
      km: 0,
      sections: sections.map(([line, fromKm, toKm]) => ({ line, fromKm, toKm })),
    });
    // Two sections of line 5910 in a row, driven from its higher km: together they cover km 10–30.
    const along = await createRoute(ctx.app, anna, {
      startStation: 'NLR',
      endStation: 'NGM',
      path: path([5910, 30, 21], [5910, 21, 10.2], [5200, 4, 0]),
    });
    await drive(anna, [along.id], 5);
    const section = await addRequirement(admin, betrieb, {
      startStation: 'NWH',
      endStation: 'NLR',
      section: { line: 5910, fromKm: 10, toKm: 30 },
    });
    const bySection = async () => (await keptAndFresh()).kept.filter((row) => row.endsWith(' section')).length;
    await expectKeptIsFresh('a requirement naming a section that a route’s path covers (but for 0.2 km)');
    expect(await bySection()).toBe(1);
    const apart = await addRequirement(admin, betrieb, {
      startStation: 'NAH',
      endStation: 'FH',
      section: { line: 5910, fromKm: 5, toKm: 30 },
    });
    await expectKeptIsFresh('a section the path covers only in part');
    expect(await bySection()).toBe(1);
    await ok(await patch(`/api/routes/${along.id}`, anna, { path: path([5910, 31, 4.8]) }), 200);
    await expectKeptIsFresh('the route’s path changed: now both are covered');
    expect(await bySection()).toBe(2);
    await ok(
      await patch(`${requirementsOf(betrieb)}/${section.id}`, admin, { section: { line: 5200, fromKm: 0, toKm: 4 } }),
      200,
    );
    await expectKeptIsFresh('a requirement’s section changed to another line');
    await ok(await patch(`${requirementsOf(betrieb)}/${apart.id}`, admin, { section: null }), 200);
    await ok(await patch(`/api/routes/${along.id}`, anna, { path: null }), 200);
    await expectKeptIsFresh('the section taken away, and the path');
    expect(await bySection()).toBe(0);
  });

  it('follows members joining, leaving and deleting their account', async () => {
    const first = await createRoute(ctx.app, ben, { startStation: 'NWH', endStation: 'NF' });
    await drive(ben, [first.id], 100);
    await expectKeptIsFresh('routes of someone who is no member: nothing kept');
    await join(ctx.app, ben, await invite(ctx.app, admin, betrieb.id));
    const withBen = await expectKeptIsFresh('a driver joined with their routes');
    const members = await membersOf(ctx.app, admin, betrieb.id);
    const anne = members.find((member) => member.name.startsWith('Anna'))!;
    await ok(
      await patch(`/api/betriebe/${betrieb.id}/members/${anne.id}`, admin, { depot: betrieb.depots[0]!.id }),
      200,
    );
    expect(await expectKeptIsFresh('a member’s depot changed (asked-of is read, not kept)')).toBe(withBen);
    await ok(await call('DELETE', `/api/betriebe/${other.id}/membership`, anna), 204);
    await expectKeptIsFresh('a driver left one Betrieb');
    await ok(
      await call('POST', '/api/users/delete-account', ben, { password: ben.password, confirmation: 'KONTO LÖSCHEN' }),
      200,
    );
    await expectKeptIsFresh('a member deleted the account');
  });

  it('stays exact while drivers save in parallel and the admin adds requirements at once', async () => {
    const invitation = await invite(ctx.app, admin, betrieb.id);
    const team = await Promise.all(
      Array.from({ length: 4 }, (_, index) => verifiedUser(ctx.app, { firstname: `P${index}`, lastname: 'Parallel' })),
    );
    for (const user of team) await join(ctx.app, user, invitation);
    const routesOf = await Promise.all(
      team.map(async (user) => [
        await createRoute(ctx.app, user, { startStation: 'NWH', endStation: 'NGM' }),
        await createRoute(ctx.app, user, { startStation: 'NLR', endStation: 'NF', companyRoute: 'P1' }),
      ]),
    );
    const saves = Array.from({ length: 16 }, (_, index) =>
      drive(
        team[index % team.length]!,
        routesOf[index % team.length]!.map((route) => route.id),
        index,
      ),
    );
    const requirements = [
      addRequirement(admin, betrieb, { startStation: 'NLR', endStation: 'NF' }),
      addRequirement(admin, betrieb, { startStation: 'NGM', endStation: 'NWH', companyRoute: 'P1' }),
      addRequirement(admin, betrieb, { startStation: 'NF', endStation: 'NLR', companyRoute: 'X1' }),
    ];
    await Promise.all([...saves, ...requirements]);
    const kept = await expectKeptIsFresh('16 parallel saves and 3 new requirements');
    expect(kept).toBeGreaterThan(8);
  });
});
