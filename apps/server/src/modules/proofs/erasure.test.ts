import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';
import { formatCode, readTrailer } from '../../lib/proof-signature.js';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';

/**
 * Issue 38, item 14 (GDPR Art. 17): once an account is deleted, no verification page shows anything of the person —
 * neither the documents issued to them (PDF, share page, transfer, backup) nor a Betrieb's matrix that lists them —
 * while every document still verifies as issued by its signed hashes.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, proof: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(async () => ctx.close());

const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await ctx.app.db.execute(statement)) as unknown as { rows: T[] }).rows;

function codeOf(pdf: Buffer): string {
  const reading = readTrailer(pdf);
  if (!reading.found || !reading.trailer) throw new Error('no trailer');
  return formatCode(reading.trailer.code);
}

const checkCode = (code: string, accept = 'application/json') =>
  ctx.app.inject({ method: 'GET', url: `/pruefen/${code}`, headers: { accept } });

const checkFile = (file: Buffer, accept = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/pruefen',
    headers: { 'content-type': 'application/pdf', accept },
    payload: file,
  });

const deleteAccount = async (user: TestUser) => {
  const response = await call('POST', '/api/users/delete-account', user, {
    password: user.password,
    confirmation: 'KONTO LÖSCHEN',
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('the documents of a deleted account', () => {
  it('still verify as issued by Streckenpass, by code and by file, but show nothing of the person', async () => {
    const holder = await registerUser(ctx.app, { firstname: 'Edda', lastname: 'Erasmus' });
    const route = await createRoute(ctx.app, holder, { name: 'Karlstadt – Retzbach' });
    const drive = await call('POST', '/api/route_activities', holder, {
      acquiredAt: addDays(today, -2),
      acquiredRoutes: [routeIri(route.id)],
    });
    expect(drive.statusCode, drive.body).toBe(201);

    const pdf = (await call('POST', '/api/export/pdf', holder, {})).rawPayload;
    const transfer = (await call('POST', '/api/proofs/transfer', holder)).rawPayload;
    const backup = (await call('GET', '/api/backup', holder)).json() as Backup;
    const link = await call('POST', '/api/share_links', holder, { routes: [route.id] });
    expect(link.statusCode, link.body).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(link.json().url).pathname })).statusCode).toBe(200);
    const issued = (await call('GET', '/api/proofs', holder)).json() as IssuedProof[];
    const share = issued.find((proof) => proof.kind === 'share')!;
    // One revoked before the account goes: it stays revoked.
    const revoked = (await call('POST', '/api/export/pdf', holder, {})).rawPayload;
    expect((await call('POST', `/api/proofs/${codeOf(revoked)}/revoke`, holder)).statusCode).toBe(200);
    const codes = {
      pdf: codeOf(pdf),
      transfer: codeOf(transfer),
      backup: backup.signature!.code,
      share: share.code,
    };
    // Before: the pages show the person.
    expect((await checkCode(codes.pdf, 'text/html')).body).toContain('Edda Erasmus');

    await deleteAccount(holder);

    for (const [kind, code] of Object.entries(codes)) {
      const json = await checkCode(code);
      expect(json.statusCode, kind).toBe(200);
      expect(json.json(), kind).toEqual({
        state: 'genuine',
        label: expect.any(String),
        reason: expect.stringContaining('Konto, für das er ausgestellt wurde, ist gelöscht'),
        erased: { code, kind, issuedAt: expect.any(String) },
      });
      const html = (await checkCode(code, 'text/html')).body;
      for (const personal of ['Edda', 'Erasmus', 'Karlstadt', holder.email]) expect(html, kind).not.toContain(personal);
      expect(html).toContain(code);
    }
    for (const file of [pdf, transfer]) {
      const verified = await checkFile(file);
      expect(verified.json()).toMatchObject({ state: 'genuine', erased: { code: expect.any(String) } });
      expect(verified.body).not.toContain('Erasmus');
      expect(verified.body).not.toContain('Karlstadt');
    }
    // A changed byte still reads "verändert", and still shows nothing.
    const changed = Buffer.from(pdf);
    changed[100] = changed[100]! ^ 1;
    const altered = await checkFile(changed);
    expect(altered.json()).toMatchObject({ state: 'altered' });
    expect(altered.body).not.toContain('Erasmus');
    expect((await checkCode(codeOf(revoked))).json()).toMatchObject({ state: 'revoked' });

    // Stored: no owner, no content — only what proves the issue (code, hashes, signature).
    const bare = Object.values(codes).map((code) => code.replaceAll('-', ''));
    const stored = await rows<{ owner_id: number | null; content: unknown; erased_at: Date | null; signature: string }>(
      sql`select owner_id, content, erased_at, signature from issued_documents
           where code in (${bare[0]}, ${bare[1]}, ${bare[2]}, ${bare[3]})`,
    );
    expect(stored).toHaveLength(4);
    for (const row of stored) {
      expect(row).toMatchObject({ owner_id: null, content: null, signature: expect.any(String) });
      expect(row.erased_at).not.toBeNull();
    }
  });
});

describe('a Betrieb’s matrix that lists a driver', () => {
  it('no longer shows a driver who deleted the account or left the Betrieb, and still verifies', async () => {
    const admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
    const betrieb = await foundBetrieb(ctx.app, admin, 'Löschbahn', ['Gemünden']);
    const requirement = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, {
      startStation: 'NWH',
      endStation: 'NF',
    });
    expect(requirement.statusCode, requirement.body).toBe(201);
    const leaving = await verifiedUser(ctx.app, { firstname: 'Gerda', lastname: 'Geht' });
    const staying = await verifiedUser(ctx.app, { firstname: 'Bleibt', lastname: 'Bestehen' });
    const deleting = await verifiedUser(ctx.app, { firstname: 'Lotte', lastname: 'Löscht' });
    for (const driver of [leaving, staying, deleting])
      await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));

    const response = await call('POST', `/api/betriebe/${betrieb.id}/matrix/pdf`, admin, {});
    expect(response.statusCode, response.body).toBe(200);
    const file = response.rawPayload;
    const code = codeOf(file);
    const before = (await checkCode(code, 'text/html')).body;
    for (const name of ['Gerda Geht', 'Bleibt Bestehen', 'Lotte Löscht']) expect(before).toContain(name);

    await deleteAccount(deleting);
    const left = await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, leaving);
    expect(left.statusCode, left.body).toBeLessThan(300);

    for (const answer of [await checkCode(code), await checkFile(file)]) {
      const body = answer.json();
      expect(body).toMatchObject({ state: 'genuine', document: { kind: 'matrix', withheldDrivers: 2 } });
      expect(body.document.matrix.drivers.map((driver: { name: string }) => driver.name)).toEqual(['Bleibt Bestehen']);
      expect(answer.body).not.toContain('Löscht');
      expect(answer.body).not.toContain('Geht');
    }
    const html = (await checkCode(code, 'text/html')).body;
    expect(html).toContain('Bleibt Bestehen');
    expect(html).not.toContain('Lotte');
    expect(html).not.toContain('Gerda');
    expect(html).toContain('2 Fahrer/innen des Nachweises werden hier nicht mehr gezeigt');
  });

  it('is erased as a whole when its issuer deletes the account: it verifies, and shows nobody', async () => {
    const admin = await verifiedUser(ctx.app, { firstname: 'Ida', lastname: 'Issuer' });
    const betrieb = await foundBetrieb(ctx.app, admin, 'Ausstellerbahn', ['Lohr']);
    const driver = await verifiedUser(ctx.app, { firstname: 'Fritz', lastname: 'Fahrer' });
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const other = await verifiedUser(ctx.app, { firstname: 'Zweite', lastname: 'Adminin' });
    await join(ctx.app, other, await invite(ctx.app, admin, betrieb.id, 'admin'));
    const file = (await call('POST', `/api/betriebe/${betrieb.id}/matrix/pdf`, admin, {})).rawPayload;
    await deleteAccount(admin);
    const answer = await checkFile(file, 'text/html');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Echt');
    for (const personal of ['Ida', 'Issuer', 'Fritz', 'Fahrer', 'Ausstellerbahn'])
      expect(answer.body).not.toContain(personal);
  });
});
