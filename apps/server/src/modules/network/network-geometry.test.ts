import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIL_NETWORK_ATTRIBUTION, type NetworkGeometry } from '@streckenpass/contract/network';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { buildNetwork } from '../../lib/rail-network/build.js';
import { packNetwork, type LineFeature, type PointRow } from '../../lib/rail-network/network-format.js';
import { toGeometry } from './network.geometry.js';
import { NO_NETWORK_DETAIL } from './network.routes.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const lines = (JSON.parse(fs.readFileSync(path.join(fixtures, 'lines.geojson'), 'utf8')) as { features: LineFeature[] })
  .features;
const points = JSON.parse(fs.readFileSync(path.join(fixtures, 'points.json'), 'utf8')) as PointRow[];
const { network } = buildNetwork(lines, points);

let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = alice.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** Undoes the differences: node coordinates and each edge's from, to, line, km and vertices as the stored network has them. */
function decode(geometry: NetworkGeometry) {
  const nodes: number[] = [];
  for (let i = 0, lon = 0, lat = 0; i < geometry.nodes.length; i += 2) {
    lon += geometry.nodes[i]!;
    lat += geometry.nodes[i + 1]!;
    nodes.push(lon / 1e5, lat / 1e5);
  }
  let to = 0;
  let line = 0;
  const edges = geometry.from.map((delta, i) => {
    const from = to + delta;
    to = from + geometry.to[i]!;
    line += geometry.line[i]!;
    const interior: number[] = [];
    let [x, y] = [Math.round(nodes[2 * from]! * 1e5), Math.round(nodes[2 * from + 1]! * 1e5)];
    for (let j = 0; j < geometry.interior[i]!.length; j += 2) {
      x += geometry.interior[i]![j]!;
      y += geometry.interior[i]![j + 1]!;
      interior.push(x / 1e5, y / 1e5);
    }
    const fromKm = geometry.fromKm[i]! / 1000;
    return [from, to, line, fromKm, (geometry.fromKm[i]! + geometry.toKm[i]!) / 1000, interior];
  });
  return { nodes, edges };
}

describe('toGeometry', () => {
  it('keeps every node, edge (line, km, vertices) and point of the stored network', () => {
    const decoded = decode(toGeometry(network, 'v1', RAIL_NETWORK_ATTRIBUTION));
    expect(decoded.nodes).toEqual(network.nodes);
    expect(decoded.edges).toEqual(
      network.edges.map(([from, to, line, fromKm, toKm, , interior]) => [from, to, line, fromKm, toKm, interior]),
    );
  });
});

describe('GET /api/network/geometry without an imported network', () => {
  it('answers 404 saying where the network would come from', async () => {
    const response = await get('/api/network/geometry?v=abc');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(NO_NETWORK_DETAIL);
  });

  it('refuses without a sign-in (401)', async () => {
    expect((await get('/api/network/geometry?v=abc', {})).statusCode).toBe(401);
  });
});

describe('GET /api/network/geometry', () => {
  let version: string;
  beforeAll(async () => {
    const stored = packNetwork(network, RAIL_NETWORK_ATTRIBUTION);
    await ctx.app.railNetworkRepository.replace(stored);
    version = stored.version;
  });

  it('answers the current version, gzipped, to be kept for a year', async () => {
    const response = await get(`/api/network/geometry?v=${version}`, { ...alice.headers, 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${version}"`);
    const geometry = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as NetworkGeometry;
    expect(geometry).toEqual(toGeometry(network, version, RAIL_NETWORK_ATTRIBUTION));
    expect(geometry.attribution).toBe(RAIL_NETWORK_ATTRIBUTION);
    expect(geometry.points.map(([code]) => code)).toEqual(['AA', 'BB', 'CC', 'DD', 'JJ', 'MM']);
  });

  it('answers plain JSON to a client that takes no gzip, and 304 to one that has it', async () => {
    const plain = await get(`/api/network/geometry?v=${version}`, { ...alice.headers, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as NetworkGeometry).version).toBe(version);
    const again = await get(`/api/network/geometry?v=${version}`, {
      ...alice.headers,
      'if-none-match': `"${version}"`,
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a version that is not (or no longer) the current one, and 400 without one', async () => {
    const old = await get('/api/network/geometry?v=0000000000000000');
    expect(old.statusCode).toBe(404);
    expect(old.json().detail).toContain(version);
    expect((await get('/api/network/geometry')).statusCode).toBe(400);
  });

  it('refuses without a sign-in (401)', async () => {
    expect((await get(`/api/network/geometry?v=${version}`, {})).statusCode).toBe(401);
  });
});

/* On DB Netz's real files beside the repository (never committed): the budget for the whole network. */
const dataDir = path.resolve(import.meta.dirname, '../../../../../../shared/data/rail-network');
const realLines = path.join(dataDir, 'geo-strecke-2017.geojson');
const realPoints = path.join(dataDir, 'geo-betriebsstelle-2020.json');
const present = fs.existsSync(realLines) && fs.existsSync(realPoints);

describe.skipIf(!present)('the geometry of the real network', () => {
  it('is at most 0.6 MB gzipped', () => {
    const real = buildNetwork(
      (JSON.parse(fs.readFileSync(realLines, 'utf8')) as { features: LineFeature[] }).features,
      JSON.parse(fs.readFileSync(realPoints, 'utf8')) as PointRow[],
    ).network;
    const json = JSON.stringify(toGeometry(real, '0123456789abcdef', RAIL_NETWORK_ATTRIBUTION));
    const gzipped = gzipSync(json, { level: 9 }).length;
    console.info(
      `network geometry: ${(json.length / 1e6).toFixed(2)} MB JSON, ${(gzipped / 1e6).toFixed(3)} MB gzipped`,
    );
    expect(gzipped).toBeLessThanOrEqual(600_000);
  }, 120_000);
});
