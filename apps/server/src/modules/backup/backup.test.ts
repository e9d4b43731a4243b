import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup, MergePreview } from '@streckenpass/contract/backup';
import { createCaller, violations } from '../../test/api.js';
import { createRoute, createTour, routeIri } from '../../test/fixtures.js';
import { recordsOf, seedAccount } from '../../test/account-data.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';

let ctx: TestContext;
let alice: TestUser;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  await seedAccount(ctx.app, alice);
});
afterAll(async () => ctx.close());

const totals = (preview: MergePreview) => ({
  added: preview.sections.reduce((sum, s) => sum + s.added, 0),
  changed: preview.sections.reduce((sum, s) => sum + s.changed, 0),
});

describe('GET /api/backup', () => {
  it('answers every record of the account as one versioned document, as a download', async () => {
    const response = await call('GET', '/api/backup', alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="streckenpass-sicherung-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const backup = response.json() as Backup;
    expect(backup).toMatchObject({ format: 'streckenpass-backup', version: 1, account: { email: alice.email } });
    expect(backup.routes.map((r) => r.name).sort()).toEqual(['=Formel?', 'Gemünden – Lohr', 'Würzburg – Fürth']);
    expect(backup.tours).toHaveLength(1);
    expect(backup.tours[0]!.routes).toHaveLength(2);
    expect(backup.vehicles.map((v) => v.name).sort()).toEqual(['BR 218', 'ET 425']);
    expect(backup.routeActivities).toHaveLength(2);
    expect(backup.vehicleActivities).toHaveLength(1);
    expect(backup.preferences).toEqual({ receiveWeeklyReports: false, bccMailWeeklyReports: true });
  });

  it('is documented with its schema in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/backup', '/api/backup/preview', '/api/backup/restore']),
    );
    expect(JSON.stringify(doc.paths['/api/backup'])).toContain('routeActivities');
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/backup')).statusCode).toBe(401);
    expect((await call('POST', '/api/backup/preview', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/backup/restore', undefined, {})).statusCode).toBe(401);
  });
});

describe('POST /api/backup/preview and /api/backup/restore', () => {
  it('restores into another account, and a second restore changes nothing', async () => {
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const bob = await registerUser(ctx.app);

    const preview = (await call('POST', '/api/backup/preview', bob, backup)).json() as MergePreview;
    expect(preview.nothingToDo).toBe(false);
    const bySection = Object.fromEntries(preview.sections.map((s) => [s.section, s]));
    expect(bySection.routes).toMatchObject({ added: 3, unchanged: 0 });
    expect(bySection.preferences).toMatchObject({ added: 0, changed: 1 });
    expect(bySection.routes!.examples).toContain('neu: Würzburg – Fürth (K1): NWH – NF');
    // The preview wrote nothing.
    expect((await call('GET', '/api/routes', bob)).json()).toEqual([]);

    const restored = await call('POST', '/api/backup/restore', bob, backup);
    expect(restored.statusCode).toBe(200);
    expect(totals(restored.json())).toEqual({ added: 9, changed: 1 });
    expect(await recordsOf(ctx.app, bob)).toEqual(await recordsOf(ctx.app, alice));

    const again = await call('POST', '/api/backup/restore', bob, backup);
    expect(again.json()).toMatchObject({ nothingToDo: true });
    expect(totals(again.json())).toEqual({ added: 0, changed: 0 });
    expect(await recordsOf(ctx.app, bob)).toEqual(await recordsOf(ctx.app, alice));
  });

  it('restoring into the same account adds nothing', async () => {
    const before = await recordsOf(ctx.app, alice);
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const preview = (await call('POST', '/api/backup/preview', alice, backup)).json() as MergePreview;
    expect(preview.nothingToDo).toBe(true);
    expect((await call('POST', '/api/backup/restore', alice, backup)).json()).toMatchObject({ nothingToDo: true });
    expect(await recordsOf(ctx.app, alice)).toEqual(before);
  });

  it('merges: adds the missing routes to a tour of the same name and keeps what is there', async () => {
    const carol = await registerUser(ctx.app);
    const own = await createRoute(ctx.app, carol, {
      name: 'Würzburg – Fürth',
      companyRoute: 'K1',
      startPoint: 'NWH',
      endPoint: 'NF',
    });
    const extra = await createRoute(ctx.app, carol, { name: 'Eigene Strecke' });
    await createTour(ctx.app, carol, [routeIri(own.id), routeIri(extra.id)], 'Maintal');
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const result = await call('POST', '/api/backup/restore', carol, backup);
    expect(result.statusCode).toBe(200);
    const tours = (await call('GET', '/api/tours', carol)).json() as { name: string; routes: string[] }[];
    expect(tours).toHaveLength(1);
    expect(tours[0]!.routes).toHaveLength(3);
    const routes = (await call('GET', '/api/routes', carol)).json() as { id: number }[];
    expect(routes).toHaveLength(4);
    expect(routes.map((r) => r.id)).toContain(own.id);
  });

  it('is all or nothing: a document with a broken reference writes nothing (422)', async () => {
    const dave = await registerUser(ctx.app);
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    backup.tours[0]!.routes.push(999_999);
    const response = await call('POST', '/api/backup/restore', dave, backup);
    expect(response.statusCode).toBe(422);
    expect(violations(response)[0]!.message).toContain('fehlt');
    expect((await call('GET', '/api/routes', dave)).json()).toEqual([]);
    expect((await call('GET', '/api/vehicles', dave)).json()).toEqual([]);
  });

  it('refuses documents that are no backup (400) and invalid values (400/422)', async () => {
    const bad = await call('POST', '/api/backup/restore', alice, { format: 'etwas', version: 1 });
    expect(bad.statusCode).toBe(400);
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    backup.routeActivities[0]!.acquiredAt = '2026-02-31';
    const invalid = await call('POST', '/api/backup/preview', alice, backup);
    expect([400, 422]).toContain(invalid.statusCode);
    expect(invalid.body).toContain('Dieses Datum gibt es nicht.');
  });

  it('refuses a document larger than the limit with a German message (413)', async () => {
    const huge = JSON.stringify({ format: 'streckenpass-backup', padding: 'x'.repeat(11 * 1024 * 1024) });
    const response = await call('POST', '/api/backup/restore', alice, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toContain('höchstens 10 MB');
  });
});
