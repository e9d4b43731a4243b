import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { Route } from '@streckenpass/contract/routes';
import { createCaller } from '../../test/api.js';
import { betriebWithDrivers } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';
import { formatCode, readTrailer } from '../../lib/proof-signature.js';

/*
 * A driver whose route asks a first acquisition that is not yet met is "in Ausbildung" on the employer's side (issue
 * 41 item 3): a state of its own in the matrix, its filter, its totals, the driver's page, the CSV and the signed PDF
 * — not "nie gefahren", and not known in "Wer kann fahren?". Once the first acquisition is met, the cell is valid.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let betrieb: Betrieb;
let requirement: Requirement;
let trainingRoute: Route;
let drivers: Record<'trainee' | 'never' | 'known', TestUser>;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  ({ admin, betrieb, drivers, requirement } = await betriebWithDrivers(ctx.app, 'Ausbildungs Bahn', {
    trainee: ['Tina', 'Lernt'],
    never: ['Nils', 'Nie'],
    known: ['Vera', 'Kennt'],
  }));

  trainingRoute = await createRoute(ctx.app, drivers.trainee, { startStation: 'NWH', endStation: 'NF' });
  const rule = await call(
    'PATCH',
    `/api/routes/${trainingRoute.id}`,
    drivers.trainee,
    {
      firstAcquisition: { drives: 1, dark: 0, days: null },
    },
    'application/merge-patch+json',
  );
  expect(rule.statusCode, rule.body).toBe(200);
  await insertRouteActivity(ctx.app, drivers.trainee.id, {
    acquiredAt: addDays(today, -10),
    acquiredUntil: addDays(today, 355),
    routeIds: [trainingRoute.id],
    direction: 'forward',
  });
  await createRoute(ctx.app, drivers.never, { startStation: 'NF', endStation: 'NWH' });
  const known = await createRoute(ctx.app, drivers.known, { startStation: 'NWH', endStation: 'NF' });
  await insertRouteActivity(ctx.app, drivers.known.id, {
    acquiredAt: addDays(today, -3),
    acquiredUntil: addDays(today, 362),
    routeIds: [known.id],
  });
});
afterAll(async () => ctx.close());

const matrix = async (query = '') => {
  const response = await call('GET', `/api/betriebe/${betrieb.id}/matrix${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Matrix;
};
const stateOf = (found: Matrix, name: string) => found.drivers.find((d) => d.name === name)?.cells[0]?.state;

describe('a driver in training on the employer’s side', () => {
  it('the matrix tells "in Ausbildung" from "nie gefahren", counts it apart and filters by it', async () => {
    const all = await matrix();
    expect(stateOf(all, 'Tina Lernt')).toBe('ausbildung');
    expect(stateOf(all, 'Nils Nie')).toBe('nie');
    expect(stateOf(all, 'Vera Kennt')).toBe('gueltig');
    expect(all.totals).toEqual([
      {
        requirementId: requirement.id,
        valid: 1,
        expiring: 0,
        expired: 0,
        never: 1,
        training: 1,
        missing: 0,
        drivers: 3,
      },
    ]);
    expect((await matrix('?state=ausbildung')).drivers.map((d) => d.name)).toEqual(['Tina Lernt']);
    expect((await matrix('?state=nie')).drivers.map((d) => d.name)).toEqual(['Nils Nie']);
    // Whose knowledge ends first: both without a valid day come before the known driver.
    expect((await matrix('?sort=expiring')).drivers.map((d) => d.name).at(-1)).toBe('Vera Kennt');
  });

  it('"Wer kann fahren?" does not count the trainee, and the driver’s page says "in Ausbildung"', async () => {
    const who = await call('GET', `/api/betriebe/${betrieb.id}/who-can-drive?requirement=${requirement.id}`, admin);
    expect(who.statusCode, who.body).toBe(200);
    expect((who.json() as WhoCanDrive).drivers.map((d) => d.name)).toEqual(['Vera Kennt']);
    const trainee = (await matrix()).drivers.find((d) => d.name === 'Tina Lernt')!;
    const page = await call('GET', `/api/betriebe/${betrieb.id}/members/${trainee.membershipId}`, admin);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as BetriebDriver).requirements[0]).toMatchObject({ state: 'ausbildung', validUntil: null });
  });

  it('the CSV and the signed PDF word the state', async () => {
    const csv = await call('GET', `/api/betriebe/${betrieb.id}/matrix.csv`, admin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toMatch(/Lernt[^\n]*in Ausbildung/);
    const pdf = await call('POST', `/api/betriebe/${betrieb.id}/matrix/pdf`, admin, {});
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ')).toContain('in Ausbildung');
    // The issued matrix verifies as unchanged: its content says which cell was in training.
    const trailer = readTrailer(pdf.rawPayload);
    if (!trailer.found || !trailer.trailer) throw new Error('no trailer');
    const checked = await ctx.app.inject({
      method: 'GET',
      url: `/pruefen/${formatCode(trailer.trailer.code)}`,
      headers: { accept: 'application/json' },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ state: 'genuine', document: { changedSince: false } });
  });

  it('once the first acquisition is met (one drive each way), the cell is valid', async () => {
    await insertRouteActivity(ctx.app, drivers.trainee.id, {
      acquiredAt: addDays(today, -2),
      acquiredUntil: addDays(today, 363),
      routeIds: [trainingRoute.id],
      direction: 'reverse',
    });
    const after = await matrix();
    expect(stateOf(after, 'Tina Lernt')).toBe('gueltig');
    expect(after.totals[0]).toMatchObject({ valid: 2, training: 0, never: 1 });
  });
});
