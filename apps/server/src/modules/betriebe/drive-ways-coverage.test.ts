import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import type { Requirement } from '@streckenpass/contract/requirements';
import { createCaller } from '../../test/api.js';
import { betriebWithDrivers } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * The Betrieb sees a driver's knowledge by the driver's rule of which ways keep it valid (issue 41 item 2): a route
 * whose only recent drive was a simulator session is not known, today or on a past day; a driver whose account counts
 * the simulator is.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let betrieb: Betrieb;
let requirement: Requirement;
let drivers: Record<'sim' | 'simCounted' | 'escorted', TestUser>;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  ({ admin, betrieb, drivers, requirement } = await betriebWithDrivers(ctx.app, 'Wege Bahn', {
    sim: ['Simon', 'Simulator'],
    simCounted: ['Sina', 'Zählt'],
    escorted: ['Erik', 'Begleitet'],
  }));
  const settings = await call('PATCH', '/api/notifications/settings', drivers.simCounted, {
    keepingWays: ['driven', 'escorted', 'simulator'],
  });
  expect(settings.statusCode).toBe(200);
  for (const [user, way] of [
    [drivers.sim, 'simulator'],
    [drivers.simCounted, 'simulator'],
    [drivers.escorted, 'escorted'],
  ] as const) {
    const route = await createRoute(ctx.app, user, { startStation: 'NWH', endStation: 'NF' });
    await insertRouteActivity(ctx.app, user.id, {
      acquiredAt: addDays(today, -10),
      acquiredUntil: addDays(today, 354),
      routeIds: [route.id],
      way,
    });
  }
});
afterAll(async () => ctx.close());

describe('the Betrieb follows each driver’s rule of which ways keep knowledge valid', () => {
  it('"Wer kann fahren?" today and on a past day counts a simulator drive only for a driver whose rule keeps it', async () => {
    for (const date of [today, addDays(today, -5)]) {
      const response = await call(
        'GET',
        `/api/betriebe/${betrieb.id}/who-can-drive?requirement=${requirement.id}&date=${date}`,
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as WhoCanDrive).drivers.map((d) => d.name).sort(), date).toEqual([
        'Erik Begleitet',
        'Sina Zählt',
      ]);
    }
  });

  it('the matrix shows the simulator-only driver as never driven', async () => {
    const response = await call('GET', `/api/betriebe/${betrieb.id}/matrix`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const matrix = response.json() as Matrix;
    const state = (name: string) => matrix.drivers.find((d) => d.name === name)?.cells[0]?.state;
    expect(state('Simon Simulator')).toBe('nie');
    expect(state('Sina Zählt')).toBe('gueltig');
    expect(state('Erik Begleitet')).toBe('gueltig');
  });
});
