import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup, MergePreview } from '@streckenpass/contract/backup';
import { formatDate } from '@streckenpass/contract/format';
import { addDays, isBackdated, todayIn } from '@streckenpass/contract/knowledge';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { DELETE_ACCOUNT_CONFIRMATION } from '@streckenpass/contract/users';
import { createCaller } from '../../test/api.js';
import { seedAccount } from '../../test/account-data.js';
import { createRoute, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';
import { readTrailer } from '../../lib/proof-signature.js';

/**
 * Issue 27, item 3: taking the record to a new employer — the transfer PDF (the whole record with its history, signed)
 * and the signed backup, whose restore keeps the original "erfasst am" only when its signature checks out and it is
 * restored into the account it was issued for (issue 38).
 */

let ctx: TestContext;
let driver: TestUser;
const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');
/** When the seeded drives were "really" recorded: 40 days ago, so that keeping it is told apart from "now". */
const RECORDED_AT = new Date(Date.now() - 40 * 86_400_000).toISOString();

const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await ctx.app.db.execute(statement)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, proof: { max: 10_000, timeWindow: 60_000 } } });
  driver = await registerUser(ctx.app, { firstname: 'Jörg', lastname: 'Weiß' });
  await seedAccount(ctx.app, driver);
  // A drive of 20 days ago, recorded today: "nachgetragen".
  const late = await createRoute(ctx.app, driver, { name: 'Gemünden – Lohr' });
  const drive = await call('POST', '/api/route_activities', driver, {
    acquiredAt: addDays(today, -20),
    acquiredRoutes: [routeIri(late.id)],
  });
  expect(drive.statusCode, drive.body).toBe(201);
  const renamed = await call('PATCH', `/api/routes/${late.id}`, driver, { name: 'Gemünden – Lohr (Main)' });
  expect(renamed.statusCode, renamed.body).toBe(200);
});
afterAll(async () => ctx.close());

const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });

describe('POST /api/proofs/transfer', () => {
  it('issues one signed PDF of the whole record with every drive and its history, verifiable like every Nachweis', async () => {
    const response = await call('POST', '/api/proofs/transfer', driver);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="streckenpass-arbeitgeberwechsel-${today}.pdf"`,
    );
    const pdf = response.rawPayload;
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Nachweis für den Arbeitgeberwechsel');
    expect(text).toContain('Alle Fahrten');
    expect(text).toContain('Verlauf aller Eintragungen');
    // The late drive with its "erfasst am" and mark; the rename in the history with the field it changed.
    expect(text).toContain(`${formatDate(addDays(today, -20))}`);
    expect(text).toContain('nachgetragen');
    expect(text).toContain('Strecke „Gemünden – Lohr (Main)“ geändert: Name: Gemünden – Lohr → Gemünden – Lohr (Main)');
    expect(text).toContain('Strecke „Würzburg – Fürth“ angelegt');

    const reading = readTrailer(pdf);
    if (!reading.found || !reading.trailer) throw new Error('no trailer');
    const trailer = reading.trailer;
    expect(trailer.kind).toBe('transfer');
    const list = (await call('GET', '/api/proofs', driver)).json() as IssuedProof[];
    expect(list[0]).toMatchObject({ kind: 'transfer', routes: 4, vehicles: 2 });

    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/pruefen/${trailer.code}`,
      headers: { accept: 'application/json' },
    });
    expect(verified.json()).toMatchObject({
      state: 'genuine',
      document: { kind: 'transfer', changedSince: false, holder: { firstname: 'Jörg', lastname: 'Weiß' } },
    });

    // One changed byte of the file: "verändert".
    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 1;
    const boundary = '----transfer-test';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        changed,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect((upload.json() as { state: string }).state).toBe('altered');
  });

  it('lists each drive with its own routes only, and the check page shows the same drives as signed', async () => {
    const holder = await registerUser(ctx.app, { firstname: 'Dora', lastname: 'Drei' });
    const names = ['Aschaffenburg – Laufach', 'Bamberg – Forchheim', 'Crailsheim – Ansbach'];
    const days = [-3, -2, -1].map((offset) => addDays(today, offset));
    for (const [index, name] of names.entries()) {
      const route = await createRoute(ctx.app, holder, { name });
      const drive = await call('POST', '/api/route_activities', holder, {
        acquiredAt: days[index],
        acquiredRoutes: [routeIri(route.id)],
      });
      expect(drive.statusCode, drive.body).toBe(201);
    }
    const response = await call('POST', '/api/proofs/transfer', holder);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdftotext(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).not.toContain('Strecken inzwischen gelöscht');
    // Each drive with the one route it was driven on: every name once in "Alle Fahrten".
    const drives = text.slice(text.indexOf('Alle Fahrten'), text.indexOf('Verlauf aller Eintragungen'));
    for (const [index, name] of names.entries()) {
      expect(drives).toContain(`${formatDate(days[index]!)} ${formatDate(addDays(days[index]!, 364))}`);
      expect(drives.split(name).length - 1, `${name} in "Alle Fahrten"`).toBe(1);
    }
    const reading = readTrailer(response.rawPayload);
    if (!reading.found || !reading.trailer) throw new Error('no trailer');
    const code = reading.trailer.code;
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/pruefen/${code}`,
      headers: { accept: 'application/json' },
    });
    expect(verified.json().document.drives).toEqual(
      [2, 1, 0].map((index) => ({
        acquiredAt: days[index],
        acquiredUntil: addDays(days[index]!, 364),
        recordedOn: today,
        imported: false,
        routes: [names[index]],
      })),
    );
    const stored = await rows<{ content: { drives: { routes: string[] }[] } }>(
      sql`select content from issued_documents where code = ${code}`,
    );
    expect(stored[0]!.content.drives.map((drive) => drive.routes)).toEqual([[names[2]], [names[1]], [names[0]]]);
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${code}` });
    expect(page.body).toContain('Alle Fahrten (3)');
    expect(page.body).toContain(`<td class="name-cell">${formatDate(days[2]!)}</td>`);
    expect(page.body).toContain(`<td data-label="Strecken">${names[2]}</td>`);
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/api/proofs/transfer')).statusCode).toBe(401);
  });

  it("lists only the caller's own record: another driver's transfer document names none of it", async () => {
    const other = await registerUser(ctx.app, { firstname: 'Bob', lastname: 'Baumann' });
    const response = await call('POST', '/api/proofs/transfer', other);
    expect(response.statusCode).toBe(200);
    const text = pdftotext(response.rawPayload);
    expect(text).not.toContain('Würzburg');
    expect(text).toContain('Keine Fahrten erfasst.');
  });
});

describe('the signed backup', () => {
  async function signedBackup(): Promise<Backup> {
    await ctx.app.db.execute(
      sql`update route_activities set recorded_at = ${RECORDED_AT}::timestamptz where owner_id = ${driver.id}`,
    );
    const response = await call('GET', '/api/backup', driver);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Backup;
  }

  const recordedAtOf = (user: TestUser) =>
    rows<{ recorded_at: Date | string; imported: boolean }>(
      sql`select recorded_at, imported from route_activities where owner_id = ${user.id}`,
    );

  it('carries a signature and each drive’s "erfasst am"; a restore into the same account keeps it and marks the drives imported', async () => {
    const owner = await registerUser(ctx.app, { firstname: 'Anna', lastname: 'Ämsig' });
    await seedAccount(ctx.app, owner);
    await ctx.app.db.execute(
      sql`update route_activities set recorded_at = ${RECORDED_AT}::timestamptz where owner_id = ${owner.id}`,
    );
    const response = await call('GET', '/api/backup', owner);
    expect(response.statusCode, response.body).toBe(200);
    const backup = response.json() as Backup;
    expect(backup.signature).toMatchObject({ kind: 'backup', code: expect.stringMatching(/^\w{4}-\w{4}-\w{4}$/) });
    expect(
      backup.routeActivities.every(
        (drive) => drive.recordedAt === RECORDED_AT.replace('Z', '+00:00') || drive.recordedAt === RECORDED_AT,
      ),
    ).toBe(true);
    const list = (await call('GET', '/api/proofs', owner)).json() as IssuedProof[];
    expect(list[0]).toMatchObject({ kind: 'backup', code: backup.signature!.code });

    // The drives are lost (deleted), then the account's own backup brings them back with their times.
    const drives = (await call('GET', '/api/route_activities', owner)).json() as { id: number }[];
    expect(drives.length).toBeGreaterThan(0);
    for (const drive of drives) {
      expect((await call('DELETE', `/api/route_activities/${drive.id}`, owner)).statusCode).toBe(204);
    }
    const preview = await call('POST', '/api/backup/preview', owner, backup);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as MergePreview).signature).toMatchObject({
      state: 'genuine',
      keepsRecordedAt: true,
      message: expect.stringMatching(/für Anna Ämsig: unverändert\.$/),
    });
    const restored = await call('POST', '/api/backup/restore', owner, backup);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await recordedAtOf(owner);
    expect(back.length).toBe(backup.routeActivities.length);
    for (const drive of back) {
      expect(new Date(drive.recorded_at).toISOString()).toBe(RECORDED_AT);
      expect(drive.imported).toBe(true);
    }
  });

  it('restores another holder’s unaltered signed backup with the drives recorded now, and says so (issue 38)', async () => {
    const backup = await signedBackup();
    const target = await registerUser(ctx.app);
    const preview = await call('POST', '/api/backup/preview', target, backup);
    expect(preview.statusCode, preview.body).toBe(200);
    const check = (preview.json() as MergePreview).signature!;
    expect(check).toMatchObject({ state: 'genuine', keepsRecordedAt: false });
    expect(check.message).toContain('für Jörg Weiß: unverändert, aber für ein anderes Konto ausgestellt');
    expect(check.message).toContain('als heute erfasst');
    expect(check.message).toContain('„nachgetragen“');
    const before = Date.now();
    const restored = await call('POST', '/api/backup/restore', target, backup);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as { message: string }).message).toContain('für ein anderes Konto ausgestellt');
    const drives = await rows<{ acquired_at: string; recorded_at: Date | string; imported: boolean }>(
      sql`select acquired_at::text, recorded_at, imported from route_activities where owner_id = ${target.id}`,
    );
    expect(drives.length).toBe(backup.routeActivities.length);
    for (const drive of drives) {
      expect(new Date(drive.recorded_at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(drive.imported).toBe(true);
      // Driven more than 7 days before it was recorded (here: now) is "nachgetragen", as for any late entry.
      expect(isBackdated(drive.acquired_at, drive.recorded_at, 'Europe/Berlin')).toBe(
        drive.acquired_at < addDays(today, -7),
      );
    }
    expect(drives.some((drive) => isBackdated(drive.acquired_at, drive.recorded_at, 'Europe/Berlin'))).toBe(true);
    // B's next Nachweis shows the late drive as "nachgetragen", recorded today.
    const transfer = await call('POST', '/api/proofs/transfer', target);
    expect(transfer.statusCode, transfer.body).toBe(200);
    const text = pdftotext(transfer.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('nachgetragen');
    expect(text).not.toContain(formatDate(RECORDED_AT.slice(0, 10)));
  });

  it('keeps no "erfasst am" of a genuine backup whose account is gone, in a new account of the same holder', async () => {
    const owner = await registerUser(ctx.app, { firstname: 'Anna', lastname: 'Ämsig' });
    await seedAccount(ctx.app, owner);
    await ctx.app.db.execute(
      sql`update route_activities set recorded_at = ${RECORDED_AT}::timestamptz where owner_id = ${owner.id}`,
    );
    const backup = (await call('GET', '/api/backup', owner)).json() as Backup;
    const deleted = await call('POST', '/api/users/delete-account', owner, {
      password: owner.password,
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const again = await registerUser(ctx.app, { email: owner.email, firstname: 'Anna', lastname: 'Ämsig' });
    const preview = await call('POST', '/api/backup/preview', again, backup);
    expect((preview.json() as MergePreview).signature).toMatchObject({ state: 'genuine', keepsRecordedAt: false });
  });

  it('restores a changed signed backup as unsigned: the drives count as recorded now, and the answer says why', async () => {
    const backup = await signedBackup();
    const changed = {
      ...backup,
      routes: backup.routes.map((route, i) => (i === 0 ? { ...route, name: 'Geändert' } : route)),
    };
    const target = await registerUser(ctx.app);
    const before = Date.now();
    const restored = await call('POST', '/api/backup/restore', target, changed);
    expect(restored.statusCode, restored.body).toBe(200);
    const body = restored.json() as MergePreview & { message: string };
    expect(body.signature).toMatchObject({ state: 'altered', keepsRecordedAt: false });
    expect(body.message).toContain('verändert');
    for (const drive of await recordedAtOf(target)) {
      expect(new Date(drive.recorded_at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(drive.imported).toBe(true);
    }
  });

  it('tells an unsigned document, a foreign key and a revoked signature apart, and refuses a malformed signature (400)', async () => {
    const backup = await signedBackup();
    const target = await registerUser(ctx.app);
    const { signature, ...unsigned } = backup;
    const state = async (document: unknown) => {
      const response = await call('POST', '/api/backup/preview', target, document);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as MergePreview).signature?.state;
    };
    expect(await state(unsigned)).toBe('unsigned');
    expect(await state({ ...backup, signature: { ...signature!, keyId: '0123456789abcdef' } })).toBe('unknown');
    // Junk in the signature (a NUL byte in the key id, found by the fuzzer) is a broken signature, never a 500.
    expect(await state({ ...backup, signature: { ...signature!, keyId: 'P\u0000ä' } })).toBe('altered');
    const malformed = await call('POST', '/api/backup/preview', target, { ...backup, signature: { code: 1 } });
    expect(malformed.statusCode).toBe(400);

    const revoked = await call('POST', `/api/proofs/${signature!.code}/revoke`, driver);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await state(backup)).toBe('revoked');
    // The verification page of the backup's code says so too.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/pruefen/${signature!.code}`,
      headers: { accept: 'application/json' },
    });
    expect((page.json() as { state: string }).state).toBe('revoked');
  });

  it('verifies a downloaded backup uploaded on the verification page, and tells a changed one', async () => {
    const response = await call('GET', '/api/backup', driver);
    const upload = (file: Buffer) => {
      const boundary = '----backup-upload';
      return ctx.app.inject({
        method: 'POST',
        url: '/pruefen',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sicherung.json"\r\n` +
              'Content-Type: application/json\r\n\r\n',
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const genuine = await upload(response.rawPayload);
    expect(genuine.json()).toMatchObject({
      state: 'genuine',
      document: { kind: 'backup', holder: { firstname: 'Jörg', lastname: 'Weiß' } },
    });
    expect(genuine.body).toContain('Würzburg – Fürth');
    expect(genuine.body).not.toContain(driver.email);
    const backup = response.json() as Backup;
    const edited = { ...backup, routes: backup.routes.map((route, i) => (i === 0 ? { ...route, name: 'X' } : route)) };
    expect((await upload(Buffer.from(JSON.stringify(edited)))).json()).toMatchObject({ state: 'altered' });
    const { signature: _, ...unsigned } = backup;
    expect((await upload(Buffer.from(JSON.stringify(unsigned)))).json()).toMatchObject({ state: 'unknown' });
  });

  it('shows a genuine backup on the verification page with its routes, without the e-mail address', async () => {
    const backup = await signedBackup();
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${backup.signature!.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Würzburg – Fürth');
    expect(page.body).not.toContain(driver.email);
  });
});
