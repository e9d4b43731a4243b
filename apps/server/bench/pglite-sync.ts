/**
 * `npx tsx bench/pglite-sync.ts [count]`: the cost of PGLITE_SYNC=wal (every commit's WAL on disk) against PGlite's
 * default (fsync off), as 1,000 POST /api/vehicles through the app on a data directory, one at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const count = Number(process.argv[2] ?? 1000);

async function run(sync: 'wal' | 'off'): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `streckenpass-sync-${sync}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    DISABLE_SCHEDULER: 'true',
    RATE_LIMIT_SCALE: '1000',
    PGLITE_SYNC: sync,
  });
  const app = await buildApp({ ...config, webDist: undefined }, { logger: false });
  try {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: `bench-${sync}@example.org`, password: 'ein-gutes-Passwort-42', firstname: 'B', lastname: 'B' },
    });
    const token = (registered.json() as { jwt_token: string }).jwt_token;
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: `Fahrzeug ${i}` },
      });
      if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    }
    return performance.now() - started;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const off = await run('off');
const wal = await run('wal');
const off2 = await run('off');
const wal2 = await run('wal');
const fmt = (ms: number) => `${Math.round(ms)} ms (${((ms / count) * 1000).toFixed(0)} µs per POST)`;
console.info(`${count} POST /api/vehicles, one at a time, PGlite on ${os.tmpdir()}`);
console.info(`PGLITE_SYNC=off: ${fmt(off)}, again ${fmt(off2)}`);
console.info(`PGLITE_SYNC=wal: ${fmt(wal)}, again ${fmt(wal2)}`);
console.info(`ratio wal/off: ${((wal + wal2) / (off + off2)).toFixed(2)}`);
