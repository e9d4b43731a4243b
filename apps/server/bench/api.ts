/**
 * API benchmark: the real server (`node dist/server.js`) under autocannon, on the embedded database (PGlite) and,
 * when it answers, on the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test,
 * in a database of its own, dropped afterwards).
 *
 *   npx tsx bench/api.ts        (from apps/server, after building; also part of `npm run bench`)
 *
 * Scenarios, 50 connections for BENCH_DURATION (10) seconds each after a 2-second warm-up:
 *   GET /api/routes             as a user with 100 routes
 *   GET /api/routes/expiring    as a user with 500 routes and 5,000 route activities
 *   POST /api/route_activities  as the first user, one new activity per request
 * Each is printed as requests/s, p50/p99 latency and as a ratio against the ceiling: a bare node:http server in
 * its own process answering the same precomputed JSON, measured with the same client right before it. The ratio is
 * what survives a noisy machine; the absolute numbers do not.
 *
 * Also: start-up to the first 200 from /api/health (empty data = creating the database and migrating; seeded =
 * a restart), RSS idle and peak under load (from /proc), and the gzipped JS and CSS of the web app's start page
 * and dashboard (apps/web/dist or WEB_DIST; build it first). The figures go to docs/quality.md between the
 * api-bench markers (BENCH_WRITE=0: print only).
 *
 * The server runs with RATE_LIMIT_SCALE=1000 (all requests come from one address), LOG_LEVEL=warn (no access log)
 * and NODE_ENV=production.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { openDatabase } from '../src/db/client.js';
import { routeActivities, routeActivityRoutes, routes, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import {
  createPostgresDatabase,
  postgresReachable,
  sampleRss,
  startServer,
  type ServerProcess,
} from '../test/server-process.js';
import { measureBundle, type BundleFigures } from './bundle.js';
import { QUALITY_MD, writeSection } from './quality-doc.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const SINGLE_DURATION = 3;
const PORTS = { app: 3310, bare: 3311, cold: 3312 };
const PASSWORD = 'bench-passwort-1';
const TARGET = { readRatio: 0.5, p99Ms: 50, startupMs: 3_000, rssMb: 200, startPageJsKb: 200 };

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface ScenarioResult {
  name: string;
  app: Load;
  bare: Load;
  /** One connection, one request at a time: the service time without queueing. */
  single: Load;
  bodyBytes: number;
  rssPeakMb: number;
}

interface TargetResult {
  label: string;
  coldStartMs: number;
  warmStartMs: number;
  rssIdleMb: number;
  rssPeakMb: number;
  scenarios: ScenarioResult[];
}

// ---------------------------------------------------------------------------------------------------------------
// Data

/** Two users straight into the database: 100 routes for the list, 500 routes + 5,000 activities for expiring. */
async function seed(target: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase(target);
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const insertUser = async (email: string) => {
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash, firstname: 'Jörg', lastname: 'Weiß', mailVerified: true })
      .returning({ id: users.id });
    return row!.id;
  };
  const places = ['HU', 'FF', 'NWH', 'NF', 'FH', 'NAH', 'FG', 'ALBG', 'RM', 'FGZ'];
  const insertRoutes = async (ownerId: number, count: number) => {
    const rows = await db
      .insert(routes)
      .values(
        Array.from({ length: count }, (_, i) => ({
          ownerId,
          name: `Strecke ${i} Würzburg–Fürth über Großheubach`,
          companyRoute: i % 5 === 0 ? null : `KBS ${800 + i}`,
          startPoint: places[i % places.length]!,
          endPoint: places[(i * 7 + 3) % places.length]!,
        })),
      )
      .returning({ id: routes.id });
    return rows.map((row) => row.id);
  };

  const listUser = await insertUser('bench-list@example.org');
  await insertRoutes(listUser, 100);

  const expiringUser = await insertUser('bench-expiring@example.org');
  const routeIds = await insertRoutes(expiringUser, 500);
  let state = 42;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const today = todayIn('Europe/Berlin');
  for (let batch = 0; batch < 5; batch++) {
    const rows = await db
      .insert(routeActivities)
      .values(
        Array.from({ length: 1_000 }, () => {
          const acquiredAt = addDays(today, -Math.floor(random() * 730));
          return { ownerId: expiringUser, acquiredAt, acquiredUntil: addDays(acquiredAt, 364) };
        }),
      )
      .returning({ id: routeActivities.id });
    const links = new Map<string, { routeActivityId: number; routeId: number }>();
    for (const { id } of rows) {
      for (let k = 0, n = 1 + Math.floor(random() * 3); k < n; k++) {
        // The last 20 routes stay without activities ("nicht erfasst").
        const routeId = routeIds[Math.floor(random() * (routeIds.length - 20))]!;
        links.set(`${id}:${routeId}`, { routeActivityId: id, routeId });
      }
    }
    await db.insert(routeActivityRoutes).values([...links.values()]);
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

// ---------------------------------------------------------------------------------------------------------------
// Load

interface Request {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

async function cannon(base: string, request: Request, duration: number, connections = CONNECTIONS): Promise<Load> {
  const result = await autocannon({
    url: base + request.path,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections,
    duration,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The ceiling: node:http in its own process, answering `body` with `status` to every request. */
async function startBare(status: number, body: Buffer): Promise<{ stop(): Promise<void> }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-bare-')), 'body.json');
  fs.writeFileSync(file, body);
  const script = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BODY_FILE);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => { res.writeHead(${status}, headers); res.end(body); });
    }).listen(${PORTS.bare}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { BODY_FILE: file, PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

async function runScenario(server: ServerProcess, request: Request): Promise<ScenarioResult> {
  // The exact answer of the app, for the ceiling (for the POST: the answer of one create).
  const sample = await fetch(server.url + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const body = Buffer.from(await sample.arrayBuffer());
  if (sample.status >= 300) throw new Error(`${request.name}: ${sample.status} ${body.toString().slice(0, 300)}`);

  const bare = await startBare(sample.status, body);
  const bareBase = `http://127.0.0.1:${PORTS.bare}`;
  await cannon(bareBase, request, WARMUP, 10);
  const bareLoad = await cannon(bareBase, request, DURATION);
  await bare.stop();

  await cannon(server.url, request, WARMUP, 10);
  const rss = sampleRss(server.pid);
  const appLoad = await cannon(server.url, request, DURATION);
  const rssPeakMb = rss.stop();
  const single = await cannon(server.url, request, SINGLE_DURATION, 1);
  const result = { name: request.name, app: appLoad, bare: bareLoad, single, bodyBytes: body.length, rssPeakMb };
  printScenario(result);
  return result;
}

async function measureTarget(
  label: string,
  env: Record<string, string>,
  coldEnv: Record<string, string>,
  seedTarget: { dataDir?: string; databaseUrl?: string },
): Promise<TargetResult> {
  console.info(`\n== ${label}`);
  // Start-up on empty data: creating the database (PGlite) and applying every migration.
  const cold = await startServer({ port: PORTS.cold, env: coldEnv });
  const coldStartMs = cold.startupMs;
  await cold.stop();

  const seedStarted = performance.now();
  await seed(seedTarget);
  console.info(
    `seeded 100 routes (user 1), 500 routes + 5,000 activities (user 2) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const server = await startServer({ port: PORTS.app, env });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssIdleMb = server.rssMb();
    console.info(
      `start-up to healthy: ${fmt(coldStartMs)} ms on empty data (create + migrate), ${fmt(server.startupMs)} ms on the ` +
        `seeded data; RSS idle ${fmt(rssIdleMb)} MB`,
    );
    const listToken = await login(server.url, 'bench-list@example.org');
    const expiringToken = await login(server.url, 'bench-expiring@example.org');
    const listAuth = { authorization: `Bearer ${listToken}` };
    const routeList = (await (await fetch(`${server.url}/api/routes`, { headers: listAuth })).json()) as {
      id: number;
    }[];
    if (routeList.length !== 100) throw new Error(`expected 100 routes, got ${routeList.length}`);

    const scenarios = [
      await runScenario(server, { name: 'GET /api/routes', method: 'GET', path: '/api/routes', headers: listAuth }),
      await runScenario(server, {
        name: 'GET /api/routes/expiring',
        method: 'GET',
        path: '/api/routes/expiring',
        headers: { authorization: `Bearer ${expiringToken}` },
      }),
      await runScenario(server, {
        name: 'POST /api/route_activities',
        method: 'POST',
        path: '/api/route_activities',
        headers: { ...listAuth, 'content-type': 'application/json' },
        body: JSON.stringify({
          acquiredAt: todayIn('Europe/Berlin'),
          acquiredRoutes: routeList.slice(0, 3).map((route) => `/api/routes/${route.id}`),
        }),
      }),
    ];
    const rssPeakMb = Math.max(...scenarios.map((scenario) => scenario.rssPeakMb));
    console.info(`RSS under load (peak): ${fmt(rssPeakMb)} MB`);
    return { label, coldStartMs, warmStartMs: server.startupMs, rssIdleMb, rssPeakMb, scenarios };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Output

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Relative to the repository when inside it, else absolute. */
const displayPath = (file: string) =>
  file.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, file) : `WEB_DIST=${file}`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function printScenario(r: ScenarioResult) {
  const ratio = r.app.requestsPerSecond / r.bare.requestsPerSecond;
  console.info(
    `${r.name.padEnd(28)} app ${fmt(r.app.requestsPerSecond).padStart(6)} req/s  p50 ${fmt(r.app.p50).padStart(4)} ms  ` +
      `p99 ${fmt(r.app.p99).padStart(4)} ms | ceiling ${fmt(r.bare.requestsPerSecond).padStart(6)} req/s  ` +
      `p99 ${fmt(r.bare.p99)} ms | ratio ${fmt(ratio, 2)} | ${fmt(r.bodyBytes / 1024, 1)} KiB | ` +
      `1 connection: p50 ${fmt(r.single.p50)} ms p99 ${fmt(r.single.p99)} ms | RSS ${fmt(r.rssPeakMb)} MB` +
      (r.app.non2xx + r.app.errors > 0 ? ` | ${r.app.non2xx} non-2xx, ${r.app.errors} errors` : ''),
  );
}

function machine(): string[] {
  const cpu = /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
  return [
    `CPU: ${cpu}, ${os.cpus().length} cores`,
    `RAM: ${fmt(os.totalmem() / 1024 ** 3, 1)} GiB`,
    `Node.js ${process.version} on ${os.type()} ${os.release()}`,
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)`,
  ];
}

function report(results: TargetResult[], bundle: BundleFigures | null, machineLines: string[]): string {
  const lines: string[] = [];
  lines.push(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\`.`, '');
  lines.push(...machineLines.map((l) => `- ${l}`), '');
  lines.push(
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP}-s warm-up; client, server and ` +
      'ceiling share the machine. **Ratio** = app requests/s ÷ requests/s of a bare `node:http` server answering ' +
      'the same JSON, measured right before (the ceiling). "1 conn." = one connection for ' +
      `${SINGLE_DURATION} s: the service time without queueing (with ${CONNECTIONS} connections, latency ≈ ` +
      `${CONNECTIONS} ÷ throughput).`,
    '',
  );
  lines.push(
    '| database | call | req/s | p50 ms | p99 ms | ceiling req/s | ratio | target ratio | target p99 < 50 ms | 1 conn. p50 / p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|---|---|---:|',
  );
  for (const target of results) {
    for (const s of target.scenarios) {
      const ratio = s.app.requestsPerSecond / s.bare.requestsPerSecond;
      const read = s.name.startsWith('GET');
      const ratioTarget =
        read && target.label.startsWith('PostgreSQL')
          ? `≥ ${TARGET.readRatio}: ${met(ratio >= TARGET.readRatio)}`
          : '–';
      lines.push(
        `| ${target.label} | ${s.name} | ${fmt(s.app.requestsPerSecond)} | ${fmt(s.app.p50)} | ${fmt(s.app.p99)} | ` +
          `${fmt(s.bare.requestsPerSecond)} | ${fmt(ratio, 2)} | ${ratioTarget} | ${met(s.app.p99 < TARGET.p99Ms)} | ` +
          `${fmt(s.single.p50)} / ${fmt(s.single.p99)} |`,
      );
    }
  }
  lines.push(
    '',
    '| database | start-up, empty data | start-up, seeded | RSS idle | RSS peak under load |',
    '|---|---:|---:|---:|---:|',
  );
  for (const t of results) {
    lines.push(
      `| ${t.label} | ${fmt(t.coldStartMs)} ms (${met(t.coldStartMs < TARGET.startupMs)}) | ` +
        `${fmt(t.warmStartMs)} ms (${met(t.warmStartMs < TARGET.startupMs)}) | ${fmt(t.rssIdleMb)} MB ` +
        `(${met(t.rssIdleMb < TARGET.rssMb)}) | ${fmt(t.rssPeakMb)} MB (${met(t.rssPeakMb < TARGET.rssMb)}) |`,
    );
  }
  lines.push(
    '',
    'Targets: start-up < 3 s, RSS < 200 MB. PGlite lives inside the server process, so its RSS includes the database.',
  );
  if (bundle) {
    lines.push(
      '',
      `Web bundle (\`${displayPath(bundle.dist)}\`, built ` +
        `${bundle.builtAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; ` +
        'gzip level 6, 1 kB = 1000 B; a page = the entry chunk and its static imports + the lazy route chunk and ' +
        'its static imports):',
      '',
      '| page | JS files | JS raw | JS gzip | CSS gzip | target |',
      '|---|---:|---:|---:|---:|---|',
    );
    for (const page of bundle.pages) {
      const target = page.page.startsWith('start')
        ? `JS ≤ ${TARGET.startPageJsKb} kB gzip: ${met(page.js.gzipBytes / 1000 <= TARGET.startPageJsKb)}`
        : '–';
      lines.push(
        `| ${page.page} | ${page.js.files.length} | ${fmt(page.js.rawBytes / 1000, 1)} kB | ` +
          `${fmt(page.js.gzipBytes / 1000, 1)} kB | ${fmt(page.css.gzipBytes / 1000, 1)} kB | ${target} |`,
      );
    }
  } else {
    lines.push('', 'Web bundle: apps/web/dist is missing (run `npm run build` first, or point WEB_DIST at a build).');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const machineLines = machine();
  console.info(machineLines.join('\n'));
  const results: TargetResult[] = [];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-api-'));
  const coldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-cold-'));
  try {
    results.push(await measureTarget('PGlite (embedded)', { DATA_DIR: dataDir }, { DATA_DIR: coldDir }, { dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(coldDir, { recursive: true, force: true });
  }

  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresReachable(baseUrl)) {
    const seeded = await createPostgresDatabase(baseUrl, 'sp_bench_api');
    const empty = await createPostgresDatabase(baseUrl, 'sp_bench_cold');
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-pg-'));
    try {
      results.push(
        await measureTarget(
          'PostgreSQL',
          { DATABASE_URL: seeded.url, DATA_DIR: pgDataDir },
          { DATABASE_URL: empty.url, DATA_DIR: pgDataDir },
          { databaseUrl: seeded.url },
        ),
      );
    } finally {
      await seeded.drop();
      await empty.drop();
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    }
  } else {
    console.info(`\nPostgreSQL at ${baseUrl.replace(/\/\/[^@]*@/, '//')} does not answer: skipped.`);
  }

  const bundle = measureBundle();
  const text = report(results, bundle, machineLines);
  console.info(`\n${text}`);
  if (process.env.BENCH_WRITE !== '0') {
    writeSection('api-bench', text);
    console.info(`\nwritten to ${path.relative(process.cwd(), QUALITY_MD)}`);
  }
}

await main();
