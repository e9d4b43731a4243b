import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type {
  Requirement,
  RequirementImportPreview,
  RequirementImportResult,
} from '@streckenpass/contract/requirements';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';

/*
 * The requirements' CSV with their own rules (minimum, ways that keep knowledge valid, first acquisition): read by
 * the import, written by the export in the same columns, and read back unchanged.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const path = (betrieb: Pick<Betrieb, 'id'>, rest = '') => `/api/betriebe/${betrieb.id}/requirements${rest}`;
const upload = (url: string, user: TestUser, body: Buffer | string) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, 'content-type': 'text/csv' }, payload: body });
const download = (betrieb: Pick<Betrieb, 'id'>, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url: path(betrieb, '/csv'), headers: user?.headers ?? {} });

const DEPOTS = ['Würzburg', 'Nürnberg Süd'];

async function team() {
  const admin = await verifiedUser(ctx.app);
  const betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', DEPOTS);
  return { admin, betrieb };
}

async function list(betrieb: Betrieb, user: TestUser): Promise<Requirement[]> {
  const response = await call('GET', path(betrieb), user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Requirement[];
}

/** A requirement's values without its ids and time, to compare two Betriebe's. */
const valuesOf = ({ id: _id, createdAt: _createdAt, depot, ...rest }: Requirement) => ({
  ...rest,
  depot: depot?.name ?? null,
});

describe('requirements CSV import with own rules', () => {
  it('reads minimum, ways and first acquisition from a Windows-1252 `;` file and creates them', async () => {
    const { admin, betrieb } = await team();
    const file = iconv.encode(
      [
        'Start;Ende;Kürzel;Depot;Mindestzahl;Erhaltende Wege;Ersterwerb Fahrten;Ersterwerb davon bei Dunkelheit;Ersterwerb Tage',
        'NWH;NF;K1;Würzburg;3;Begleitete Fahrt, Selbst gefahren;4;2;90',
        'NGM;NLR;;nürnberg süd;; simulator /  BEGLEITETE   fahrt ;2;;',
        'NF;NGM;;;;;;;',
      ].join('\r\n'),
      'windows-1252',
    );
    const preview = await upload(path(betrieb, '/import/preview'), admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = preview.json() as RequirementImportPreview;
    expect(summary).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lines: 3, added: 3, errorCount: 0 });
    expect(
      summary.sample.map(({ minDrivers, keepingWays, firstAcquisition }) => [
        minDrivers,
        keepingWays,
        firstAcquisition,
      ]),
    ).toEqual([
      [3, ['driven', 'escorted'], { drives: 4, dark: 2, days: 90 }],
      [null, ['escorted', 'simulator'], { drives: 2, dark: 0, days: null }],
      [null, null, null],
    ]);

    const imported = await upload(path(betrieb, '/import'), admin, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as RequirementImportResult).added).toBe(3);
    expect((await list(betrieb, admin)).map(valuesOf)).toEqual([
      expect.objectContaining({ startStation: expect.objectContaining({ code: 'NF' }), minDrivers: null }),
      expect.objectContaining({
        startStation: expect.objectContaining({ code: 'NWH' }),
        companyRoute: 'K1',
        depot: 'Würzburg',
        minDrivers: 3,
        keepingWays: ['driven', 'escorted'],
        firstAcquisition: { drives: 4, dark: 2, days: 90 },
      }),
      expect.objectContaining({
        startStation: expect.objectContaining({ code: 'NGM' }),
        depot: 'Nürnberg Süd',
        keepingWays: ['escorted', 'simulator'],
        firstAcquisition: { drives: 2, dark: 0, days: null },
      }),
    ]);
    const plain = (await list(betrieb, admin))[0]!;
    expect(plain).not.toHaveProperty('keepingWays');
    expect(plain).not.toHaveProperty('firstAcquisition');
  });

  it('lists bad rules by line with the contract’s German reasons and imports the good lines only', async () => {
    const { admin, betrieb } = await team();
    const file = [
      'Start;Ende;Minimum;Erhaltende Wege;Ersterwerb Fahrten;Ersterwerb davon bei Dunkelheit;Ersterwerb Tage',
      'NWH;NF;2;selbst gefahren;;;',
      'NWH;NGM;0;;;;',
      'NWH;NLR;;Zug, selbst gefahren;;;',
      'NF;NLR;;;2;3;',
      'NGM;NF;;;;1;',
      'NLR;NF;1,5;;;;',
      'NGM;NWH;;selbst gefahren / Selbst gefahren;;;',
      'NLR;NGM;;;abc;;0',
    ].join('\n');
    const preview = await upload(path(betrieb, '/import/preview'), admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = preview.json() as RequirementImportPreview;
    expect(summary).toMatchObject({ added: 1, errorCount: 7 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'Zeile 3: „Minimum“: Mindestens eine Fahrerin oder ein Fahrer.' },
      {
        line: 4,
        message: expect.stringMatching(
          /^Zeile 4: „Erhaltende Wege“: „Zug“ ist keine Art der Fahrt; erlaubt: selbst gefahren, begleitete Fahrt/,
        ),
      },
      {
        line: 5,
        message:
          'Zeile 5: „Ersterwerb davon bei Dunkelheit“: Bei Dunkelheit können nicht mehr Fahrten verlangt werden als ' +
          'Fahrten je Richtung.',
      },
      { line: 6, message: expect.stringContaining('Zeile 6: „Ersterwerb Fahrten“ fehlt') },
      { line: 7, message: 'Zeile 7: „Minimum“: Bitte eine ganze Zahl angeben.' },
      { line: 8, message: 'Zeile 8: „Erhaltende Wege“: Jede Art nur einmal angeben.' },
      {
        line: 9,
        message: expect.stringMatching(
          /^Zeile 9: „Ersterwerb Fahrten“: Anzahl der Fahrten je Richtung .*„Ersterwerb Tage“: Der Zeitraum ist mindestens ein Tag\.$/,
        ),
      },
    ]);
    expect((await upload(path(betrieb, '/import'), admin, file)).statusCode).toBe(200);
    expect((await list(betrieb, admin)).map((r) => [r.endStation.code, r.minDrivers, r.keepingWays])).toEqual([
      ['NF', 2, ['driven']],
    ]);
  });

  it('reads quoted ways in a `,` file and refuses a line whose unquoted comma splits a cell', async () => {
    const { admin, betrieb } = await team();
    const file = [
      'Start,Ende,Erhaltende Wege',
      'NWH,NF,"selbst gefahren, Begehung"',
      'NGM,NLR,Streckentreuer Film/Simulator',
      'NF,NGM,selbst gefahren, Begehung',
    ].join('\n');
    const summary = (await upload(path(betrieb, '/import/preview'), admin, file)).json() as RequirementImportPreview;
    expect(summary).toMatchObject({ delimiter: ',', added: 2, errorCount: 1 });
    expect(summary.sample.map((row) => row.keepingWays)).toEqual([
      ['driven', 'line_walk'],
      ['route_film', 'simulator'],
    ]);
    expect(summary.errors).toEqual([{ line: 4, message: expect.stringContaining('mehr Zellen als die Kopfzeile') }]);
  });
});

describe('GET /api/betriebe/{id}/requirements/csv', () => {
  async function filledBetrieb() {
    const { admin, betrieb } = await team();
    const depot = (name: string) => betrieb.depots.find((d) => d.name === name)!.id;
    for (const body of [
      {
        startStation: 'NWH',
        endStation: 'NF',
        companyRoute: '=K1',
        depot: depot('Würzburg'),
        minDrivers: 3,
        keepingWays: ['escorted', 'driven'],
        firstAcquisition: { drives: 4, dark: 2, days: 90 },
      },
      {
        startStation: 'NGM',
        endStation: 'NLR',
        section: { line: 5200, fromKm: 0, toKm: 1034.25 },
        depot: depot('Nürnberg Süd'),
      },
      {
        startStation: 'NF',
        endStation: 'NGM',
        companyRoute: 'K 2; Main',
        firstAcquisition: { drives: 1, dark: 0, days: null },
      },
      { startStation: 'NWH', endStation: 'NWH', keepingWays: ['simulator'] },
    ]) {
      const created = await call('POST', path(betrieb), admin, body);
      expect(created.statusCode, created.body).toBe(201);
    }
    return { admin, betrieb };
  }

  it('writes the requirements in the import’s columns, with BOM, `;`, CRLF and neutralised formulas', async () => {
    const { admin, betrieb } = await filledBetrieb();
    const response = await download(betrieb, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="anforderungen-${betrieb.id}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.rawPayload.subarray(3).toString('utf8')).toBe(
      [
        'Start;Ende;Kürzel;Streckenabschnitt;Depot;Minimum;Erhaltende Wege;Ersterwerb Fahrten;' +
          'Ersterwerb davon bei Dunkelheit;Ersterwerb Tage',
        'NF;NGM;"K 2; Main";;;;;1;0;',
        'NWH;NWH;;;;;Simulator;;;',
        `NWH;NF;"'=K1";;Würzburg;3;selbst gefahren, begleitete Fahrt;4;2;90`,
        'NGM;NLR;;5200 km 0,0–1034,25;Nürnberg Süd;;;;;',
        '',
      ].join('\r\n'),
    );
  });

  it('imports back unchanged into another Betrieb with depots of the same names', async () => {
    const { admin, betrieb } = await filledBetrieb();
    const exported = (await download(betrieb, admin)).rawPayload;
    const other = await team();
    const imported = await upload(path(other.betrieb, '/import'), other.admin, exported);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 4, errorCount: 0 });
    expect((await list(other.betrieb, other.admin)).map(valuesOf)).toEqual((await list(betrieb, admin)).map(valuesOf));
    // Its own export is the same file, and the file again adds nothing.
    expect((await download(other.betrieb, other.admin)).rawPayload).toEqual(exported);
    expect(
      ((await upload(path(other.betrieb, '/import'), other.admin, exported)).json() as RequirementImportResult).added,
    ).toBe(0);
  });

  it('answers every member (admin, Disponent, driver), 401 without login, 404 outside like an unknown Betrieb', async () => {
    const { admin, betrieb } = await filledBetrieb();
    const driver = await verifiedUser(ctx.app);
    const disponent = await verifiedUser(ctx.app);
    const former = await verifiedUser(ctx.app);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id, 'driver'));
    await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
    await join(ctx.app, former, await invite(ctx.app, admin, betrieb.id, 'driver'));
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, former)).statusCode).toBe(204);
    const stranger = await verifiedUser(ctx.app);
    const otherAdmin = (await team()).admin;

    const expected = (await download(betrieb, admin)).body;
    for (const member of [driver, disponent]) {
      const response = await download(betrieb, member);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expected);
    }
    expect((await download(betrieb)).statusCode).toBe(401);
    const unknown = await download({ id: 2147483647 }, stranger);
    expect(unknown.statusCode).toBe(404);
    for (const outsider of [stranger, former, otherAdmin]) {
      const response = await download(betrieb, outsider);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect(response.body).not.toContain('NWH');
    }
  });
});
