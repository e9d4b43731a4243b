/**
 * `npm run network:import -- --lines <geo-strecke.geojson> --points <geo-betriebsstellen.json>` (issue 29,
 * docs/decisions/0049): builds the compact rail network from DB Netz's open data and stores it in the database in
 * one transaction, named by its content hash. Uses the server's configuration (DATABASE_URL or DATA_DIR). On the
 * embedded database stop the server first (one process per data directory); on PostgreSQL the running instances
 * load the new network on their next use of it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { openDatabase, type Db } from '../db/client.js';
import { buildNetwork } from '../lib/rail-network/build.js';
import { RailNetworkGraph } from '../lib/rail-network/graph.js';
import {
  packNetwork,
  unpackNetwork,
  type BuildStats,
  type LineFeature,
  type PointRow,
  type StoredNetwork,
} from '../lib/rail-network/network-format.js';
import { createRailNetworkRepository } from '../modules/network/network.repository.js';
import { createRoutePathsRepository } from '../modules/routes/route-paths.repository.js';
import { createDataVersionsRepository } from '../repositories/data-versions.repository.js';
import { runCli } from './runner.js';

const usage = 'Aufruf: npm run network:import -- --lines <geo-strecke.geojson> --points <geo-betriebsstellen.json>';

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${what} (${file}) ist nicht lesbar: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Builds the network from the two files and writes its stored form to `target`; answers the build's figures. */
function build(linesFile: string, pointsFile: string, target: string): { version: string; stats: BuildStats } {
  const lines = readJson(linesFile, 'Das Geo-Streckennetz') as { features?: LineFeature[] };
  const points = readJson(pointsFile, 'Die Geo-Betriebsstellen') as PointRow[];
  if (!Array.isArray(lines.features)) throw new Error(`${linesFile} ist keine GeoJSON-FeatureCollection.`);
  if (!Array.isArray(points)) throw new Error(`${pointsFile} ist keine Liste von Betriebsstellen.`);
  const { network, stats } = buildNetwork(lines.features, points);
  const stored = packNetwork(network, RAIL_NETWORK_ATTRIBUTION);
  fs.writeFileSync(target, stored.data);
  return { version: stored.version, stats };
}

/**
 * Runs the build in a child process of its own: the parsed files and the build's working data (~0.3 GB) are
 * returned to the system before the embedded database (~0.6 GB on a new data directory) is opened, so that the
 * import stays well under 1 GB.
 */
function buildApart(linesFile: string, pointsFile: string, target: string): { version: string; stats: BuildStats } {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, self, '--lines', linesFile, '--points', pointsFile, '--build-to', target],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error('Das Streckennetz konnte nicht gebaut werden.');
  return JSON.parse(result.stdout) as { version: string; stats: BuildStats };
}

/**
 * On the network just stored: paths for every route that has none, and the shortest path anew for every route whose
 * path was the shortest on the network before (`previous`, its stored data; decision 0051); the owners' data versions
 * bumped. The graphs are built only when there are such routes.
 */
async function updatePaths(
  db: Db,
  stored: StoredNetwork,
  previous: Uint8Array | null,
): Promise<{ filled: number; recomputed: number; owners: number }> {
  const paths = createRoutePathsRepository(db);
  const { withoutPath, withPath } = await paths.pathStates();
  const routed = withPath && previous !== null;
  if (!withoutPath && !routed) return { filled: 0, recomputed: 0, owners: 0 };
  const graph = new RailNetworkGraph(stored.version, unpackNetwork(stored.data));
  const before = routed && previous ? new RailNetworkGraph('previous', unpackNetwork(previous)) : null;
  return db.transaction(async (tx) => {
    const filled = await paths.fillMissing(tx, graph);
    const recomputed = before ? await paths.recompute(tx, before, graph) : { recomputed: 0, owners: [] };
    const owners = new Set([...filled.owners, ...recomputed.owners]);
    const versions = createDataVersionsRepository(tx);
    for (const owner of owners) await versions.bump(tx, owner);
    return { filled: filled.filled, recomputed: recomputed.recomputed, owners: owners.size };
  });
}

runCli(async (config, argv) => {
  const { values } = parseArgs({
    args: argv,
    options: { lines: { type: 'string' }, points: { type: 'string' }, 'build-to': { type: 'string' } },
    strict: true,
  });
  if (!values.lines || !values.points) {
    console.error(usage);
    return 2;
  }
  const linesFile = path.resolve(values.lines);
  const pointsFile = path.resolve(values.points);
  if (values['build-to']) {
    process.stdout.write(JSON.stringify(build(linesFile, pointsFile, values['build-to'])));
    return 0;
  }

  const started = performance.now();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-network-'));
  try {
    const target = path.join(folder, 'network.json.gz');
    const { version, stats } = buildApart(linesFile, pointsFile, target);
    const stored = { version, attribution: RAIL_NETWORK_ATTRIBUTION, data: fs.readFileSync(target) };
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pgliteSync: config.pgliteSync,
    });
    try {
      const repository = createRailNetworkRepository(database.db);
      // The network before, for the routes whose path was its shortest (read before the import replaces it).
      const head = await repository.current();
      const previous = head && head.version !== stored.version ? await repository.findData(head.version) : null;
      const changed = await repository.replace(stored);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(
        `Streckennetz ${stored.version} ${changed ? 'gespeichert' : 'war schon gespeichert'} (${seconds} s): ` +
          `${stats.segments} Abschnitte (${stats.droppedSegments} ausgelassen), ${stats.nodes} Knoten, ` +
          `${stats.edges} Kanten, ${stats.joints} verbundene lose Enden, ${stats.points} Betriebsstellen platziert, ` +
          `${(stored.data.byteLength / 1e6).toFixed(2)} MB gepackt.`,
      );
      // Routes without a path get the shortest one between their stations, routes with the shortest path of the
      // network before get the new network's (decision 0051).
      const { filled, recomputed, owners } = await updatePaths(database.db, stored, changed ? previous : null);
      if (filled > 0 || recomputed > 0) {
        console.info(
          `${filled} Strecken haben ihren Weg im Streckennetz erhalten, ${recomputed} den kürzesten Weg im neuen ` +
            `Streckennetz (${owners} Konten).`,
        );
      }
      if (stats.unplaced.length > 0) {
        console.info(`Nicht im Streckennetz platziert (${stats.unplaced.length}): ${stats.unplaced.join(', ')}`);
      }
      console.info(RAIL_NETWORK_ATTRIBUTION);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
