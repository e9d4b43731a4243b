import fs from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type {
  Requirement,
  RequirementImportPreview,
  RequirementImportResult,
  RequirementMatch,
} from '@streckenpass/contract/requirements';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

let ctx: TestContext;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(async () => ctx.close());

const path = (betrieb: Betrieb, rest = '') => `/api/betriebe/${betrieb.id}/requirements${rest}`;
const upload = (url: string, user: TestUser | undefined, body: Buffer | string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(user?.headers ?? {}), 'content-type': 'text/csv' },
    payload: body,
  });

/** A Betrieb of a new admin with a driver and a Disponent. */
async function team() {
  const admin = await verifiedUser(ctx.app);
  const driver = await verifiedUser(ctx.app);
  const disponent = await verifiedUser(ctx.app);
  const betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg', 'Nürnberg']);
  await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id, 'driver'));
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  return { admin, driver, disponent, betrieb };
}

async function addRequirement(user: TestUser, betrieb: Betrieb, body: Record<string, unknown>): Promise<Requirement> {
  const response = await call('POST', path(betrieb), user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Requirement;
}

describe('POST /api/betriebe/{id}/requirements', () => {
  it('adds a requirement with the stations’ names, Kürzel and depot; every member lists it', async () => {
    const { admin, driver, disponent, betrieb } = await team();
    const depot = betrieb.depots.find((d) => d.name === 'Würzburg')!;
    const created = await addRequirement(admin, betrieb, {
      startStation: 'nwh',
      endStation: 'NF',
      companyRoute: ' K1 ',
      depot: depot.id,
    });
    expect(created).toMatchObject({
      startStation: { code: 'NWH', name: expect.stringContaining('Würzburg') },
      endStation: { code: 'NF' },
      companyRoute: 'K1',
      depot: { id: depot.id, name: 'Würzburg' },
    });
    for (const member of [admin, driver, disponent]) {
      const list = await call('GET', path(betrieb), member);
      expect(list.statusCode).toBe(200);
      expect((list.json() as Requirement[]).map((r) => r.id)).toEqual([created.id]);
    }
  });

  it('refuses the same pair in the other direction (409), unknown codes and a foreign depot (422), no end (400)', async () => {
    const { admin, betrieb } = await team();
    await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    const reverse = await call('POST', path(betrieb), admin, { startStation: 'NF', endStation: 'NWH' });
    expect(reverse.statusCode).toBe(409);
    const unknown = await call('POST', path(betrieb), admin, { startStation: 'QQQQ', endStation: 'NF' });
    expect(unknown.statusCode).toBe(422);
    expect(violations(unknown)).toEqual([
      { propertyPath: 'startStation', message: 'Unbekanntes Betriebsstellen-Kürzel „QQQQ“.' },
    ]);
    const other = await foundBetrieb(ctx.app, await verifiedUser(ctx.app), 'Andere', ['Kassel']);
    const foreign = await call('POST', path(betrieb), admin, {
      startStation: 'NWH',
      endStation: 'NGM',
      depot: other.depots[0]!.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(violations(foreign)[0]).toMatchObject({ propertyPath: 'depot' });
    // One station twice is a place (issue 41 item 4, place-requirements.test.ts); with a line section it is refused.
    const same = await call('POST', path(betrieb), admin, {
      startStation: 'NF',
      endStation: 'nf',
      section: { line: 5910, fromKm: 0, toKm: 2 },
    });
    expect(same.statusCode).toBe(422);
    expect((await call('POST', path(betrieb), admin, { startStation: 'NF' })).statusCode).toBe(400);
    expect((await call('POST', path(betrieb), admin, '{"startStation":')).statusCode).toBe(400);
    expect(((await call('GET', path(betrieb), admin)).json() as Requirement[]).length).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const { betrieb } = await team();
    expect((await call('POST', path(betrieb), undefined, { startStation: 'NWH', endStation: 'NF' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', path(betrieb))).statusCode).toBe(401);
    expect((await call('GET', path(betrieb, '/matches'))).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/betriebe/{id}/requirements/{requirementId}', () => {
  it('changes a requirement by merge-patch and deletes it', async () => {
    const { admin, betrieb } = await team();
    const created = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF', companyRoute: 'K1' });
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${created.id}`),
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ endStation: 'NGM', companyRoute: null }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      startStation: { code: 'NWH' },
      endStation: { code: 'NGM' },
      companyRoute: null,
    });
    const invalid = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${created.id}`),
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ endStation: 'NWH', section: { line: 5910, fromKm: 0, toKm: 2 } }),
    });
    expect(invalid.statusCode).toBe(422);
    expect((await call('DELETE', path(betrieb, `/${created.id}`), admin)).statusCode).toBe(204);
    expect((await call('DELETE', path(betrieb, `/${created.id}`), admin)).statusCode).toBe(404);
    expect((await call('GET', path(betrieb), admin)).json()).toEqual([]);
  });
});

describe('a requirement’s own minimum of drivers (issue 40)', () => {
  const patch = (user: TestUser, betrieb: Betrieb, id: number, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${id}`),
      headers: mergePatchHeaders(user),
      payload: JSON.stringify(body),
    });

  it('is none unless given, set on creation or by merge-patch, cleared with null; 1 to 1,000 drivers (422)', async () => {
    const { admin, disponent, betrieb } = await team();
    const plain = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    expect(plain.minDrivers).toBeNull();
    const three = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NGM', minDrivers: 3 });
    expect(three.minDrivers).toBe(3);
    const changed = await patch(admin, betrieb, plain.id, { minDrivers: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ minDrivers: 2, startStation: { code: 'NWH' }, endStation: { code: 'NF' } });
    // Another field patched: the minimum stays; null: back to the reader's default.
    expect((await patch(admin, betrieb, plain.id, { companyRoute: 'K1' })).json()).toMatchObject({ minDrivers: 2 });
    expect((await patch(admin, betrieb, plain.id, { minDrivers: null })).json()).toMatchObject({ minDrivers: null });
    for (const [value, message] of [
      [0, 'Mindestens eine Fahrerin oder ein Fahrer.'],
      [1001, 'Höchstens 1000 Fahrer/innen.'],
    ] as const) {
      const refused = await patch(admin, betrieb, three.id, { minDrivers: value });
      expect(refused.statusCode, String(value)).toBe(422);
      expect(violations(refused)).toEqual([{ propertyPath: 'minDrivers', message }]);
    }
    // Not a whole number, or not a number: the body does not fit the schema (400).
    for (const value of [1.5, 'drei']) {
      expect((await patch(admin, betrieb, three.id, { minDrivers: value })).statusCode, String(value)).toBe(400);
    }
    const created = await call('POST', path(betrieb), admin, { startStation: 'NF', endStation: 'NN', minDrivers: 0 });
    expect(created.statusCode).toBe(422);
    // Admins only (403); another Betrieb's requirement (404); no token (401).
    expect((await patch(disponent, betrieb, three.id, { minDrivers: 1 })).statusCode).toBe(403);
    const other = await team();
    expect((await patch(other.admin, other.betrieb, three.id, { minDrivers: 1 })).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${three.id}`),
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ minDrivers: 1 }),
    });
    expect(anonymous.statusCode).toBe(401);
    const listed = (await call('GET', path(betrieb), disponent)).json() as Requirement[];
    expect(listed.map((r) => r.minDrivers)).toEqual([null, 3]);
  });
});

describe('GET /api/betriebe/{id}/requirements/matches and the manual link', () => {
  it('matches a driver’s route by pair in either direction, by Kürzel, and by hand', async () => {
    const { admin, driver, betrieb } = await team();
    const byPair = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    const byCode = await addRequirement(admin, betrieb, { startStation: 'NGM', endStation: 'NLR', companyRoute: 'k7' });
    const byHand = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NGM' });
    const reverse = await createRoute(ctx.app, driver, {
      name: 'Fürth – Würzburg',
      startStation: 'NF',
      endStation: 'NWH',
    });
    const coded = await createRoute(ctx.app, driver, { name: 'Gemünden – Lohr', companyRoute: 'K7' });
    const other = await createRoute(ctx.app, driver, { name: 'Umleitung über Gemünden' });
    // Another driver's identical route never counts.
    await createRoute(ctx.app, await verifiedUser(ctx.app), { name: 'Fremd', startStation: 'NWH', endStation: 'NGM' });

    const matches = async () => {
      const response = await call('GET', path(betrieb, '/matches'), driver);
      expect(response.statusCode).toBe(200);
      return new Map((response.json() as RequirementMatch[]).map((m) => [m.id, m]));
    };
    let found = await matches();
    expect(found.get(byPair.id)!.match).toMatchObject({ kind: 'pair', route: { id: reverse.id } });
    expect(found.get(byCode.id)!.match).toMatchObject({ kind: 'code', route: { id: coded.id } });
    expect(found.get(byHand.id)!.match).toBeNull();

    const linked = await call('PUT', path(betrieb, `/${byHand.id}/link`), driver, { route: other.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ match: { kind: 'manual', route: { id: other.id } }, link: { id: other.id } });
    found = await matches();
    expect(found.get(byHand.id)!.match).toMatchObject({ kind: 'manual', route: { id: other.id } });

    expect((await call('DELETE', path(betrieb, `/${byHand.id}/link`), driver)).statusCode).toBe(204);
    found = await matches();
    expect(found.get(byHand.id)!.match).toBeNull();
    expect(found.get(byHand.id)!.link).toBeNull();
  });

  it('refuses a route of someone else (422), an unknown requirement (404) and a bad body (400)', async () => {
    const { admin, driver, betrieb } = await team();
    const requirement = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    const foreign = await createRoute(ctx.app, admin, { name: 'Des Admins' });
    const refused = await call('PUT', path(betrieb, `/${requirement.id}/link`), driver, { route: foreign.id });
    expect(refused.statusCode).toBe(422);
    const mine = await createRoute(ctx.app, driver, { name: 'Meine' });
    expect((await call('PUT', path(betrieb, '/2147483647/link'), driver, { route: mine.id })).statusCode).toBe(404);
    expect((await call('PUT', path(betrieb, `/${requirement.id}/link`), driver, { route: 'x' })).statusCode).toBe(400);
    expect(
      (await call('PUT', path(betrieb, `/${requirement.id}/link`), undefined, { route: mine.id })).statusCode,
    ).toBe(401);
  });

  it('ends a driver’s links when they leave the Betrieb', async () => {
    const { admin, driver, betrieb } = await team();
    const requirement = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF' });
    const route = await createRoute(ctx.app, driver, { name: 'Von Hand' });
    await call('PUT', path(betrieb, `/${requirement.id}/link`), driver, { route: route.id });
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver)).statusCode).toBe(204);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id, 'driver'));
    const [again] = (await call('GET', path(betrieb, '/matches'), driver)).json() as RequirementMatch[];
    expect(again!.link).toBeNull();
  });
});

describe('requirements naming a line section (issue 29 item 3)', () => {
  const onLine = (line: number, fromKm: number, toKm: number) => ({
    km: Math.abs(toKm - fromKm),
    sections: [{ line, fromKm, toKm }],
  });

  it('stores a section with the pair, refuses half a section (400) or an empty one (422, German), patches and clears it', async () => {
    const { admin, betrieb } = await team();
    const created = await addRequirement(admin, betrieb, {
      startStation: 'NWH',
      endStation: 'NLR',
      section: { line: 5200, fromKm: 0, toKm: 34.5 },
    });
    expect(created.section).toEqual({ line: 5200, fromKm: 0, toKm: 34.5 });
    expect((await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NGM' })).section).toBeNull();

    const half = await call('POST', path(betrieb), admin, {
      startStation: 'NF',
      endStation: 'NLR',
      section: { line: 5200 },
    });
    // A missing field is the wrong shape (400); the web form names it in German before it sends.
    expect(half.statusCode, half.body).toBe(400);
    const empty = await call('POST', path(betrieb), admin, {
      startStation: 'NF',
      endStation: 'NLR',
      section: { line: 5200, fromKm: 3, toKm: 3 },
    });
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)).toEqual([
      { propertyPath: 'section.toKm', message: 'Von km und bis km müssen verschieden sein.' },
    ]);

    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${created.id}`),
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ section: { line: 5910, fromKm: 12.5, toKm: 1 } }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ companyRoute: null, section: { line: 5910, fromKm: 12.5, toKm: 1 } });
    const kept = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${created.id}`),
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ companyRoute: 'K1' }),
    });
    expect(kept.json()).toMatchObject({ companyRoute: 'K1', section: { line: 5910 } });
    const cleared = await ctx.app.inject({
      method: 'PATCH',
      url: path(betrieb, `/${created.id}`),
      headers: mergePatchHeaders(admin),
      payload: JSON.stringify({ section: null }),
    });
    expect(cleared.json()).toMatchObject({ companyRoute: 'K1', section: null });
  });

  it('is met by a driver’s route whose path covers the section, in either direction, each end but for half a km', async () => {
    const { admin, driver, betrieb } = await team();
    const requirement = await addRequirement(admin, betrieb, {
      startStation: 'NWH',
      endStation: 'NLR',
      section: { line: 5200, fromKm: 10, toKm: 40 },
    });
    const short = await createRoute(ctx.app, driver, { name: 'Nur ein Teil', path: onLine(5200, 10, 30) });
    // Another line with the same km never counts.
    await createRoute(ctx.app, driver, { name: 'Andere Strecke', path: onLine(5201, 0, 50) });
    const matchOf = async () => {
      const response = await call('GET', path(betrieb, '/matches'), driver);
      expect(response.statusCode).toBe(200);
      return (response.json() as RequirementMatch[]).find((m) => m.id === requirement.id)!.match;
    };
    expect(await matchOf()).toBeNull();
    const reversed = await createRoute(ctx.app, driver, { name: 'Lohr – Würzburg', path: onLine(5200, 39.6, 10.3) });
    expect(await matchOf()).toMatchObject({ kind: 'section', route: { id: reversed.id, name: 'Lohr – Würzburg' } });
    // The route's path shortened: no longer covered; the other route covers it once its path is long enough.
    expect(
      (await call('PATCH', `/api/routes/${reversed.id}`, driver, { path: onLine(5200, 39.6, 20) })).statusCode,
    ).toBe(200);
    expect(await matchOf()).toBeNull();
    await call('PATCH', `/api/routes/${short.id}`, driver, { path: onLine(5200, 0, 60) });
    expect(await matchOf()).toMatchObject({ kind: 'section', route: { id: short.id } });
  });

  it('reads a section column of a CSV file as the route export writes it, and names a bad one by line', async () => {
    const { admin, betrieb } = await team();
    const file = [
      'Von;Bis;Streckenabschnitt',
      'NWH;NLR;5200 km 0,0–34,5',
      'NWH;NGM;',
      'NF;NLR;5200 km 3,0–3,0',
      'NF;NGM;über 5200',
      'NGM;NLR;"5200 km 0–1; 5201 km 1–2"',
    ].join('\n');
    const preview = await upload(path(betrieb, '/import/preview'), admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = preview.json() as RequirementImportPreview;
    expect(summary.added).toBe(2);
    expect(summary.sample.map((row) => row.section)).toEqual([{ line: 5200, fromKm: 0, toKm: 34.5 }, null]);
    expect(summary.errors.map((error) => error.message)).toEqual([
      expect.stringContaining('Von km und bis km müssen verschieden sein.'),
      expect.stringContaining('„über 5200“'),
      expect.stringContaining('höchstens einen Abschnitt'),
    ]);
    expect((await upload(path(betrieb, '/import'), admin, file)).statusCode).toBe(200);
    const list = (await call('GET', path(betrieb), admin)).json() as Requirement[];
    expect(list.map((r) => r.section)).toEqual([null, { line: 5200, fromKm: 0, toKm: 34.5 }]);
  });
});

describe('POST /api/betriebe/{id}/requirements/import(/preview)', () => {
  it('reads a Windows-1252 file with German headers, `;` and names or codes; imports the new lines once', async () => {
    const { admin, betrieb } = await team();
    await addRequirement(admin, betrieb, { startStation: 'NF', endStation: 'NWH' });
    const file = iconv.encode(
      [
        'Strecke;Von;Bis;Streckenkürzel;Depot',
        'Würzburg – Fürth;NWH;NF;;',
        'Gemünden – Lohr „Main“;NGM;NLR;K 2;würzburg',
        '',
        'Unbekannt;QQQQ;NF;;',
        'Formel;=HYPERLINK("x");NF;;',
        'Falsches Depot;NWH;NGM;;Köln',
        'Doppelt;NLR;NGM;k 2;Würzburg',
      ].join('\r\n'),
      'windows-1252',
    );
    const preview = await upload(path(betrieb, '/import/preview'), admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = preview.json() as RequirementImportPreview;
    expect(summary).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lines: 6, added: 1, existing: 2 });
    expect(summary.errorCount).toBe(3);
    expect(summary.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(summary.sample[1]).toMatchObject({ companyRoute: 'K 2', depot: 'würzburg', existing: false });
    expect(((await call('GET', path(betrieb), admin)).json() as Requirement[]).length).toBe(1);

    const imported = await upload(path(betrieb, '/import'), admin, file);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as RequirementImportResult;
    expect(result.added).toBe(1);
    expect(result.message).toContain('1 Anforderung hinzugefügt');
    const list = (await call('GET', path(betrieb), admin)).json() as Requirement[];
    expect(list.map((r) => [r.startStation.code, r.endStation.code, r.companyRoute, r.depot?.name ?? null])).toEqual([
      ['NF', 'NWH', null, null],
      ['NGM', 'NLR', 'K 2', 'Würzburg'],
    ]);
    // The same file again adds nothing.
    expect(((await upload(path(betrieb, '/import'), admin, file)).json() as RequirementImportResult).added).toBe(0);
  });

  it('reads the checked-in Excel fixture of the driver’s import by the same reader (unknown columns: 422)', async () => {
    const { admin, betrieb } = await team();
    const fixture = fs.readFileSync(new URL('../import/fixtures/excel-windows-1252.csv', import.meta.url));
    const response = await upload(path(betrieb, '/import/preview'), admin, fixture);
    expect(response.statusCode).toBe(422);
    expect(violations(response)[0]!.message).toContain('Unbekannte Spalten: „Letzte Fahrt“, „Gültig bis“, „Fahrzeuge“');
  });

  it('refuses an empty file and a file without start or end (422), other roles (403) and no token (401)', async () => {
    const { admin, driver, disponent, betrieb } = await team();
    expect((await upload(path(betrieb, '/import/preview'), admin, Buffer.alloc(0))).statusCode).toBe(422);
    const headerless = await upload(path(betrieb, '/import/preview'), admin, 'Start,Kürzel\nNWH,K1\n');
    expect(headerless.statusCode).toBe(422);
    expect(violations(headerless)[0]!.message).toContain('fehlt die Spalte „Ende“');
    for (const member of [driver, disponent]) {
      expect((await upload(path(betrieb, '/import'), member, 'Start;Ende\nNWH;NF\n')).statusCode).toBe(403);
    }
    expect((await upload(path(betrieb, '/import'), undefined, 'Start;Ende\nNWH;NF\n')).statusCode).toBe(401);
    expect((await call('GET', path(betrieb), admin)).json()).toEqual([]);
  });
});

describe('/api/betriebe/{id}/vehicle-requirements', () => {
  it('adds a required vehicle type, refuses it twice (409) or empty (422), and shows a driver their vehicle of it', async () => {
    const { admin, driver, disponent, betrieb } = await team();
    const created = await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, admin, {
      vehicleType: ' BR 218 ',
      depot: betrieb.depots[0]!.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json() as { id: number; vehicleType: string; depot: { name: string } };
    expect(type).toMatchObject({ vehicleType: 'BR 218', depot: { name: betrieb.depots[0]!.name } });
    const twice = await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, admin, {
      vehicleType: 'br218',
      depot: betrieb.depots[0]!.id,
    });
    expect(twice.statusCode).toBe(409);
    const empty = await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, admin, { vehicleType: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)).toEqual([{ propertyPath: 'vehicleType', message: 'Bitte den Fahrzeugtyp angeben.' }]);
    expect((await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, admin, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/betriebe/${betrieb.id}/vehicle-requirements`, undefined, { vehicleType: 'X' }))
        .statusCode,
    ).toBe(401);
    for (const member of [admin, driver, disponent]) {
      const list = await call('GET', `/api/betriebe/${betrieb.id}/vehicle-requirements`, member);
      expect((list.json() as { id: number }[]).map((r) => r.id)).toEqual([type.id]);
    }

    const before = await call('GET', `/api/betriebe/${betrieb.id}/vehicle-requirements/matches`, driver);
    expect(before.json()).toMatchObject([{ id: type.id, vehicle: null }]);
    const vehicle = await call('POST', '/api/vehicles', driver, { name: 'Br218' });
    expect(vehicle.statusCode).toBe(201);
    const after = await call('GET', `/api/betriebe/${betrieb.id}/vehicle-requirements/matches`, driver);
    expect(after.json()).toMatchObject([{ id: type.id, vehicle: { id: (vehicle.json() as { id: number }).id } }]);

    expect(
      (await call('DELETE', `/api/betriebe/${betrieb.id}/vehicle-requirements/${type.id}`, admin)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/betriebe/${betrieb.id}/vehicle-requirements`, admin)).json()).toEqual([]);
  });
});
