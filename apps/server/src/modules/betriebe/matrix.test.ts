import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix, MatrixDriver } from '@streckenpass/contract/matrix';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import type { Requirement, VehicleRequirement } from '@streckenpass/contract/requirements';
import type { Route } from '@streckenpass/contract/routes';
import { withoutVehicleTypes, type MatrixProofContent } from '../../export/matrix-model.js';
import { contentHash } from '../../lib/proof-signature.js';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * The Betrieb's matrix and "Wer kann fahren?" (issue 28 items 3 and 4) on one Betrieb:
 * - requirements R1 NWH–NF (whole Betrieb), R2 NGM–NLR with Kürzel K7 (depot Würzburg), R3 NWH–NGM (whole Betrieb);
 * - drivers Berta Albrecht (Würzburg), Carl Brandt (Nürnberg), Doris Zeller (no depot); the admin and the Disponent
 *   have routes too, but are no rows.
 * Cells, by the rule (the longest valid route counts):
 *            R1                        R2 (Würzburg)              R3
 *   Albrecht gültig +100 (pair, rev.)  bald +30 (code)            fehlt
 *   Brandt   abgelaufen −1 (pair)      gültig +200 (not asked)    bald ±0 (pair)
 *   Zeller   nie (never driven)        fehlt (not asked)          gültig +31 (manual link)
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let disponent: TestUser;
let betrieb: Betrieb;
let r1: Requirement;
let r2: Requirement;
let r3: Requirement;
/** Required vehicle types: V1 BR 218 (whole Betrieb; Zeller has a "Br218"), V2 BR 442 (Nürnberg; nobody has one). */
let v1: VehicleRequirement;
let v2: VehicleRequirement;
const drivers: Record<'albrecht' | 'brandt' | 'zeller', TestUser> = {} as never;
const routes: Record<string, Route> = {};

const base = () => `/api/betriebe/${betrieb.id}`;
/** A depot as a member, a requirement and the matrix name it (the Betrieb's list adds the depot's own rule). */
const depot = (name: string) => {
  const { id } = betrieb.depots.find((d) => d.name === name)!;
  return { id, name };
};

/** A route of `user` valid until today + `days` (null: never driven). */
async function routeValid(user: TestUser, days: number | null, input: Parameters<typeof createRoute>[2]) {
  const route = await createRoute(ctx.app, user, input);
  if (days !== null) {
    const acquiredUntil = addDays(today, days);
    await insertRouteActivity(ctx.app, user.id, {
      acquiredAt: addDays(acquiredUntil, -364),
      acquiredUntil,
      routeIds: [route.id],
    });
  }
  return route;
}

async function addRequirement(body: Record<string, unknown>): Promise<Requirement> {
  const response = await call('POST', `${base()}/requirements`, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Requirement;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Disponentin' });
  drivers.albrecht = await verifiedUser(ctx.app, { firstname: 'Berta', lastname: 'Albrecht' });
  drivers.brandt = await verifiedUser(ctx.app, { firstname: 'Carl', lastname: 'Brandt' });
  drivers.zeller = await verifiedUser(ctx.app, { firstname: 'Doris', lastname: 'Zeller' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg', 'Nürnberg']);
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  for (const user of Object.values(drivers)) await join(ctx.app, user, invitation);
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  const members = await membersOf(ctx.app, admin, betrieb.id);
  for (const [user, name] of [
    [drivers.albrecht, 'Würzburg'],
    [drivers.brandt, 'Nürnberg'],
  ] as const) {
    const member = members.find((m) => m.name.endsWith(user === drivers.albrecht ? 'Albrecht' : 'Brandt'))!;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${member.id}`,
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ depot: depot(name).id }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  r1 = await addRequirement({ startStation: 'NWH', endStation: 'NF' });
  r2 = await addRequirement({
    startStation: 'NGM',
    endStation: 'NLR',
    companyRoute: 'K7',
    depot: depot('Würzburg').id,
  });
  r3 = await addRequirement({ startStation: 'NWH', endStation: 'NGM' });

  const { albrecht, brandt, zeller } = drivers;
  routes.albrechtR1 = await routeValid(albrecht, 100, {
    name: 'Fürth – Würzburg',
    startStation: 'NF',
    endStation: 'NWH',
  });
  // An older drive of the same pair: the longest valid route counts.
  await routeValid(albrecht, 5, { name: 'Würzburg – Fürth (alt)', startStation: 'NWH', endStation: 'NF' });
  routes.albrechtR2 = await routeValid(albrecht, 30, { name: 'Gemünden – Lohr', companyRoute: 'k7' });
  routes.brandtR1 = await routeValid(brandt, -1, { name: 'Würzburg – Fürth', startStation: 'NWH', endStation: 'NF' });
  routes.brandtR2 = await routeValid(brandt, 200, { name: 'Lohr – Gemünden', startStation: 'NLR', endStation: 'NGM' });
  routes.brandtR3 = await routeValid(brandt, 0, {
    name: 'Würzburg – Gemünden',
    startStation: 'NWH',
    endStation: 'NGM',
  });
  routes.zellerR1 = await routeValid(zeller, null, { name: 'Nie gefahren', startStation: 'NF', endStation: 'NWH' });
  routes.zellerR3 = await routeValid(zeller, 31, { name: 'Umleitung über Karlstadt' });
  const linked = await call('PUT', `${base()}/requirements/${r3.id}/link`, zeller, { route: routes.zellerR3.id });
  expect(linked.statusCode, linked.body).toBe(200);
  // Members who are no drivers, and a stranger, with routes that would match: never rows, never counted.
  await routeValid(admin, 300, { name: 'Des Admins', startStation: 'NWH', endStation: 'NF' });
  await routeValid(disponent, 300, { name: 'Der Disponentin', startStation: 'NWH', endStation: 'NF' });
  await routeValid(await verifiedUser(ctx.app), 300, { name: 'Fremd', startStation: 'NWH', endStation: 'NF' });
  const vehicleType = await call('POST', `${base()}/vehicle-requirements`, admin, { vehicleType: 'BR 218' });
  expect(vehicleType.statusCode).toBe(201);
  v1 = vehicleType.json() as VehicleRequirement;
  // Asked of Nürnberg's drivers only (Brandt, who has no vehicle of it).
  const depotType = await call('POST', `${base()}/vehicle-requirements`, admin, {
    vehicleType: 'BR 442',
    depot: depot('Nürnberg').id,
  });
  expect(depotType.statusCode, depotType.body).toBe(201);
  v2 = depotType.json() as VehicleRequirement;
  expect((await call('POST', '/api/vehicles', zeller, { name: 'Br218' })).statusCode).toBe(201);
  expect((await call('POST', '/api/vehicles', zeller, { name: 'Privatauto' })).statusCode).toBe(201);
}, 60_000);
afterAll(async () => ctx?.close());

async function matrix(query = '', user = disponent): Promise<Matrix> {
  const response = await call('GET', `${base()}/matrix${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Matrix;
}
const names = (m: Matrix) => m.drivers.map((d) => d.name);
const cellOf = (driver: MatrixDriver, requirement: Requirement) =>
  driver.cells.find((c) => c.requirementId === requirement.id)!;

describe('GET /api/betriebe/{id}/matrix', () => {
  it('shows every driver × requirement with its state, date, route and kind; admins and Disponenten alike', async () => {
    const m = await matrix();
    expect(m).toMatchObject({ page: 1, pageSize: 50, total: 3, asOf: today });
    expect(m.requirements.map((r) => r.id)).toEqual([r1.id, r3.id, r2.id]);
    expect(names(m)).toEqual(['Berta Albrecht', 'Carl Brandt', 'Doris Zeller']);
    const [albrecht, brandt, zeller] = m.drivers as [MatrixDriver, MatrixDriver, MatrixDriver];
    expect(albrecht.depot).toEqual(depot('Würzburg'));
    expect(albrecht.cells.map((c) => c.requirementId)).toEqual([r1.id, r3.id, r2.id]);
    expect(cellOf(albrecht, r1)).toEqual({
      requirementId: r1.id,
      state: 'gueltig',
      validUntil: addDays(today, 100),
      route: { id: routes.albrechtR1!.id, name: 'Fürth – Würzburg' },
      kind: 'pair',
      required: true,
    });
    expect(cellOf(albrecht, r2)).toMatchObject({ state: 'bald', validUntil: addDays(today, 30), kind: 'code' });
    expect(cellOf(albrecht, r3)).toEqual({
      requirementId: r3.id,
      state: 'fehlt',
      validUntil: null,
      route: null,
      kind: null,
      required: true,
    });
    expect(cellOf(brandt, r1)).toMatchObject({ state: 'abgelaufen', validUntil: addDays(today, -1) });
    expect(cellOf(brandt, r2)).toMatchObject({ state: 'gueltig', kind: 'pair', required: false });
    expect(cellOf(brandt, r3)).toMatchObject({ state: 'bald', validUntil: today, kind: 'pair' });
    expect(cellOf(zeller, r1)).toMatchObject({ state: 'nie', validUntil: null, kind: 'pair' });
    expect(cellOf(zeller, r2)).toMatchObject({ state: 'fehlt', required: false });
    expect(cellOf(zeller, r3)).toMatchObject({ state: 'gueltig', validUntil: addDays(today, 31), kind: 'manual' });
    expect(await matrix('', admin)).toEqual(m);
  });

  it('has a column per required vehicle type: the driver’s vehicle of that type, "fehlt", or not asked (issue 40)', async () => {
    const m = await matrix();
    expect(m.vehicleTypes.map((type) => [type.vehicleType, type.depot?.name ?? null])).toEqual([
      ['BR 218', null],
      ['BR 442', 'Nürnberg'],
    ]);
    const [albrecht, brandt, zeller] = m.drivers as [MatrixDriver, MatrixDriver, MatrixDriver];
    expect(albrecht.vehicles).toEqual([
      { requirementId: v1.id, vehicle: null, required: true },
      { requirementId: v2.id, vehicle: null, required: false },
    ]);
    expect(brandt.vehicles).toEqual([
      { requirementId: v1.id, vehicle: null, required: true },
      { requirementId: v2.id, vehicle: null, required: true },
    ]);
    // "Br218" is the type "BR 218" (case and blanks ignored); her "Privatauto" is no type.
    expect(zeller.vehicles[0]).toEqual({
      requirementId: v1.id,
      vehicle: { id: expect.any(Number), name: 'Br218' },
      required: true,
    });
    // Totals over every driver it is asked of, whatever the page.
    expect((await matrix('?pageSize=1')).vehicleTotals).toEqual([
      { requirementId: v1.id, known: 1, drivers: 3 },
      { requirementId: v2.id, known: 0, drivers: 1 },
    ]);
    // A depot's matrix has the whole Betrieb's types and the depot's; one requirement asked for, none.
    const wuerzburg = await matrix(`?depot=${depot('Würzburg').id}`);
    expect(wuerzburg.vehicleTypes.map((type) => type.id)).toEqual([v1.id]);
    expect(wuerzburg.vehicleTotals).toEqual([{ requirementId: v1.id, known: 0, drivers: 1 }]);
    const one = await matrix(`?requirement=${r1.id}`);
    expect(one).toMatchObject({ vehicleTypes: [], vehicleTotals: [] });
    expect(one.drivers.map((driver) => driver.vehicles)).toEqual([[], [], []]);
  });

  it('counts per requirement over the drivers it is asked of: "12 von 40"', async () => {
    const m = await matrix('?pageSize=1');
    expect(m.drivers).toHaveLength(1);
    expect(m.totals).toEqual([
      { requirementId: r1.id, valid: 1, expiring: 0, expired: 1, never: 1, training: 0, missing: 0, drivers: 3 },
      { requirementId: r3.id, valid: 2, expiring: 1, expired: 0, never: 0, training: 0, missing: 1, drivers: 3 },
      { requirementId: r2.id, valid: 1, expiring: 1, expired: 0, never: 0, training: 0, missing: 0, drivers: 1 },
    ]);
  });

  it('filters by state: rows with at least one asked cell in it', async () => {
    expect(names(await matrix('?state=fehlt'))).toEqual(['Berta Albrecht']);
    expect(names(await matrix('?state=bald'))).toEqual(['Berta Albrecht', 'Carl Brandt']);
    expect(names(await matrix('?state=abgelaufen'))).toEqual(['Carl Brandt']);
    // Never driven is a state and a filter of its own (issue 40), not a kind of expired.
    expect(names(await matrix('?state=nie'))).toEqual(['Doris Zeller']);
    // Brandt's valid R2 is not asked of him (another depot's).
    expect(names(await matrix('?state=gueltig'))).toEqual(['Berta Albrecht', 'Doris Zeller']);
    const filtered = await matrix('?state=fehlt');
    expect(filtered.total).toBe(1);
    // Totals stay over every driver.
    expect(filtered.totals).toEqual((await matrix()).totals);
  });

  it('filters by depot (rows and columns, totals too), by requirement and by name', async () => {
    const wuerzburg = await matrix(`?depot=${depot('Würzburg').id}`);
    expect(names(wuerzburg)).toEqual(['Berta Albrecht']);
    expect(wuerzburg.requirements.map((r) => r.id)).toEqual([r1.id, r3.id, r2.id]);
    const nuernberg = await matrix(`?depot=${depot('Nürnberg').id}`);
    expect(names(nuernberg)).toEqual(['Carl Brandt']);
    expect(nuernberg.requirements.map((r) => r.id)).toEqual([r1.id, r3.id]);
    expect(nuernberg.totals).toEqual([
      { requirementId: r1.id, valid: 0, expiring: 0, expired: 1, never: 0, training: 0, missing: 0, drivers: 1 },
      { requirementId: r3.id, valid: 1, expiring: 1, expired: 0, never: 0, training: 0, missing: 0, drivers: 1 },
    ]);
    const one = await matrix(`?requirement=${r2.id}`);
    expect(one.requirements.map((r) => r.id)).toEqual([r2.id]);
    expect(one.drivers.map((d) => d.cells.length)).toEqual([1, 1, 1]);
    expect(one.totals).toEqual([
      { requirementId: r2.id, valid: 1, expiring: 1, expired: 0, never: 0, training: 0, missing: 0, drivers: 1 },
    ]);
    expect(names(await matrix(`?requirement=${r2.id}&state=fehlt`))).toEqual([]);
    expect(names(await matrix(`?requirement=${r3.id}&state=fehlt`))).toEqual(['Berta Albrecht']);
    expect(names(await matrix('?q=ZELL'))).toEqual(['Doris Zeller']);
    expect(names(await matrix('?q=berta%20alb'))).toEqual(['Berta Albrecht']);
    expect(names(await matrix('?q=%25'))).toEqual([]);
    expect(names(await matrix('?q=Admin'))).toEqual([]);
  });

  it('sorts by name, depot or expiry, and pages in that order', async () => {
    expect(names(await matrix('?sort=depot'))).toEqual(['Carl Brandt', 'Berta Albrecht', 'Doris Zeller']);
    // Missing (Albrecht) and never driven (Zeller) first, then the earliest end (Brandt, yesterday).
    expect(names(await matrix('?sort=expiring'))).toEqual(['Berta Albrecht', 'Doris Zeller', 'Carl Brandt']);
    const first = await matrix('?sort=expiring&pageSize=2');
    expect(names(first)).toEqual(['Berta Albrecht', 'Doris Zeller']);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(names(await matrix('?sort=expiring&pageSize=2&page=2'))).toEqual(['Carl Brandt']);
    const beyond = await matrix('?page=3&pageSize=2');
    expect(beyond).toMatchObject({ drivers: [], total: 3, page: 3 });
  });

  it('refuses malformed queries (400), values out of range and a depot or requirement of another Betrieb (422)', async () => {
    for (const query of ['depot=x', 'page=1.5', 'pageSize=zehn']) {
      const response = await call('GET', `${base()}/matrix?${query}`, disponent);
      expect(response.statusCode, query).toBe(400);
    }
    for (const query of ['state=gut', 'sort=alter']) {
      const response = await call('GET', `${base()}/matrix?${query}`, disponent);
      expect(violations(response), query).toEqual([
        { propertyPath: query.split('=')[0], message: 'Dieser Wert ist nicht zulässig.' },
      ]);
    }
    const tooLarge = await call('GET', `${base()}/matrix?pageSize=101`, disponent);
    expect(tooLarge.statusCode).toBe(422);
    expect(violations(tooLarge)).toEqual([{ propertyPath: 'pageSize', message: 'Höchstens 100 Zeilen je Seite.' }]);
    for (const query of ['pageSize=0', 'page=0']) {
      expect((await call('GET', `${base()}/matrix?${query}`, disponent)).statusCode, query).toBe(422);
    }
    const other = await foundBetrieb(ctx.app, await verifiedUser(ctx.app), 'Andere Bahn', ['Kassel']);
    const foreignDepot = await call('GET', `${base()}/matrix?depot=${other.depots[0]!.id}`, disponent);
    expect(foreignDepot.statusCode).toBe(422);
    expect(violations(foreignDepot)).toEqual([
      { propertyPath: 'depot', message: 'Dieses Depot gibt es im Betrieb nicht.' },
    ]);
    const unknown = await call('GET', `${base()}/matrix?requirement=2147483647`, disponent);
    expect(unknown.statusCode).toBe(422);
    expect(violations(unknown)[0]).toMatchObject({ propertyPath: 'requirement' });
    const long = await call('GET', `${base()}/matrix?q=${'x'.repeat(101)}`, disponent);
    expect(long.statusCode).toBe(422);
    expect((await call('GET', `${base()}/matrix`)).statusCode).toBe(401);
  });
});

describe('GET /api/betriebe/{id}/matrix.csv', () => {
  it('exports every filtered driver as CSV for German spreadsheets, with totals and the day', async () => {
    const response = await call('GET', `${base()}/matrix.csv?sort=depot`, disponent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="streckenkunde-matrix-${today}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const date = (days: number) => addDays(today, days).split('-').reverse().join('.');
    // No check of the infrastructure knowledge recorded for anyone: no next one counted, no last one.
    const none = 'keine Überprüfung erfasst;';
    expect(lines).toEqual([
      'Name;Depot;NWH – NF;NWH – NGM;NGM – NLR (K7) · Würzburg;Fahrzeugtyp BR 218;Fahrzeugtyp BR 442 · Nürnberg;' +
        'Nächste Überprüfung;Letzte Überprüfung',
      `Carl Brandt;Nürnberg;abgelaufen seit ${date(0)};läuft ab am ${date(0)};gültig bis ${date(200)} (nicht gefordert);fehlt;fehlt;${none}`,
      `Berta Albrecht;Würzburg;gültig bis ${date(100)};fehlt;läuft ab am ${date(30)};fehlt;fehlt (nicht gefordert);${none}`,
      `Doris Zeller;;nie gefahren;gültig bis ${date(31)};fehlt (nicht gefordert);bekannt (Br218);fehlt (nicht gefordert);${none}`,
      '',
      'Streckenkundig;;1 von 3 Fahrer/innen streckenkundig;2 von 3 Fahrer/innen streckenkundig;1 von 1 Fahrer/in streckenkundig;1 von 3 Fahrer/innen kennt den Typ;0 von 1 Fahrer/in kennen den Typ',
      `Stand;${date(0)}`,
      '',
    ]);
    const filtered = await call('GET', `${base()}/matrix.csv?state=fehlt&requirement=${r3.id}`, admin);
    expect(filtered.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFName;Depot;NWH – NGM;Nächste Überprüfung;Letzte Überprüfung',
      'Berta Albrecht;Würzburg;fehlt;keine Überprüfung erfasst;',
      '',
    ]);
  });
});

describe('GET /api/betriebe/{id}/who-can-drive', () => {
  const whoCanDrive = async (query: string): Promise<WhoCanDrive> => {
    const response = await call('GET', `${base()}/who-can-drive?${query}`, disponent);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WhoCanDrive;
  };

  it('lists the drivers whose knowledge of a requirement is valid on the day, longest first, with their vehicles', async () => {
    const answer = await whoCanDrive(`requirement=${r3.id}`);
    expect(answer).toMatchObject({
      date: today,
      requirement: { id: r3.id },
      from: { code: 'NWH' },
      to: { code: 'NGM' },
    });
    expect(answer.drivers).toEqual([
      {
        membershipId: expect.any(Number),
        name: 'Doris Zeller',
        depot: null,
        route: { id: routes.zellerR3!.id, name: 'Umleitung über Karlstadt', validUntil: addDays(today, 31) },
        vehicles: [
          {
            requirementId: expect.any(Number),
            vehicleType: 'BR 218',
            vehicle: { id: expect.any(Number), name: 'Br218' },
          },
        ],
      },
      {
        membershipId: expect.any(Number),
        name: 'Carl Brandt',
        depot: depot('Nürnberg'),
        route: { id: routes.brandtR3!.id, name: 'Würzburg – Gemünden', validUntil: today },
        vehicles: [],
      },
    ]);
    // A route that ends before the day does not count.
    const tomorrow = await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, 1)}`);
    expect(tomorrow.drivers.map((d) => d.name)).toEqual(['Doris Zeller']);
    expect((await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, 32)}`)).drivers).toEqual([]);
    // By Kürzel, and only the depot's drivers when asked.
    expect((await whoCanDrive(`requirement=${r2.id}`)).drivers.map((d) => d.name)).toEqual([
      'Carl Brandt',
      'Berta Albrecht',
    ]);
    const inWuerzburg = await whoCanDrive(`requirement=${r2.id}&depot=${depot('Würzburg').id}`);
    expect(inWuerzburg.drivers.map((d) => d.name)).toEqual(['Berta Albrecht']);
  });

  it('answers a station pair in either direction, by pair only', async () => {
    for (const query of ['from=NWH&to=NF', 'from=nf&to=nwh']) {
      const answer = await whoCanDrive(query);
      expect(answer.requirement).toBeNull();
      expect(answer.drivers.map((d) => [d.name, d.route.id])).toEqual([['Berta Albrecht', routes.albrechtR1!.id]]);
    }
    // Zeller knows R3's line only through a manual link, which a bare pair does not have.
    expect((await whoCanDrive('from=NGM&to=NWH')).drivers.map((d) => d.name)).toEqual(['Carl Brandt']);
    const past = await whoCanDrive(`from=NWH&to=NF&date=${addDays(today, -1)}`);
    expect(past.drivers.map((d) => d.name)).toEqual(['Berta Albrecht', 'Carl Brandt']);
    expect(past.date).toBe(addDays(today, -1));
  });

  it('counts for a past day only drives on or before it whose validity covers it (issue 38 item 6)', async () => {
    // R3: Brandt drove on today − 364 (valid until today), Zeller on today − 333 (valid until today + 31).
    const beforeAnyDrive = await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, -400)}`);
    expect(beforeAnyDrive.drivers).toEqual([]);
    const betweenTheDrives = await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, -340)}`);
    expect(betweenTheDrives.drivers.map((d) => [d.name, d.route.validUntil])).toEqual([['Carl Brandt', today]]);
    // NWH–NF: Albrecht's route valid longest today was first driven on today − 264; on today − 300 only the older
    // route (driven today − 359, valid until today + 5) counts, with its own end; Brandt drove on today − 365.
    const past = await whoCanDrive(`from=NWH&to=NF&date=${addDays(today, -300)}`);
    expect(past.drivers.map((d) => [d.name, d.route.name, d.route.validUntil])).toEqual([
      ['Berta Albrecht', 'Würzburg – Fürth (alt)', addDays(today, 5)],
      ['Carl Brandt', 'Würzburg – Fürth', addDays(today, -1)],
    ]);
    expect((await whoCanDrive(`from=NWH&to=NF&date=${addDays(today, -366)}`)).drivers).toEqual([]);
    // The day of the first drive counts; the day before does not.
    expect((await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, -333)}`)).drivers.map((d) => d.name)).toEqual(
      ['Doris Zeller', 'Carl Brandt'],
    );
    expect((await whoCanDrive(`requirement=${r3.id}&date=${addDays(today, -334)}`)).drivers.map((d) => d.name)).toEqual(
      ['Carl Brandt'],
    );
  });

  it('refuses neither or both of requirement and pair, an unknown code, date or requirement (422), a bad id (400)', async () => {
    const refused = async (query: string, status = 422) => {
      const response = await call('GET', `${base()}/who-can-drive?${query}`, disponent);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(status);
      return violations(response);
    };
    expect(await refused('')).toEqual([
      { propertyPath: 'requirement', message: 'Bitte eine Anforderung oder Start und Ende angeben.' },
    ]);
    expect((await refused(`requirement=${r1.id}&from=NWH&to=NF`))[0]!.propertyPath).toBe('requirement');
    expect(await refused('from=NWH')).toEqual([{ propertyPath: 'to', message: 'Bitte das Ende angeben.' }]);
    // The same point twice is a place (issue 41 item 4, place-requirements.test.ts), no longer refused.
    expect(await refused('from=QQQQ&to=NF')).toEqual([
      { propertyPath: 'from', message: 'Unbekanntes Betriebsstellen-Kürzel „QQQQ“.' },
    ]);
    expect((await refused(`requirement=${r1.id}&date=2026-02-30`))[0]!.propertyPath).toBe('date');
    expect((await refused('requirement=2147483647'))[0]!.propertyPath).toBe('requirement');
    await refused('requirement=abc', 400);
  });
});

/** The code of the matrix issued below, checked again after the changes at the end. */
let issuedCode = '';

describe('POST /api/betriebe/{id}/matrix/pdf', () => {
  const verify = (file: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      payload: file,
    });

  it('issues the filtered matrix as a signed PDF that /pruefen finds genuine, and lists it for its issuer', async () => {
    const response = await call('POST', `${base()}/matrix/pdf`, disponent, { depot: depot('Würzburg').id });
    expect(response.statusCode, response.body).toBe(200);
    const withTypes = await call('POST', `${base()}/matrix/pdf`, disponent, {});
    expect(withTypes.statusCode, withTypes.body).toBe(200);
    const all = execFileSync('pdftotext', ['-', '-'], { input: withTypes.rawPayload, encoding: 'utf8' });
    for (const expected of [
      '3 Fahrer/innen · 3 Anforderungen · 2 Fahrzeugtypen',
      'Abdeckung je Fahrzeugtyp',
      '1 von 3 Fahrer/innen kennt den Typ',
      'Fahrzeugtyp BR 442 · Nürnberg',
      'bekannt (Br218)',
    ]) {
      expect(all.replace(/\s+/g, ' ')).toContain(expected);
    }
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="streckenkunde-matrix-${today}.pdf"`);
    const file = response.rawPayload;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.toString('latin1')).toContain('%StreckenpassProof');
    const text = execFileSync('pdftotext', ['-', '-'], { input: file, encoding: 'utf8' }).replace(/\s+/g, ' ');
    const date = (days: number) => addDays(today, days).split('-').reverse().join('.');
    for (const expected of [
      'Streckenkunde-Matrix',
      'Mainfranken Bahn',
      'Dora Disponentin',
      'Depot Würzburg · nach Namen',
      '1 Fahrer/in · 3 Anforderungen · 1 Fahrzeugtyp',
      'Fahrzeugtyp BR 218',
      '1 von 1 Fahrer/in streckenkundig',
      `gültig bis ${date(100)}`,
      `läuft ab am ${date(30)}`,
      'Gemünden – Lohr',
      'Prüfcode',
    ]) {
      expect(text).toContain(expected);
    }
    // Brandt and Zeller are not in Würzburg.
    expect(text).not.toContain('Brandt');

    const checked = await verify(file);
    expect(checked.statusCode, checked.body).toBe(200);
    const answer = checked.json() as {
      state: string;
      document: { code: string; kind: string; changedSince: boolean; matrix: Record<string, unknown> };
    };
    expect(answer).toMatchObject({ state: 'genuine', document: { kind: 'matrix', changedSince: false } });
    expect(answer.document.matrix).toMatchObject({
      betrieb: 'Mainfranken Bahn',
      issuer: { firstname: 'Dora', lastname: 'Disponentin' },
      asOf: today,
      selection: 'Depot Würzburg · nach Namen',
      totals: [
        { requirementId: r1.id, valid: 1, drivers: 1 },
        { requirementId: r3.id, missing: 1, drivers: 1 },
        { requirementId: r2.id, expiring: 1, drivers: 1 },
      ],
      drivers: [
        {
          name: 'Berta Albrecht',
          depot: 'Würzburg',
          cells: [
            { requirementId: r1.id, matched: true, validUntil: addDays(today, 100), route: 'Fürth – Würzburg' },
            { requirementId: r3.id, matched: false, validUntil: null, route: null },
            { requirementId: r2.id, matched: true, validUntil: addDays(today, 30), route: 'Gemünden – Lohr' },
          ],
          vehicles: [{ requirementId: v1.id, vehicle: null }],
        },
      ],
      vehicleTypes: [{ id: v1.id, vehicleType: 'BR 218', depot: null, label: 'BR 218' }],
      vehicleTotals: [{ requirementId: v1.id, known: 0, drivers: 1 }],
    });
    expect(JSON.stringify(answer)).not.toContain('@');
    issuedCode = answer.document.code;

    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${answer.document.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Streckenkunde-Matrix eines Betriebs');
    expect(page.body).toContain('Mainfranken Bahn');
    expect(page.body).toContain('1 von 1 Fahrer/in streckenkundig');
    expect(page.body).toContain('NWH – NGM: fehlt');
    expect(page.body).toContain('Abdeckung je Fahrzeugtyp (1)');
    expect(page.body).toContain('Fahrzeugtyp BR 218: fehlt');

    // A changed byte is no longer the issued file.
    const altered = Buffer.from(file);
    altered[200] = altered[200]! ^ 1;
    expect((await verify(altered)).json()).toMatchObject({ state: 'altered' });

    const listed = (await call('GET', '/api/proofs', disponent)).json() as { code: string; kind: string }[];
    expect(listed.map((proof) => proof.kind)).toContain('matrix');
  });

  it('compares a matrix issued before vehicle types were part of it without them', async () => {
    const bare = issuedCode.replaceAll('-', '');
    const { rows } = (await ctx.app.db.execute(
      sql`select content from issued_documents where code = ${bare}`,
    )) as unknown as { rows: { content: MatrixProofContent }[] };
    const issued = rows[0]!.content;
    expect(issued.vehicleTypes).toHaveLength(1);
    // The same matrix as content of November 2026 had it: no vehicle types, no vehicle cells.
    const older = withoutVehicleTypes(issued);
    expect(JSON.stringify(older)).not.toContain('vehicle');
    const again = await ctx.app.matrixService.reissue(disponent.id, older);
    expect(contentHash(again)).toBe(contentHash(older));
    expect(contentHash(await ctx.app.matrixService.reissue(disponent.id, issued))).toBe(contentHash(issued));
  });

  it('refuses a depot of another Betrieb (422) and a malformed body (400)', async () => {
    const other = await foundBetrieb(ctx.app, await verifiedUser(ctx.app), 'Dritte Bahn', ['Fulda']);
    const foreign = await call('POST', `${base()}/matrix/pdf`, admin, { depot: other.depots[0]!.id });
    expect(foreign.statusCode).toBe(422);
    expect((await call('POST', `${base()}/matrix/pdf`, admin, '{"depot":')).statusCode).toBe(400);
  });
});

describe('the totals after a change (read from the kept coverage in the same snapshot as the page)', () => {
  it('follow a driver’s new drive, a new manual link and a member’s new depot at once', async () => {
    const totalOf = async (requirement: Requirement) =>
      (await matrix('?pageSize=1')).totals.find((t) => t.requirementId === requirement.id)!;
    expect(await totalOf(r3)).toMatchObject({ valid: 2, missing: 1, drivers: 3 });
    // Albrecht drives Würzburg – Gemünden: R3 is covered by every driver.
    await routeValid(drivers.albrecht, 60, { name: 'Würzburg – Gemünden', startStation: 'NGM', endStation: 'NWH' });
    expect(await totalOf(r3)).toMatchObject({ valid: 3, expiring: 1, missing: 0, drivers: 3 });
    // Zeller links a route to R1 that is valid longer than her never-driven one.
    const linked = await call('PUT', `${base()}/requirements/${r1.id}/link`, drivers.zeller, {
      route: routes.zellerR3!.id,
    });
    expect(linked.statusCode).toBe(200);
    expect(await totalOf(r1)).toMatchObject({ valid: 2, expired: 1, drivers: 3 });
    // Brandt moves to Würzburg: R2 is asked of him now, and he knows it.
    const brandt = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => m.name === 'Carl Brandt')!;
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${brandt.id}`,
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ depot: depot('Würzburg').id }),
    });
    expect(moved.statusCode).toBe(200);
    expect(await totalOf(r2)).toEqual({
      requirementId: r2.id,
      valid: 2,
      expiring: 1,
      expired: 0,
      never: 0,
      training: 0,
      missing: 0,
      drivers: 2,
    });
    // The matrix issued before reads differently now (Albrecht knows R3; Brandt is in Würzburg).
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/pruefen/${issuedCode}`,
      headers: { accept: 'application/json' },
    });
    expect(again.json()).toMatchObject({ state: 'genuine', document: { changedSince: true } });
  });
});
