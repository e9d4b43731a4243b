import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import type { Route } from '@streckenpass/contract/routes';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { buildNetwork } from '../../lib/rail-network/build.js';
import { packNetwork, type LineFeature, type PointRow } from '../../lib/rail-network/network-format.js';

/*
 * Issue 29's acceptance for routes on DB Netz's real files (../shared/data/rail-network/, never committed): without
 * them the file skips, saying why.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = path.resolve(repoRoot, '../shared/data/rail-network');
const linesFile = path.join(dataDir, 'geo-strecke-2017.geojson');
const pointsFile = path.join(dataDir, 'geo-betriebsstelle-2020.json');
const present = fs.existsSync(linesFile) && fs.existsSync(pointsFile);
if (!present) console.warn(`Test der Wege im Streckennetz übersprungen: ${linesFile} oder ${pointsFile} fehlt.`);

describe.skipIf(!present)('routes on the real rail network (DB Netz open data)', () => {
  let ctx: TestContext;
  let alice: TestUser;

  beforeAll(async () => {
    const lines = (JSON.parse(fs.readFileSync(linesFile, 'utf8')) as { features: LineFeature[] }).features;
    const points = JSON.parse(fs.readFileSync(pointsFile, 'utf8')) as PointRow[];
    ctx = await buildTestApp();
    alice = await registerUser(ctx.app, { firstname: 'Alice' });
    await ctx.app.railNetworkRepository.replace(
      packNetwork(buildNetwork(lines, points).network, RAIL_NETWORK_ATTRIBUTION),
    );
  }, 120_000);
  afterAll(async () => ctx?.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/routes',
      headers: alice.headers,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Route;
  };

  it('stores Frankfurt (Main) Hbf → Mannheim Hbf as 78 km over 3520 › 4010 › 4011', async () => {
    const route = await create({
      name: 'Frankfurt – Mannheim',
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'Mannheim Hbf',
      startStation: 'FF',
      endStation: 'RM',
    });
    expect(route.path?.sections.map((section) => section.line)).toEqual([3520, 4010, 4011]);
    expect(Math.round(route.path!.km)).toBe(78);
  }, 60_000);

  it('stores Hamburg Hbf → Bremen Hbf (115 km), and nothing for a station the 2017 network lacks', async () => {
    const route = await create({ name: 'Hamburg – Bremen', startPoint: 'AH', endPoint: 'HB' });
    expect(Math.round(route.path!.km)).toBe(115);
    // Uelzen (UEL) is among the points the import could not place: reported by its absence, not guessed.
    expect(await create({ name: 'Hamburg – Uelzen', startPoint: 'AH', endPoint: 'UEL' })).not.toHaveProperty('path');
  });
});
