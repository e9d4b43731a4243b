import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { createCaller } from '../../test/api.js';
import { createTour } from '../../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { insertRoute, insertRouteActivity, insertVehicle } from '../../test/seed.js';
import { parseNameList } from '../../lib/name-list.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);

const today = todayIn('Europe/Berlin');
const german = (date: string) => date.split('-').reverse().join('.');

/** Alice's records by a short name. */
const route: Record<string, number> = {};
const tour: Record<string, number> = {};
const vehicle: Record<string, number> = {};
const foreign: { route: number; tour: number; vehicle: number } = { route: 0, tour: 0, vehicle: 0 };

const ROUTE_HEADER =
  'Strecke;Interne Bezeichnung;Start;Ende;Touren;Zuletzt befahren;Gültig bis;Status;Gültigkeitsregel;Start DS100;Ende DS100;' +
  'Erfasst am;Nachgetragen;Fahrzeuge';

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Jörg', lastname: 'Weiß' });
  bob = await registerUser(ctx.app, { firstname: 'Bob', lastname: 'Fremd' });

  const add = async (
    key: string,
    values: { name: string; companyRoute: string | null; startPoint: string; endPoint: string },
    validUntil?: string,
  ) => {
    const row = await insertRoute(ctx.app, alice.id, values);
    route[key] = row.id;
    if (validUntil) {
      // Recorded on the day it was driven (issue 27): not "nachgetragen".
      const acquiredAt = addDays(validUntil, -364);
      await insertRouteActivity(ctx.app, alice.id, {
        acquiredAt,
        acquiredUntil: validUntil,
        routeIds: [row.id],
        recordedAt: new Date(`${acquiredAt}T18:00:00Z`),
      });
    }
  };
  await add(
    'valid',
    { name: 'Würzburg–Fürth', companyRoute: 'K1', startPoint: 'NWH', endPoint: 'NF' },
    addDays(today, 100),
  );
  await add(
    'soon',
    { name: 'Gießen–Straßberg', companyRoute: 'K2', startPoint: 'FG', endPoint: 'FS' },
    addDays(today, 12),
  );
  await add(
    'expired',
    { name: 'Hanau–Aschaffenburg', companyRoute: 'K3', startPoint: 'FH', endPoint: 'NAH' },
    addDays(today, -3),
  );
  await add('today', { name: 'Heute–Ende', companyRoute: 'K4', startPoint: 'X1', endPoint: 'X2' }, today);
  await add('edge30', { name: 'Grenze 30', companyRoute: 'K5', startPoint: 'X3', endPoint: 'X4' }, addDays(today, 30));
  await add('edge31', { name: 'Grenze 31', companyRoute: 'K6', startPoint: 'X5', endPoint: 'X6' }, addDays(today, 31));
  await add('never', { name: 'Lohr–Gemünden', companyRoute: null, startPoint: 'NLR', endPoint: 'FH' });
  await add('evil', {
    name: '=HYPERLINK("http://evil.example")',
    companyRoute: '@SUM(1)',
    startPoint: '+HU',
    endPoint: '-FF',
  });

  // The route knowledge renewed: the latest activity decides "Zuletzt befahren" and "Gültig bis".
  await insertRouteActivity(ctx.app, alice.id, {
    acquiredAt: addDays(today, -500),
    acquiredUntil: addDays(today, -136),
    routeIds: [route.valid!],
  });

  const maintal = await createTour(
    ctx.app,
    alice,
    [`/api/routes/${route.valid}`, `/api/routes/${route.soon}`],
    'Maintal',
  );
  tour.maintal = maintal.id;
  const spessart = await createTour(
    ctx.app,
    alice,
    [`/api/routes/${route.valid}`, `/api/routes/${route.never}`],
    'Äußerer Spessart',
  );
  tour.spessart = spessart.id;

  vehicle.br218 = (await insertVehicle(ctx.app, alice.id, 'BR 218')).id;
  vehicle.et425 = (await insertVehicle(ctx.app, alice.id, 'ET 425')).id;
  // A shorter validity than the route already has: "Gültig bis" stays, "Zuletzt befahren" moves to this trip. It is
  // recorded today, 20 days after it was driven: "nachgetragen" (issue 27).
  const driven = await insertRouteActivity(ctx.app, alice.id, {
    acquiredAt: addDays(today, -20),
    acquiredUntil: addDays(today, 90),
    routeIds: [route.valid!],
  });
  const vehicleActivity = await call('POST', '/api/vehicle_activities', alice, {
    acquiredVehicles: [`/api/vehicles/${vehicle.br218}`],
    routeActivity: driven.iri,
  });
  expect(vehicleActivity.statusCode, vehicleActivity.body).toBe(201);

  const bobsRoutes = [
    await insertRoute(ctx.app, bob.id, { name: 'Bobs Strecke', startPoint: 'FH', endPoint: 'NF' }),
    await insertRoute(ctx.app, bob.id, { name: 'Bobs zweite Strecke' }),
  ];
  foreign.route = bobsRoutes[0]!.id;
  foreign.tour = (
    await createTour(
      ctx.app,
      bob,
      bobsRoutes.map((r) => r.iri),
    )
  ).id;
  foreign.vehicle = (await insertVehicle(ctx.app, bob.id, 'Bobs Lok')).id;
});
afterAll(async () => ctx.close());

/** RFC 4180 with `;`: quoted cells may hold separators, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

async function exportCsv(body: unknown, user: TestUser = alice) {
  const response = await call('POST', '/api/export/csv', user, body);
  expect(response.statusCode, response.body).toBe(200);
  const raw = response.rawPayload;
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = raw.subarray(3).toString('utf8');
  return { response, text, rows: parseCsv(text) };
}

/** Route rows (header and vehicles block stripped), keyed by route name. */
function routeRows(rows: string[][]): Map<string, string[]> {
  expect(rows[0]!.join(';')).toBe(ROUTE_HEADER);
  const end = rows.findIndex((row, index) => index > 0 && row.length === 1 && row[0] === '');
  return new Map(rows.slice(1, end === -1 ? undefined : end).map((row) => [row[0]!, row]));
}

function pdfText(pdf: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  } catch (error) {
    // No skipping: CI installs poppler-utils, and a PDF that is never read proves nothing.
    throw new Error(`pdftotext (Debian package poppler-utils) is required to check the PDF export: ${String(error)}`);
  }
}

describe('POST /api/export/csv', () => {
  it('answers a UTF-8 file with BOM, ";" separators, CRLF line ends and a download filename', async () => {
    const { response, text } = await exportCsv({});
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="streckenkunde-${today}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(text.startsWith(`${ROUTE_HEADER}\r\n`)).toBe(true);
    expect(text.replace(/"[^"]*"/g, '').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('exports every route of the caller, and every vehicle, for an empty selection', async () => {
    const { rows } = await exportCsv({});
    const routes = routeRows(rows);
    expect(routes.size).toBe(8);
    expect([...routes.keys()]).not.toContain('Bobs Strecke');
    // Ordered like the route list: company code (none last), then name.
    expect([...routes.keys()]).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      'Würzburg–Fürth',
      'Gießen–Straßberg',
      'Hanau–Aschaffenburg',
      'Heute–Ende',
      'Grenze 30',
      'Grenze 31',
      'Lohr–Gemünden',
    ]);
    const blank = rows.findIndex((row) => row.length === 1 && row[0] === '');
    expect(rows.slice(blank + 1)).toEqual([
      ['Fahrzeug', 'Zuletzt gefahren', 'Gültig bis', 'Gültigkeitsregel'],
      ['BR 218', german(addDays(today, -20)), '', 'unbegrenzt'],
      ['ET 425', '', '', 'unbegrenzt'],
    ]);
    expect((await exportCsv({ routes: [], tours: [], vehicles: [], places: [] })).rows).toEqual(rows);
  });

  it('writes each column: names, codes, points, tours, dates dd.mm.yyyy and the status', async () => {
    const routes = routeRows((await exportCsv({})).rows);
    expect(routes.get('Würzburg–Fürth')).toEqual([
      'Würzburg–Fürth',
      'K1',
      'NWH',
      'NF',
      'Äußerer Spessart, Maintal',
      german(addDays(today, -20)),
      german(addDays(today, 100)),
      'gültig',
      '1 Jahr (364 Tage)',
      // Typed codes without a chosen station (these rows are written straight into the table): no DS100 column.
      '',
      '',
      // Its last drive was recorded today, 20 days late, with BR 218 (issue 38: the import reads the vehicles back).
      german(today),
      'nachgetragen',
      'BR 218',
    ]);
    expect(routes.get('Lohr–Gemünden')).toEqual([
      'Lohr–Gemünden',
      '',
      'NLR',
      'FH',
      'Äußerer Spessart',
      '',
      '',
      'nicht erfasst',
      '1 Jahr (364 Tage)',
      '',
      '',
      '',
      '',
      '',
    ]);
    const status = (name: string) => routes.get(name)?.[7];
    expect(status('Gießen–Straßberg')).toBe('läuft in 12 Tagen ab');
    expect(status('Hanau–Aschaffenburg')).toBe('abgelaufen');
    expect(status('Heute–Ende')).toBe('läuft heute ab');
    expect(status('Grenze 30')).toBe('läuft in 30 Tagen ab');
    expect(status('Grenze 31')).toBe('gültig');
    expect(routes.get('Gießen–Straßberg')?.slice(5, 7)).toEqual([
      german(addDays(today, -352)),
      german(addDays(today, 12)),
    ]);
    // Recorded on the day it was driven: the day, and not "nachgetragen".
    expect(routes.get('Gießen–Straßberg')?.slice(11)).toEqual([german(addDays(today, -352)), '', '']);
  });

  it('writes a tour name with a comma or a quote in quotes, so that the CSV import reads it back as one name', async () => {
    const carol = await registerUser(ctx.app);
    const one = await insertRoute(ctx.app, carol.id, { name: 'Eins' });
    const two = await insertRoute(ctx.app, carol.id, { name: 'Zwei' });
    await createTour(ctx.app, carol, [one.iri, two.iri], 'Früh, Montag');
    await createTour(ctx.app, carol, [one.iri, two.iri], 'Spät "B"');
    const cell = routeRows((await exportCsv({}, carol)).rows).get('Eins')![4]!;
    expect(cell).toBe('"Früh, Montag", "Spät ""B"""');
    expect(parseNameList(cell)).toEqual({ names: ['Früh, Montag', 'Spät "B"'] });
  });

  it('neutralises cells that a spreadsheet would read as a formula', async () => {
    const { text, rows } = await exportCsv({ routes: [route.evil] });
    expect(rows[1]).toEqual([
      '\'=HYPERLINK("http://evil.example")',
      "'@SUM(1)",
      "'+HU",
      "'-FF",
      '',
      '',
      '',
      'nicht erfasst',
      '1 Jahr (364 Tage)',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")";"'@SUM(1)";"'+HU";"'-FF";`);
  });

  it('exports the selected routes only, without a vehicles block', async () => {
    const { rows } = await exportCsv({ routes: [route.expired, route.valid] });
    expect(rows.length).toBe(3);
    expect([...routeRows(rows).keys()]).toEqual(['Würzburg–Fürth', 'Hanau–Aschaffenburg']);
  });

  it('exports every route of a selected tour', async () => {
    const { rows } = await exportCsv({ tours: [tour.maintal] });
    expect([...routeRows(rows).keys()]).toEqual(['Würzburg–Fürth', 'Gießen–Straßberg']);
  });

  it('exports every route that starts or ends at a selected place', async () => {
    const { rows } = await exportCsv({ places: ['FH'] });
    expect([...routeRows(rows).keys()]).toEqual(['Hanau–Aschaffenburg', 'Lohr–Gemünden']);
  });

  it('combines routes, tours and places without duplicates', async () => {
    const { rows } = await exportCsv({ routes: [route.valid, route.today], tours: [tour.maintal], places: ['NWH'] });
    expect([...routeRows(rows).keys()]).toEqual(['Würzburg–Fürth', 'Gießen–Straßberg', 'Heute–Ende']);
  });

  it('adds the selected vehicles after a blank line', async () => {
    const { text, rows } = await exportCsv({ routes: [route.valid], vehicles: [vehicle.et425, vehicle.br218] });
    expect(
      text.endsWith(
        `\r\n\r\nFahrzeug;Zuletzt gefahren;Gültig bis;Gültigkeitsregel\r\nBR 218;${german(addDays(today, -20))};;unbegrenzt\r\nET 425;;;unbegrenzt\r\n`,
      ),
    ).toBe(true);
    expect(rows.length).toBe(2 + 1 + 3);
  });

  it('lists only the selected vehicles, with every route, when nothing but vehicles is selected', async () => {
    const { rows } = await exportCsv({ vehicles: [vehicle.et425] });
    expect(routeRows(rows).size).toBe(8);
    expect(rows.slice(-2)).toEqual([
      ['Fahrzeug', 'Zuletzt gefahren', 'Gültig bis', 'Gültigkeitsregel'],
      ['ET 425', '', '', 'unbegrenzt'],
    ]);
  });
});

describe('POST /api/export/pdf', () => {
  it('answers an A4 PDF "Streckenkundenachweis" with name, e-mail, date, routes and vehicles', async () => {
    const response = await call('POST', '/api/export/pdf', alice, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="streckenkunde-${today}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(pdf);
    expect(text).toContain('Streckenkundenachweis');
    expect(text).toContain('Jörg Weiß');
    expect(text).toContain(alice.email);
    expect(text).toContain(`Ausgestellt am`);
    expect(text).toContain(german(today));
    expect(text).toContain('Würzburg–Fürth');
    expect(text).toContain('Gießen–Straßberg');
    expect(text).toContain('läuft in 12 Tagen ab');
    expect(text).toContain('abgelaufen');
    expect(text).toContain('nicht erfasst');
    expect(text).toContain('Fahrzeuge');
    expect(text).toContain('BR 218');
    // The route whose last drive was recorded 20 days late: "nachgetragen" under its date (issue 27).
    expect(text).toMatch(new RegExp(`${german(addDays(today, -20))}[^\\n]*\\n[^\\n]*nachgetragen`));
    expect(text.match(/nachgetragen/g)).toHaveLength(1);
    expect(text).toMatch(/Seite 1 von 1/);
    expect(text).not.toContain('Bobs Strecke');

    const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
  });

  it('holds only the selected routes', async () => {
    const response = await call('POST', '/api/export/pdf', alice, { tours: [tour.maintal] });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Würzburg–Fürth');
    expect(text).toContain('Gießen–Straßberg');
    expect(text).not.toContain('Hanau–Aschaffenburg');
    expect(text).toContain('Keine Fahrzeuge ausgewählt.');
  });
});

describe('GET /api/openapi.json', () => {
  it.each([
    ['csv', 'text/csv'],
    ['pdf', 'application/pdf'],
  ])('documents POST /api/export/%s under "Export" with a file answer', async (format, mediaType) => {
    const doc = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, { post: { tags: string[]; summary: string; responses: Record<string, unknown> } }>;
    };
    const operation = doc.paths[`/api/export/${format}`]!.post;
    expect(operation.tags).toEqual(['Export']);
    expect(operation.summary).toMatch(/exportieren/);
    expect(operation.responses['200']).toMatchObject({
      content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '422']));
  });
});

describe.each(['csv', 'pdf'])('POST /api/export/%s refuses', (format) => {
  const url = `/api/export/${format}`;

  it('a caller without a valid token with 401', async () => {
    expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: 'Bearer not.a.token' },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['route', () => ({ routes: [route.valid, foreign.route] })],
    ['tour', () => ({ tours: [foreign.tour] })],
    ['vehicle', () => ({ vehicles: [foreign.vehicle] })],
  ])("another user's %s in the selection with 403", async (_kind, body) => {
    const response = await call('POST', url, alice, body());
    expect(response.statusCode, response.body).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    ['routes', () => ({ routes: [2_000_000_000] })],
    ['tours', () => ({ tours: [tour.maintal, 99_999] })],
    ['vehicles', () => ({ vehicles: [99_999_999_999] })],
  ])('an unknown id in %s with 422', async (path, body) => {
    const response = await call('POST', url, alice, body());
    expect(response.statusCode, response.body).toBe(422);
    const violations = (response.json() as { violations: { propertyPath: string }[] }).violations;
    expect(violations.map((v) => v.propertyPath)).toContain(path);
  });

  it.each([
    ['an unknown field', { routes: [], owner: '/api/users/1' }],
    ['ids that are not numbers', { routes: ['/api/routes/1'] }],
    ['a list that is not a list', { tours: 3 }],
    ['places that are not texts', { places: [7] }],
    ['a body that is not an object', '[1,2]'],
    ['broken JSON', '{"routes": ['],
  ])('%s with 400', async (_what, body) => {
    const response = await call('POST', url, alice, body);
    expect(response.statusCode, response.body).toBe(400);
  });
});
