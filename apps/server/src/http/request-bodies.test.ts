import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { REQUEST_PROBLEMS } from '@streckenpass/contract/problems';
import { createCaller } from '../test/api.js';
import { foundBetrieb, invite, tokenOf, verifiedUser } from '../test/betriebe.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

/**
 * Issue 38: structural 400 answers said "Invalid input (startStation)" to people, and malformed UTF-8 in a JSON body
 * was stored as U+FFFD. The title stays the seed's ("Bad Request"); the detail is German and names the field.
 */
const ENGLISH = /Invalid input|expected|received|must|Unexpected|JSON at position|Body cannot be empty/i;

let ctx: TestContext;
let admin: TestUser;
let driver: TestUser;
let betriebId: number;
let invitationToken: string;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await verifiedUser(ctx.app);
  driver = await verifiedUser(ctx.app);
  betriebId = (await foundBetrieb(ctx.app, admin)).id;
  invitationToken = tokenOf(await invite(ctx.app, admin, betriebId));
}, 60_000);
afterAll(async () => ctx.close());

function expectBadRequest(response: { statusCode: number; json(): unknown }, detail: string | RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { title: string; status: number; detail: string };
  expect(body).toMatchObject({ title: 'Bad Request', status: 400 });
  expect(body.detail).not.toMatch(ENGLISH);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else expect(body.detail).toMatch(detail);
}

describe('structural 400 answers', () => {
  const requirements = () => `/api/betriebe/${betriebId}/requirements`;
  it.each([
    ['an empty body on a requirement', () => call('POST', requirements(), admin, {}), 'Das Feld „startStation“ fehlt.'],
    [
      'a number for a station on a requirement',
      () => call('POST', requirements(), admin, { startStation: 5, endStation: 'NN' }),
      'Das Feld „startStation“ hat den falschen Typ; erwartet wird Text.',
    ],
    [
      'founding a Betrieb without consentVersion',
      () => call('POST', '/api/betriebe', admin, { name: 'Regio Ost' }),
      'Das Feld „consentVersion“ fehlt.',
    ],
    [
      'joining without consentVersion',
      () => call('POST', `/api/invitations/${invitationToken}/accept`, driver, {}),
      'Das Feld „consentVersion“ fehlt.',
    ],
    [
      'an unknown extra field on a route',
      () => call('POST', '/api/routes', admin, { name: 'A', startPoint: 'A', endPoint: 'B', colour: 'rot' }),
      'Unbekanntes Feld „colour“.',
    ],
    [
      'a list instead of an object',
      () => call('POST', '/api/vehicles', admin, []),
      'Der Rumpf der Anfrage ist ungültig; erwartet wird Objekt.',
    ],
    [
      'a nested field of the wrong type',
      () => call('POST', '/api/routes', admin, { name: 'A', startPoint: 'A', endPoint: 'B', tours: 'alle' }),
      'Das Feld „tours“ hat den falschen Typ; erwartet wird Liste.',
    ],
    ['broken JSON', () => call('POST', '/api/vehicles', admin, '{"name": "BR 218"'), REQUEST_PROBLEMS.brokenJson],
    [
      'broken JSON when founding a Betrieb',
      () => call('POST', '/api/betriebe', admin, `{"name": "Regio", "consentVersion": ${CONSENT_VERSION}`),
      REQUEST_PROBLEMS.brokenJson,
    ],
    ['an empty JSON body', () => call('POST', '/api/vehicles', admin, ''), REQUEST_PROBLEMS.emptyJson],
    [
      'JSON with __proto__',
      () => call('POST', '/api/vehicles', admin, '{"name": "Lok", "__proto__": {"x": 1}}'),
      REQUEST_PROBLEMS.forbiddenJsonKey,
    ],
  ])('words %s in German and names the field', async (_label, send, detail) => {
    expectBadRequest(await send(), detail);
  });

  it('words a broken merge patch in German', async () => {
    const created = await call('POST', '/api/vehicles', admin, { name: 'BR 111' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${id}`,
      headers: mergePatchHeaders(admin),
      payload: '{"name": ',
    });
    expectBadRequest(response, REQUEST_PROBLEMS.brokenJson);
    const wrongType = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${id}`,
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ name: 218 }),
    });
    expectBadRequest(wrongType, 'Das Feld „name“ hat den falschen Typ; erwartet wird Text.');
  });

  it('words a structurally broken backup in German and names the field', async () => {
    const header = { format: 'streckenpass-backup', version: 1 };
    const missing = await call('POST', '/api/backup/preview', admin, header);
    expectBadRequest(missing, 'Das Feld „createdAt“ fehlt.');
    const account = { email: admin.email, firstname: null, lastname: null };
    const wrongType = await call('POST', '/api/backup/preview', admin, {
      ...header,
      createdAt: new Date().toISOString(),
      account,
      routes: [{ ref: 1, name: 5, startPoint: 'A', endPoint: 'B' }],
    });
    expectBadRequest(wrongType, 'Das Feld „routes.0.name“ hat den falschen Typ; erwartet wird Text.');
  });

  it('words broken percent-encoding in the path in German', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/routes/%zz', headers: admin.headers });
    expectBadRequest(response, REQUEST_PROBLEMS.badPercentEncoding);
  });
});

describe('malformed UTF-8 in a JSON body', () => {
  const malformed = (json: string, bad: Buffer) => {
    const [before, after] = json.split('%BAD%');
    return Buffer.concat([Buffer.from(before!, 'utf8'), bad, Buffer.from(after!, 'utf8')]);
  };

  it('refuses 0xff 0xfe 0xc3 in a name with 400 and stores nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: malformed('{"name": "BR %BAD%218"}', Buffer.from([0xff, 0xfe, 0xc3])),
    });
    expectBadRequest(response, REQUEST_PROBLEMS.invalidUtf8);
    const list = await call('GET', '/api/vehicles', user);
    expect(list.json()).toEqual([]);
  });

  it('refuses malformed UTF-8 in a merge patch and leaves the record as it was', async () => {
    const user = await registerUser(ctx.app);
    const created = await call('POST', '/api/vehicles', user, { name: 'BR 218' });
    const id = (created.json() as { id: number }).id;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${id}`,
      headers: mergePatchHeaders(user),
      // A lead byte without its continuation, then an overlong encoding of "/".
      payload: malformed('{"name": "BR%BAD%"}', Buffer.from([0xe2, 0x82, 0x20, 0xc0, 0xaf])),
    });
    expectBadRequest(response, REQUEST_PROBLEMS.invalidUtf8);
    const vehicle = await call('GET', `/api/vehicles/${id}`, user);
    expect((vehicle.json() as { name: string }).name).toBe('BR 218');
  });

  it('still takes well-formed UTF-8 (umlauts, a byte order mark) as it is', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...user.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name": "Triebzug Würzburg – Süd 🚆"}')]),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { name: string }).name).toBe('Triebzug Würzburg – Süd 🚆');
  });
});
