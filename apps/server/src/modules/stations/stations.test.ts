import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Route } from '@streckenpass/contract/routes';
import type { StationList, StationSearchResult } from '@streckenpass/contract/stations';
import { routes, settings } from '../../db/schema.js';
import { createRoute, routeIri } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { loadStationData } from './stations.data.js';
import { STATIONS_LINKED_KEY } from './stations.repository.js';

let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = alice.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });

const frankfurt = { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.10715, lon: 8.66379 };

describe('the station data set', () => {
  it('holds the db-stations list with codes and coordinates, loaded once', () => {
    const data = loadStationData();
    expect(data.index.size).toBeGreaterThan(5000);
    expect(data.version).toMatch(/^db-stations@\d+\.\d+\.\d+$/);
    expect(loadStationData()).toBe(data);
    expect(data.index.byCode('FF')).toMatchObject({ name: 'Frankfurt (Main) Hbf' });
  });

  it('is read on first use: the server starts without it, and answers the same once it is read', async () => {
    vi.resetModules();
    const fresh = await import('./stations.data.js');
    const data = fresh.stationDataOnFirstUse();
    expect(data.version).toBe(loadStationData().version);
    expect(fresh.stationDataLoaded()).toBe(false);
    expect(data.index.byCode('FF')).toEqual(loadStationData().index.byCode('FF'));
    expect(fresh.stationDataLoaded()).toBe(true);
    expect(data.index.search('frankfurt hbf', 1)[0]?.code).toBe('FF');
    expect(data.index.size).toBe(loadStationData().index.size);
    expect(data.list.stations).toHaveLength(data.index.size);
  });

  it('ranks the real data: code first, main stations before the others', () => {
    const { index } = loadStationData();
    const first = (query: string) => index.search(query, 5)[0]?.code;
    expect(first('FF')).toBe('FF');
    expect(first('frankfurt hbf')).toBe('FF');
    expect(first('Frankfurt')).toBe('FF');
    expect(first('muenchen')).toBe('MH');
    expect(first('münchen hauptbahnhof')).toBe('MH');
    expect(first('RK')).toBe('RK');
    expect(first('koeln hbf')).toBe('KK');
  });
});

describe('GET /api/stations?q=', () => {
  it('finds stations by code and by name', async () => {
    const byCode = await get('/api/stations?q=FF');
    expect(byCode.statusCode).toBe(200);
    expect((byCode.json() as StationSearchResult).stations[0]).toEqual(frankfurt);

    const byName = await get(`/api/stations?q=${encodeURIComponent('frankfurt hbf')}`);
    expect((byName.json() as StationSearchResult).stations.map((s) => s.code)).toEqual(['FF']);
    const limited = await get('/api/stations?q=frankfurt&limit=3');
    const found = (limited.json() as StationSearchResult).stations;
    expect(found).toHaveLength(3);
    expect(found[0]?.code).toBe('FF');

    const none = await get('/api/stations?q=Abzweig%20Xyzzy');
    expect(none.json()).toEqual({ stations: [] });
  });

  it('refuses a missing, empty or over-long query and a bad limit (validation problem)', async () => {
    for (const url of [
      '/api/stations',
      '/api/stations?q=',
      `/api/stations?q=${'x'.repeat(65)}`,
      '/api/stations?q=a&limit=0',
    ]) {
      const response = await get(url);
      expect([400, 422], url).toContain(response.statusCode);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('needs a signed-in user (401)', async () => {
    for (const url of ['/api/stations?q=FF', '/api/stations/all', '/api/stations/FF']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/stations/:code', () => {
  it('answers one station, 404 for an unknown code', async () => {
    expect((await get('/api/stations/FF')).json()).toEqual(frankfurt);
    expect((await get('/api/stations/ff')).json()).toEqual(frankfurt);
    const missing = await get('/api/stations/QQQQ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Kein Bahnhof mit dem Kürzel „QQQQ“.' });
  });
});

describe('GET /api/stations/all', () => {
  it('answers the compact list with its version as ETag, 304 when unchanged', async () => {
    const response = await get('/api/stations/all');
    expect(response.statusCode).toBe(200);
    const list = response.json() as StationList;
    expect(list.stations.length).toBeGreaterThan(5000);
    expect(list.stations.find(([code]) => code === 'FF')).toEqual([
      'FF',
      'Frankfurt (Main) Hbf',
      50.10715,
      8.66379,
      expect.any(Number),
    ]);
    const etag = response.headers.etag as string;
    expect(etag).toBe(`W/"${list.version}"`);
    const again = await get('/api/stations/all', { ...alice.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});

describe('routes with stations', () => {
  it('keeps the typed text and the chosen station, answers the station with name and coordinates', async () => {
    const route = await createRoute(ctx.app, alice, {
      name: 'Frankfurt – Karlsruhe',
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'Abzw. Nord',
      startStation: 'ff',
    });
    expect(route.startPoint).toBe('Frankfurt (Main) Hbf');
    expect(route.startStation).toEqual(frankfurt);
    expect(route.endStation).toBeNull();

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: { endPoint: 'Karlsruhe Hbf', endStation: 'RK' },
    });
    expect(patched.statusCode).toBe(200);
    expect((patched.json() as Route).endStation).toMatchObject({ code: 'RK', name: 'Karlsruhe Hbf' });
    expect((patched.json() as Route).startStation?.code).toBe('FF');

    const cleared = await ctx.app.inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: mergePatchHeaders(alice),
      payload: { startStation: null },
    });
    expect((cleared.json() as Route).startStation).toBeNull();
    expect((cleared.json() as Route).startPoint).toBe('Frankfurt (Main) Hbf');
  });

  it('refuses an unknown station code with 422 on the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: { name: 'X', startPoint: 'A', endPoint: 'B', startStation: 'QQQQ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      violations: [{ propertyPath: 'startStation', message: 'Unbekanntes Betriebsstellen-Kürzel „QQQQ“.' }],
    });
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: { name: 'X', startPoint: 'A', endPoint: 'B', endStation: 'ABCDEFGHIJ' },
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('exports the codes in the CSV and the station names in the PDF', async () => {
    const user = await registerUser(ctx.app);
    await createRoute(ctx.app, user, {
      name: 'Linked',
      startPoint: 'FF',
      endPoint: 'Abzw. Nord',
      startStation: 'FF',
    });
    const csv = await ctx.app.inject({ method: 'POST', url: '/api/export/csv', headers: user.headers, payload: {} });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    // The DS100 columns by name: the last drive's "Erfasst am" and "Nachgetragen" follow them (issue 27).
    const columns = header!.split(';');
    const cells = row!.split(';');
    expect(cells[columns.indexOf('Start DS100')]).toBe('FF');
    expect(cells[columns.indexOf('Ende DS100')]).toBe('');
    expect(row?.split(';')[2]).toBe('FF');

    const pdf = await ctx.app.inject({ method: 'POST', url: '/api/export/pdf', headers: user.headers, payload: {} });
    expect(pdf.statusCode).toBe(200);
    // pdftotext (poppler-utils) as in export.test.ts: the start is printed with the station's name and code.
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: pdf.rawPayload,
      encoding: 'utf8',
    });
    // The narrow column wraps "Frankfurt (Main) Hbf (FF) – Abzw. Nord" over several lines.
    expect(text).toContain('(FF) – Abzw.');
    for (const word of ['Frankfurt', '(Main)', 'Hbf']) expect(text).toContain(word);
  });

  it('selects every route at a linked place by its code in the export', async () => {
    const user = await registerUser(ctx.app);
    await createRoute(ctx.app, user, { name: 'Eins', startPoint: 'FF', endPoint: 'X' });
    await createRoute(ctx.app, user, { name: 'Zwei', startPoint: 'Frankfurt Hbf', endPoint: 'Y', startStation: 'FF' });
    await createRoute(ctx.app, user, { name: 'Drei', startPoint: 'Mainz', endPoint: 'Y' });
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/csv',
      headers: user.headers,
      payload: { places: ['FF'] },
    });
    const names = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[0]);
    expect(names.sort()).toEqual(['Eins', 'Zwei']);
  });
});

describe('linking routes from before station codes', () => {
  it('links exact names and codes once at start-up, bumping the owners’ data version', async () => {
    const user = await registerUser(ctx.app);
    const exactName = await createRoute(ctx.app, user, { startPoint: 'Frankfurt (Main) Hbf', endPoint: 'MH' });
    const other = await createRoute(ctx.app, user, { startPoint: 'frankfurt hbf', endPoint: 'Abzw. Nord' });
    const chosen = await createRoute(ctx.app, user, {
      startPoint: 'RK',
      endPoint: 'Karlsruhe',
      startStation: 'FFS',
    });
    // As if these rows were older than migration 0003 and no start had linked them yet.
    const { db } = ctx.app;
    await db.delete(settings).where(eq(settings.key, STATIONS_LINKED_KEY));
    const before = await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });

    const second = await buildTestApp({}, ctx.db);
    try {
      const read = async (id: number) =>
        (await second.app.inject({ method: 'GET', url: routeIri(id), headers: user.headers })).json() as Route;
      expect((await read(exactName.id)).startStation?.code).toBe('FF');
      expect((await read(exactName.id)).endStation?.code).toBe('MH');
      expect((await read(other.id)).startStation).toBeNull();
      expect((await read(other.id)).endStation).toBeNull();
      // A chosen station is never replaced, even when the text names another one.
      expect((await read(chosen.id)).startStation?.code).toBe('FFS');
      expect((await read(chosen.id)).endStation).toBeNull();

      const after = await second.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });
      expect(after.headers.etag).not.toBe(before.headers.etag);

      // Idempotent: the marker is set, a further start links nothing, even a route unlinked since.
      await db.update(routes).set({ startStation: null }).where(eq(routes.id, exactName.id));
      const third = await buildTestApp({}, ctx.db);
      const [row] = await db.select().from(routes).where(eq(routes.id, exactName.id));
      expect(row?.startStation).toBeNull();
      await third.app.close();
      const [marker] = await db.select().from(settings).where(eq(settings.key, STATIONS_LINKED_KEY));
      expect(marker?.value).toMatch(/^db-stations@/);
    } finally {
      await second.app.close();
    }
  });
});
