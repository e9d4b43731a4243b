import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import { PLACE_SECTION_MESSAGE, type Requirement, type RequirementMatch } from '@streckenpass/contract/requirements';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * A Betrieb requires a place (Ortskunde, issue 41 item 4): a requirement with one operating point at both ends. Only a
 * driver's place of that point meets it — a route that merely starts or ends there does not —, and the matrix, "Wer
 * kann fahren?" and the driver's own view name it "Ortskunde …".
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let placeDriver: TestUser;
let routeDriver: TestUser;
let betrieb: Betrieb;
let requirement: Requirement;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  placeDriver = await verifiedUser(ctx.app, { firstname: 'Olga', lastname: 'Ort' });
  routeDriver = await verifiedUser(ctx.app, { firstname: 'Sven', lastname: 'Strecke' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Hafenbahn', []);
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  for (const user of [placeDriver, routeDriver]) await join(ctx.app, user, invitation);
  const made = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, {
    startStation: 'nwh',
    endStation: 'NWH',
  });
  expect(made.statusCode, made.body).toBe(201);
  requirement = made.json() as Requirement;

  // Olga knows the place; Sven knows a route from it, and one to it, both valid longer.
  const place = await createRoute(ctx.app, placeDriver, {
    name: 'Ortskunde Würzburg Hbf',
    startPoint: 'Würzburg Hbf',
    endPoint: 'Würzburg Hbf',
    startStation: 'NWH',
    endStation: 'NWH',
  });
  await insertRouteActivity(ctx.app, placeDriver.id, {
    acquiredAt: addDays(today, -10),
    acquiredUntil: addDays(today, 100),
    routeIds: [place.id],
  });
  for (const [start, end] of [
    ['NWH', 'NF'],
    ['NGM', 'NWH'],
  ]) {
    const route = await createRoute(ctx.app, routeDriver, { startStation: start, endStation: end });
    await insertRouteActivity(ctx.app, routeDriver.id, {
      acquiredAt: addDays(today, -5),
      acquiredUntil: addDays(today, 300),
      routeIds: [route.id],
    });
  }
});
afterAll(async () => ctx.close());

const base = () => `/api/betriebe/${betrieb.id}`;

describe('POST and PATCH /api/betriebe/{id}/requirements for a place', () => {
  it('takes one operating point at both ends, and refuses a line section on it (422)', async () => {
    expect(requirement).toMatchObject({ startStation: { code: 'NWH' }, endStation: { code: 'NWH' }, section: null });
    const withSection = await call('POST', `${base()}/requirements`, admin, {
      startStation: 'NF',
      endStation: 'NF',
      section: { line: 5910, fromKm: 0, toKm: 2 },
    });
    expect(withSection.statusCode).toBe(422);
    expect(violations(withSection)).toEqual([{ propertyPath: 'section', message: PLACE_SECTION_MESSAGE }]);

    // A pair with a section made a place by a patch: refused too.
    const pair = await call('POST', `${base()}/requirements`, admin, {
      startStation: 'NF',
      endStation: 'NGM',
      section: { line: 5910, fromKm: 0, toKm: 2 },
    });
    expect(pair.statusCode, pair.body).toBe(201);
    const id = (pair.json() as Requirement).id;
    const patched = await call('PATCH', `${base()}/requirements/${id}`, admin, { endStation: 'NF' });
    expect(patched.statusCode).toBe(422);
    expect(violations(patched)).toEqual([{ propertyPath: 'section', message: PLACE_SECTION_MESSAGE }]);
    expect((await call('DELETE', `${base()}/requirements/${id}`, admin)).statusCode).toBe(204);
  });
});

describe('the matching of a place requirement', () => {
  it('is met by the driver’s place of that point only, not by routes that start or end there (matrix)', async () => {
    const response = await call('GET', `${base()}/matrix`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const matrix = response.json() as Matrix;
    const cell = (name: string) =>
      matrix.drivers.find((driver) => driver.name === name)!.cells.find((c) => c.requirementId === requirement.id)!;
    expect(cell('Olga Ort')).toMatchObject({ state: 'gueltig', validUntil: addDays(today, 100) });
    expect(cell('Sven Strecke')).toMatchObject({ state: 'fehlt', route: null });
  });

  it('"Wer kann fahren?" by the requirement and by the same point twice names the place’s drivers only', async () => {
    for (const query of [`requirement=${requirement.id}`, 'from=NWH&to=NWH']) {
      const response = await call('GET', `${base()}/who-can-drive?${query}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as WhoCanDrive;
      expect(
        answer.drivers.map((driver) => driver.name),
        query,
      ).toEqual(['Olga Ort']);
      expect(answer.from.code).toBe('NWH');
      expect(answer.to.code).toBe('NWH');
    }
  });

  it('the matrix CSV heads the column "Ortskunde NWH"', async () => {
    const response = await call('GET', `${base()}/matrix.csv`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Name;Depot;Ortskunde NWH;Nächste Überprüfung;Letzte Überprüfung',
    );
  });

  it('the driver’s own view shows the place as the route that meets it', async () => {
    const response = await call('GET', `${base()}/requirements/matches`, placeDriver);
    expect(response.statusCode, response.body).toBe(200);
    const [match] = response.json() as RequirementMatch[];
    expect(match!.match).toMatchObject({ kind: 'pair', route: { name: 'Ortskunde Würzburg Hbf' } });
  });
});
