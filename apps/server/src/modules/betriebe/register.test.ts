import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attestation } from '@streckenpass/contract/attestations';
import type { Betrieb, Member } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRouteActivity } from '../../test/seed.js';

/*
 * The register per TfV § 10 (4) (issue 41 item 6): per current driver the infrastructure known on the Stichtag (31.1:
 * the requirements whose matching route is valid) and the last passed periodic check (31.2) with the Betrieb that
 * attested it — brought from an earlier Betrieb too, but neither a withdrawn one nor one the driver hid. As CSV and as
 * a signed PDF that the check page verifies.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let examiner: TestUser;
let berta: TestUser;
let carl: TestUser;
let betrieb: Betrieb;
let members: Member[];
const german = (date: string) => date.split('-').reverse().join('.');
const memberId = (name: string) => members.find((member) => member.name.endsWith(name))!.id;

async function attest(
  user: TestUser,
  betriebId: number,
  membershipId: number,
  checkedOn: string,
  kind = 'periodic_check',
) {
  const response = await call('POST', `/api/betriebe/${betriebId}/members/${membershipId}/attestations`, user, {
    kind,
    checkedOn,
    lines: ['5910 Würzburg–Fürth'],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Attestation;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  examiner = await verifiedUser(ctx.app, { firstname: 'Paul', lastname: 'Prüfer' });
  berta = await verifiedUser(ctx.app, { firstname: 'Berta', lastname: 'Albrecht' });
  carl = await verifiedUser(ctx.app, { firstname: 'Carl', lastname: 'Brandt' });
  const earlierAdmin = await verifiedUser(ctx.app, { firstname: 'Ede', lastname: 'Eher' });

  // Carl's earlier employer checked him; he brings that along, and hides a later one of it.
  const earlier = await foundBetrieb(ctx.app, earlierAdmin, 'Frühere Bahn', []);
  await join(ctx.app, carl, await invite(ctx.app, earlierAdmin, earlier.id, 'driver'));
  const carlEarlier = (await membersOf(ctx.app, earlierAdmin, earlier.id)).find((m) => m.name === 'Carl Brandt')!.id;
  await attest(earlierAdmin, earlier.id, carlEarlier, addDays(today, -400));
  const hidden = await attest(earlierAdmin, earlier.id, carlEarlier, addDays(today, -300));
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/attestations/${hidden.code}`,
    headers: mergePatchHeaders(carl),
    payload: JSON.stringify({ hidden: true }),
  });
  expect(patched.statusCode).toBe(200);
  expect((await call('DELETE', `/api/betriebe/${earlier.id}/membership`, carl)).statusCode).toBe(204);

  betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg']);
  const drivers = await invite(ctx.app, admin, betrieb.id, 'driver');
  await join(ctx.app, berta, drivers);
  await join(ctx.app, carl, drivers);
  await join(ctx.app, examiner, await invite(ctx.app, admin, betrieb.id, 'examiner'));
  members = await membersOf(ctx.app, admin, betrieb.id);
  for (const [startStation, endStation] of [
    ['NWH', 'NF'],
    ['NWH', 'NGM'],
  ])
    expect(
      (await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, { startStation, endStation })).statusCode,
    ).toBe(201);

  // Berta knows NWH–NF (valid), her NWH–NGM lapsed; Carl knows nothing of it.
  const known = await createRoute(ctx.app, berta, { name: 'Würzburg – Fürth', startStation: 'NWH', endStation: 'NF' });
  const lapsed = await createRoute(ctx.app, berta, {
    name: 'Würzburg – Gemünden',
    startStation: 'NWH',
    endStation: 'NGM',
  });
  await insertRouteActivity(ctx.app, berta.id, {
    acquiredAt: addDays(today, -10),
    acquiredUntil: addDays(today, 354),
    routeIds: [known.id],
  });
  await insertRouteActivity(ctx.app, berta.id, {
    acquiredAt: addDays(today, -400),
    acquiredUntil: addDays(today, -36),
    routeIds: [lapsed.id],
  });
  // Berta's checks here: the later one withdrawn, so the earlier counts; a first acquisition is no check.
  await attest(examiner, betrieb.id, memberId('Albrecht'), addDays(today, -30));
  const withdrawn = await attest(examiner, betrieb.id, memberId('Albrecht'), addDays(today, -5));
  await attest(examiner, betrieb.id, memberId('Albrecht'), addDays(today, -1), 'first_acquisition');
  const back = await call('POST', `/api/betriebe/${betrieb.id}/attestations/${withdrawn.code}/withdraw`, admin);
  expect(back.statusCode).toBe(200);
}, 60_000);
afterAll(async () => ctx?.close());

describe('GET /api/betriebe/{id}/register.csv', () => {
  it('lists each driver with 31.1 and 31.2, semicolon-separated with a BOM', async () => {
    const response = await call('GET', `/api/betriebe/${betrieb.id}/register.csv`, examiner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="verzeichnis-tfv-${today}.csv"`);
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name;Depot;31.1 Infrastruktur;31.2 Datum der Überprüfung;Überprüft durch Betrieb');
    expect(lines[1]).toMatch(/^Berta Albrecht;;"?NWH – NF: Würzburg Hbf – /);
    expect(lines[1]).not.toContain('NGM');
    expect(lines[1]).toContain(`;${german(addDays(today, -30))};Mainfranken Bahn`);
    expect(lines[2]).toBe(`Carl Brandt;;keine gültige Streckenkunde;${german(addDays(today, -400))};Frühere Bahn`);
    expect(text).toContain(`Stand;${german(today)}`);
    // The examiner and the admin are no drivers: not in the register.
    expect(text).not.toContain('Prüfer');
  });
});

describe('POST /api/betriebe/{id}/register/pdf', () => {
  it('issues the register as a signed PDF that the check page verifies', async () => {
    const response = await call('POST', `/api/betriebe/${betrieb.id}/register/pdf`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = response.rawPayload;
    expect(file.toString('latin1')).toContain('%StreckenpassProof');
    const text = execFileSync('pdftotext', ['-', '-'], { input: file, encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      'Verzeichnis nach § 10 Abs. 4 TfV',
      'Mainfranken Bahn',
      'Anna Admin',
      '31.1 Infrastruktur',
      '31.2 Datum der Überprüfung',
      'Berta Albrecht',
      german(addDays(today, -30)),
      'Frühere Bahn',
      'Prüfcode',
    ]) {
      expect(text).toContain(expected);
    }
    const checked = await ctx.app.inject({
      method: 'POST',
      url: '/pruefen',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      payload: file,
    });
    const answer = checked.json() as { state: string; document: { code: string; register: { drivers: unknown[] } } };
    expect(answer).toMatchObject({ state: 'genuine', document: { kind: 'register', changedSince: false } });
    expect(answer.document.register.drivers).toEqual([
      expect.objectContaining({
        name: 'Berta Albrecht',
        lastCheck: { checkedOn: addDays(today, -30), betrieb: 'Mainfranken Bahn' },
      }),
      expect.objectContaining({
        name: 'Carl Brandt',
        infrastructure: [],
        lastCheck: { checkedOn: addDays(today, -400), betrieb: 'Frühere Bahn' },
      }),
    ]);
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${answer.document.code}` });
    expect(page.body).toContain('Verzeichnis nach § 10 Abs. 4 TfV');
    expect(page.body).toContain('Carl Brandt');
    // Issued to the admin, who finds it in "Meine Daten".
    const proofs = (await call('GET', '/api/proofs', admin)).json() as { kind: string }[];
    expect(proofs.map((proof) => proof.kind)).toContain('register');
  });
});
