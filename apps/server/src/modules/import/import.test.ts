import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportResult } from '@streckenpass/contract/import';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import { formatNumber } from '@streckenpass/contract/format';
import { createRoute, createTour, createVehicle, routeIri, vehicleIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { decodeCsv } from '../../lib/csv-reader.js';
import { parseDate } from './csv-lines.js';
import { formatNameList, parseNameList } from '../../lib/name-list.js';

let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

const today = todayIn('Europe/Berlin');
const german = (date: string) => date.split('-').reverse().join('.');
/** d.m.yy, as a spreadsheet shortens a date. */
const short = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${Number(day)}.${Number(month)}.${year!.slice(2)}`;
};
const section = (body: { merge: ImportPreview['merge'] }, name: string) =>
  body.merge.sections.find((s) => s.section === name)!;
const addedIn = (body: { merge: ImportPreview['merge'] }) =>
  Object.fromEntries(body.merge.sections.map((s) => [s.section, s.added]));
const listRoutes = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers })).json() as {
    id: number;
    name: string;
    startPoint: string;
    endPoint: string;
    startStation: { code: string } | null;
    endStation: { code: string } | null;
  }[];
const exportCsv = (user: TestUser) =>
  ctx.app.inject({ method: 'POST', url: '/api/export/csv', headers: user.headers, payload: {} });

/** A drive through the API as the app records it, with its vehicles. */
async function drive(user: TestUser, acquiredAt: string, routes: number[], vehicles: number[], acquiredUntil?: string) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/route_activities',
    headers: user.headers,
    payload: { acquiredAt, ...(acquiredUntil ? { acquiredUntil } : {}), acquiredRoutes: routes.map(routeIri) },
  });
  expect(created.statusCode, created.body).toBe(201);
  if (vehicles.length === 0) return;
  const entry = await ctx.app.inject({
    method: 'POST',
    url: '/api/vehicle_activities',
    headers: user.headers,
    payload: {
      acquiredVehicles: vehicles.map(vehicleIri),
      routeActivity: `/api/route_activities/${created.json().id}`,
    },
  });
  expect(entry.statusCode, entry.body).toBe(201);
}

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
    // The lines of one day with the same "gültig bis" and the same vehicles are one drive: 2 × 3 here.
    const drives = (
      await ctx.app.inject({ method: 'GET', url: '/api/route_activities', headers: user.headers })
    ).json() as { acquiredRoutes: string[] }[];
    expect(drives.map((d) => d.acquiredRoutes.length).sort()).toEqual([100, 100, 100, 100, 100, 100]);
    const vehicleActivities = (
      await ctx.app.inject({ method: 'GET', url: '/api/vehicle_activities', headers: user.headers })
    ).json();
    expect(vehicleActivities).toHaveLength(6);
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

  it('reads the short dates spreadsheets write: two-digit years are 20xx', () => {
    expect(parseDate('5.8.26')).toEqual({ date: '2026-08-05' });
    expect(parseDate('05.08.26')).toEqual({ date: '2026-08-05' });
    expect(parseDate('05.08.2026')).toEqual({ date: '2026-08-05' });
    expect(parseDate('29.2.27')).toEqual({ error: 'Das Datum 29.2.27 gibt es nicht.' });
    expect(parseDate('5.8.026')).toHaveProperty('error');
  });
});

describe('decodeCsv', () => {
  it('decodes Windows-1252 with its own characters in 0x80–0x9F, not as Latin-1 control characters', () => {
    expect(decodeCsv(Buffer.from([0x41, 0x20, 0x96, 0x20, 0x80, 0x84, 0x93, 0xfc, 0xdf]))).toEqual({
      text: 'A – €„“üß',
      encoding: 'windows-1252',
    });
    expect(decodeCsv(Buffer.from('\uFEFFA – €', 'utf8'))).toEqual({ text: 'A – €', encoding: 'utf-8' });
  });

  it('refuses a file that is neither UTF-8 nor Windows-1252 instead of storing "�" (422), and writes nothing', async () => {
    const user = await registerUser(ctx.app);
    const file = Buffer.concat([
      Buffer.from('Strecke;Start;Ende\r\nW\xfcrzburg ', 'latin1'),
      // 0x81 and 0x9D mean nothing in Windows-1252, and the bytes are no UTF-8 either.
      Buffer.from([0x81, 0x9d]),
      Buffer.from(';NWH;NF\r\n', 'latin1'),
    ]);
    for (const send of [preview, confirm]) {
      const response = await send(user, file);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail).toBe(
        'Die Datei ist weder UTF-8 noch Windows-1252: Das Byte 0x81 an Stelle 30 ist in keiner der beiden ' +
          'Kodierungen ein Zeichen. Bitte speichern Sie die Liste als „CSV UTF-8“.',
      );
    }
    expect(await listRoutes(user)).toEqual([]);
    // Windows-1252 as Excel saves it is still read.
    const excel = Buffer.from('Strecke;Start;Ende\r\nW\xfcrzburg \x96 F\xfcrth;NWH;NF\r\n', 'latin1');
    expect((await confirm(user, excel)).statusCode).toBe(200);
    expect((await listRoutes(user)).map((route) => route.name)).toEqual(['Würzburg – Fürth']);
  });
});

describe('name lists (Fahrzeuge, Touren)', () => {
  it('reads back every list the export writes, names with commas and quotes included', () => {
    for (const names of [['BR 218', 'ET 425'], ['Früh, Montag', 'Spät'], ['Lok "Emma", alt', 'x'], ['Ein Name']]) {
      expect(parseNameList(formatNameList(names))).toEqual({ names });
    }
    expect(formatNameList(['Früh, Montag', 'Spät'])).toBe('"Früh, Montag", Spät');
    expect(parseNameList('BR 218,ET 425 , ,BR 218')).toEqual({ names: ['BR 218', 'ET 425'] });
    expect(parseNameList('"Früh"x, Spät')).toHaveProperty('error');
  });
});

describe('what spreadsheets bring', () => {
  it('decodes a Windows-1252 file as German Excel saves it (en dash, „“, €) and finds the route made in the app', async () => {
    const bytes = fs.readFileSync(new URL('./fixtures/excel-windows-1252.csv', import.meta.url));
    // The fixture as Excel writes it: no BOM, CRLF, the en dash as the single byte 0x96.
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('Hbf \x96 N\xfcrnberg', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('\r\n'))).toBe(true);
    const user = await registerUser(ctx.app);
    await createRoute(ctx.app, user, {
      name: 'Würzburg Hbf – Nürnberg Hbf',
      startPoint: 'Würzburg Hbf',
      endPoint: 'Nürnberg Hbf',
      startStation: 'NWH',
      endStation: 'NN',
    });

    const body = (await preview(user, bytes, 'application/vnd.ms-excel')).json() as ImportPreview;
    expect(body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lines: 3, validLines: 3, errorCount: 0 });
    expect(body.sample.map((row) => row.name)).toEqual([
      'Würzburg Hbf – Nürnberg Hbf',
      'Gemünden – Lohr „Main“',
      'Zuschlag 5 €',
    ]);
    expect(body.sample[0]).toMatchObject({ existingRoute: true, acquiredAt: '2026-11-03' });
    expect(body.sample[1]).toMatchObject({
      companyRoute: 'K 2',
      acquiredAt: '2026-11-02',
      vehicles: ['ET 425, neu', 'BR 218'],
      startStation: 'NGM',
      endStation: null,
      existingRoute: false,
    });
    // The line names the existing route: no second one.
    expect(section(body, 'routes')).toMatchObject({ added: 2, unchanged: 1 });

    await confirm(user, bytes);
    expect((await listRoutes(user)).map((r) => r.name).sort()).toEqual([
      'Gemünden – Lohr „Main“',
      'Würzburg Hbf – Nürnberg Hbf',
      'Zuschlag 5 €',
    ]);
  });

  it('numbers lines as a spreadsheet does: a line break inside a quoted cell counts once', async () => {
    const text = [
      'Strecke;Start;Ende;gefahren am',
      '"Über zwei\r\nZeilen";A;B;',
      'Falsch;A;B;31.02.2026',
      '"Drei\r\n\r\nZeilen";A;B;',
      '=1+1;A;B;',
      '"Mit LF\nim Feld";A;B;',
      'Auch falsch;A;B;morgen',
    ].join('\r\n');
    const body = (await preview(alice, text)).json() as ImportPreview;
    expect(body.errors.map((error) => error.line)).toEqual([4, 8, 11]);
    expect(body.errors[0]!.message).toBe('Zeile 4: „gefahren am“: Das Datum 31.02.2026 gibt es nicht.');
    expect(body.sample.map((row) => row.line)).toEqual([2, 5, 9]);
  });

  it('names the line where an unreadable record starts', async () => {
    const response = await preview(
      alice,
      'Strecke;Start;Ende\r\n"Zwei\r\nZeilen";A;B\r\nGut;A;B\r\n"Offen;A;B\r\nx;y;z\r\n',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^Die Datei ist kein lesbares CSV \(Zeile 5\)/);
  });

  it('reads the usual German column names and short dates', async () => {
    const driven = addDays(today, -10);
    const text = [
      'Strecke;Von;Bis;Datum;GÜLTIG BIS;Fahrzeug(e);Tour(en)',
      `Gießen – Fulda;FG;FFU;${short(driven)};;BR 111;Früh`,
      `Gießen – Marburg;FG;FMB;${german(driven)};${german(addDays(driven, 30))};;`,
      `Zukunft;FG;FMB;${short(addDays(today, 400))};;;`,
    ].join('\r\n');
    const body = (await preview(alice, text)).json() as ImportPreview;
    expect(body).toMatchObject({ validLines: 2, errorCount: 1 });
    expect(body.sample[0]).toMatchObject({
      startPoint: 'FG',
      endPoint: 'FFU',
      acquiredAt: driven,
      acquiredUntil: addDays(driven, 364),
      vehicles: ['BR 111'],
      tours: ['Früh'],
    });
    expect(body.sample[1]).toMatchObject({ acquiredAt: driven, acquiredUntil: addDays(driven, 30) });
    expect(body.errors[0]!.message).toBe('Zeile 4: „Datum“ liegt in der Zukunft.');

    for (const header of [
      'Name der Strecke;Streckenkürzel;Startpunkt;Ziel;letzte Fahrt;Gueltig bis;Fahrzeuge;Tour',
      'strecke;kuerzel;START;Nach;Zuletzt gefahren;gültig  bis;Baureihen;Touren',
      'Strecke;Kürzel;Anfang;Endpunkt;gefahren am;Ablaufdatum;Fahrzeug;Tour',
    ]) {
      const response = await preview(alice, `${header}\r\nA – B;K1;FG;FFU;${german(driven)};;BR 111;Früh\r\n`);
      expect(response.statusCode, `${header}: ${response.body}`).toBe(200);
      expect((response.json() as ImportPreview).sample[0]).toMatchObject({
        name: 'A – B',
        companyRoute: 'K1',
        startPoint: 'FG',
        endPoint: 'FFU',
        acquiredAt: driven,
        vehicles: ['BR 111'],
        tours: ['Früh'],
      });
    }
  });

  it('refuses "Bis" or "Von" where they could mean a date, and still names unknown columns', async () => {
    const bis = await preview(alice, 'Strecke;Start;Ende;Bis\nA;B;C;01.01.2026\n');
    expect(bis.statusCode).toBe(422);
    expect(bis.json().detail).toContain('„Bis“ ist mehrdeutig (Ende der Strecke oder gültig bis?)');
    const von = await preview(alice, 'Strecke;Von;Ende\nA;B;C\n');
    expect(von.statusCode).toBe(422);
    expect(von.json().detail).toContain('„Von“ ist mehrdeutig');
    const doubled = await preview(alice, 'Strecke;Start;Ende;Datum;gefahren am\nA;B;C;;\n');
    expect(doubled.statusCode).toBe(422);
    expect(doubled.json().detail).toContain('Die Spalte „gefahren am“ kommt doppelt vor');
    const unknown = await preview(alice, 'Strecke;Start;Ende;Farbe\nA;B;C;rot\n');
    expect(unknown.json().detail).toContain('Unbekannte Spalte: „Farbe“.');
  });

  it('reads a vehicle or tour name with a comma when it is quoted, as the export writes it', async () => {
    const user = await registerUser(ctx.app);
    const text = [
      'Strecke;Start;Ende;gefahren am;Fahrzeuge;Touren',
      `Eins;A;B;${german(addDays(today, -3))};"""BR 218, neu"", ET 425";"""Früh, Montag"", Spät"`,
      'Zwei;A;B;;;"""Früh, Montag"""',
      'Kaputt;A;B;;"""BR 218"" x";',
    ].join('\r\n');
    const body = (await confirm(user, text)).json() as ImportResult;
    expect(body.errors).toEqual([
      {
        line: 4,
        message:
          'Zeile 4: „Fahrzeuge“: Die Liste ist nicht lesbar: Ein Name mit Komma steht in Anführungszeichen, ' +
          'z. B. „"Tour 1, früh", Tour 2“.',
      },
    ]);
    const vehicles = (await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: user.headers })).json();
    expect(vehicles.map((v: { name: string }) => v.name).sort()).toEqual(['BR 218, neu', 'ET 425']);
    const tours = (await ctx.app.inject({ method: 'GET', url: '/api/tours', headers: user.headers })).json();
    expect(tours.map((t: { name: string; routes: string[] }) => [t.name, t.routes.length]).sort()).toEqual([
      ['Früh, Montag', 2],
      ['Spät', 1],
    ]);
  });
});

describe('stations and existing routes', () => {
  it('links a start or end given as DS100 code or exact station name; free text stays text', async () => {
    const user = await registerUser(ctx.app);
    const text = ['Strecke;Start;Ende', 'Würzburg – Fürth;NWH;Fürth (Bay) Hbf', 'Werk;Würzburg Hbf Gleis 5;nf'].join(
      '\n',
    );
    const body = (await confirm(user, text)).json() as ImportResult;
    expect(body.sample.map((row) => [row.startStation, row.endStation])).toEqual([
      ['NWH', 'NF'],
      [null, null],
    ]);
    const routes = await listRoutes(user);
    expect(routes.map((r) => [r.name, r.startPoint, r.startStation?.code ?? null, r.endStation?.code ?? null])).toEqual(
      expect.arrayContaining([
        ['Würzburg – Fürth', 'NWH', 'NWH', 'NF'],
        ['Werk', 'Würzburg Hbf Gleis 5', null, null],
      ]),
    );
  });

  it('finds the route made in the form from its stations (KK;KD) or its name, and adds no second one', async () => {
    const user = await registerUser(ctx.app);
    const cologne = await createRoute(ctx.app, user, {
      name: 'Köln – Düsseldorf',
      startPoint: 'Köln Hbf',
      endPoint: 'Düsseldorf Hbf',
      startStation: 'KK',
      endStation: 'KD',
    });
    await createRoute(ctx.app, user, {
      name: 'Würzburg Hbf – Nürnberg Hbf',
      startPoint: 'Würzburg',
      endPoint: 'Nürnberg',
    });
    await createRoute(ctx.app, user, { name: 'Maintal', companyRoute: 'M1', startPoint: 'A', endPoint: 'B' });
    const day = addDays(today, -5);
    const text = [
      'Strecke;Kürzel;Start;Ende;gefahren am',
      `KK-KD;;KK;KD;${german(day)}`,
      `Köln Hbf – Düsseldorf Hbf;;Köln Hbf;Düsseldorf Hbf;${german(day)}`,
      `wuerzburg hbf - Nürnberg Hauptbahnhof;;Würzburg;Nürnberg;${german(day)}`,
      // The other direction is another route; so is one with another company code.
      `Düsseldorf – Köln;;KD;KK;`,
      `MAINTAL;M2;A;B;`,
      `MAINTAL;M1;A;B;`,
    ].join('\r\n');
    const checked = (await preview(user, text)).json() as ImportPreview;
    expect(checked.sample.map((row) => [row.line, row.name, row.existingRoute])).toEqual([
      [2, 'Köln – Düsseldorf', true],
      [3, 'Köln – Düsseldorf', true],
      [4, 'Würzburg Hbf – Nürnberg Hbf', true],
      [5, 'Düsseldorf – Köln', false],
      [6, 'MAINTAL', false],
      [7, 'Maintal', true],
    ]);
    expect(section(checked, 'routes').added).toBe(2);
    // Lines 2 and 3 are one drive of one route, line 4 has the same day and no vehicles: one drive in all.
    expect(section(checked, 'routeActivities').added).toBe(1);

    await confirm(user, text);
    const routes = await listRoutes(user);
    expect(routes).toHaveLength(5);
    const expiring = (
      await ctx.app.inject({ method: 'GET', url: '/api/routes/expiring', headers: user.headers })
    ).json() as { id: number; acquired_until: string | null }[];
    expect(expiring.find((r) => r.id === cologne.id)?.acquired_until).toBe(addDays(day, 364));
    // The form-made route keeps its text and links.
    expect(routes.find((r) => r.id === cologne.id)).toMatchObject({
      startPoint: 'Köln Hbf',
      startStation: { code: 'KK' },
      endStation: { code: 'KD' },
    });
  });
});

describe('the app’s own export read back', () => {
  it('adds nothing to the same account, and brings last drives and validity back into a new account', async () => {
    const source = await registerUser(ctx.app);
    const r1 = await createRoute(ctx.app, source, {
      name: 'Köln – Düsseldorf',
      startPoint: 'Köln Hbf',
      endPoint: 'Düsseldorf Hbf',
      startStation: 'KK',
      endStation: 'KD',
    });
    const r2 = await createRoute(ctx.app, source, {
      name: 'Würzburg – Fürth',
      companyRoute: 'K1',
      startPoint: 'NWH',
      endPoint: 'NF',
    });
    const r3 = await createRoute(ctx.app, source, {
      name: 'Gemünden – Lohr',
      startPoint: 'Gemünden',
      endPoint: 'Lohr',
      validityDays: 90,
    });
    const r4 = await createRoute(ctx.app, source, { name: 'Nie gefahren', startPoint: 'X', endPoint: 'Y' });
    await createTour(ctx.app, source, [routeIri(r1.id), routeIri(r2.id)], 'Früh, Montag');
    await createTour(ctx.app, source, [routeIri(r3.id), routeIri(r4.id)], 'Spät');
    const [br218, et425, br101, br102] = await Promise.all(
      ['BR 218, neu', 'ET 425', 'BR 101', 'BR 102', 'Nie gefahren'].map((name) => createVehicle(ctx.app, source, name)),
    );
    await drive(source, addDays(today, -100), [r3.id], [br101!.id]);
    // BR 102's last drive is on a day no route row of the export shows (Würzburg – Fürth was driven later).
    await drive(source, addDays(today, -60), [r2.id], [br102!.id]);
    await drive(source, addDays(today, -40), [r1.id, r2.id], [br218!.id, et425!.id]);
    await drive(source, addDays(today, -10), [r1.id], [et425!.id], addDays(today, 30));
    const csv = await exportCsv(source);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"""Früh, Montag"""');

    // The same account: everything is there already.
    const same = (await confirm(source, csv.rawPayload)).json() as ImportResult;
    expect(same.errorCount).toBe(0);
    expect(addedIn(same)).toEqual({
      routes: 0,
      tours: 0,
      vehicles: 0,
      routeActivities: 0,
      vehicleActivities: 0,
      preferences: 0,
    });
    expect(same.merge.nothingToDo).toBe(true);

    // A new account: the export reads the same, last drives and "gültig bis" of routes and vehicles included.
    const target = await registerUser(ctx.app);
    const imported = await confirm(target, csv.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const back = await exportCsv(target);
    expect(back.body).toBe(csv.body);
    expect(back.body).toContain(`BR 102;${german(addDays(today, -60))};`);
    expect(((await confirm(target, back.rawPayload)).json() as ImportResult).merge.nothingToDo).toBe(true);
  });

  it('keeps every route’s vehicles and drives in a new account, also where a vehicle was driven later elsewhere', async () => {
    const source = await registerUser(ctx.app);
    const named = async (name: string) =>
      createRoute(ctx.app, source, { name, startPoint: `${name} A`, endPoint: `${name} B` });
    const [early, later, shared, both, alone] = await Promise.all(
      ['Früh mit 218', 'Später mit 218', 'Zwei am Tag', 'Beide Loks', 'Ohne Lok'].map(named),
    );
    const [br218, et425, br111] = await Promise.all(
      ['BR 218', 'ET 425, Halbzug', 'BR 111'].map((name) => createVehicle(ctx.app, source, name)),
    );
    // Issue 38: the route's last drive was with BR 218, whose own last drive is a later one on another route.
    await drive(source, addDays(today, -30), [early!.id], [br218!.id]);
    await drive(source, addDays(today, -5), [later!.id], [br218!.id]);
    // Two drives of one day with different vehicles and "gültig bis": each route keeps its own.
    await drive(source, addDays(today, -12), [shared!.id], [et425!.id], addDays(today, 100));
    await drive(source, addDays(today, -12), [both!.id], [br111!.id, et425!.id]);
    await drive(source, addDays(today, -12), [alone!.id], []);
    const before = await routeKnowledge(source);
    expect(before.get('Früh mit 218')).toEqual({
      lastDriven: addDays(today, -30),
      validUntil: addDays(today, -30 + 364),
      vehicles: ['BR 218'],
    });

    const csv = await exportCsv(source);
    const target = await registerUser(ctx.app);
    const imported = await confirm(target, csv.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as ImportResult).errorCount).toBe(0);
    expect(await routeKnowledge(target)).toEqual(before);
    // And read back again, nothing is added.
    expect(
      ((await confirm(target, (await exportCsv(target)).rawPayload)).json() as ImportResult).merge.nothingToDo,
    ).toBe(true);
  });
});

/**
 * Per route name: the day it was last driven, its "gültig bis" and the vehicles of its drives of that day (names, in
 * order) — what the route view and the Nachweis show of it.
 */
async function routeKnowledge(user: TestUser) {
  const get = async <T>(url: string) =>
    (await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json() as T;
  const routes = await get<{ id: number; name: string; lastDriven?: string; validUntil?: string }[]>('/api/routes');
  const drives = await get<{ id: number; acquiredAt: string; acquiredRoutes: string[] }[]>('/api/route_activities');
  const entries = await get<{ routeActivity: string; acquiredVehicles: string[] }[]>('/api/vehicle_activities');
  const vehicles = new Map(
    (await get<{ id: number; name: string }[]>('/api/vehicles')).map((v) => [vehicleIri(v.id), v.name]),
  );
  return new Map(
    routes.map((route) => {
      const lastDrives = drives.filter(
        (d) => d.acquiredAt === route.lastDriven && d.acquiredRoutes.includes(routeIri(route.id)),
      );
      const names = new Set(
        entries
          .filter((entry) => lastDrives.some((d) => entry.routeActivity === `/api/route_activities/${d.id}`))
          .flatMap((entry) => entry.acquiredVehicles.map((iri) => vehicles.get(iri)!)),
      );
      return [
        route.name,
        { lastDriven: route.lastDriven ?? null, validUntil: route.validUntil ?? null, vehicles: [...names].sort() },
      ];
    }),
  );
}

describe('limits', () => {
  it('refuses a line with more vehicles than one drive takes, naming line and limit', async () => {
    const many = Array.from({ length: LIMITS.vehiclesPerDrive + 1 }, (_, i) => `Lok ${i}`).join(', ');
    const enough = Array.from({ length: LIMITS.vehiclesPerDrive }, (_, i) => `Lok ${i}`).join(', ');
    const day = german(addDays(today, -1));
    const text = `Strecke;Start;Ende;gefahren am;Fahrzeuge\nViele;A;B;${day};"${many}"\nGenug;A;B;${day};"${enough}"\n`;
    const body = (await preview(alice, text)).json() as ImportPreview;
    expect(body.validLines).toBe(1);
    expect(body.errors[0]!.message).toBe(
      `Zeile 2: „Fahrzeuge“: ${LIMITS.vehiclesPerDrive + 1} Fahrzeuge; zu einer Fahrt gehören höchstens ` +
        `${LIMITS.vehiclesPerDrive} Fahrzeuge.`,
    );
  });

  it('refuses the lines that would take a tour over its limit, and names and points that are too long', async () => {
    const lines = ['Strecke;Start;Ende;Touren'];
    for (let i = 1; i <= LIMITS.routesPerTour + 2; i += 1) lines.push(`Strecke ${i};A;B;Groß`);
    lines.push(`${'N'.repeat(LIMITS.nameLength + 1)};A;B;`);
    lines.push(`Lang;${'S'.repeat(LIMITS.pointLength + 1)};B;`);
    lines.push(`Tourname;A;B;${'T'.repeat(LIMITS.nameLength + 1)}`);
    const body = (await preview(alice, lines.join('\n'))).json() as ImportPreview;
    expect(body.validLines).toBe(LIMITS.routesPerTour);
    const limit = formatNumber(LIMITS.routesPerTour);
    expect(body.errors.map((e) => e.message)).toEqual([
      `Zeile ${LIMITS.routesPerTour + 2}: Die Tour „Groß“ hätte mehr als ${limit} Strecken; eine Tour umfasst höchstens ${limit} Strecken.`,
      `Zeile ${LIMITS.routesPerTour + 3}: Die Tour „Groß“ hätte mehr als ${limit} Strecken; eine Tour umfasst höchstens ${limit} Strecken.`,
      `Zeile ${LIMITS.routesPerTour + 4}: „Strecke“ darf höchstens ${LIMITS.nameLength} Zeichen lang sein.`,
      `Zeile ${LIMITS.routesPerTour + 5}: „Start“ darf höchstens ${LIMITS.pointLength} Zeichen lang sein.`,
      `Zeile ${LIMITS.routesPerTour + 6}: „Touren“: Ein Tourname darf höchstens ${LIMITS.nameLength} Zeichen lang sein.`,
    ]);
  });

  it('refuses a file of more lines than the limit as soon as it gets there (422)', async () => {
    const lines = ['Strecke;Start;Ende'];
    for (let i = 1; i <= LIMITS.importLines + 1; i += 1) lines.push(`S${i};A;B`);
    // Past the limit the file is not read on: this unreadable line is never reached.
    lines.push('"offen;A;B');
    const response = await preview(alice, lines.join('\r\n'));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(
      `Die Datei hat mehr als ${formatNumber(LIMITS.importLines)} Zeilen: Eingelesen werden höchstens ` +
        `${formatNumber(LIMITS.importLines)} Zeilen je Datei. Teilen Sie die Liste bitte auf.`,
    );
  });

  it('reads a large file in turns, so that other requests are answered meanwhile', async () => {
    // Every line names the same route: the file is large, the account stays small.
    const lines = ['Strecke;Start;Ende;Touren'];
    for (let i = 1; i < LIMITS.importLines; i += 1) lines.push(`Eine Strecke;A;B;Tour ${i % 10}`);
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const response = await preview(alice, lines.join('\r\n'));
    reading = false;
    expect(response.statusCode).toBe(200);
    expect(turns).toBeGreaterThan(LIMITS.importLines / 1000);
  });

  it('lists the first refused lines of a file of formulas, counts them all, and does not read the account', async () => {
    const readAll = vi.spyOn(ctx.app.backupRepository, 'readAll');
    const lines = ['Strecke;Start;Ende'];
    for (let i = 1; i <= 5000; i += 1) lines.push(`=HYPERLINK("http://evil.example/${i}");A;B`);
    const response = await preview(alice, lines.join('\r\n'));
    expect(response.statusCode).toBe(200);
    const body = response.json() as ImportPreview;
    expect(body).toMatchObject({ lines: 5000, validLines: 0, errorCount: 5000 });
    expect(body.errors).toHaveLength(1000);
    expect(body.merge.nothingToDo).toBe(true);
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
  });
});
