import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkLinePoints, NetworkPath, NetworkVersion } from '@streckenpass/contract/network';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { openDatabase } from '../../db/client.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { buildNetwork } from '../../lib/rail-network/build.js';
import { RailNetworkGraph } from '../../lib/rail-network/graph.js';
import {
  decodeKm,
  packNetwork,
  unpackNetwork,
  type LineFeature,
  type PointRow,
} from '../../lib/rail-network/network-format.js';
import { createRailNetworkRepository, type RailNetworkRepository } from './network.repository.js';
import { NO_NETWORK_DETAIL } from './network.routes.js';
import { createNetworkCache } from './network-cache.plugin.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const linesFile = path.join(fixtures, 'lines.geojson');
const pointsFile = path.join(fixtures, 'points.json');
const lines = (JSON.parse(fs.readFileSync(linesFile, 'utf8')) as { features: LineFeature[] }).features;
const points = JSON.parse(fs.readFileSync(pointsFile, 'utf8')) as PointRow[];

let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = alice.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });
const path_ = async (query: string) => {
  const response = await get(`/api/network/path?${query}`);
  return { status: response.statusCode, body: response.json() as NetworkPath & { detail?: string } };
};
const store = (features = lines, rows = points) =>
  ctx.app.railNetworkRepository.replace(packNetwork(buildNetwork(features, rows).network, RAIL_NETWORK_ATTRIBUTION));

describe('decodeKm', () => {
  it("reads DB's encoded km (v = km_i − 100000000)", () => {
    expect(decodeKm(117090058)).toBe(170.958);
    expect(decodeKm(117100094)).toBe(171.094);
    expect(decodeKm(100000000)).toBe(0);
  });
});

describe('buildNetwork', () => {
  const { network, stats } = buildNetwork(lines, points);

  it('drops the second direction, joins the loose end and places the points by line and km', () => {
    expect(stats.segments).toBe(4);
    expect(stats.droppedSegments).toBe(1);
    expect(stats.joints).toBe(1);
    expect(network.points.map(([code]) => code)).toEqual(['AA', 'BB', 'CC', 'DD', 'JJ', 'MM']);
    // JJ lies on two lines at one junction: one node.
    expect(network.points.find(([code]) => code === 'JJ')?.[3]).toHaveLength(1);
  });

  it('reports a point off the network instead of guessing', () => {
    expect(stats.unplaced).toEqual(['XX']);
  });

  it('simplifies the geometry (≈ 50 m) and keeps 5 decimals', () => {
    const interior = network.edges.flatMap((edge) => edge[6]);
    // Line 1000's vertices 8.03 and 8.07 lie 11 m off the straight line: gone.
    expect(interior).not.toContain(8.03);
    for (const value of [...network.nodes, ...interior]) expect(Math.round(value * 1e5) / 1e5).toBe(value);
  });

  it('gives the same data, and so the same version, for the same files', () => {
    const again = packNetwork(buildNetwork(lines, points).network, RAIL_NETWORK_ATTRIBUTION);
    const first = packNetwork(network, RAIL_NETWORK_ATTRIBUTION);
    expect(again.version).toBe(first.version);
    expect(unpackNetwork(first.data)).toEqual(network);
  });
});

describe("buildNetwork on a stretch DB's file splits into pieces", () => {
  // Line 5000 km 10.0–22.0 along 51° N, drawn in two pieces of equal length that both carry the whole range, as
  // DB's Geo-Streckennetz does (e.g. 4010 km 29.280–56.000); its first station lies at km 9.6 of the point file,
  // where the line file starts at km 10.0.
  const stretch = (coordinates: number[][]): LineFeature => ({
    properties: { strecke_nr: 5000, richtung: '0', von_km_i: 101000000, bis_km_i: 102200000 },
    geometry: { type: 'LineString', coordinates },
  });
  const row = (code: string, km: number, lon: number): PointRow => ({
    STRECKE_NR: 5000,
    KM_I: 100000000 + Math.floor(km * 100) * 1000 + Math.round((km * 1000) % 100),
    BEZEICHNUNG: `Halt ${code}`,
    STELLE_ART: 'Hp',
    KUERZEL: code,
    GEOGR_BREITE: 51,
    GEOGR_LAENGE: lon,
  });
  const { network } = buildNetwork(
    [
      stretch([
        [9.0, 51],
        [9.1, 51],
      ]),
      stretch([
        [9.1, 51],
        [9.2, 51],
      ]),
    ],
    [row('EA', 9.6, 9.0), row('EB', 13, 9.05), row('EC', 19, 9.15), row('ED', 22, 9.2)],
  );
  const graph = new RailNetworkGraph('split', network);

  it("gives each piece its own part of the stretch's km, and each point DB's own km on its line", () => {
    expect(decodeKm(row('EC', 19, 0).KM_I!)).toBe(19);
    expect(decodeKm(row('EA', 9.6, 0).KM_I!)).toBe(9.6);
    expect(graph.linePoints(5000)).toEqual({
      fromKm: 9.6,
      toKm: 22,
      points: [
        { code: 'EA', name: 'Halt EA', kind: 'Hp', km: 9.6 },
        { code: 'EB', name: 'Halt EB', kind: 'Hp', km: 13 },
        { code: 'EC', name: 'Halt EC', kind: 'Hp', km: 19 },
        { code: 'ED', name: 'Halt ED', kind: 'Hp', km: 22 },
      ],
    });
  });

  it("prints DB's km in a path's sections, its length measured on the tracks", () => {
    const path = graph.path('EC', 'EB');
    expect(path.sections).toEqual([{ line: 5000, fromKm: 19, toKm: 13 }]);
    // 0.1° of longitude at 51° N is about 7.0 km.
    expect(path.km).toBeGreaterThan(6.9);
    expect(path.km).toBeLessThan(7.1);
  });
});

describe('buildNetwork placing a point by its coordinates', () => {
  it("puts it on its own line's tracks within 50 m, with DB's km there, though another line passes nearer", () => {
    const feature = (line: number, from: number, to: number, coordinates: number[][]): LineFeature => ({
      properties: {
        strecke_nr: line,
        richtung: '0',
        von_km_i: 100000000 + from * 100000,
        bis_km_i: 100000000 + to * 100000,
      },
      geometry: { type: 'LineString', coordinates },
    });
    // Line 7000 km 0–5 along 52° N; a siding of line 7001 2 m from the point, the point 4 m from line 7000; the
    // point's km (2.0) lies 1.4 km from its coordinates along 7000, so it is placed by its coordinates.
    const { network } = buildNetwork(
      [
        feature(7000, 0, 5, [
          [10.0, 52],
          [10.05, 52],
        ]),
        feature(7001, 0, 1, [
          [10.039, 52.00006],
          [10.041, 52.00006],
        ]),
      ],
      [
        {
          STRECKE_NR: 7000,
          KM_I: 100200000,
          BEZEICHNUNG: 'Gleisdreieck',
          STELLE_ART: 'Bf',
          KUERZEL: 'GX',
          GEOGR_BREITE: 52.00004,
          GEOGR_LAENGE: 10.04,
        },
      ],
    );
    const graph = new RailNetworkGraph('own-line', network);
    expect(graph.linePoints(7000)?.points).toEqual([{ code: 'GX', name: 'Gleisdreieck', kind: 'Bf', km: 2 }]);
    expect(graph.linePoints(7001)?.points).toEqual([]);
  });
});

describe('createNetworkCache', () => {
  it('loads a version once, and again only when the stored version changes', async () => {
    const first = packNetwork(buildNetwork(lines, points).network, RAIL_NETWORK_ATTRIBUTION);
    const second = packNetwork(buildNetwork(lines.slice(0, 2), points).network, RAIL_NETWORK_ATTRIBUTION);
    let stored: typeof first | null = null;
    let loads = 0;
    const repository = {
      current: async () => stored && { version: stored.version, attribution: stored.attribution },
      findData: async (version: string) => {
        loads += 1;
        return stored?.version === version ? stored.data : null;
      },
      replace: async () => true,
    } satisfies RailNetworkRepository;
    const cache = createNetworkCache(repository);

    expect(await cache.current()).toBeNull();
    stored = first;
    const [a, b] = await Promise.all([cache.current(), cache.current()]);
    expect(a).toBe(b);
    expect(await cache.current()).toBe(a);
    expect(loads).toBe(1);
    stored = second;
    const next = await cache.current();
    expect(next?.version).toBe(second.version);
    expect(next?.point('CC')).toBeUndefined();
    expect(loads).toBe(2);
  });
});

describe('GET /api/network/… without an imported network', () => {
  it('answers version null with the attribution', async () => {
    const response = await get('/api/network/version');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: null, attribution: RAIL_NETWORK_ATTRIBUTION });
  });

  it('answers a path with 404 saying where the network would come from', async () => {
    const { status, body } = await path_('from=AA&to=BB');
    expect(status).toBe(404);
    expect(body.detail).toBe(NO_NETWORK_DETAIL);
  });

  it("answers a line's points with 404 saying where the network would come from", async () => {
    const response = await get('/api/network/lines/1000/points');
    expect(response.statusCode).toBe(404);
    expect((response.json() as { detail: string }).detail).toBe(NO_NETWORK_DETAIL);
  });

  it('refuses without a sign-in (401)', async () => {
    expect((await get('/api/network/version', {})).statusCode).toBe(401);
    expect((await get('/api/network/path?from=AA&to=BB', {})).statusCode).toBe(401);
    expect((await get('/api/network/lines/1000/points', {})).statusCode).toBe(401);
  });
});

describe('GET /api/network/path', () => {
  let version: string;
  beforeAll(async () => {
    expect(await store()).toBe(true);
    version = ((await get('/api/network/version')).json() as NetworkVersion).version!;
  });

  it('answers the version of the stored network', () => {
    expect(version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('finds the path over the junction and the joined loose end, with its lines and km', async () => {
    const { status, body } = await path_('from=AA&to=DD');
    expect(status).toBe(200);
    expect(body.version).toBe(version);
    expect(body.from).toEqual({ code: 'AA', name: 'Astadt Hbf' });
    expect(body.to).toEqual({ code: 'DD', name: 'Dedorf' });
    expect(body.lines).toEqual([1000, 2000, 3000]);
    expect(body.sections).toEqual([
      { line: 1000, fromKm: 0, toKm: 7.2 },
      { line: 2000, fromKm: 0, toKm: 11.1 },
      { line: 3000, fromKm: 20, toKm: 27.2 },
    ]);
    // 7.2 + 11.1 + 7.2 km of track and the 21 m joint, measured on the geometry.
    expect(body.km).toBeGreaterThan(25);
    expect(body.km).toBeLessThan(26);
    expect(body.geometry[0]).toEqual([8, 50]);
    expect(body.geometry.at(-1)).toEqual([8.2, 50.1]);
  });

  it('takes no shortcut over a second direction the import dropped', async () => {
    const { body } = await path_('from=AA&to=CC');
    expect(body.lines).toEqual([1000, 2000]);
    expect(body.km).toBeGreaterThan(18);
  });

  it('runs the km of a line backwards when the path does, from a point between two vertices', async () => {
    const { status, body } = await path_('from=mm&to=AA');
    expect(status).toBe(200);
    expect(body.from.code).toBe('MM');
    expect(body.sections).toEqual([{ line: 1000, fromKm: 3.6, toKm: 0 }]);
    expect(body.km).toBeCloseTo(3.6, 0);
  });

  it('goes over a point given as via', async () => {
    const direct = await path_('from=BB&to=CC');
    expect(direct.body.lines).toEqual([1000, 2000]);
    const { status, body } = await path_('from=BB&to=CC&via=AA');
    expect(status).toBe(200);
    expect(body.via).toEqual({ code: 'AA', name: 'Astadt Hbf' });
    // Turning back at AA on the same line: two sections, not one.
    expect(body.sections).toEqual([
      { line: 1000, fromKm: 14.4, toKm: 0 },
      { line: 1000, fromKm: 0, toKm: 7.2 },
      { line: 2000, fromKm: 0, toKm: 11.1 },
    ]);
    expect(body.km).toBeGreaterThan(direct.body.km + 14);
  });

  it('reports a station off the network with 404, never a guess', async () => {
    for (const code of ['XX', 'ZZ']) {
      const { status, body } = await path_(`from=AA&to=${code}`);
      expect(status).toBe(404);
      expect(body.detail).toBe(`Für ${code} ist kein Punkt im Streckennetz bekannt.`);
    }
  });

  it('refuses a missing code (400)', async () => {
    expect((await path_('from=AA')).status).toBe(400);
  });

  it('routes on the new network once an import stored another version', async () => {
    // Without line 3000 DD is on no track: the instance notices the new version and reloads.
    expect(await store(lines.filter((feature) => feature.properties.strecke_nr !== 3000))).toBe(true);
    const next = ((await get('/api/network/version')).json() as NetworkVersion).version;
    expect(next).not.toBe(version);
    const { status, body } = await path_('from=AA&to=DD');
    expect(status).toBe(404);
    expect(body.detail).toBe('Für DD ist kein Punkt im Streckennetz bekannt.');
    // Importing the same files again stores nothing new.
    expect(await store(lines.filter((feature) => feature.properties.strecke_nr !== 3000))).toBe(false);
  });
});

describe('GET /api/network/lines/:line/points', () => {
  beforeAll(async () => {
    await store();
  });
  const linePoints = async (line: string, headers?: Record<string, string>) => {
    const response = await get(`/api/network/lines/${line}/points`, headers);
    return { status: response.statusCode, body: response.json() as NetworkLinePoints & { detail?: string } };
  };

  it("lists the line's operating points in the order of their km, with the line's km range", async () => {
    const { status, body } = await linePoints('1000');
    expect(status).toBe(200);
    expect(body.version).toMatch(/^[0-9a-f]{16}$/);
    expect(body).toMatchObject({ line: 1000, fromKm: 0, toKm: 14.4 });
    expect(body.points).toEqual([
      { code: 'AA', name: 'Astadt Hbf', kind: 'Bf', km: 0 },
      { code: 'MM', name: 'Mitte', kind: 'Hp', km: 3.6 },
      { code: 'JJ', name: 'Jot', kind: 'Abzw', km: 7.2 },
      { code: 'BB', name: 'Bedorf', kind: 'Hp', km: 14.4 },
    ]);
  });

  it('lists a junction on every line that meets there, with its km on each', async () => {
    const { body } = await linePoints('2000');
    expect(body.points.map(({ code, km }) => [code, km])).toEqual([
      ['JJ', 0],
      ['CC', 11.1],
    ]);
  });

  it('answers 404 in German for a line the network does not have', async () => {
    const { status, body } = await linePoints('4242');
    expect(status).toBe(404);
    expect(body.detail).toBe('Die Strecke 4242 ist im Streckennetz nicht bekannt.');
  });

  it('refuses a line number that is not one (400)', async () => {
    for (const line of ['abc', '0', '100000', '-1', '10.5', '01000']) {
      const { status, body } = await linePoints(line);
      expect(status, line).toBe(400);
      expect(body.detail).toBe('Eine Streckennummer ist eine ganze Zahl von 1 bis 99999.');
    }
  });

  it('refuses without a sign-in (401)', async () => {
    expect((await linePoints('1000', {})).status).toBe(401);
  });
});

/**
 * The environment of the test run less DATABASE_URL (the tool then opens the embedded database in DATA_DIR) and
 * INIT_CWD (the files are given as absolute paths).
 */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  delete copy.INIT_CWD;
  return copy;
}

describe('npm run network:import', () => {
  it('builds the network from the two files and stores it in the configured database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-network-'));
    try {
      const result = spawnSync(
        process.execPath,
        ['scripts/run-cli.mjs', 'network-import', '--lines', linesFile, '--points', pointsFile],
        {
          cwd: path.resolve(import.meta.dirname, '../../..'),
          env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        },
      );
      expect(result.status, result.stderr).toBe(0);
      const output = result.stdout;
      expect(output).toContain('6 Betriebsstellen platziert');
      expect(output).toContain('Nicht im Streckennetz platziert (1): XX');
      expect(output).toContain(RAIL_NETWORK_ATTRIBUTION);
      const database = await openDatabase({ dataDir });
      try {
        const current = await createRailNetworkRepository(database.db).current();
        expect(current).toEqual({
          version: packNetwork(buildNetwork(lines, points).network, RAIL_NETWORK_ATTRIBUTION).version,
          attribution: RAIL_NETWORK_ATTRIBUTION,
        });
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
