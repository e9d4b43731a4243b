import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attestation } from '@streckenpass/contract/attestations';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import { addYears } from '@streckenpass/contract/periodic-check';
import type { Requirement } from '@streckenpass/contract/requirements';
import { createCaller } from '../../test/api.js';
import { betriebWithDrivers } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * When each driver's next check of the infrastructure knowledge is due (issue 41 item 5, TfV Anlage 11 Nr. 3 b): three
 * years after the last passed periodic check (an attestation, not withdrawn), and now when a required line has not
 * been driven for more than a year. Shown per driver in the matrix and its CSV.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let betrieb: Betrieb;
let requirement: Requirement;
let drivers: Record<'lapsed' | 'checked' | 'none', TestUser>;

async function matrix() {
  const response = await call('GET', `/api/betriebe/${betrieb.id}/matrix`, admin);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as Matrix;
  return Object.fromEntries(answer.drivers.map((d) => [d.name, d]));
}

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  ({ admin, betrieb, drivers, requirement } = await betriebWithDrivers(ctx.app, 'Prüf Bahn', {
    lapsed: ['Karl', 'Lange'],
    checked: ['Lea', 'Geprüft'],
    none: ['Max', 'Neu'],
  }));
  // Karl last drove the required line 400 days ago (his rule: two years, so it is still valid).
  const old = await createRoute(ctx.app, drivers.lapsed, { startStation: 'NWH', endStation: 'NF', validityDays: 728 });
  await insertRouteActivity(ctx.app, drivers.lapsed.id, {
    acquiredAt: addDays(today, -400),
    acquiredUntil: addDays(today, 328),
    routeIds: [old.id],
  });
  const recent = await createRoute(ctx.app, drivers.checked, { startStation: 'NWH', endStation: 'NF' });
  await insertRouteActivity(ctx.app, drivers.checked.id, {
    acquiredAt: addDays(today, -20),
    acquiredUntil: addDays(today, 344),
    routeIds: [recent.id],
  });
});
afterAll(async () => ctx.close());

describe('the next check of the infrastructure knowledge', () => {
  it('is due now for a required line not driven for a year, and unknown without any check', async () => {
    const rows = await matrix();
    expect(rows['Karl Lange']!.cells[0]!.state).toBe('gueltig');
    expect(rows['Karl Lange']!.nextCheck).toEqual({
      lastCheck: null,
      due: today,
      reason: 'lapsed',
      undriven: [requirement.id],
    });
    expect(rows['Max Neu']!.nextCheck).toEqual({ lastCheck: null, due: null, reason: 'none', undriven: [] });
    // The Disponent's weekly mail reads the same: Karl's check is due, Max has none to count from.
    const coverage = await ctx.app.coverageRepository.read(betrieb.id, admin.id, today, 100);
    expect(coverage?.dueChecks).toEqual([
      { driver: 'Karl Lange', due: today, label: 'fällig: 1 geforderte Strecke über ein Jahr nicht gefahren' },
    ]);
  });

  it('is three years after the last passed periodic check, and goes with its withdrawal', async () => {
    const lea = (await matrix())['Lea Geprüft']!;
    const checkedOn = addDays(addYears(today, -3), 10);
    const attested = await call('POST', `/api/betriebe/${betrieb.id}/members/${lea.membershipId}/attestations`, admin, {
      kind: 'periodic_check',
      checkedOn,
      requirementIds: [requirement.id],
    });
    expect(attested.statusCode, attested.body).toBe(201);
    const { code } = attested.json() as Attestation;
    expect((await matrix())['Lea Geprüft']!.nextCheck).toEqual({
      lastCheck: { checkedOn, betrieb: 'Prüf Bahn' },
      due: addDays(today, 10),
      reason: 'interval',
      undriven: [],
    });
    const csv = await call('GET', `/api/betriebe/${betrieb.id}/matrix.csv`, admin);
    const date = (day: string) => day.split('-').reverse().join('.');
    expect(csv.body).toContain(
      `Lea Geprüft;;gültig bis ${date(addDays(today, 344))};fällig am ${date(addDays(today, 10))};`,
    );
    expect(csv.body).toContain('Karl Lange;;');
    expect(csv.body).toContain('fällig: 1 geforderte Strecke über ein Jahr nicht gefahren');

    const withdrawn = await call('POST', `/api/betriebe/${betrieb.id}/attestations/${code}/withdraw`, admin, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await matrix())['Lea Geprüft']!.nextCheck).toMatchObject({ lastCheck: null, reason: 'none' });
  });
});
