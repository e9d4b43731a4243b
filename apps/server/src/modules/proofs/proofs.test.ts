import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { CreatedShareLink } from '@streckenpass/contract/share-links';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { createCaller } from '../../test/api.js';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { formatDate } from '@streckenpass/contract/format';
import { createRoute, createVehicle, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';
import { readTrailer } from '../../lib/proof-signature.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, proof: { max: 10_000, timeWindow: 60_000 } } });
  alice = await registerUser(ctx.app, { firstname: 'Jörg', lastname: 'Weiß' });
  bob = await registerUser(ctx.app, { firstname: 'Bob', lastname: 'Baumann' });
  const route = await createRoute(ctx.app, alice, { name: 'Würzburg – Fürth', companyRoute: 'K1' });
  await createRoute(ctx.app, alice, { name: 'Gemünden – Lohr' });
  await createVehicle(ctx.app, alice, 'BR 218');
  ids.route = route.id;
  // A drive of a month ago, recorded today: the document fixes when it was recorded ("erfasst am", "nachgetragen").
  const drive = await call('POST', '/api/route_activities', alice, {
    acquiredAt: addDays(today, -30),
    acquiredRoutes: [routeIri(route.id)],
  });
  expect(drive.statusCode, drive.body).toBe(201);
  await createRoute(ctx.app, bob, { name: 'Bobs Strecke' });
});
afterAll(async () => ctx.close());

const ids: Record<string, number> = {};

/** Exports a PDF of the whole record and returns its bytes and code. */
async function exportPdf(user: TestUser = alice): Promise<{ pdf: Buffer; code: string }> {
  const response = await call('POST', '/api/export/pdf', user, {});
  expect(response.statusCode, response.body).toBe(200);
  const pdf = response.rawPayload;
  const reading = readTrailer(pdf);
  if (!reading.found || !reading.trailer) throw new Error('no trailer');
  return { pdf, code: reading.trailer.code };
}

const page = (url: string, accept = 'text/html') => ctx.app.inject({ method: 'GET', url, headers: { accept } });

/** The upload form's request: multipart/form-data with one file field. */
function upload(file: Buffer, accept = 'text/html') {
  const boundary = '----streckenpass-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nachweis.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/pruefen',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept },
    payload,
  });
}

const stateOf = async (response: Awaited<ReturnType<typeof upload>>) => (response.json() as { state: string }).state;
const withoutNonce = (body: string) => body.replace(/nonce="[^"]*"/g, '');

describe('issuing a PDF', () => {
  it('prints the code and the verification address on every page and stores the document', async () => {
    const { pdf, code } = await exportPdf();
    const formatted = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
    expect(pdf.toString('latin1')).toMatch(/%%EOF\n%StreckenpassProof \{.*\}\n$/);
    const list = (await call('GET', '/api/proofs', alice)).json() as IssuedProof[];
    expect(list[0]).toMatchObject({
      code: formatted,
      kind: 'pdf',
      revokedAt: null,
      url: `http://streckenpass.test/pruefen/${formatted}`,
      routes: 2,
      vehicles: 1,
    });
  });
});

describe('GET /pruefen/{code}', () => {
  it('shows a genuine document: when and for whom, the content as issued, no e-mail, not indexed', async () => {
    const { code } = await exportPdf();
    const response = await page(`/pruefen/${code.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('✓ Echt und unverändert');
    expect(response.body).toContain('Jörg Weiß');
    expect(response.body).toContain('Würzburg – Fürth');
    expect(response.body).toContain('BR 218');
    expect(response.body).toContain('Die Eintragungen sind seit der Ausstellung unverändert.');
    // The drive as issued: driven a month ago, recorded today, so "nachgetragen".
    expect(response.body).toContain(`<td data-label="Zuletzt gefahren">${formatDate(addDays(today, -30))}</td>`);
    expect(response.body).toContain(`<td data-label="Erfasst am">${formatDate(today)} (nachgetragen)</td>`);
    expect(response.body).not.toContain(alice.email);
    expect(response.body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(response.headers['content-security-policy'] as string)?.[1];
    expect(response.body).toContain(`<style nonce="${nonce}">`);
    expect(response.body).not.toContain('<script');

    const json = await page(`/pruefen/${code}`, 'application/json');
    expect(json.json()).toMatchObject({
      state: 'genuine',
      label: 'echt und unverändert',
      document: { holder: { firstname: 'Jörg', lastname: 'Weiß' }, kind: 'pdf', changedSince: false },
    });
    expect(json.body).not.toContain(alice.email);
  });

  it('says when the holder’s record has changed since the document was issued', async () => {
    const { code } = await exportPdf();
    const renamed = await call(
      'PATCH',
      `/api/routes/${ids.route}`,
      alice,
      { name: 'Würzburg – Nürnberg' },
      'application/merge-patch+json',
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const response = await page(`/pruefen/${code}`);
    expect(response.body).toContain('Der Nachweis wurde seitdem geändert.');
    // The content as issued, not as it reads now.
    expect(response.body).toContain('Würzburg – Fürth');
    expect(response.body).not.toContain('Nürnberg');
  });

  it('answers an unknown and a malformed code the same: 404, one body', async () => {
    const answers = await Promise.all(
      [
        '/pruefen/ZZZZ-ZZZZ-ZZZZ',
        '/pruefen/abc',
        '/pruefen/UUUU-UUUU-UUUU',
        `/pruefen/${'A'.repeat(150)}`,
        '/pruefen/ABCD-EFGH-JKMN/mehr',
        '/pruefen?code=%3Cscript%3E',
        '/pruefen/%zz',
      ].map((url) => page(url)),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(404);
    expect(new Set(answers.map((answer) => withoutNonce(answer.body))).size).toBe(1);
    expect(answers[0]!.body).toContain('? Unbekannt');
    const json = await Promise.all(
      ['/pruefen/ZZZZ-ZZZZ-ZZZZ', '/pruefen/abc'].map((url) => page(url, 'application/json')),
    );
    expect(json[0]!.body).toBe(json[1]!.body);
  });

  it('checks a typed code from the form (?code=)', async () => {
    const { code } = await exportPdf();
    const response = await page(`/pruefen?code=${code.slice(0, 4)}+${code.slice(4, 8).toLowerCase()}-${code.slice(8)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Echt und unverändert');
  });
});

describe('POST /pruefen (uploaded PDF)', () => {
  it('passes the untouched file, as a form upload and as application/pdf', async () => {
    const { pdf } = await exportPdf();
    const response = await upload(pdf);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('✓ Echt und unverändert');
    expect(response.body).toContain('Jörg Weiß');
    expect(response.body).not.toContain(alice.email);
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      payload: pdf,
    });
    expect(await stateOf(raw)).toBe('genuine');
  });

  it('fails the file with one character of a date changed, as with a text editor', async () => {
    const { pdf } = await exportPdf();
    const text = pdf.toString('latin1');
    // The document information (uncompressed) names the date of issue: "ausgestellt am dd.mm.yyyy".
    const at = text.indexOf('ausgestellt am ');
    expect(at).toBeGreaterThan(0);
    const edited = Buffer.from(pdf);
    const digit = at + 'ausgestellt am '.length;
    edited[digit] = edited[digit] === '1'.charCodeAt(0) ? '2'.charCodeAt(0) : '1'.charCodeAt(0);
    const response = await upload(edited, 'application/json');
    expect(response.json()).toMatchObject({ state: 'altered', label: 'verändert' });
    expect((await upload(edited)).body).toContain('✖ Verändert');
  });

  it('fails a copy re-saved with pdf-lib: unknown without the trailer, altered with the original one put back', async () => {
    const { pdf } = await exportPdf();
    const document = await PDFDocument.load(pdf);
    document.setSubject('Streckenkundenachweis, ausgestellt am 01.01.2020');
    const resaved = Buffer.from(await document.save());
    expect(await stateOf(await upload(resaved, 'application/json'))).toBe('unknown');
    const trailer = pdf.subarray(pdf.lastIndexOf('%StreckenpassProof '));
    const forged = Buffer.concat([
      resaved.subarray(0, resaved.length),
      resaved.at(-1) === 0x0a ? Buffer.alloc(0) : Buffer.from('\n'),
      trailer,
    ]);
    expect(await stateOf(await upload(forged, 'application/json'))).toBe('altered');
  });

  it('fails a file with an incremental update after the trailer', async () => {
    const { pdf } = await exportPdf();
    const appended = Buffer.concat([pdf, Buffer.from('99 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(await stateOf(await upload(appended, 'application/json'))).toBe('altered');
  });

  it('asks for a file when none came', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'text/html' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Bitte wählen Sie eine PDF-Datei aus.');
  });

  it.each([
    ['a form without a boundary', 'multipart/form-data', 'x'],
    [
      'a form cut off inside the file',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.3',
    ],
  ])('answers %s with 400 and the form, not an error', async (_name, contentType, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': contentType, accept: 'text/html' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Die Datei konnte nicht gelesen werden.');
  });
});

describe('revoking', () => {
  it('makes the code and the file read "widerrufen", without the holder or the content', async () => {
    const { pdf, code } = await exportPdf();
    const revoked = await call('POST', `/api/proofs/${code}/revoke`, alice);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as IssuedProof).revokedAt).not.toBeNull();
    const response = await page(`/pruefen/${code}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Widerrufen');
    expect(response.body).not.toContain('Jörg Weiß');
    expect(response.body).not.toContain('Würzburg');
    expect(await stateOf(await upload(pdf, 'application/json'))).toBe('revoked');
    // Twice changes nothing.
    const again = await call('POST', `/api/proofs/${code}/revoke`, alice);
    expect((again.json() as IssuedProof).revokedAt).toBe((revoked.json() as IssuedProof).revokedAt);
  });

  it('refuses another user’s document (403), an unknown one (404), a malformed code (422) and no token (401)', async () => {
    const { code } = await exportPdf(bob);
    expect((await call('POST', `/api/proofs/${code}/revoke`, alice)).statusCode).toBe(403);
    expect((await page(`/pruefen/${code}`, 'application/json')).json()).toMatchObject({ state: 'genuine' });
    expect((await call('POST', '/api/proofs/ZZZZ-ZZZZ-ZZZZ/revoke', alice)).statusCode).toBe(404);
    expect((await call('POST', '/api/proofs/nicht-gueltig/revoke', alice)).statusCode).toBe(422);
    expect((await call('POST', `/api/proofs/${code}/revoke`)).statusCode).toBe(401);
    expect((await call('GET', '/api/proofs')).statusCode).toBe(401);
  });

  it('lists only the caller’s documents', async () => {
    const mine = (await call('GET', '/api/proofs', alice)).json() as IssuedProof[];
    const theirs = (await call('GET', '/api/proofs', bob)).json() as IssuedProof[];
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const codes = new Set(mine.map((item) => item.code));
    for (const item of theirs) expect(codes.has(item.code)).toBe(false);
  });
});

describe('the supervisor page', () => {
  it('shows its code and link, keeps one document while the content holds, and issues a new one after a change', async () => {
    const link = (await call('POST', '/api/share_links', alice, {})).json() as CreatedShareLink;
    const path = new URL(link.url).pathname;
    const first = await page(path);
    const code = /Prüfcode <strong>([0-9A-Z-]{14})<\/strong>/.exec(first.body)?.[1];
    expect(code).toBeDefined();
    expect(first.body).toContain(`href="http://streckenpass.test/pruefen/${code}"`);
    const second = await page(path);
    expect(second.body).toContain(`Prüfcode <strong>${code}</strong>`);
    expect((await page(`/pruefen/${code}`, 'application/json')).json()).toMatchObject({
      state: 'genuine',
      document: { kind: 'share', changedSince: false },
    });

    await createRoute(ctx.app, alice, { name: 'Karlstadt – Gemünden' });
    const third = await page(path);
    const newCode = /Prüfcode <strong>([0-9A-Z-]{14})<\/strong>/.exec(third.body)?.[1];
    expect(newCode).not.toBe(code);
    expect((await page(`/pruefen/${code}`, 'application/json')).json()).toMatchObject({
      document: { changedSince: true },
    });

    // The link's PDF is issued too, for the same holder.
    const pdf = await page(`${path}/pdf`, 'application/pdf');
    expect(await stateOf(await upload(pdf.rawPayload, 'application/json'))).toBe('genuine');
  });
});

describe('signing keys', () => {
  it('publishes every public key, and makes only one when several instances ask at once', async () => {
    const fresh = await buildTestApp();
    const { app } = fresh;
    try {
      const keys = await Promise.all(Array.from({ length: 5 }, () => app.proofsRepository.activeKey()));
      expect(new Set(keys.map((key) => key.id)).size).toBe(1);
      const published = await app.inject({ method: 'GET', url: '/.well-known/streckenpass-proof-keys.json' });
      expect(published.statusCode).toBe(200);
      const body = published.json() as { keys: { id: string; publicKey: string; retiredAt: string | null }[] };
      expect(body.keys).toHaveLength(1);
      expect(body.keys[0]).toMatchObject({ id: keys[0]!.id, retiredAt: null });
      expect(body.keys[0]!.publicKey).toContain('BEGIN PUBLIC KEY');
      expect(published.body).not.toContain('PRIVATE');
    } finally {
      // The app and its database (on PostgreSQL a database of its own, which the file must not leave behind).
      await fresh.close();
    }
  });

  it('keeps verifying documents of a retired key after a rotation; new ones are signed with the new key', async () => {
    const before = await exportPdf();
    const oldKey = readTrailer(before.pdf);
    const newKeyId = await ctx.app.proofsRepository.rotateKey();
    const after = await exportPdf();
    const newKey = readTrailer(after.pdf);
    expect(oldKey.found && oldKey.trailer?.keyId).not.toBe(newKeyId);
    expect(newKey.found && newKey.trailer?.keyId).toBe(newKeyId);
    expect(await stateOf(await upload(before.pdf, 'application/json'))).toBe('genuine');
    expect(await stateOf(await upload(after.pdf, 'application/json'))).toBe('genuine');
    expect((await page(`/pruefen/${before.code}`, 'application/json')).json()).toMatchObject({ state: 'genuine' });
    const keys = (await page('/.well-known/streckenpass-proof-keys.json', 'application/json')).json() as {
      keys: { id: string; retiredAt: string | null }[];
    };
    expect(keys.keys.find((key) => key.id === newKeyId)?.retiredAt).toBeNull();
    expect(keys.keys.filter((key) => key.retiredAt !== null).length).toBeGreaterThan(0);
  });
});

describe('rate limit', () => {
  it('answers 429 once a client checks too often, counting the page, the upload and the keys together', async () => {
    // The same database (a new one takes most of the 30 s on a busy machine); the limiter is the app's own.
    const limited = await buildTestApp(
      { rateLimits: { ...testConfig().rateLimits, proof: { max: 3, timeWindow: 60_000 } } },
      ctx.db,
    );
    try {
      const statuses = [];
      for (const url of ['/pruefen/ZZZZ-ZZZZ-ZZZZ', '/pruefen/abc', '/pruefen?code=x', '/pruefen/ZZZZ-ZZZZ-ZZZZ']) {
        statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect((await limited.app.inject({ method: 'POST', url: '/pruefen' })).statusCode).toBe(429);
      const keys = await limited.app.inject({ method: 'GET', url: '/.well-known/streckenpass-proof-keys.json' });
      expect(keys.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
