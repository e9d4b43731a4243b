/**
 * Memory of the PDF worker (issue 30: ≤ 150 MB for the 1,000-route export).
 *
 *   npx tsx bench/pdf-memory.ts        (from apps/server; BENCH_ONLY=pdf-memory npm run bench)
 *
 * Each measurement runs in a fresh child process that holds nothing but the PDF pool (src/export/pdf-pool.ts, one
 * worker): its RSS is taken before the worker starts, then sampled every 2 ms while the worker renders the
 * 1,000-route document (1,000 routes with stations, tours and line sections, 40 vehicles, the verification code)
 * RUNS times one after the other; the worker's share is the peak minus the RSS before. The child's main thread only
 * counts the bytes it receives, so what grows is the worker (its isolate, pdfkit, the fonts, the document) and the
 * chunks in transit. It measures the built server (`npm run build` first), as production runs it.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays } from '@streckenpass/contract/knowledge';
import type { ExportData } from '../src/export/model.js';
import type { createPdfPool as CreatePdfPool } from '../src/export/pdf-pool.js';

const ROUTES = 1_000;
const RUNS = 3;
const TARGET_MB = 150;
const MB = 1024 * 1024;

function data(): ExportData {
  const today = '2026-05-04';
  const days = [200, 12, -5, null, 0];
  return {
    today,
    user: { firstname: 'Jörg', lastname: 'Weiß', email: 'joerg@example.org' },
    version: '9.8.7',
    verification: { code: 'ABCD-EFGH-JKLM', url: 'https://streckenpass.example.org/nachweis/ABCD-EFGH-JKLM' },
    routes: Array.from({ length: ROUTES }, (_, i) => {
      const left = days[i % days.length]!;
      return {
        name: i % 7 === 0 ? `Hanau Hbf – Frankfurt (Main) Süd über Offenbach-Bieber und Mühlheim ${i}` : `Strecke ${i}`,
        companyRoute: i % 3 === 0 ? null : `KBS ${i}`,
        startPoint: 'Frankfurt (Main) Hbf',
        endPoint: 'Hanau Hbf',
        startStation: { code: 'FF', name: 'Frankfurt (Main) Hbf' },
        endStation: { code: 'FH', name: 'Hanau Hbf' },
        tours: i % 4 === 0 ? [`Tour ${i % 50}`] : [],
        lastDriven: left === null ? null : addDays(today, left - 364),
        validUntil: left === null ? null : addDays(today, left),
        daysLeft: left,
        validityRule: i === 0 ? '90 Tage' : '1 Jahr (364 Tage)',
        ownRule: i === 0,
        ...(i % 2 === 0
          ? {
              sections: [
                { line: 3600, fromKm: 0.4, toKm: 21.6 },
                { line: 3680, fromKm: 2.1, toKm: 7.9 },
              ],
            }
          : {}),
      };
    }),
    vehicles: Array.from({ length: 40 }, (_, i) => ({
      name: `BR ${100 + i}`,
      lastDriven: '2026-04-01',
      validityRule: i % 2 ? 'unbegrenzt' : '½ Jahr (182 Tage)',
      validUntil: i % 2 ? null : '2026-09-30',
    })),
    rules: { routes: '1 Jahr (364 Tage)', vehicles: 'unbegrenzt' },
  };
}

interface Result {
  rssBeforeMb: number;
  peakRssMb: number;
  shareMb: number;
  medianMs: number;
  bytes: number;
  mainHeapMb: number;
}

/**
 * The built server's pool (dist/, what production runs); from the sources only when there is no build (then the
 * worker also carries tsx's loader, and the figure is higher than in production).
 */
const BUILT = path.resolve(import.meta.dirname, '../dist/export/pdf-pool.js');
const built = fs.existsSync(BUILT);

async function child(): Promise<Result> {
  const { createPdfPool } = (await import(built ? pathToFileURL(BUILT).href : '../src/export/pdf-pool.js')) as {
    createPdfPool: typeof CreatePdfPool;
  };
  const input = data();
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const pool = createPdfPool({ size: 1 });
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    bytes = 0;
    for await (const chunk of pool.render(input)) bytes += (chunk as Buffer).length;
    times.push(performance.now() - started);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  clearInterval(sampler);
  const mainHeapMb = process.memoryUsage().heapUsed / MB;
  await pool.close();
  times.sort((a, b) => a - b);
  return {
    rssBeforeMb: rssBefore / MB,
    peakRssMb: peak / MB,
    shareMb: (peak - rssBefore) / MB,
    medianMs: times[Math.floor(times.length / 2)]!,
    bytes,
    mainHeapMb,
  };
}

function runChild(): Promise<Result> {
  return new Promise((resolve, reject) => {
    const proc = fork(import.meta.filename, [], {
      env: { ...process.env, PDF_MEMORY_CHILD: '1' },
      execArgv: [...process.execArgv, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (message) => resolve(message as Result));
    proc.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`child exited with ${code}`))));
  });
}

if (process.env.PDF_MEMORY_CHILD) {
  const result = await child();
  process.send!(result, () => process.exit(0));
} else {
  const f = (n: number, digits = 0) => n.toFixed(digits);
  const load = os.loadavg();
  const started = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const results: Result[] = [];
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < 3; i++) results.push(await runChild());
  const cpu = process.cpuUsage(cpuBefore);
  const parentShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  console.info(
    `PDF worker memory (bench/pdf-memory.ts), ${started} UTC, node ${process.version}, ${os.availableParallelism()} cores, ` +
      `load average before ${load.map((l) => f(l, 1)).join(' / ')}, after ${os
        .loadavg()
        .map((l) => f(l, 1))
        .join(' / ')}; bench parent CPU ${f(parentShare * 100)} % of a core`,
  );
  console.info(
    `${ROUTES} routes, one worker (${built ? 'built server, dist/' : 'sources through tsx: no build found'}), ${RUNS} documents ` +
      'one after the other per process, 3 processes; share = peak RSS - RSS before the worker',
  );
  console.info('process  RSS before MB  peak RSS MB  worker share MB  median ms  size KiB  share/target');
  results.forEach((r, i) =>
    console.info(
      `${String(i + 1).padStart(7)}  ${f(r.rssBeforeMb).padStart(13)}  ${f(r.peakRssMb).padStart(11)}  ${f(r.shareMb).padStart(15)}  ` +
        `${f(r.medianMs).padStart(9)}  ${f(r.bytes / 1024).padStart(8)}  ${f(r.shareMb / TARGET_MB, 2).padStart(12)}`,
    ),
  );
  const shares = results.map((r) => r.shareMb).sort((a, b) => a - b);
  const median = shares[1]!;
  console.info(
    `PDF worker vs target (${TARGET_MB} MB): median share ${f(median)} MB = ${f(median / TARGET_MB, 2)}× (${median <= TARGET_MB ? 'met' : 'NOT met'})`,
  );
}
