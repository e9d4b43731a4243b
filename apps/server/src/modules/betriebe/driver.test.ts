import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONSENT_TEXTS, CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { BETRIEB_DRIVER_FIELDS_BY_CONSENT, type BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { Betrieb, Member } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute, createVehicle, vehicleIri } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * One driver's page for the Betrieb (issue 38 item 13): what the consent lists — name, role, depot; routes with name,
 * Kürzel, start, end, validity and rule; drives with "Gefahren am", "Gültig bis", "Erfasst am" and "nachgetragen";
 * vehicles and the drives they were used on — and the Betrieb's requirements the driver meets. For admins and
 * Disponenten; the driver's current membership only.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let disponent: TestUser;
let driver: TestUser;
let colleague: TestUser;
let betrieb: Betrieb;
let members: Member[];
const LAST_NAMES = new Map<TestUser, string>();
const memberId = (user: TestUser) => members.find((m) => m.name.endsWith(LAST_NAMES.get(user)!))!.id;
const url = (id: number) => `/api/betriebe/${betrieb.id}/members/${id}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Disponentin' });
  driver = await verifiedUser(ctx.app, { firstname: 'Berta', lastname: 'Albrecht' });
  colleague = await verifiedUser(ctx.app, { firstname: 'Carl', lastname: 'Brandt' });
  for (const [user, name] of [
    [admin, 'Admin'],
    [disponent, 'Disponentin'],
    [driver, 'Albrecht'],
    [colleague, 'Brandt'],
  ] as const)
    LAST_NAMES.set(user, name);
  betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg']);
  const invitation = await invite(ctx.app, admin, betrieb.id, 'driver');
  await join(ctx.app, driver, invitation);
  await join(ctx.app, colleague, invitation);
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  members = await membersOf(ctx.app, admin, betrieb.id);
  const depot = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/betriebe/${betrieb.id}/members/${memberId(driver)}`,
    headers: mergePatchHeaders(admin),
    payload: JSON.stringify({ depot: betrieb.depots[0]!.id }),
  });
  expect(depot.statusCode, depot.body).toBe(200);

  const route = await createRoute(ctx.app, driver, {
    name: 'Würzburg – Fürth',
    companyRoute: 'K1',
    startPoint: 'Würzburg Hbf',
    endPoint: 'Fürth (Bay) Hbf',
    startStation: 'NWH',
    endStation: 'NF',
  });
  await createRoute(ctx.app, driver, { name: 'Nie gefahren', startPoint: 'A', endPoint: 'B', validityDays: 182 });
  const vehicle = await createVehicle(ctx.app, driver, 'BR 218');
  // Driven 20 days ago, recorded today: "nachgetragen". Driven 3 days ago and recorded the same day: not.
  const late = await insertRouteActivity(ctx.app, driver.id, {
    acquiredAt: addDays(today, -20),
    acquiredUntil: addDays(today, 344),
    routeIds: [route.id],
  });
  await insertRouteActivity(ctx.app, driver.id, {
    acquiredAt: addDays(today, -3),
    acquiredUntil: addDays(today, 361),
    routeIds: [route.id],
    recordedAt: new Date(`${addDays(today, -3)}T12:00:00Z`),
  });
  const used = await call('POST', '/api/vehicle_activities', driver, {
    acquiredVehicles: [vehicleIri(vehicle.id)],
    routeActivity: late.iri,
  });
  expect(used.statusCode, used.body).toBe(201);
  const required = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, {
    startStation: 'NF',
    endStation: 'NWH',
  });
  expect(required.statusCode, required.body).toBe(201);
  // The colleague's record must never show on the driver's page.
  await createRoute(ctx.app, colleague, { name: 'Des Kollegen', startStation: 'NWH', endStation: 'NF' });
}, 60_000);
afterAll(async () => ctx?.close());

describe('GET /api/betriebe/{id}/members/{memberId}', () => {
  it('shows admins and Disponenten the driver’s routes, drives, vehicles and the requirements they meet', async () => {
    for (const reader of [admin, disponent]) {
      const response = await call('GET', url(memberId(driver)), reader);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      const page = response.json() as BetriebDriver;
      expect(page).toMatchObject({
        membershipId: memberId(driver),
        name: 'Berta Albrecht',
        role: 'driver',
        depot: { id: betrieb.depots[0]!.id, name: betrieb.depots[0]!.name },
        asOf: today,
        drivesTotal: 2,
      });
      expect(page.routes).toEqual([
        {
          id: expect.any(Number),
          name: 'Nie gefahren',
          companyRoute: null,
          startPoint: 'A',
          endPoint: 'B',
          validUntil: null,
          validityRule: '½ Jahr (182 Tage)',
          acquisition: null,
        },
        {
          id: expect.any(Number),
          name: 'Würzburg – Fürth',
          companyRoute: 'K1',
          startPoint: 'Würzburg Hbf',
          endPoint: 'Fürth (Bay) Hbf',
          validUntil: addDays(today, 361),
          validityRule: 'wie im Konto: 1 Jahr (364 Tage)',
          acquisition: null,
        },
      ]);
      expect(
        page.drives.map(({ drivenOn, validUntil, backdated, routes, vehicles }) => ({
          drivenOn,
          validUntil,
          backdated,
          routes: routes.map((r) => r.name),
          vehicles: vehicles.map((v) => v.name),
        })),
      ).toEqual([
        {
          drivenOn: addDays(today, -3),
          validUntil: addDays(today, 361),
          backdated: false,
          routes: ['Würzburg – Fürth'],
          vehicles: [],
        },
        {
          drivenOn: addDays(today, -20),
          validUntil: addDays(today, 344),
          backdated: true,
          routes: ['Würzburg – Fürth'],
          vehicles: ['BR 218'],
        },
      ]);
      expect(page.drives[0]!.recordedAt).toBe(`${addDays(today, -3)}T12:00:00.000Z`);
      expect(page.drives[1]!.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(page.vehicles).toEqual([
        {
          id: expect.any(Number),
          name: 'BR 218',
          validityRule: expect.any(String),
          lastDriven: addDays(today, -20),
          drives: 1,
        },
      ]);
      expect(page.requirements).toEqual([
        {
          requirement: expect.objectContaining({ startStation: expect.objectContaining({ code: 'NF' }) }),
          state: 'gueltig',
          validUntil: addDays(today, 361),
          route: { id: expect.any(Number), name: 'Würzburg – Fürth' },
          kind: 'pair',
        },
      ]);
      expect(response.body).not.toContain('Des Kollegen');
      expect(response.body).not.toContain(driver.email);
    }
  });

  it('answers exactly the fields the consent lists, and each consent line is answered, for each version', async () => {
    // Ids, the day, the count and the Betrieb's own requirements are no datum of the driver's record beyond these.
    const own = [
      'membershipId',
      'asOf',
      'drivesTotal',
      'routes.id',
      'drives.id',
      'drives.routes.id',
      'drives.routes.name',
      'drives.vehicles.id',
      'drives.vehicles.name',
      'vehicles.id',
      'requirements.requirement',
      'requirements.state',
      'requirements.validUntil',
      'requirements.route.id',
      'requirements.route.name',
      'requirements.kind',
    ];
    const setVersion = (version: number) =>
      ctx.app.db.execute(sql`update memberships set consent_version = ${version} where user_id = ${driver.id}`);
    for (const version of [2, 1] as const) {
      // A member who agreed only to version 1 is shown as version 1 lists (issue 41 item 7).
      await setVersion(version);
      const page = (await call('GET', url(memberId(driver)), disponent)).json() as BetriebDriver;
      // Every field path of the answer (arrays by their items), leaves only.
      const paths = new Set<string>();
      const walk = (value: unknown, path: string) => {
        if (Array.isArray(value)) {
          if (value.length === 0 || typeof value[0] !== 'object') paths.add(path);
          else for (const item of value) walk(item, path);
        } else if (
          value !== null &&
          typeof value === 'object' &&
          !(path.endsWith('depot') || path === 'requirements.requirement')
        ) {
          for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
        } else paths.add(path);
      };
      walk(page, '');
      const shared = BETRIEB_DRIVER_FIELDS_BY_CONSENT[version].flat();
      const nested = (field: string) => [...paths].some((path) => path === field || path.startsWith(`${field}.`));
      for (const field of shared) expect(nested(field), `${version}: ${field}`).toBe(true);
      for (const path of paths) {
        expect(
          shared.some((field) => path === field || path.startsWith(`${field}.`)) || own.includes(path),
          `${version}: ${path}`,
        ).toBe(true);
      }
      // The list follows the consent line by line.
      expect(BETRIEB_DRIVER_FIELDS_BY_CONSENT[version]).toHaveLength(CONSENT_TEXTS[version].shared.length);
    }
    await setVersion(CONSENT_VERSION);
    // Drives with "Gefahren am" and "Erfasst am", vehicles with drives; from version 2 how each drive was made.
    expect(CONSENT_TEXTS[1].shared[2]).toContain('Gefahren am');
    expect(CONSENT_TEXTS[1].shared[2]).toContain('Erfasst am');
    expect(CONSENT_TEXTS[1].shared[3]).toContain('Fahrten, auf denen Sie sie gefahren sind');
    expect(CONSENT_TEXTS[2].shared[3]).toContain('wie jede Fahrt gemacht wurde');
    expect(CONSENT_TEXTS[2].shared[4]).toContain('Erstausbildung');
    expect(CONSENT_TEXTS[2].shared[5]).toContain('Fahrten, auf denen Sie sie gefahren sind');
  });

  it('answers a malformed member id like an unknown one (404, as every path id), and refuses the anonymous (401)', async () => {
    for (const id of ['abc', '0', '01', '-1', '2147483648']) {
      const response = await call('GET', `/api/betriebe/${betrieb.id}/members/${id}`, admin);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Fahrer/in nicht gefunden.' });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(memberId(driver)) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a driver (403), even for their own page', async () => {
    for (const id of [memberId(driver), memberId(colleague)]) {
      const response = await call('GET', url(id), colleague);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Albrecht');
    }
  });

  it('answers 404 for an admin or Disponent, an unknown member, a member of another Betrieb and a driver who left', async () => {
    for (const id of [memberId(admin), memberId(disponent), 2_147_483_647]) {
      const response = await call('GET', url(id), admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Fahrer/in nicht gefunden.' });
    }
    const other = await foundBetrieb(ctx.app, disponent, 'Andere Bahn');
    await join(ctx.app, driver, await invite(ctx.app, disponent, other.id, 'driver'));
    const there = (await membersOf(ctx.app, disponent, other.id)).find((m) => m.name === 'Berta Albrecht')!;
    expect((await call('GET', url(there.id), admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/betriebe/${other.id}/members/${memberId(driver)}`, disponent)).statusCode).toBe(
      404,
    );

    const leaving = memberId(colleague);
    expect((await call('GET', url(leaving), admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, colleague)).statusCode).toBe(204);
    const gone = await call('GET', url(leaving), admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Brandt');
  });
});
