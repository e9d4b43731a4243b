import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@streckenpass/contract/backup';
import { formatDate } from '@streckenpass/contract/format';
import { addDays, FUTURE_DATE_MESSAGE, todayIn, VALIDITY_RANGE_MESSAGE } from '@streckenpass/contract/knowledge';
import { createCaller, violations } from '../../test/api.js';
import { createRoute, routeIri } from '../../test/fixtures.js';
import { recordsOf, seedAccount } from '../../test/account-data.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';

/**
 * Issue 38: the restore accepted what the API refuses (a drive dated in the future: API 422, restore 200). Both now
 * judge with the same rule function of the contract, and the restore's messages name the record.
 */
let ctx: TestContext;
let alice: TestUser;
let backup: Backup;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  await seedAccount(ctx.app, alice);
  backup = (await call('GET', '/api/backup', alice)).json() as Backup;
});
afterAll(async () => ctx.close());

const today = () => todayIn(ctx.app.config.timezone);
const copy = (): Backup => JSON.parse(JSON.stringify(backup)) as Backup;

/** A preview and a restore into a new account are both refused with `message`, and the account stays empty. */
async function expectRefused(document: Backup, message: string) {
  const target = await registerUser(ctx.app);
  for (const path of ['/api/backup/preview', '/api/backup/restore']) {
    const response = await call('POST', path, target, document);
    expect(response.statusCode, response.body).toBe(422);
    expect(violations(response).map((v) => v.message)).toContain(message);
    expect((response.json() as { detail: string }).detail).toContain(message);
  }
  expect(await recordsOf(ctx.app, target)).toMatchObject({ routes: [], activities: [] });
}

describe('POST /api/backup/restore judges as the API does', () => {
  it('refuses a drive dated in the future, as POST /api/route_activities does, naming the drive', async () => {
    const tomorrow = addDays(today(), 1);
    const route = await createRoute(ctx.app, alice, { name: 'Probe Zukunft' });
    const api = await call('POST', '/api/route_activities', alice, {
      acquiredAt: tomorrow,
      acquiredUntil: addDays(tomorrow, 30),
      acquiredRoutes: [routeIri(route.id)],
    });
    expect(api.statusCode).toBe(422);
    expect(violations(api)).toEqual([{ propertyPath: 'acquiredAt', message: FUTURE_DATE_MESSAGE }]);

    const document = copy();
    const drive = document.routeActivities[0]!;
    drive.acquiredAt = tomorrow;
    drive.acquiredUntil = addDays(tomorrow, 30);
    await expectRefused(
      document,
      `Fahrt vom ${formatDate(tomorrow)} (Nr. ${drive.ref} der Sicherung): ${FUTURE_DATE_MESSAGE}`,
    );
    const [violation] = violations(await call('POST', '/api/backup/preview', await registerUser(ctx.app), document));
    expect(violation!.propertyPath).toBe(`routeActivities.0.acquiredAt`);
  });

  it('still takes a drive of today', async () => {
    const document = copy();
    document.routeActivities[0]!.acquiredAt = today();
    document.routeActivities[0]!.acquiredUntil = addDays(today(), 364);
    const response = await call('POST', '/api/backup/restore', await registerUser(ctx.app), document);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses "gültig bis" before "gefahren am" with the API’s message, naming the drive', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Probe Rückwärts' });
    const api = await call('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-03-10',
      acquiredUntil: '2026-03-01',
      acquiredRoutes: [routeIri(route.id)],
    });
    expect(api.statusCode).toBe(422);
    expect(violations(api)).toEqual([{ propertyPath: 'acquiredUntil', message: VALIDITY_RANGE_MESSAGE }]);

    const document = copy();
    const drive = document.routeActivities[0]!;
    drive.acquiredAt = '2026-03-10';
    drive.acquiredUntil = '2026-03-01';
    await expectRefused(document, `Fahrt vom 10.03.2026 (Nr. ${drive.ref} der Sicherung): ${VALIDITY_RANGE_MESSAGE}`);
  });

  it('refuses a name longer than the API takes, naming the route', async () => {
    const long = 'L'.repeat(256);
    const api = await call('POST', '/api/routes', alice, { name: long, startPoint: 'A', endPoint: 'B' });
    expect(api.statusCode).toBe(422);
    const [apiViolation] = violations(api);
    const document = copy();
    const route = document.routes[0]!;
    route.name = long;
    await expectRefused(
      document,
      `Strecke „${'L'.repeat(60)}…“ (Nr. ${route.ref} der Sicherung): ${apiViolation!.message}`,
    );
  });
});
