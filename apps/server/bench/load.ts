/**
 * Load benchmark of the embedded database's thread (issue 30 item 1, docs/decisions/0050): the real server
 * (`node dist/server.js`) on PGlite under 50 connections of mixed load, once with PGlite in the main thread
 * (PGLITE_THREAD=main, as before) and once in its worker thread (the default), on copies of the same seeded data.
 *
 *   npx tsx bench/load.ts      (from apps/server, after building; `BENCH_ONLY=load npm run bench` builds first)
 *
 * Per variant: start-up to the first 200 from /api/health with existing data (the second start on the seeded data),
 * RSS idle (1 s after that start, without metrics), then BENCH_DURATION (20) seconds of mixed load (lists, expiring, activities, tours, vehicles, the current
 * user, creating routes; each request as one of 6 users with 100 routes and 300 activities) after a 2-second
 * warm-up. Measured meanwhile: throughput and latency (autocannon), /api/health answered to a separate probe (its own
 * thread, one request every 25 ms after the previous answer; a non-200 counts as infinitely slow), the server's event-loop delay (prom-client's histogram on /metrics, reset by the
 * scrape right before the load, less its 10-ms sampling interval) and the RSS peak.
 *
 * Goals (issue 30): event-loop delay p99 < 20 ms and max < 100 ms, /api/health p99 < 50 ms under load, throughput not
 * lower than PGlite in the main thread; start-up < 1 s with existing data, RSS idle < 250 MB. The figures go to
 * docs/quality.md between the load-bench markers (BENCH_WRITE=0: print only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { openDatabase } from '../src/db/client.js';
import { routeActivities, routeActivityRoutes, routes, users } from '../src/db/schema.js';
import { EVENT_LOOP_RESOLUTION_MS } from '../src/lib/metrics.js';
import { hashPassword } from '../src/lib/password.js';
import { sampleRss, startServer, type ServerProcess } from '../test/server-process.js';
import { writeSection } from './quality-doc.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP = 2;
const USERS = 6;
const PASSWORD = 'bench-passwort-1';
const METRICS_KEY = 'bench-metrics-key-0123456789';
const PORT = 3315;
const GOAL = { loopP99Ms: 20, loopMaxMs: 100, healthP99Ms: 50, startupMs: 1_000, rssIdleMb: 250 };

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const places = ['HU', 'FF', 'NWH', 'NF', 'FH', 'NAH', 'FG', 'ALBG', 'RM', 'FGZ'];
  const today = todayIn('Europe/Berlin');
  for (let u = 0; u < USERS; u++) {
    const [user] = await db
      .insert(users)
      .values({ email: `load-${u}@example.org`, passwordHash, firstname: 'Jörg', lastname: 'Weiß', mailVerified: true })
      .returning({ id: users.id });
    const ownerId = user!.id;
    const routeIds = (
      await db
        .insert(routes)
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            ownerId,
            name: `Strecke ${i} Würzburg–Fürth über Großheubach`,
            companyRoute: i % 5 === 0 ? null : `KBS ${800 + i}`,
            startPoint: places[i % places.length]!,
            endPoint: places[(i * 7 + 3) % places.length]!,
          })),
        )
        .returning({ id: routes.id })
    ).map((row) => row.id);
    const activities = await db
      .insert(routeActivities)
      .values(
        Array.from({ length: 300 }, (_, i) => {
          const acquiredAt = addDays(today, -((i * 37) % 700));
          return { ownerId, acquiredAt, acquiredUntil: addDays(acquiredAt, 364) };
        }),
      )
      .returning({ id: routeActivities.id });
    await db
      .insert(routeActivityRoutes)
      .values(activities.map(({ id }, i) => ({ routeActivityId: id, routeId: routeIds[(i * 13) % 90]! })));
  }
  await database.close();
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The event-loop delay since the last scrape (prom-client resets its histogram at each), in ms: how late the
 * histogram's timer fired. Node records the whole interval between two samples, so the sampling interval is
 * subtracted (an idle process reads 10.2 ms at a 10-ms interval: lib/metrics.ts).
 */
async function eventLoopDelay(base: string): Promise<{ p50: number; p99: number; max: number }> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_KEY}` } });
  const text = await response.text();
  const value = (name: string) => {
    const match = new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text);
    if (!match) throw new Error(`${name} missing from /metrics`);
    return Math.max(0, Number(match[1]) * 1000 - EVENT_LOOP_RESOLUTION_MS);
  };
  return {
    p50: value('nodejs_eventloop_lag_p50_seconds'),
    p99: value('nodejs_eventloop_lag_p99_seconds'),
    max: value('nodejs_eventloop_lag_max_seconds'),
  };
}

/** GET /api/health in a loop from a thread of its own (this one is busy with autocannon); latencies in ms. */
function healthProbe(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies = [];
    let stopped = false;
    parentPort.on('message', () => { stopped = true; });
    const once = () => new Promise((resolve) => {
      const started = performance.now();
      http.get(workerData, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          // A failed check counts as the slowest possible answer: it is what a load balancer sees.
          latencies.push(response.statusCode === 200 ? performance.now() - started : Infinity);
          resolve();
        });
      }).on('error', () => { latencies.push(Infinity); resolve(); });
    });
    (async () => {
      while (!stopped) {
        await once();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      parentPort.postMessage(latencies);
    })();
    `,
    { eval: true, workerData: url },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (latencies: number[]) => {
          void worker.terminate();
          resolve(latencies);
        });
        worker.postMessage('stop');
      }),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type Mode = 'main' | 'worker';

interface Figures {
  mode: Mode;
  startupMs: number;
  rssIdleMb: number;
  rssPeakMb: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  loop: { p50: number; p99: number; max: number };
  health: { count: number; failed: number; p50: number; p99: number; max: number };
}

/** Mixed requests, each as one of the users in turn. */
function mixedRequests(tokens: string[]): autocannon.Request[] {
  let next = 0;
  const as = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
    }),
  });
  let seq = 0;
  return [
    as({ method: 'GET', path: '/api/routes' }),
    as({ method: 'GET', path: '/api/routes/expiring' }),
    as({ method: 'GET', path: '/api/route_activities' }),
    as({ method: 'GET', path: '/api/routes' }),
    as({ method: 'GET', path: '/api/tours' }),
    as({ method: 'GET', path: '/api/users/current' }),
    {
      ...as({ method: 'POST', path: '/api/routes', headers: { 'content-type': 'application/json' } }),
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        body: JSON.stringify({
          name: `Last ${++seq} Würzburg–Fürth`,
          companyRoute: null,
          startPoint: 'HU',
          endPoint: 'FH',
        }),
      }),
    },
    as({ method: 'GET', path: '/api/vehicles' }),
    as({ method: 'GET', path: '/api/routes/expiring?days=30' }),
  ];
}

async function measure(mode: Mode, seeded: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `streckenpass-load-${mode}-`));
  fs.cpSync(seeded, dataDir, { recursive: true });
  let server: ServerProcess | undefined;
  try {
    // Start-up with existing data and RSS idle, without metrics (as a default installation runs), measured on the
    // second start: the first one after seeding also does the one-time work of a database new to the app (linking
    // the seeded routes to stations).
    server = await startServer({ port: PORT, env: { DATA_DIR: dataDir, PGLITE_THREAD: mode } });
    await server.stop('SIGTERM');
    server = await startServer({ port: PORT, env: { DATA_DIR: dataDir, PGLITE_THREAD: mode } });
    const startupMs = server.startupMs;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssIdleMb = server.rssMb();
    await server.stop('SIGTERM');

    server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, PGLITE_THREAD: mode, METRICS_KEY: METRICS_KEY },
    });
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, u) => login(server!.url, `load-${u}@example.org`)),
    );
    const requests = mixedRequests(tokens);
    await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARMUP, requests });
    await eventLoopDelay(server.url);
    const rss = sampleRss(server.pid);
    const probe = healthProbe(`${server.url}/api/health`);
    const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests });
    const health = await probe.stop();
    const loop = await eventLoopDelay(server.url);
    const rssPeakMb = rss.stop();
    return {
      mode,
      startupMs,
      rssIdleMb,
      rssPeakMb,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      loop,
      health: {
        count: health.length,
        failed: health.filter((ms) => ms === Infinity).length,
        p50: percentile(health, 50),
        p99: percentile(health, 99),
        max: Math.max(...health),
      },
    };
  } finally {
    await server?.stop('SIGTERM').catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const started = new Date();
const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-load-seed-'));
try {
  const seedStart = performance.now();
  await seed(seeded);
  console.info(`seeded ${USERS} users × 100 routes × 300 activities in ${f0(performance.now() - seedStart)} ms`);
  const results: Figures[] = [];
  for (const mode of ['main', 'worker'] as const) {
    const figures = await measure(mode, seeded);
    results.push(figures);
    console.info(`${mode}: done`);
  }
  const [main, worker] = results as [Figures, Figures];
  const lines = [
    `Load bench (bench/load.ts), ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ` +
      `${os.availableParallelism()} cores, load average before ${os.loadavg().map(f1).join(' / ')}`,
    `PGlite, ${CONNECTIONS} connections of mixed load (${USERS} users; lists, expiring, activities, tours, vehicles, ` +
      `current user, new routes) for ${DURATION} s after ${WARMUP} s warm-up`,
    '',
    'PGlite in           req/s   p50 / p99 ms   non-2xx  errors   event-loop delay p50 / p99 / max ms   /api/health n (failed), p50 / p99 / max ms   start-up ms   RSS idle / peak MB',
    ...results.map(
      (r) =>
        `${(r.mode === 'main' ? 'main thread' : 'worker thread').padEnd(18)}${f0(r.requestsPerSecond).padStart(6)}` +
        `   ${`${f0(r.p50)} / ${f0(r.p99)}`.padEnd(13)}${String(r.non2xx).padStart(8)}${String(r.errors).padStart(8)}` +
        `   ${`${f1(r.loop.p50)} / ${f1(r.loop.p99)} / ${f1(r.loop.max)}`.padEnd(38)}` +
        `${`${r.health.count} (${r.health.failed}), ${f1(r.health.p50)} / ${f1(r.health.p99)} / ${f1(r.health.max)}`.padEnd(37)}` +
        `${f0(r.startupMs).padStart(11)}   ${f0(r.rssIdleMb)} / ${f0(r.rssPeakMb)}`,
    ),
    '',
    'Goals (worker thread):',
    `  event-loop delay p99 < ${GOAL.loopP99Ms} ms: ${f1(worker.loop.p99)} ms — ${verdict(worker.loop.p99 < GOAL.loopP99Ms)}`,
    `  event-loop delay max < ${GOAL.loopMaxMs} ms: ${f1(worker.loop.max)} ms — ${verdict(worker.loop.max < GOAL.loopMaxMs)}`,
    `  /api/health p99 < ${GOAL.healthP99Ms} ms under load: ${f1(worker.health.p99)} ms — ${verdict(worker.health.p99 < GOAL.healthP99Ms)}`,
    `  throughput not lower than in the main thread (5 % allowed for noise): ` +
      `${(worker.requestsPerSecond / main.requestsPerSecond).toFixed(2)} × — ` +
      verdict(worker.requestsPerSecond >= main.requestsPerSecond * 0.95),
    `  start-up < ${GOAL.startupMs} ms with existing data: ${f0(worker.startupMs)} ms — ${verdict(worker.startupMs < GOAL.startupMs)}`,
    `  RSS idle < ${GOAL.rssIdleMb} MB: ${f0(worker.rssIdleMb)} MB — ${verdict(worker.rssIdleMb < GOAL.rssIdleMb)}`,
  ];
  const output = lines.join('\n');
  console.info(`\n${output}`);
  if (process.env.BENCH_WRITE !== '0') {
    writeSection('load-bench', `Output of \`bench/load.ts\`:\n\n\`\`\`text\n${output}\n\`\`\``);
  }
} finally {
  fs.rmSync(seeded, { recursive: true, force: true });
}
