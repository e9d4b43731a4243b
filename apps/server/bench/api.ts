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
/** App against stack ceiling: this many pairs of runs of ROUND_DURATION seconds, taken in turns. */
const STACK_ROUNDS = 4;
const ROUND_DURATION = 4;
const PORTS = { app: 3310, bare: 3311, cold: 3312, stack: 3313 };
const PASSWORD = 'bench-passwort-1';
const TARGET = {
  /** GET /api/routes on PostgreSQL: ≥ 0.9 × the stack ceiling and ≥ 0.1 × bare node:http. */
  stackRatio: 0.9,
  bareRatio: 0.1,
  /** With If-None-Match (304): ≥ 0.3 × bare. */
  conditionalBareRatio: 0.3,
  /** GET /api/routes/expiring (500 routes / 5,000 activities): ≥ 0.5 × the throughput of GET /api/routes. */
  expiringOfList: 0.5,
  p99Ms: 50,
  startupMs: 3_000,
  rssMb: 200,
  startPageJsKb: 200,
};

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time of the load generator (this process) per second of the run: 1 = one core busy. */
  clientCpu: number;
}

interface ScenarioResult {
  name: string;
  app: Load;
  bare: Load;
  /** The same stack without the app (PostgreSQL, GET /api/routes only). */
  stack?: Load;
  /**
   * App and stack measured in turns (STACK_ROUNDS pairs of short runs), so that the machine's drift over a minute —
   * large on this shared VM: the same build measured 398 and 849 req/s ten minutes apart — falls on both alike.
   */
  interleaved?: { app: number; stack: number; rounds: number[] };
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
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
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
    // A 304 is the expected answer of the conditional scenario, not a failure.
    non2xx: result.non2xx - (result['3xx'] ?? 0),
    errors: result.errors + result.timeouts,
    clientCpu: cpuSeconds(process.cpuUsage(cpuBefore)) / ((performance.now() - started) / 1000),
  };
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/** The stack ceiling (bench/stack-ceiling.ts) in its own process, on the seeded PostgreSQL database. */
async function startStackCeiling(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'stack-ceiling.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORTS.stack) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`stack ceiling exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${PORTS.stack}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
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

async function runScenario(
  server: ServerProcess,
  request: Request,
  options: { stackDatabaseUrl?: string } = {},
): Promise<ScenarioResult> {
  // The exact answer of the app, for the ceiling (for the POST: the answer of one create).
  const sample = await fetch(server.url + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const body = Buffer.from(await sample.arrayBuffer());
  if (sample.status >= 300 && sample.status !== 304)
    throw new Error(`${request.name}: ${sample.status} ${body.toString().slice(0, 300)}`);

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
  let stackLoad: Load | undefined;
  let interleaved: ScenarioResult['interleaved'];
  if (options.stackDatabaseUrl) {
    const stack = await startStackCeiling(options.stackDatabaseUrl);
    try {
      const check = await fetch(stack.url + request.path, { headers: request.headers });
      const same = Buffer.from(await check.arrayBuffer()).equals(body);
      if (!same) console.warn('stack ceiling: the answer differs from the app’s (compared byte by byte)');
      await cannon(stack.url, request, WARMUP, 10);
      stackLoad = await cannon(stack.url, request, DURATION);
      const rounds: number[] = [];
      let appTotal = 0;
      let stackTotal = 0;
      for (let round = 0; round < STACK_ROUNDS; round++) {
        // Alternating which goes first, so that neither always follows the other's load.
        const [first, second] = round % 2 === 0 ? [server.url, stack.url] : [stack.url, server.url];
        const a = (await cannon(first, request, ROUND_DURATION)).requestsPerSecond;
        const b = (await cannon(second, request, ROUND_DURATION)).requestsPerSecond;
        const [appRate, stackRate] = first === server.url ? [a, b] : [b, a];
        appTotal += appRate;
        stackTotal += stackRate;
        rounds.push(appRate / stackRate);
      }
      interleaved = { app: appTotal / STACK_ROUNDS, stack: stackTotal / STACK_ROUNDS, rounds };
    } finally {
      await stack.stop();
    }
  }
  const result: ScenarioResult = {
    name: request.name,
    app: appLoad,
    bare: bareLoad,
    ...(stackLoad ? { stack: stackLoad } : {}),
    ...(interleaved ? { interleaved } : {}),
    single,
    bodyBytes: body.length,
    rssPeakMb,
  };
  printScenario(result);
  return result;
}

async function measureTarget(
  label: string,
  env: Record<string, string>,
  coldEnv: Record<string, string>,
  seedTarget: { dataDir?: string; databaseUrl?: string },
  stackDatabaseUrl?: string,
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

    const etag = (await fetch(`${server.url}/api/routes`, { headers: listAuth })).headers.get('etag');
    if (!etag) throw new Error('GET /api/routes answered without an ETag');
    const expiringAuth = { authorization: `Bearer ${expiringToken}` };
    const scenarios = [
      await runScenario(
        server,
        { name: 'GET /api/routes', method: 'GET', path: '/api/routes', headers: listAuth },
        stackDatabaseUrl ? { stackDatabaseUrl } : {},
      ),
      await runScenario(server, {
        name: 'GET /api/routes (304)',
        method: 'GET',
        path: '/api/routes',
        headers: { ...listAuth, 'if-none-match': etag },
      }),
      await runScenario(server, {
        name: 'GET /api/routes/expiring',
        method: 'GET',
        path: '/api/routes/expiring',
        headers: expiringAuth,
      }),
      await runScenario(server, {
        name: 'GET /api/routes/expiring (gzip)',
        method: 'GET',
        path: '/api/routes/expiring',
        headers: { ...expiringAuth, 'accept-encoding': 'gzip' },
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
      (r.stack
        ? `stack ceiling ${fmt(r.stack.requestsPerSecond)} req/s p99 ${fmt(r.stack.p99)} ms (ratio ${fmt(r.app.requestsPerSecond / r.stack.requestsPerSecond, 2)}` +
          (r.interleaved
            ? `; in turns ${fmt(r.interleaved.app)} vs ${fmt(r.interleaved.stack)} req/s, ratio ` +
              `${fmt(r.interleaved.app / r.interleaved.stack, 2)}, rounds ${r.interleaved.rounds.map((x) => fmt(x, 2)).join(' / ')}`
            : '') +
          ') | '
        : '') +
      `1 connection: p50 ${fmt(r.single.p50)} ms p99 ${fmt(r.single.p99)} ms | RSS ${fmt(r.rssPeakMb)} MB | ` +
      `client CPU ${fmt(r.app.clientCpu * 100)} % of a core` +
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
      'ceilings share the machine (2 cores). **bare** = a `node:http` server answering the same bytes, measured ' +
      'right before; **stack** = the same stack without the app (bench/stack-ceiling.ts: Fastify + pg, the same ' +
      'HS256 verification, token lookup and list query as prepared statements, no plugins or caches, the same bytes); ' +
      `**÷ stack** = app and stack measured in turns, ${STACK_ROUNDS} pairs of ${ROUND_DURATION}-s runs (the machine drifts ` +
      'by a factor of two within minutes). ' +
      "**client CPU** = the load generator's own CPU time per second of the run (100 % = one core): where it " +
      'nears 100 %, the client, not the server, is the limit. "1 conn." = one connection for ' +
      `${SINGLE_DURATION} s: the service time without queueing.`,
    '',
  );
  lines.push(
    '| database | call | req/s | p50 ms | p99 ms | bare req/s | ÷ bare | stack req/s | ÷ stack | client CPU | targets | 1 conn. p50 / p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  );
  for (const target of results) {
    const list = target.scenarios.find((scenario) => scenario.name === 'GET /api/routes');
    for (const s of target.scenarios) {
      const ofBare = s.app.requestsPerSecond / s.bare.requestsPerSecond;
      // The ratio of the runs taken in turns when there are some; else of the two full runs.
      const ofStack = s.interleaved
        ? s.interleaved.app / s.interleaved.stack
        : s.stack
          ? s.app.requestsPerSecond / s.stack.requestsPerSecond
          : undefined;
      const checks: string[] = [];
      if (target.label.startsWith('PostgreSQL')) {
        if (s.name === 'GET /api/routes') {
          if (ofStack !== undefined)
            checks.push(`÷ stack ≥ ${TARGET.stackRatio}: ${met(ofStack >= TARGET.stackRatio)}`);
          checks.push(`÷ bare ≥ ${TARGET.bareRatio}: ${met(ofBare >= TARGET.bareRatio)}`);
        }
        if (s.name === 'GET /api/routes (304)') {
          checks.push(`÷ bare ≥ ${TARGET.conditionalBareRatio}: ${met(ofBare >= TARGET.conditionalBareRatio)}`);
        }
        if (s.name === 'GET /api/routes/expiring' && list) {
          const share = s.app.requestsPerSecond / list.app.requestsPerSecond;
          checks.push(`≥ ${TARGET.expiringOfList} × list (${fmt(share, 2)}): ${met(share >= TARGET.expiringOfList)}`);
        }
        if (s.name === 'GET /api/routes' || s.name === 'GET /api/routes/expiring') {
          // The goal holds "where the stack reaches it": the stack's own p99 under the same load says whether it can.
          const stackNote = s.stack
            ? ` (stack p99 ${fmt(s.stack.p99)} ms: ${s.stack.p99 < TARGET.p99Ms ? 'reached by the stack' : 'not reached by the stack either'})`
            : '';
          checks.push(`p99 < ${TARGET.p99Ms} ms: ${met(s.app.p99 < TARGET.p99Ms)}${stackNote}`);
        }
      }
      lines.push(
        `| ${target.label} | ${s.name} | ${fmt(s.app.requestsPerSecond)} | ${fmt(s.app.p50)} | ${fmt(s.app.p99)} | ` +
          `${fmt(s.bare.requestsPerSecond)} | ${fmt(ofBare, 2)} | ${s.stack ? fmt(s.stack.requestsPerSecond) : '–'} | ` +
          `${ofStack === undefined ? '–' : fmt(ofStack, 2)} | ${fmt(s.app.clientCpu * 100)} % | ` +
          `${checks.join('; ') || '–'} | ${fmt(s.single.p50)} / ${fmt(s.single.p99)} |`,
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
    // BENCH_API_POSTGRES_ONLY=1 measures the server database alone (a quicker run while working on the request path).
    if (process.env.BENCH_API_POSTGRES_ONLY !== '1') {
      results.push(await measureTarget('PGlite (embedded)', { DATA_DIR: dataDir }, { DATA_DIR: coldDir }, { dataDir }));
    }
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
          seeded.url,
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
