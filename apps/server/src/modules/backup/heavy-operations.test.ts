import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { createCaller, violations } from '../../test/api.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext } from '../../test/helpers.js';

/**
 * Issue 24: heavy operations bounded per account and per process, one set of limits for the API, the CSV import
 * and the backup, and a large restore that does not hold up other users (PGlite runs every query on the main
 * thread, one at a time).
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

/** A document of `routes` routes and `drives` drives of `perDrive` routes each (and a vehicle on every drive). */
function document(routes: number, drives: number, perDrive: number, prefix = 'Strecke'): Backup {
  return {
    format: 'streckenpass-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    account: { email: '', firstname: null, lastname: null },
    routes: Array.from({ length: routes }, (_, i) => ({
      ref: i + 1,
      name: `${prefix} ${i}`,
      companyRoute: `K${i}`,
      startPoint: `A${i}`,
      endPoint: `B${i}`,
    })),
    tours: [],
    vehicles: [{ ref: 1, name: 'BR 218' }],
    routeActivities: Array.from({ length: drives }, (_, i) => ({
      ref: i + 1,
      acquiredAt: new Date(Date.UTC(2025, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10),
      acquiredUntil: '2026-12-31',
      routes: [...new Set(Array.from({ length: perDrive }, (_, j) => ((i * 7 + j * 13) % routes) + 1))],
    })),
    vehicleActivities: Array.from({ length: drives }, (_, i) => ({ ref: i + 1, routeActivity: i + 1, vehicles: [1] })),
  } as Backup;
}

describe('heavy operations: one at a time per account, bounded per process', () => {
  it('holds the account’s lease while a restore runs, and answers every other heavy operation 429 meanwhile', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const first = call('POST', '/api/backup/restore', alice, document(2000, 2000, 5));
    // The lease is taken before the body is read: it appears while the restore runs.
    let seen = false;
    for (let i = 0; i < 400 && !seen; i += 1) {
      const rows = await ctx.app.db.execute(sql`select kind from heavy_operations where user_id = ${alice.id}`);
      seen = (rows as unknown as { rows: { kind: string }[] }).rows.some((row) => row.kind === 'restore');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(seen).toBe(true);
    expect((await first).statusCode).toBe(200);
    const after = await ctx.app.db.execute(sql`select 1 from heavy_operations where user_id = ${alice.id}`);
    expect((after as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // A lease held (by this or another instance) refuses each kind of heavy operation of the account, not another's.
    await ctx.app.db.execute(
      sql`insert into heavy_operations (user_id, kind, token, expires_at) values (${alice.id}, 'restore', 'x', now() + interval '1 minute')`,
    );
    const [restore, backup, exportPdf, csv, other] = await Promise.all([
      call('POST', '/api/backup/restore', alice, document(1, 0, 0)),
      call('GET', '/api/backup', alice),
      call('POST', '/api/export/pdf', alice, {}),
      call('POST', '/api/import/csv/preview', alice, 'Strecke;Start;Ende\nA;B;C\n', 'text/csv'),
      call('GET', '/api/backup', bob),
    ]);
    for (const refused of [restore, backup, exportPdf, csv]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json().detail).toContain('Für Ihr Konto läuft gerade eine Wiederherstellung');
    }
    expect(other.statusCode).toBe(200);
    await ctx.app.db.execute(sql`delete from heavy_operations where user_id = ${alice.id}`);
    expect((await call('GET', '/api/backup', alice)).statusCode).toBe(200);
  });

  it('lets exactly one of two parallel restores of an account run', async () => {
    const user = await registerUser(ctx.app);
    const statuses = (
      await Promise.all([
        call('POST', '/api/backup/restore', user, document(3000, 3000, 5, 'Erste')),
        call('POST', '/api/backup/restore', user, document(3000, 3000, 5, 'Zweite')),
      ])
    ).map((response) => response.statusCode);
    // Both bodies are read after the slot is taken, so the second arrives while the first runs.
    expect(statuses.sort()).toEqual([200, 429]);
  });

  it('releases the slot when the body is refused, and takes over a lease a crashed process left', async () => {
    const carol = await registerUser(ctx.app);
    const broken = await call('POST', '/api/backup/restore', carol, '{"format":');
    expect(broken.statusCode).toBe(400);
    expect((await call('GET', '/api/backup', carol)).statusCode).toBe(200);
    await ctx.app.db.execute(
      sql`insert into heavy_operations (user_id, kind, token, expires_at) values (${carol.id}, 'import', 'x', now() - interval '1 second')`,
    );
    expect((await call('GET', '/api/backup', carol)).statusCode).toBe(200);
    await ctx.app.db.execute(
      sql`insert into heavy_operations (user_id, kind, token, expires_at) values (${carol.id}, 'import', 'x', now() + interval '1 minute')`,
    );
    const refused = await call('GET', '/api/backup', carol);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('ein CSV-Import');
  });

  it('answers 503 with Retry-After when the process runs its limit of heavy operations', async () => {
    const limited = await buildTestApp({ heavyOperations: 1 }, ctx.db);
    try {
      const [dora, emil] = [await registerUser(limited.app), await registerUser(limited.app)];
      const payload = JSON.stringify(document(2000, 2000, 5));
      const first = limited.app.inject({
        method: 'POST',
        url: '/api/backup/restore',
        headers: { ...dora.headers, 'content-type': 'application/json' },
        payload,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busy = await limited.app.inject({ method: 'GET', url: '/api/backup', headers: emil.headers });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json().detail).toContain('Der Server verarbeitet gerade andere Importe und Sicherungen');
      expect((await first).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: '/api/backup', headers: emil.headers })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.app.close();
    }
  });
});

describe('a large restore does not hold up other users', () => {
  it('answers another user’s requests within a second while 5,000 drives over 10 routes each are restored', async () => {
    const frank = await registerUser(ctx.app);
    const gina = await registerUser(ctx.app);
    await createRoute(ctx.app, gina, { name: 'Ginas Strecke' });
    let stop = false;
    let slowest = 0;
    let answered = 0;
    const probe = (async () => {
      while (!stop) {
        const started = performance.now();
        const [health, routes] = await Promise.all([
          call('GET', '/api/health'),
          call('GET', '/api/routes', gina, undefined),
        ]);
        slowest = Math.max(slowest, performance.now() - started);
        expect(health.statusCode).toBe(200);
        expect(routes.statusCode).toBe(200);
        answered += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const restore = await call('POST', '/api/backup/restore', frank, document(5000, 5000, 10));
    stop = true;
    await probe;
    expect(restore.statusCode).toBe(200);
    expect(restore.json().sections.find((s: { section: string }) => s.section === 'routeActivities').added).toBe(5000);
    expect(answered).toBeGreaterThan(5);
    // Before issue 24 one transaction held every other query for the whole restore (2–6 s here).
    expect(slowest).toBeLessThan(1000);
    const backup = (await call('GET', '/api/backup', frank)).json() as Backup;
    expect(backup.routeActivities).toHaveLength(5000);
    expect(backup.routeActivities.reduce((sum, drive) => sum + drive.routes.length, 0)).toBe(50_000);
  }, 120_000);
});

describe('one set of limits for the API, the CSV import and the backup', () => {
  it('restores an account at the record limits into a new account, and refuses one record more everywhere', async () => {
    const full = await registerUser(ctx.app);
    // Routes at the account limit, a drive and a tour at their per-record limits, names at full length.
    const doc = document(LIMITS.routesPerAccount, 1, LIMITS.routesPerDrive);
    doc.routes[0]!.name = 'N'.repeat(LIMITS.nameLength);
    doc.routes[0]!.startPoint = 'S'.repeat(LIMITS.pointLength);
    doc.tours = [
      {
        ref: 1,
        name: 'T'.repeat(LIMITS.nameLength),
        routes: doc.routes.slice(0, LIMITS.routesPerTour).map((r) => r.ref),
      },
    ];
    doc.vehicles = Array.from({ length: LIMITS.vehiclesPerDrive }, (_, i) => ({ ref: i + 1, name: `Fahrzeug ${i}` }));
    doc.vehicleActivities = [{ ref: 1, routeActivity: 1, vehicles: doc.vehicles.map((v) => v.ref) }];
    expect((await call('POST', '/api/backup/restore', full, doc)).statusCode).toBe(200);

    // One more route through the API is refused with the limit named, and nothing is written.
    const more = await call('POST', '/api/routes', full, { name: 'Eine zu viel', startPoint: 'A', endPoint: 'B' });
    expect(more.statusCode).toBe(422);
    expect(violations(more)[0]!.message).toContain('höchstens 5.000 Strecken');
    // … and through the CSV import and a restore (checked before anything is written).
    const csv = await call('POST', '/api/import/csv', full, 'Strecke;Start;Ende\nNoch eine;X;Y\n', 'text/csv');
    expect(csv.statusCode).toBe(422);
    expect(JSON.stringify(csv.json())).toContain('höchstens 5.000 Strecken');

    // The account's own backup restores completely into a new account.
    const backup = (await call('GET', '/api/backup', full)).json() as Backup;
    expect(backup.routes).toHaveLength(LIMITS.routesPerAccount);
    const copy = await registerUser(ctx.app);
    const restored = await call('POST', '/api/backup/restore', copy, backup);
    expect(restored.statusCode).toBe(200);
    const again = (await call('GET', '/api/backup', copy)).json() as Backup;
    expect(again.routes).toHaveLength(LIMITS.routesPerAccount);
    expect(again.tours[0]!.routes).toHaveLength(LIMITS.routesPerTour);
    expect(again.routeActivities[0]!.routes).toHaveLength(LIMITS.routesPerDrive);
    expect(again.vehicleActivities[0]!.vehicles).toHaveLength(LIMITS.vehiclesPerDrive);
  }, 120_000);

  it('imports a CSV at every per-line limit, and its backup restores into a new account', async () => {
    const user = await registerUser(ctx.app);
    const vehicles = Array.from({ length: LIMITS.vehiclesPerDrive }, (_, i) => `BR ${i}`).join(', ');
    const lines = ['Strecke;Kürzel;Start;Ende;gefahren am;Fahrzeuge;Touren'];
    for (let i = 0; i < LIMITS.routesPerTour; i += 1) {
      const name = i === 0 ? 'N'.repeat(LIMITS.nameLength) : `Strecke ${i}`;
      const start = i === 0 ? 'S'.repeat(LIMITS.pointLength) : `Start ${i}`;
      const code = i === 0 ? 'K'.repeat(LIMITS.pointLength) : `K${i}`;
      lines.push(`${name};${code};${start};Ende ${i};01.03.2026;"${i === 0 ? vehicles : 'BR 1'}";Volle Tour`);
    }
    const imported = await call('POST', '/api/import/csv', user, `${lines.join('\r\n')}\r\n`, 'text/csv');
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect(imported.json().errorCount).toBe(0);
    const backup = (await call('GET', '/api/backup', user)).json() as Backup;
    expect(backup.tours[0]!.routes).toHaveLength(LIMITS.routesPerTour);
    expect(Math.max(...backup.vehicleActivities.map((entry) => entry.vehicles.length))).toBe(LIMITS.vehiclesPerDrive);
    const copy = await registerUser(ctx.app);
    const restored = await call('POST', '/api/backup/restore', copy, backup);
    expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
    const again = (await call('GET', '/api/backup', copy)).json() as Backup;
    expect(again.routes).toHaveLength(LIMITS.routesPerTour);
    expect(again.routes.some((route) => route.name.length === LIMITS.nameLength)).toBe(true);
    expect(again.tours[0]!.routes).toHaveLength(LIMITS.routesPerTour);
    expect(Math.max(...again.vehicleActivities.map((entry) => entry.vehicles.length))).toBe(LIMITS.vehiclesPerDrive);
    // One vehicle more on a line is refused, naming line and limit.
    const more = `Strecke;Start;Ende;gefahren am;Fahrzeuge\r\nX;A;B;01.03.2026;"${vehicles}, BR extra"\r\n`;
    const refused = await call('POST', '/api/import/csv/preview', user, more, 'text/csv');
    expect(JSON.stringify(refused.json())).toContain(`${LIMITS.vehiclesPerDrive}`);
    expect(refused.json().errorCount).toBe(1);
  }, 120_000);

  it('refuses per-record limits the same way in the API and the backup', async () => {
    const user = await registerUser(ctx.app);
    // 1,003 routes (coprime with the stride of `document`): the drive holds 1,001 different ones.
    const tooMany = document(LIMITS.routesPerDrive + 3, 1, LIMITS.routesPerDrive + 1);
    const restore = await call('POST', '/api/backup/preview', user, tooMany);
    expect(restore.statusCode).toBe(422);
    expect(JSON.stringify(restore.json())).toContain(`höchstens ${LIMITS.routesPerDrive} Strecken`);
    const drive = await call('POST', '/api/route_activities', user, {
      acquiredAt: '2026-01-01',
      acquiredRoutes: Array.from({ length: LIMITS.routesPerDrive + 1 }, (_, i) => `/api/routes/${i + 1}`),
    });
    expect(drive.statusCode).toBe(422);
    expect(JSON.stringify(drive.json())).toContain(`höchstens ${LIMITS.routesPerDrive} Strecken`);
  });

  it('refuses a merge that would take an existing tour over its limit (its backup could not be restored)', async () => {
    const user = await registerUser(ctx.app);
    const first = document(LIMITS.routesPerTour + 1, 0, 0);
    first.tours = [
      { ref: 1, name: 'Volle Tour', routes: first.routes.slice(0, LIMITS.routesPerTour).map((r) => r.ref) },
    ];
    expect((await call('POST', '/api/backup/restore', user, first)).statusCode).toBe(200);
    const second = document(LIMITS.routesPerTour + 1, 0, 0);
    second.tours = [{ ref: 1, name: 'Volle Tour', routes: [LIMITS.routesPerTour + 1] }];
    const refused = await call('POST', '/api/backup/restore', user, second);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain(`hätte danach ${LIMITS.routesPerTour + 1} Strecken`);
  }, 60_000);

  it('refuses a restore that would take the account over a link limit before writing anything', async () => {
    const user = await registerUser(ctx.app);
    const drives = Math.floor(LIMITS.driveRoutesPerAccount / LIMITS.routesPerDrive) + 1;
    const preview = await call(
      'POST',
      '/api/backup/preview',
      user,
      document(LIMITS.routesPerDrive, drives, LIMITS.routesPerDrive),
    );
    expect(preview.statusCode).toBe(422);
    expect(JSON.stringify(preview.json())).toContain('Strecken in allen Fahrten');
    expect((await call('GET', '/api/routes', user)).json()).toEqual([]);
  }, 60_000);
});
