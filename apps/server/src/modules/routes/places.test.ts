import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@streckenpass/contract/backup';
import { PLACE_PATH_MESSAGE, isPlace } from '@streckenpass/contract/knowledge-items';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { formatDate } from '@streckenpass/contract/format';
import type { ExpiringRoute, Route } from '@streckenpass/contract/routes';
import { createCaller, violations } from '../../test/api.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { buildNetwork } from '../../lib/rail-network/build.js';
import { RailNetworkGraph } from '../../lib/rail-network/graph.js';
import type { LineFeature, PointRow } from '../../lib/rail-network/network-format.js';
import { shortestPathOf } from '../../lib/rail-network/route-paths.js';

/*
 * Issue 41 item 4: a place (Ortskunde: a station, yard or siding) is a route whose start and end are one operating
 * point. It has drives, rules and validity like a route, no path on the network, and the exports name it as a place.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let today: string;
let place: Route;

const call = createCaller(() => ctx.app);
const PLACE = {
  name: 'Ortskunde Frankfurt (Main) Hbf',
  startPoint: 'Frankfurt (Main) Hbf',
  endPoint: 'Frankfurt (Main) Hbf',
  startStation: 'FF',
  endStation: 'FF',
};

async function created(user: TestUser, body: Record<string, unknown>): Promise<Route> {
  const response = await call('POST', '/api/routes', user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Route;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice', lastname: 'Ort' });
  bob = await registerUser(ctx.app, { firstname: 'Bob', lastname: 'Leer' });
  today = todayIn(ctx.app.config.timezone);
  place = await created(alice, { ...PLACE, validityDays: 182, keepingWays: ['driven', 'line_walk'] });
});
afterAll(async () => ctx.close());

describe('POST /api/routes with one station at both ends', () => {
  it('is a place with its rules, and without a path', async () => {
    expect(place).toMatchObject({ startStation: { code: 'FF' }, endStation: { code: 'FF' }, validityDays: 182 });
    expect(place.keepingWays).toEqual(['driven', 'line_walk']);
    expect(place).not.toHaveProperty('path');
    expect(isPlace(place)).toBe(true);
  });

  it('refuses a path for a place (422)', async () => {
    const path = { km: 1, sections: [{ line: 3600, fromKm: 0, toKm: 1 }] };
    const refused = await call('POST', '/api/routes', alice, { ...PLACE, path });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused)).toEqual([{ propertyPath: 'path', message: PLACE_PATH_MESSAGE }]);
  });

  it('counts every drive of a place for its first acquisition, having no direction (migration 0022)', async () => {
    const carla = await registerUser(ctx.app, { firstname: 'Carla', lastname: 'Gleis' });
    const yard = await created(carla, {
      ...PLACE,
      name: 'Ortskunde Abstellanlage',
      firstAcquisition: { drives: 2, dark: 1, days: null },
    });
    expect(yard).toMatchObject({ firstAcquisition: { drives: 2, dark: 1, days: null }, acquiredOn: null });
    const drive = async (daysAgo: number, time: string) => {
      const response = await call('POST', '/api/route_activities', carla, {
        acquiredAt: addDays(today, -daysAgo),
        acquiredRoutes: [`/api/routes/${yard.id}`],
        time,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    // Midday, then late at night (dark in Frankfurt whatever the season).
    await drive(6, '12:00');
    const afterOne = (await call('GET', `/api/routes/${yard.id}`, carla)).json() as Route;
    expect(afterOne).toMatchObject({ acquiredOn: null });
    expect(afterOne).not.toHaveProperty('validUntil');
    await drive(4, '23:30');
    const met = (await call('GET', `/api/routes/${yard.id}`, carla)).json() as Route;
    expect(met.acquiredOn).toBe(addDays(today, -4));
    expect(met.validUntil).toBeDefined();
  });

  it('keeps the same typed text at both ends without a station a route, as before', async () => {
    const route = await created(alice, { name: 'Rangierbezirk', startPoint: 'Nord', endPoint: 'Nord' });
    expect(isPlace(route)).toBe(false);
  });

  it('drops the path of a route made a place by a patch', async () => {
    const route = await created(alice, {
      name: 'Frankfurt – Mannheim',
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'Mannheim Hbf',
      startStation: 'FF',
      endStation: 'RM',
      path: { km: 2, sections: [{ line: 3600, fromKm: 0, toKm: 2 }] },
    });
    expect(route.path).toBeDefined();
    const patched = await call('PATCH', `/api/routes/${route.id}`, alice, {
      endPoint: 'Frankfurt (Main) Hbf',
      endStation: 'FF',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).not.toHaveProperty('path');
    await call('DELETE', `/api/routes/${route.id}`, alice);
  });
});

describe('a place on the rail network', () => {
  it('gets no path of 0 km from the network, while a route between two of its points gets one', () => {
    const fixtures = path.join(import.meta.dirname, '../network/fixtures');
    const lines = (
      JSON.parse(fs.readFileSync(path.join(fixtures, 'lines.geojson'), 'utf8')) as { features: LineFeature[] }
    ).features;
    const points = JSON.parse(fs.readFileSync(path.join(fixtures, 'points.json'), 'utf8')) as PointRow[];
    const graph = new RailNetworkGraph('v1', buildNetwork(lines, points).network);
    const ends = (start: string, end: string) => ({
      startPoint: start,
      endPoint: end,
      startStation: start,
      endStation: end,
    });
    expect(shortestPathOf(graph, ends('AA', 'CC'))).not.toBeNull();
    expect(shortestPathOf(graph, ends('AA', 'AA'))).toBeNull();
  });
});

describe('a place’s drives and validity', () => {
  it('keeps it valid by its own rule, and lists it in the expiring list like a route', async () => {
    const fresh = await call('GET', '/api/routes/expiring', alice);
    const before = (fresh.json() as ExpiringRoute[]).find((entry) => entry.id === place.id);
    expect(before).toMatchObject({ acquired_until: null, acquired_until_days: null });

    const walk = await call('POST', '/api/route_activities', alice, {
      acquiredAt: addDays(today, -10),
      acquiredRoutes: [`/api/routes/${place.id}`],
      way: 'line_walk',
    });
    expect(walk.statusCode, walk.body).toBe(201);
    // The place's rule: 182 days, and a walk keeps it valid.
    expect(walk.json()).toMatchObject({ acquiredUntil: addDays(today, 172) });
    const expiring = (await call('GET', '/api/routes/expiring', alice)).json() as ExpiringRoute[];
    expect(expiring.find((entry) => entry.id === place.id)).toMatchObject({
      acquired_until: addDays(today, 172),
      acquired_until_days: 172,
    });
    const read = (await call('GET', `/api/routes/${place.id}`, alice)).json() as Route;
    expect(read).toMatchObject({ lastDriven: addDays(today, -10), validUntil: addDays(today, 172) });
  });
});

describe('the exports of a place', () => {
  const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });

  it('name it "Ortskunde …" in the PDF, and mark it in a CSV column only when there is a place', async () => {
    const renamed = await created(alice, { ...PLACE, name: 'Abstellgruppe Süd' });
    const pdf = await call('POST', '/api/export/pdf', alice, { routes: [place.id, renamed.id] });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdftotext(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Ortskunde Frankfurt (Main) Hbf');
    // A name that does not say it is a place gets the place's label under it.
    expect(text).toContain('Abstellgruppe Süd Ortskunde Frankfurt (Main) Hbf (FF)');

    const csv = await call('POST', '/api/export/csv', alice, { routes: [place.id] });
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(';').at(-1)).toBe('Art');
    expect(row).toContain(formatDate(addDays(today, 172)));
    expect(row!.split(';').at(-1)).toBe('Ortskunde');
    await call('DELETE', `/api/routes/${renamed.id}`, alice);

    // Bob has routes only: his export keeps the columns it always had.
    await created(bob, {
      name: 'Hanau – Fulda',
      startPoint: 'HU',
      endPoint: 'FD',
      startStation: 'FH',
      endStation: 'FFU',
    });
    const plain = await call('POST', '/api/export/csv', bob, {});
    expect(plain.body.split('\r\n')[0]).not.toContain(';Art');
  });
});

describe('a place in the backup', () => {
  it('round-trips into another account as a place, with its drive and rules', async () => {
    const backup = (await call('GET', '/api/backup', alice)).json() as Backup;
    expect(backup.routes.find((route) => route.name === PLACE.name)).toMatchObject({
      startStation: 'FF',
      endStation: 'FF',
      validityDays: 182,
    });
    const carol = await registerUser(ctx.app, { firstname: 'Carol' });
    const restored = await call('POST', '/api/backup/restore', carol, backup);
    expect(restored.statusCode, restored.body).toBe(200);
    const routes = (await call('GET', '/api/routes', carol)).json() as Route[];
    const copy = routes.find((route) => route.name === PLACE.name)!;
    expect(isPlace(copy)).toBe(true);
    expect(copy).toMatchObject({ validityDays: 182, validUntil: addDays(today, 172) });
    expect(copy).not.toHaveProperty('path');
  });
});
