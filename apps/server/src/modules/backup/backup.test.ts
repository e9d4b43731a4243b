import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup, MergePreview } from '@streckenpass/contract/backup';
import { createCaller, violations } from '../../test/api.js';
import { createRoute, createTour, createVehicle, routeIri } from '../../test/fixtures.js';
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
    expect(backup.preferences).toEqual({
      receiveWeeklyReports: false,
      bccMailWeeklyReports: true,
      validityDays: 182,
      vehicleValidityDays: 60,
      keepingWays: ['driven', 'escorted'],
      reminderThresholds: [14, 1],
      reminderMail: false,
      reminderPush: true,
    });
  });

  it('carries the validity rules and the DS100 station links of routes and vehicles', async () => {
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const route = (name: string) => backup.routes.find((r) => r.name === name);
    expect(route('Würzburg – Fürth')).toMatchObject({ validityDays: null, startStation: 'NWH', endStation: 'NF' });
    expect(route('Gemünden – Lohr')).toMatchObject({ validityDays: 90, startStation: 'NGM', endStation: null });
    expect(backup.vehicles.map((v) => [v.name, v.validityDays]).sort()).toEqual([
      ['BR 218', 30],
      ['ET 425', null],
    ]);
  });

  it('holds no push subscriptions, calendar feed or share links (device- and secret-bound)', async () => {
    const feed = await call('POST', '/api/calendar_feed', alice, {});
    expect(feed.statusCode).toBeLessThan(300);
    const token = /\/api\/calendar\/([^./]+)\.ics$/.exec((feed.json() as { url: string }).url)![1]!;
    const share = await call('POST', '/api/share_links', alice, { label: 'Für Herrn Meier' });
    expect(share.statusCode).toBe(201);
    const shareToken = (share.json() as { url: string }).url.split('/nachweis/')[1]!;
    const text = (await call('GET', '/api/backup', alice)).body;
    expect(text).not.toContain(shareToken);
    expect(text).not.toContain('Herrn Meier');
    expect(Object.keys(JSON.parse(text) as object).sort()).toEqual([
      'account',
      'createdAt',
      'format',
      'preferences',
      'routeActivities',
      'routes',
      'signature',
      'tours',
      'vehicleActivities',
      'vehicles',
      'version',
    ]);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/calendar|feed|subscription|p256dh|share/i);
  });

  it('is documented with its schema in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/backup', '/api/backup/preview', '/api/backup/restore']),
    );
    const schema = JSON.stringify(doc.paths['/api/backup']);
    expect(schema).toContain('routeActivities');
    for (const field of ['startStation', 'endStation', 'vehicleValidityDays', 'reminderThresholds', 'reminderPush']) {
      expect(schema).toContain(field);
    }
    // The fields the validity rules and stations added are optional: documents made before them stay valid.
    const required = [...schema.matchAll(/"required":\[([^\]]*)\]/g)].map((m) => m[1]!).join(',');
    expect(required).not.toMatch(/validityDays|startStation|endStation|reminder/);
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

  it('restores the rules, station links and reminder settings into another account, once', async () => {
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const erin = await registerUser(ctx.app);
    expect((await call('POST', '/api/backup/restore', erin, backup)).statusCode).toBe(200);
    const routes = (await call('GET', '/api/routes', erin)).json() as {
      name: string;
      validityDays: number | null;
      startStation: { code: string; name: string } | null;
      endStation: { code: string } | null;
    }[];
    const byName = new Map(routes.map((r) => [r.name, r]));
    expect(byName.get('Würzburg – Fürth')).toMatchObject({
      validityDays: null,
      startStation: { code: 'NWH', name: 'Würzburg Hbf' },
      endStation: { code: 'NF' },
    });
    expect(byName.get('Gemünden – Lohr')).toMatchObject({ validityDays: 90, endStation: null });
    const vehicles = (await call('GET', '/api/vehicles', erin)).json() as { name: string; validityDays: number }[];
    expect(vehicles.find((v) => v.name === 'BR 218')!.validityDays).toBe(30);
    expect((await call('GET', '/api/notifications/settings', erin)).json()).toMatchObject({
      validityDays: 182,
      vehicleValidityDays: 60,
      reminderThresholds: [14, 1],
      reminderMail: false,
      reminderPush: true,
    });
    const records = await recordsOf(ctx.app, erin);
    expect((await call('POST', '/api/backup/restore', erin, backup)).json()).toMatchObject({ nothingToDo: true });
    expect(await recordsOf(ctx.app, erin)).toEqual(records);
  });

  it('sets rule and stations on a route of the same key, and a rule on a vehicle, described in the preview', async () => {
    const frank = await registerUser(ctx.app);
    const own = await createRoute(ctx.app, frank, {
      name: 'Gemünden – Lohr',
      startPoint: 'NGM',
      endPoint: 'NLR',
      endStation: 'NLR',
    });
    await createVehicle(ctx.app, frank, 'BR 218');
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const preview = (await call('POST', '/api/backup/preview', frank, backup)).json() as MergePreview;
    const bySection = Object.fromEntries(preview.sections.map((s) => [s.section, s]));
    expect(bySection.routes).toMatchObject({ added: 2, changed: 1 });
    expect(bySection.routes!.examples).toContain('Gemünden – Lohr: Gültigkeitsregel 90 Tage, Start DS100 NGM');
    expect(bySection.vehicles).toMatchObject({ added: 1, changed: 1 });
    expect(bySection.vehicles!.examples).toContain('BR 218: Gültigkeitsregel 30 Tage');
    expect(bySection.preferences!.examples[0]).toContain('Gültigkeitsregel der Strecken ½ Jahr (182 Tage)');
    expect(bySection.preferences!.examples[0]).toContain('Erinnerungen 14 Tage vorher, 1 Tag vorher');

    expect((await call('POST', '/api/backup/restore', frank, backup)).statusCode).toBe(200);
    const route = (await call('GET', `/api/routes/${own.id}`, frank)).json();
    // Set what the backup states; the end station the backup leaves empty stays as it was.
    expect(route).toMatchObject({ validityDays: 90, startStation: { code: 'NGM' }, endStation: { code: 'NLR' } });
    const again = (await call('POST', '/api/backup/preview', frank, backup)).json() as MergePreview;
    expect(again.nothingToDo).toBe(true);
  });

  it('reads a document without the newer fields and clears nothing; drops unknown station codes', async () => {
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    const older = JSON.parse(JSON.stringify(backup)) as Record<string, unknown> & Backup;
    for (const route of older.routes) {
      delete route.validityDays;
      delete route.startStation;
      delete route.endStation;
    }
    for (const vehicle of older.vehicles) delete vehicle.validityDays;
    older.preferences = { receiveWeeklyReports: false, bccMailWeeklyReports: true };
    const preview = await call('POST', '/api/backup/preview', alice, older);
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as MergePreview).nothingToDo).toBe(true);

    const gina = await registerUser(ctx.app);
    const edited = JSON.parse(JSON.stringify(backup)) as Backup;
    edited.routes[0]!.startStation = 'QQQQQ';
    const restored = await call('POST', '/api/backup/restore', gina, edited);
    expect(restored.statusCode).toBe(200);
    const routes = (await call('GET', '/api/routes', gina)).json() as {
      name: string;
      startStation: unknown;
      endStation: { code: string } | null;
    }[];
    const first = routes.find((r) => r.name === edited.routes[0]!.name)!;
    expect(first.startStation).toBeNull();
    expect(first.endStation?.code ?? null).toBe(edited.routes[0]!.endStation ?? null);
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
    const huge = JSON.stringify({ format: 'streckenpass-backup', padding: 'x'.repeat(25 * 1024 * 1024) });
    const response = await call('POST', '/api/backup/restore', alice, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toContain('höchstens 24 MB');
  });
});
