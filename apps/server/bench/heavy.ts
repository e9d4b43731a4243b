/**
 * Heavy-operation benchmark (issue 24): how long another user's requests wait while one account restores a large
 * backup. A document of BENCH_DRIVES drives over BENCH_PER_DRIVE routes each (of 5,000 routes) is previewed and
 * restored through app.inject while a second user polls `/api/health` and `GET /api/routes` every 20 ms.
 *
 *   npx tsx bench/heavy.ts        (from apps/server; embedded PGlite in memory, or DATABASE_URL's server)
 *
 * Printed per phase: its wall time, the slowest answer of the other user (target < 1,000 ms), the longest gap of a
 * 5 ms timer (event-loop blocking), and the RSS; the ratio slowest / phase time says how much of the phase the other
 * user had to wait at most.
 */
import { LIMITS } from '@streckenpass/contract/limits';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { testConfig } from '../src/test/helpers.js';

const ROUTES = LIMITS.routesPerAccount;
const DRIVES = Number(process.env.BENCH_DRIVES ?? 5000);
const PER_DRIVE = Number(process.env.BENCH_PER_DRIVE ?? 10);

function document() {
  return {
    format: 'streckenpass-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    account: { email: '', firstname: null, lastname: null },
    routes: Array.from({ length: ROUTES }, (_, i) => ({
      ref: i + 1,
      name: `Strecke ${i}`,
      companyRoute: `K${i}`,
      startPoint: `A${i}`,
      endPoint: `B${i}`,
    })),
    tours: [],
    vehicles: Array.from({ length: 50 }, (_, i) => ({ ref: i + 1, name: `BR ${i}` })),
    routeActivities: Array.from({ length: DRIVES }, (_, i) => ({
      ref: i + 1,
      acquiredAt: new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10),
      acquiredUntil: '2027-01-01',
      routes: [...new Set(Array.from({ length: PER_DRIVE }, (_, j) => ((i * 7 + j * 13) % ROUTES) + 1))],
    })),
    vehicleActivities: Array.from({ length: DRIVES }, (_, i) => ({
      ref: i + 1,
      routeActivity: i + 1,
      vehicles: [(i % 50) + 1, ((i + 1) % 50) + 1],
    })),
  };
}

const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' },
);
const app = await buildApp(testConfig(), { database, logger: false });
await app.ready();
async function register(tag: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: {
      email: `bench-heavy-${tag}-${Date.now()}@example.org`,
      password: 'bench-passwort-1',
      firstname: 'B',
      lastname: 'B',
    },
  });
  return { authorization: `Bearer ${(response.json() as { jwt_token: string }).jwt_token}` };
}
const owner = await register('owner');
const other = await register('other');
const body = JSON.stringify(document());
console.info(`${database.kind}: document ${(body.length / 1e6).toFixed(1)} MB, ${DRIVES} drives × ${PER_DRIVE} routes`);

let slowest = 0;
let loopGap = 0;
let lastTick = performance.now();
let stop = false;
const ticker = setInterval(() => {
  const now = performance.now();
  loopGap = Math.max(loopGap, now - lastTick);
  lastTick = now;
}, 5);
const poller = (async () => {
  while (!stop) {
    const started = performance.now();
    await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/routes', headers: other }),
    ]);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();

async function phase(label: string, request: () => Promise<{ statusCode: number }>) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  slowest = 0;
  loopGap = 0;
  const started = performance.now();
  const response = await request();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  console.info(
    `${label.padEnd(16)} ${response.statusCode} ${Math.round(took)} ms; other user's slowest answer ` +
      `${Math.round(slowest)} ms (${(slowest / took).toFixed(2)} of the phase, target < 1000 ms); ` +
      `longest event-loop gap ${Math.round(loopGap)} ms; RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
  );
}
const post = (url: string) => () =>
  app.inject({ method: 'POST', url, headers: { ...owner, 'content-type': 'application/json' }, payload: body });
await phase('backup/preview', post('/api/backup/preview'));
await phase('backup/restore', post('/api/backup/restore'));
await phase('GET /api/backup', () => app.inject({ method: 'GET', url: '/api/backup', headers: owner }));
await phase('export/csv', () =>
  app.inject({
    method: 'POST',
    url: '/api/export/csv',
    headers: { ...owner, 'content-type': 'application/json' },
    payload: '{}',
  }),
);
stop = true;
await poller;
clearInterval(ticker);
await app.close();
await database.close();
