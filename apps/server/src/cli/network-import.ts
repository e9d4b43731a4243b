/**
 * `npm run network:import -- --lines <geo-strecke.geojson> --points <geo-betriebsstellen.json>` (issue 29,
 * docs/decisions/0049): builds the compact rail network from DB Netz's open data and stores it in the database in
 * one transaction, named by its content hash. Uses the server's configuration (DATABASE_URL or DATA_DIR). On the
 * embedded database stop the server first (one process per data directory); on PostgreSQL the running instances
 * load the new network on their next use of it.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { openDatabase } from '../db/client.js';
import { buildNetwork, type LineFeature, type PointRow } from '../modules/network/network.build.js';
import { createRailNetworkRepository } from '../modules/network/network.repository.js';
import { packNetwork } from '../modules/network/network.store.js';
import { runCli } from './runner.js';

const usage = 'Aufruf: npm run network:import -- --lines <geo-strecke.geojson> --points <geo-betriebsstellen.json>';

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${what} (${file}) ist nicht lesbar: ${error instanceof Error ? error.message : String(error)}`);
  }
}

runCli(async (config, argv) => {
  const { values } = parseArgs({
    args: argv,
    options: { lines: { type: 'string' }, points: { type: 'string' } },
    strict: true,
  });
  if (!values.lines || !values.points) {
    console.error(usage);
    return 2;
  }
  const started = performance.now();
  const lines = readJson(values.lines, 'Das Geo-Streckennetz') as { features?: LineFeature[] };
  const points = readJson(values.points, 'Die Geo-Betriebsstellen') as PointRow[];
  if (!Array.isArray(lines.features)) throw new Error(`${values.lines} ist keine GeoJSON-FeatureCollection.`);
  if (!Array.isArray(points)) throw new Error(`${values.points} ist keine Liste von Betriebsstellen.`);

  const { network, stats } = buildNetwork(lines.features, points);
  const stored = packNetwork(network, RAIL_NETWORK_ATTRIBUTION);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSync: config.pgliteSync,
  });
  try {
    const changed = await createRailNetworkRepository(database.db).replace(stored);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `Streckennetz ${stored.version} ${changed ? 'gespeichert' : 'war schon gespeichert'} (${seconds} s): ` +
        `${stats.segments} Abschnitte (${stats.droppedSegments} ausgelassen), ${stats.nodes} Knoten, ` +
        `${stats.edges} Kanten, ${stats.joints} verbundene lose Enden, ${stats.points} Betriebsstellen platziert, ` +
        `${(stored.data.byteLength / 1e6).toFixed(2)} MB gepackt.`,
    );
    if (stats.unplaced.length > 0) {
      console.info(`Nicht im Streckennetz platziert (${stats.unplaced.length}): ${stats.unplaced.join(', ')}`);
    }
    console.info(RAIL_NETWORK_ATTRIBUTION);
    return 0;
  } finally {
    await database.close();
  }
});
