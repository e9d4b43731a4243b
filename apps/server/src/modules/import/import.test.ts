import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '@streckenpass/contract/import';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { createRoute, createVehicle, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { parseDate } from './csv-import.js';

let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

const today = todayIn('Europe/Berlin');
const german = (date: string) => date.split('-').reverse().join('.');

function upload(url: string, user: TestUser | undefined, body: string | Buffer, type = 'text/csv') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(user?.headers ?? {}), 'content-type': type },
    payload: body,
  });
}
const preview = (user: TestUser, body: string | Buffer, type?: string) =>
  upload('/api/import/csv/preview', user, body, type);
const confirm = (user: TestUser, body: string | Buffer, type?: string) => upload('/api/import/csv', user, body, type);

const TEMPLATE = [
  'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
  'Würzburg – Fürth;K1;NWH;NF;01.03.2026;;BR 218, ET 425',
  '',
  '"Gemünden; Lohr";;NGM;NLR;2026-02-15;14.08.2026;',
  'Ohne Datum;K3;A;B;;;',
].join('\r\n');

describe('POST /api/import/csv/preview', () => {
  it('reads the template and writes nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await preview(user, TEMPLATE);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ImportPreview;
    expect(body).toMatchObject({ layout: 'template', encoding: 'utf-8', delimiter: ';', lines: 3, validLines: 3 });
    expect(body.errors).toEqual([]);
    expect(body.sample[1]).toMatchObject({
      line: 4,
      name: 'Gemünden; Lohr',
      companyRoute: null,
      acquiredAt: '2026-02-15',
      acquiredUntil: '2026-08-14',
    });
    // Without "gültig bis", a year.
    expect(body.sample[0]).toMatchObject({
      acquiredAt: '2026-03-01',
      acquiredUntil: '2027-02-28',
      vehicles: ['BR 218', 'ET 425'],
    });
    const routes = body.merge.sections.find((s) => s.section === 'routes')!;
    expect(routes.added).toBe(3);
    const vehicleActivities = body.merge.sections.find((s) => s.section === 'vehicleActivities')!;
    expect(vehicleActivities.added).toBe(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    expect(list.json()).toEqual([]);
  });

  it('reads commas, a BOM, Windows-1252 and ISO dates alike', async () => {
    const text = 'Strecke,Kürzel,Start,Ende,gefahren am\r\n"Gießen, Straßberg",K2,FG,FS,2026-01-10\r\n';
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    const utf8 = (await preview(alice, bom)).json() as ImportPreview;
    expect(utf8).toMatchObject({ encoding: 'utf-8', delimiter: ',', validLines: 1 });
    expect(utf8.sample[0]!.name).toBe('Gießen, Straßberg');

    const latin = Buffer.from(text, 'latin1');
    const win = (await preview(alice, latin, 'application/octet-stream')).json() as ImportPreview;
    expect(win).toMatchObject({ encoding: 'windows-1252', validLines: 1 });
    expect(win.sample[0]!.name).toBe('Gießen, Straßberg');
  });

  it('lists every bad line with its number and a German reason', async () => {
    const text = [
      'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
      'Gut;K1;A;B;01.02.2026;;',
      'Unmöglich;K2;A;B;31.02.2026;;',
      '=HYPERLINK("http://evil.example","klick");K3;A;B;;;',
      'Kein Datum;K4;A;B;morgen;;',
      ';K5;A;B;;;',
      `Zukunft;K6;A;B;${german(addDays(today, 3))};;`,
      'Rückwärts;K7;A;B;10.02.2026;01.02.2026;',
      'Bis ohne Start;K8;A;B;;01.02.2026;',
      'Zu viel;K9;A;B;;;;extra',
      "'=Geschützt;K10;A;B;;;",
    ].join('\n');
    const body = (await preview(alice, text)).json() as ImportPreview;
    expect(body.validLines).toBe(2);
    expect(body.errorCount).toBe(8);
    const byLine = Object.fromEntries(body.errors.map((e) => [e.line, e.message]));
    expect(byLine[3]).toBe('Zeile 3: „gefahren am“: Das Datum 31.02.2026 gibt es nicht.');
    expect(byLine[4]).toContain('Zeile 4: „Strecke“ beginnt mit „=“');
    expect(byLine[4]).toContain('Formeln werden nicht übernommen');
    expect(byLine[5]).toContain('„morgen“ ist kein Datum');
    expect(byLine[6]).toBe('Zeile 6: „Strecke“ fehlt.');
    expect(byLine[7]).toContain('liegt in der Zukunft');
    expect(byLine[8]).toContain('„Gültig bis“ darf nicht vor dem Erwerbsdatum liegen.');
    expect(byLine[9]).toContain('ohne Datum der Fahrt');
    expect(byLine[10]).toContain('8 Felder, die Kopfzeile nur 7');
    // The export's neutralised cell is read back as the text it protects.
    expect(body.sample.map((row) => row.name)).toEqual(['Gut', '=Geschützt']);
  });

  it('reads the export’s rule and DS100 columns, and lists unreadable rules and unknown codes', async () => {
    const user = await registerUser(ctx.app);
    const text = [
      'Strecke;Start;Ende;gefahren am;Gültigkeitsregel;Start DS100;Ende DS100',
      'Gut;A;B;01.03.2026;90 Tage;NWH;',
      'Regel;A;B;;ein Jahr;;',
      'Unbegrenzt;A;B;;unbegrenzt;;',
      'Kürzel;A;B;;;XYZQ;',
      'Wie das Konto;A;B;01.03.2026;1 Jahr (364 Tage); nwh ;nf',
    ].join('\n');
    const body = (await preview(user, text)).json() as ImportPreview;
    expect(body).toMatchObject({ layout: 'export', validLines: 2, errorCount: 3 });
    const byLine = Object.fromEntries(body.errors.map((e) => [e.line, e.message]));
    expect(byLine[3]).toBe(
      'Zeile 3: „Gültigkeitsregel“: „ein Jahr“ ist keine Gültigkeitsregel (erwartet z. B. „1 Jahr (364 Tage)“, ' +
        '„90 Tage“ oder „unbegrenzt“).',
    );
    expect(byLine[4]).toContain('„unbegrenzt“ gibt es nur für Fahrzeuge');
    expect(byLine[5]).toBe('Zeile 5: „Start DS100“: Unbekanntes Betriebsstellen-Kürzel „XYZQ“.');
    // Without "gültig bis" a drive counts by the route's rule; a rule equal to the account's is not pinned.
    expect(body.sample).toMatchObject([
      { name: 'Gut', validityDays: 90, startStation: 'NWH', endStation: null, acquiredUntil: '2026-05-30' },
      { name: 'Wie das Konto', validityDays: null, startStation: 'NWH', endStation: 'NF', acquiredUntil: '2027-02-28' },
    ]);
  });

  it('refuses a file with unknown columns, naming them (422)', async () => {
    const response = await preview(alice, 'Strecke;Start;Ende;Farbe;Bemerkung\nA;B;C;rot;x\n');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('Unbekannte Spalten: „Farbe“, „Bemerkung“.');
  });

  it('refuses a file without the required columns or without a header (422)', async () => {
    const missing = await preview(alice, 'Strecke;Kürzel\nA;B\n');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toContain('fehlen die Spalten „Start“, „Ende“');
    const empty = await preview(alice, '\r\n\r\n');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('Kopfzeile');
  });

  it('refuses a file of 20 MB with a clear message (413)', async () => {
    const line = 'Strecke;Start;Ende\n' + 'Lange Strecke;A;B\n'.repeat((20 * 1024 * 1024) / 18);
    const response = await preview(alice, line);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Die Datei ist zu groß: höchstens 10 MB. Teilen Sie die Liste bitte auf.');
  });

  it('refuses a JSON body (415) and answers 401 without a token', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/import/csv/preview',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([400, 415]).toContain(json.statusCode);
    expect((await upload('/api/import/csv/preview', undefined, TEMPLATE)).statusCode).toBe(401);
    expect((await upload('/api/import/csv', undefined, TEMPLATE)).statusCode).toBe(401);
  });
});

describe('POST /api/import/csv', () => {
  it('imports the valid lines, and importing the same file again adds nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await confirm(user, TEMPLATE);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ImportResult;
    expect(result.message).toBe('3 Zeilen eingelesen, 8 Einträge hinzugefügt.');
    const expiring = (
      await ctx.app.inject({ method: 'GET', url: '/api/routes/expiring', headers: user.headers })
    ).json();
    expect(expiring.map((r: { name: string; acquired_until: string | null }) => [r.name, r.acquired_until])).toEqual([
      ['Ohne Datum', null],
      ['Gemünden; Lohr', '2026-08-14'],
      ['Würzburg – Fürth', '2027-02-28'],
    ]);
    const vehicles = (await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: user.headers })).json();
    expect(vehicles.map((v: { name: string }) => v.name)).toEqual(['BR 218', 'ET 425']);
    // Vehicles named in a line follow the account's vehicle rule (regression: the list index became their rule).
    expect(vehicles.map((v: { validityDays: number | null }) => v.validityDays)).toEqual([null, null]);

    const again = (await confirm(user, TEMPLATE)).json() as ImportResult;
    expect(again.merge.nothingToDo).toBe(true);
    const routes = (await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers })).json();
    expect(routes).toHaveLength(3);
  });

  it('reads the app’s own CSV export back (routes, tours, dates, rules, stations, vehicles block)', async () => {
    const source = await registerUser(ctx.app);
    const settings = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: { ...source.headers, 'content-type': 'application/merge-patch+json' },
      payload: { validityDays: 182, vehicleValidityDays: 60 },
    });
    expect(settings.statusCode).toBe(200);
    const r1 = await createRoute(ctx.app, source, {
      name: '@Formel',
      companyRoute: 'K1',
      startPoint: '+HU',
      endPoint: 'FF',
      validityDays: 90,
      startStation: 'HU',
      endStation: 'FF',
    });
    const r2 = await createRoute(ctx.app, source, { name: 'Zwei', startPoint: 'A', endPoint: 'B' });
    await createRoute(ctx.app, source, {
      name: 'Drei',
      startPoint: 'C',
      endPoint: 'NWH',
      validityDays: 364,
      endStation: 'NWH',
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: source.headers,
      payload: { name: 'Tour 1', routes: [routeIri(r1.id), routeIri(r2.id)] },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: source.headers,
      payload: { acquiredAt: '2026-04-01', acquiredRoutes: [routeIri(r1.id)] },
    });
    const v1 = await createVehicle(ctx.app, source, 'BR 101');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${v1.id}`,
      headers: { ...source.headers, 'content-type': 'application/merge-patch+json' },
      payload: { validityDays: 30 },
    });
    await createVehicle(ctx.app, source, 'BR 102');
    const csv = await ctx.app.inject({ method: 'POST', url: '/api/export/csv', headers: source.headers, payload: {} });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Gültigkeitsregel;Start DS100;Ende DS100');

    // Another account, with the default rules (a year for routes, no expiry for vehicles).
    const target = await registerUser(ctx.app);
    const result = await confirm(target, csv.rawPayload);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ layout: 'export', errorCount: 0, validLines: 5 });
    const routes = (
      await ctx.app.inject({ method: 'GET', url: '/api/routes/expiring', headers: target.headers })
    ).json();
    expect(
      routes.map((r: { name: string; startPoint: string; acquired_until: string | null }) => [
        r.name,
        r.startPoint,
        r.acquired_until,
      ]),
    ).toEqual([
      ['Drei', 'C', null],
      ['Zwei', 'A', null],
      ['@Formel', '+HU', '2026-06-30'],
    ]);
    const tours = (await ctx.app.inject({ method: 'GET', url: '/api/tours', headers: target.headers })).json();
    expect(tours).toHaveLength(1);
    expect(tours[0].routes).toHaveLength(2);
    // The rule in force survives: pinned where it differs from the target account's own (a year), not where equal.
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: target.headers })).json() as {
      name: string;
      validityDays: number | null;
      startStation: { code: string } | null;
      endStation: { code: string } | null;
    }[];
    expect(
      Object.fromEntries(
        list.map((r) => [r.name, [r.validityDays, r.startStation?.code ?? null, r.endStation?.code ?? null]]),
      ),
    ).toEqual({ '@Formel': [90, 'HU', 'FF'], Zwei: [182, null, null], Drei: [null, null, 'NWH'] });
    const vehicles = (await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: target.headers })).json();
    expect(vehicles.map((v: { name: string; validityDays: number | null }) => [v.name, v.validityDays])).toEqual([
      ['BR 101', 30],
      ['BR 102', 60],
    ]);
    // Exported again from the target account, the list reads the same: rules, stations, dates and status.
    const back = await ctx.app.inject({ method: 'POST', url: '/api/export/csv', headers: target.headers, payload: {} });
    expect(back.body).toBe(csv.body);
    // And importing it once more changes nothing.
    expect(((await confirm(target, back.rawPayload)).json() as ImportResult).merge.nothingToDo).toBe(true);
  });

  it('imports a long list (the bulk path with fresh statistics) and keeps every route’s validity', async () => {
    const user = await registerUser(ctx.app);
    const lines = ['Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge'];
    for (let i = 1; i <= 600; i += 1)
      lines.push(`Strecke ${i};K${i};A${i % 7};B${i % 5};01.03.2026;${i % 2 ? '' : '01.09.2026'};Lok ${i % 3}`);
    const response = await confirm(user, lines.join('\n'));
    expect(response.statusCode).toBe(200);
    const expiring = (
      await ctx.app.inject({ method: 'GET', url: '/api/routes/expiring', headers: user.headers })
    ).json();
    expect(expiring).toHaveLength(600);
    const byName = new Map(expiring.map((r: { name: string; acquired_until: string }) => [r.name, r.acquired_until]));
    expect(byName.get('Strecke 1')).toBe('2027-02-28');
    expect(byName.get('Strecke 2')).toBe('2026-09-01');
    const vehicleActivities = (
      await ctx.app.inject({ method: 'GET', url: '/api/vehicle_activities', headers: user.headers })
    ).json();
    expect(vehicleActivities).toHaveLength(600);
  });

  it('refuses a file without a single valid line (422) and writes nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await confirm(user, 'Strecke;Start;Ende\n=1+1;A;B\n');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Die Datei enthält keine gültige Zeile.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers })).json()).toEqual([]);
  });
});

describe('GET /api/import/template.csv', () => {
  it('offers the documented template as a download that the import reads', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/import/template.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="streckenpass-vorlage.csv"');
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
    );
    const checked = (await preview(alice, response.rawPayload)).json() as ImportPreview;
    expect(checked).toMatchObject({ layout: 'template', errorCount: 0, validLines: 2 });
  });
});

describe('parseDate', () => {
  it('reads German and ISO dates and refuses impossible ones', () => {
    expect(parseDate('1.3.2026')).toEqual({ date: '2026-03-01' });
    expect(parseDate('2026-03-01')).toEqual({ date: '2026-03-01' });
    expect(parseDate('29.02.2028')).toEqual({ date: '2028-02-29' });
    expect(parseDate('29.02.2026')).toEqual({ error: 'Das Datum 29.02.2026 gibt es nicht.' });
    expect(parseDate('2026-13-01')).toEqual({ error: 'Das Datum 2026-13-01 gibt es nicht.' });
    expect(parseDate('03/01/2026')).toHaveProperty('error');
  });
});
