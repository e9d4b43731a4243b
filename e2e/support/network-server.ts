import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** DB Netz's files beside the repository (never committed), used when present. */
const realDir = path.resolve(root, '../shared/data/rail-network');
export const REAL_NETWORK = {
  lines: path.join(realDir, 'geo-strecke-2017.geojson'),
  points: path.join(realDir, 'geo-betriebsstelle-2020.json'),
};
export const FIXTURE_NETWORK = {
  lines: path.join(import.meta.dirname, 'rail-network/lines.geojson'),
  points: path.join(import.meta.dirname, 'rail-network/points.json'),
};
export const realNetworkPresent = fs.existsSync(REAL_NETWORK.lines) && fs.existsSync(REAL_NETWORK.points);

/** Imports a network with the built `npm run network:import` into a data directory (decision 0049). */
export function importNetwork(dataDir: string, files = realNetworkPresent ? REAL_NETWORK : FIXTURE_NETWORK): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli/network-import.js'), '--lines', files.lines, '--points', files.points],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`network:import failed (${result.status})`);
}

/**
 * A second app server of its own, with a rail network imported (the real one when present, else the hand-drawn
 * fixture), for the map along the tracks: the suite's shared server has none, so that the map without a network
 * (today's straight lines) stays tested there.
 */
export async function startNetworkServer(port: number): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-e2e-network-'));
  importNetwork(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DISABLE_SCHEDULER: 'true',
    RATE_LIMIT_SCALE: '100',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`network server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('network server not healthy');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
