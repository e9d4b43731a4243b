/**
 * Export benchmark: 1,000 routes with 10,000 route activities on embedded PGlite.
 *
 *   npx tsx bench/export.ts            (from apps/server; also part of `npm run bench`)
 *
 * The parent seeds a PGlite database on disk. Each format is then measured in a fresh child process that opens
 * that database and builds the app, as a server would: it exports once to warm up, then RUNS times through
 * app.inject (the whole request: ownership checks, the query, rendering, streaming). The child reports the median
 * wall time and its peak RSS (process.resourceUsage().maxRSS: PGlite, the app and the export together), plus
 * its RSS before the first export, so the export's own share is visible.
 *
 * Printed against the targets (2 s and 150 MB peak RSS for the PDF) and against a baseline measured in the same
 * run: GET /api/routes/expiring for the same 1,000 routes, the JSON list the exports build on. PGlite runs inside
 * the process and dominates its RSS, so the export's own share (peak minus RSS before the first request) is
 * printed too. With DATABASE_URL set, everything is measured a second time against that PostgreSQL server.
 *
 * Then the server's responsiveness while PDFs are made (BENCH_EXPORT_PARTS=loop: only this): for LOOP_SECONDS
 * (BENCH_LOOP_SECONDS, default 10) two loops export the PDF of the 1,000 routes again and again while four readers
 * call GET /api/routes (a second user with 100 routes), all through app.inject in one process. Measured: the event-loop delay of that process
 * (perf_hooks.monitorEventLoopDelay) and the latency of the reads, against the targets (event-loop delay p99
 * < 20 ms, reads p99 < 100 ms); once with the PDF rendered in the main thread as before (a bench-only route doing
 * what the export route did until issue 13), once through POST /api/export/pdf and its worker threads.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import {
  routeActivities,
  routeActivityRoutes,
  routes,
  tourRoutes,
  tours,
  users,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from '../src/db/schema.js';
import type { Db } from '../src/db/client.js';
import { renderPdf } from '../src/export/pdf.js';
import { testConfig } from '../src/test/helpers.js';

const ROUTES = 1_000;
const ACTIVITIES = 10_000;
const TOURS = 50;
const VEHICLES = 25;
const RUNS = 5;
const TARGET = { ms: 2_000, rssMb: 150, loopDelayP99Ms: 20, readP99Ms: 100 };
/** The responsiveness measurement: how long, how many export loops and readers, how many routes the reader has. */
const LOOP_SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? 10);
const EXPORT_LOOPS = 2;
const READERS = 4;
const READER_ROUTES = 100;
/** Event-loop delay of the idle process first, for comparison: on a shared machine it is not zero. */
const IDLE_SECONDS = 3;

type Job = 'csv' | 'pdf' | 'baseline';
type LoopJob = 'pdf-in-main-thread' | 'pdf-in-worker';
interface LoopResult {
  job: LoopJob;
  exports: number;
  reads: number;
  readMs: { p50: number; p99: number; max: number };
  loopDelayMs: { p50: number; p99: number; max: number };
  /** The same process idle just before the loop: what the machine's other load alone does to the event loop. */
  idleDelayMs: { p50: number; p99: number; max: number };
  /** CPU time (user + system) of the main thread and of the whole process during the loop. */
  cpuMs: { mainThread: number; process: number };
}

/** User + system CPU time from a /proc stat file, in ms (clock ticks of 10 ms). */
function procCpuMs(file: string): number {
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const cpuNow = () => ({
  mainThread: procCpuMs(`/proc/self/task/${process.pid}/stat`),
  process: procCpuMs('/proc/self/stat'),
});
interface Result {
  job: Job;
  medianMs: number;
  minMs: number;
  bytes: number;
  rssBeforeMb: number;
  rssWarmMb: number;
  peakRssMb: number;
}

const MB = 1024 * 1024;

/** Where the seeded data lives: a PGlite directory, or a postgres:// URL. */
function open(target: string) {
  return openDatabase(/^postgres(ql)?:\/\//.test(target) ? { databaseUrl: target } : { dataDir: target });
}

const places = ['HU', 'FF', 'NWH', 'NF', 'FH', 'NAH', 'FG', 'ALBG', 'RM', 'FGZ'];

async function insertRoutes(db: Db, ownerId: number, count: number): Promise<number[]> {
  const routeIds: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = await db
      .insert(routes)
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, k) => {
          const i = start + k;
          return {
            ownerId,
            name: `Strecke ${i} Würzburg–Fürth über Großheubach`,
            companyRoute: i % 5 === 0 ? null : `KBS ${800 + i}`,
            startPoint: places[i % places.length]!,
            endPoint: places[(i * 7 + 3) % places.length]!,
          };
        }),
      )
      .returning({ id: routes.id });
    routeIds.push(...rows.map((row) => row.id));
  }
  return routeIds;
}

async function seed(target: string): Promise<void> {
  const database = await open(target);
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: 'bench@example.org', passwordHash: 'x', firstname: 'Jörg', lastname: 'Weiß', mailVerified: true })
    .returning({ id: users.id });
  const ownerId = user!.id;

  const routeIds = await insertRoutes(db, ownerId, ROUTES);
  // The reader of the responsiveness measurement: a user of its own with a short list.
  const [reader] = await db
    .insert(users)
    .values({
      email: 'bench-reader@example.org',
      passwordHash: 'x',
      firstname: 'Lea',
      lastname: 'Leser',
      mailVerified: true,
    })
    .returning({ id: users.id });
  await insertRoutes(db, reader!.id, READER_ROUTES);

  const tourRows = await db
    .insert(tours)
    .values(Array.from({ length: TOURS }, (_, i) => ({ ownerId, name: `Tour ${i}` })))
    .returning({ id: tours.id });
  await db.insert(tourRoutes).values(routeIds.map((routeId, i) => ({ tourId: tourRows[i % TOURS]!.id, routeId })));

  // Deterministic pseudo-random dates over the last two years, 1–3 routes per activity.
  let state = 42;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const today = todayIn('Europe/Berlin');
  const activityIds: number[] = [];
  for (let start = 0; start < ACTIVITIES; start += 1_000) {
    const values = Array.from({ length: 1_000 }, () => {
      const acquiredAt = addDays(today, -Math.floor(random() * 730));
      return { ownerId, acquiredAt, acquiredUntil: addDays(acquiredAt, 364) };
    });
    const rows = await db.insert(routeActivities).values(values).returning({ id: routeActivities.id });
    activityIds.push(...rows.map((row) => row.id));
  }
  const links = new Map<string, { routeActivityId: number; routeId: number }>();
  for (const routeActivityId of activityIds) {
    const count = 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++) {
      // Leaves a few routes without any activity ("nicht erfasst").
      const routeId = routeIds[Math.floor(random() * (ROUTES - 20))]!;
      links.set(`${routeActivityId}:${routeId}`, { routeActivityId, routeId });
    }
  }
  const linkRows = [...links.values()];
  for (let start = 0; start < linkRows.length; start += 5_000) {
    await db.insert(routeActivityRoutes).values(linkRows.slice(start, start + 5_000));
  }

  const vehicleRows = await db
    .insert(vehicles)
    .values(Array.from({ length: VEHICLES }, (_, i) => ({ ownerId, name: `BR ${100 + i}` })))
    .returning({ id: vehicles.id });
  const vehicleActivityRows = await db
    .insert(vehicleActivities)
    .values(activityIds.slice(0, 2_000).map((routeActivityId) => ({ ownerId, routeActivityId })))
    .returning({ id: vehicleActivities.id });
  await db
    .insert(vehicleActivityVehicles)
    .values(
      vehicleActivityRows.map((row, i) => ({ vehicleActivityId: row.id, vehicleId: vehicleRows[i % VEHICLES]!.id })),
    );
  await database.close();
}

/** In the child: open the seeded database, build the app, run the job and report. */
async function child(target: string, job: Job): Promise<Result> {
  const database = await open(target);
  const app = await buildApp(testConfig(), { database, logger: false });
  await app.ready();
  const user = (await database.db.select().from(users)).find((row) => row.email === 'bench@example.org');
  const token = await app.issueToken({ id: user!.id, email: user!.email, roles: user!.roles });
  const headers = { authorization: `Bearer ${token}` };
  const request = () =>
    job === 'baseline'
      ? app.inject({ method: 'GET', url: '/api/routes/expiring', headers })
      : app.inject({ method: 'POST', url: `/api/export/${job}`, headers, payload: {} });

  const rssBeforeMb = process.memoryUsage.rss() / MB;
  const warm = await request();
  if (warm.statusCode !== 200) throw new Error(`${job}: ${warm.statusCode} ${warm.body.slice(0, 200)}`);
  const rssWarmMb = process.memoryUsage.rss() / MB;
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    bytes = response.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  const result: Result = {
    job,
    medianMs: times[Math.floor(times.length / 2)]!,
    minMs: times[0]!,
    bytes,
    rssBeforeMb,
    rssWarmMb,
    // maxRSS is in kilobytes.
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
  };
  await app.close();
  await database.close();
  return result;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * In the child: PDF exports in a loop while readers call GET /api/routes; the event-loop delay of this process and
 * the readers' latencies. `pdf-in-main-thread` exports through a bench-only route that does what POST
 * /api/export/pdf did before issue 13 (load, then pdfkit in the main thread; without authentication, which only
 * makes it cheaper); `pdf-in-worker` through the real route.
 */
async function childLoop(target: string, job: LoopJob): Promise<LoopResult> {
  const database = await open(target);
  const app = await buildApp(testConfig(), { database, logger: false });
  const everyone = await database.db.select().from(users);
  const exporter = everyone.find((row) => row.email === 'bench@example.org')!;
  const reader = everyone.find((row) => row.email === 'bench-reader@example.org')!;
  if (job === 'pdf-in-main-thread') {
    app.post('/bench/pdf-in-main-thread', async (_request, reply) => {
      const data = await app.exportService.load(exporter.id, {}, todayIn('Europe/Berlin'));
      return reply.header('content-type', 'application/pdf').send(renderPdf(data));
    });
  }
  await app.ready();
  const auth = async (user: typeof exporter) => ({
    authorization: `Bearer ${await app.issueToken({ id: user.id, email: user.email, roles: user.roles })}`,
  });
  const exportHeaders = await auth(exporter);
  const readHeaders = await auth(reader);
  const exportOnce = async () => {
    const response =
      job === 'pdf-in-main-thread'
        ? await app.inject({ method: 'POST', url: '/bench/pdf-in-main-thread' })
        : await app.inject({ method: 'POST', url: '/api/export/pdf', headers: exportHeaders, payload: {} });
    if (response.statusCode !== 200 || response.rawPayload.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new Error(`${job}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  };
  const readOnce = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/routes', headers: readHeaders });
    if (response.statusCode !== 200) throw new Error(`GET /api/routes: ${response.statusCode}`);
  };
  // Warm-up: the worker thread starts, fonts are parsed, queries are planned.
  await exportOnce();
  await readOnce();

  const idle = monitorEventLoopDelay({ resolution: 2 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  idle.disable();

  const histogram = monitorEventLoopDelay({ resolution: 2 });
  const readTimes: number[] = [];
  let exports = 0;
  const deadline = performance.now() + LOOP_SECONDS * 1000;
  const cpuBefore = cpuNow();
  histogram.enable();
  await Promise.all([
    ...Array.from({ length: EXPORT_LOOPS }, async () => {
      while (performance.now() < deadline) {
        await exportOnce();
        exports += 1;
      }
    }),
    ...Array.from({ length: READERS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await readOnce();
        readTimes.push(performance.now() - started);
      }
    }),
  ]);
  histogram.disable();
  const cpuAfter = cpuNow();
  readTimes.sort((a, b) => a - b);
  const ms = (ns: number) => ns / 1e6;
  const result: LoopResult = {
    job,
    exports,
    reads: readTimes.length,
    readMs: { p50: percentile(readTimes, 50), p99: percentile(readTimes, 99), max: readTimes.at(-1) ?? NaN },
    loopDelayMs: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
    idleDelayMs: { p50: ms(idle.percentile(50)), p99: ms(idle.percentile(99)), max: ms(idle.max) },
    cpuMs: {
      mainThread: cpuAfter.mainThread - cpuBefore.mainThread,
      process: cpuAfter.process - cpuBefore.process,
    },
  };
  await app.close();
  await database.close();
  return result;
}

function runChild<R = Result>(target: string, job: Job | LoopJob): Promise<R> {
  return new Promise((resolve, reject) => {
    const proc = fork(import.meta.filename, ['--child', target, job], { execArgv: process.execArgv });
    let result: R | undefined;
    proc.on('message', (message) => {
      result = message as R;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => (result ? resolve(result) : reject(new Error(`${job} child exited with ${code}`))));
  });
}

async function measure(label: string, target: string) {
  const seedStart = performance.now();
  await seed(target);
  console.info(
    `\n== ${label}: seeded ${ROUTES} routes, ${ACTIVITIES} activities, ${TOURS} tours, ${VEHICLES} vehicles ` +
      `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  if (process.env.BENCH_EXPORT_PARTS !== 'loop') await timeExports(target);
  await responsiveness(target);
}

/** Time and memory of each export, against the targets and the JSON baseline. */
async function timeExports(target: string) {
  const baseline = await runChild(target, 'baseline');
  const results = [await runChild(target, 'csv'), await runChild(target, 'pdf')];

  const f = (n: number, digits = 0) => n.toFixed(digits);
  console.info(
    `baseline GET /api/routes/expiring: median ${f(baseline.medianMs)} ms, ${f(baseline.bytes / 1024)} KiB, ` +
      `RSS before ${f(baseline.rssBeforeMb)} MB, peak ${f(baseline.peakRssMb)} MB`,
  );
  console.info(
    'format  median ms  min ms  size KiB  RSS before MB  after warm-up MB  peak RSS MB  export share MB  time/target  ' +
      'RSS/target  time/baseline',
  );
  for (const r of results) {
    console.info(
      [
        r.job.padEnd(6),
        f(r.medianMs).padStart(9),
        f(r.minMs).padStart(7),
        f(r.bytes / 1024).padStart(9),
        f(r.rssBeforeMb).padStart(14),
        f(r.rssWarmMb).padStart(17),
        f(r.peakRssMb).padStart(12),
        f(r.peakRssMb - r.rssBeforeMb).padStart(16),
        f(r.medianMs / TARGET.ms, 2).padStart(12),
        f(r.peakRssMb / TARGET.rssMb, 2).padStart(11),
        f(r.medianMs / baseline.medianMs, 1).padStart(14),
      ].join(' '),
    );
  }
  const pdf = results.find((r) => r.job === 'pdf')!;
  const share = pdf.peakRssMb - pdf.rssBeforeMb;
  console.info(
    `PDF vs target (${TARGET.ms} ms, ${TARGET.rssMb} MB RSS): time ${f(pdf.medianMs / TARGET.ms, 2)}× ` +
      `(${pdf.medianMs <= TARGET.ms ? 'met' : 'NOT met'}), peak RSS of the whole process ` +
      `${f(pdf.peakRssMb / TARGET.rssMb, 2)}× (${pdf.peakRssMb <= TARGET.rssMb ? 'met' : 'NOT met'}), ` +
      `the export's own share ${f(share)} MB = ${f(share / TARGET.rssMb, 2)}× ` +
      `(${share <= TARGET.rssMb ? 'met' : 'NOT met'})`,
  );
}

/** Event-loop delay and read latency while PDFs are exported in a loop, main thread vs worker thread. */
async function responsiveness(target: string) {
  const f = (n: number, digits = 0) => n.toFixed(digits);
  const loops = [
    await runChild<LoopResult>(target, 'pdf-in-main-thread'),
    await runChild<LoopResult>(target, 'pdf-in-worker'),
  ];
  console.info(
    `\nresponsiveness, ${LOOP_SECONDS} s: ${EXPORT_LOOPS} loops exporting the PDF (${ROUTES} routes, ${ACTIVITIES} ` +
      `activities) + ${READERS} readers of GET /api/routes (${READER_ROUTES} routes), one process (app.inject)`,
  );
  console.info(
    'PDF rendered in      PDFs  reads  read p50 / p99 / max ms  event-loop delay p50 / p99 / max ms  ' +
      `CPU main thread / process s  targets: delay p99 < ${TARGET.loopDelayP99Ms} ms, reads p99 < ${TARGET.readP99Ms} ms`,
  );
  for (const r of loops) {
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.info(
      [
        (r.job === 'pdf-in-worker' ? 'worker thread (now)' : 'main thread (before)').padEnd(20),
        String(r.exports).padStart(5),
        String(r.reads).padStart(6),
        `${f(r.readMs.p50)} / ${f(r.readMs.p99)} / ${f(r.readMs.max)}`.padStart(23),
        `${f(r.loopDelayMs.p50, 1)} / ${f(r.loopDelayMs.p99, 1)} / ${f(r.loopDelayMs.max, 1)}`.padStart(36),
        `${f(r.cpuMs.mainThread / 1000, 1)} / ${f(r.cpuMs.process / 1000, 1)}`.padStart(28),
        `  delay ${met(r.loopDelayMs.p99 < TARGET.loopDelayP99Ms)}, reads ${met(r.readMs.p99 < TARGET.readP99Ms)}`,
      ].join(' '),
    );
  }
  console.info(
    `event-loop delay of the same processes idle for ${IDLE_SECONDS} s right before (the machine's other load alone), ` +
      `p50 / p99 / max ms: ${loops
        .map((r) => `${r.job} ${f(r.idleDelayMs.p50, 1)} / ${f(r.idleDelayMs.p99, 1)} / ${f(r.idleDelayMs.max, 1)}`)
        .join(', ')}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
  );
}

async function main() {
  if (process.argv[2] === '--child') {
    const job = process.argv[4] as Job | LoopJob;
    const result =
      job === 'pdf-in-main-thread' || job === 'pdf-in-worker'
        ? await childLoop(process.argv[3]!, job)
        : await child(process.argv[3]!, job);
    process.send?.(result);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-export-'));
  try {
    await measure('PGlite (embedded)', dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // With DATABASE_URL, the same on a PostgreSQL server (in a database of its own, dropped afterwards): the
  // process then holds no embedded database, so its RSS is the server's own.
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `sp_bench_export_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      await measure('PostgreSQL', url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

await main();
