/**
 * Start-up benchmark: the built server (`node dist/server.js`) from spawn to its first `200` from /api/health.
 *
 *   npx tsx bench/startup.ts     (from apps/server, after `npm run build -w apps/server`; part of `npm run bench`)
 *
 * Embedded database (PGlite): the first start on an empty DATA_DIR (the database is created: the build's template
 * unpacked, or initdb + every migration without it) and a later start on that DATA_DIR, each STARTUP_RUNS (3)
 * times, each on a fresh DATA_DIR; for comparison in the same run also the first start without the template (the
 * way every first start went before issue 13). PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
 * when it answers): the first start on an empty database (every migration) and a later start.
 *
 * Printed: the median and the range of the wall time against the targets (first start < 3 s, later start < 1 s),
 * and the CPU time the process used until it was healthy (user + system, from /proc): on a shared machine the wall
 * time moves with the other load, the CPU time much less. Written to docs/quality.md between the startup-bench
 * markers (BENCH_WRITE=0: print only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_FILE } from '../src/db/pglite-template.js';
import { createPostgresDatabase, postgresReachable, startServer } from '../test/server-process.js';
import { QUALITY_MD, writeSection } from './quality-doc.js';

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const PORT = 3313;
const TARGET = { firstMs: 3_000, laterMs: 1_000 };

interface Start {
  wallMs: number;
  cpuMs: number;
}

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function start(env: Record<string, string>): Promise<Start> {
  const server = await startServer({ port: PORT, env, timeoutMs: 120_000 });
  const result = { wallMs: server.startupMs, cpuMs: cpuMs(server.pid) };
  await server.stop();
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number) => n.toFixed(0);

interface Row {
  database: string;
  start: string;
  runs: Start[];
  targetMs: number | undefined;
}

function line(row: Row): string {
  const wall = row.runs.map((r) => r.wallMs);
  const med = median(wall);
  const target =
    row.targetMs === undefined ? '–' : `< ${row.targetMs / 1000} s: ${med < row.targetMs ? 'met' : 'NOT met'}`;
  return (
    `| ${row.database} | ${row.start} | ${fmt(med)} ms | ${fmt(Math.min(...wall))}–${fmt(Math.max(...wall))} ms | ` +
    `${fmt(median(row.runs.map((r) => r.cpuMs)))} ms | ${target} |`
  );
}

async function pglite(rows: Row[]) {
  const first: Start[] = [];
  const later: Start[] = [];
  const withoutTemplate: Start[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-startup-'));
    try {
      first.push(await start({ DATA_DIR: dataDir }));
      later.push(await start({ DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // Without the template (hidden for the moment): initdb and every migration, as before issue 13.
  const manifest = TEMPLATE_FILE.replace(/\.tar\.gz$/, '.json');
  const hidden = `${manifest}.bench-hidden`;
  const hasTemplate = fs.existsSync(manifest);
  if (hasTemplate) fs.renameSync(manifest, hidden);
  try {
    for (let run = 0; run < RUNS; run++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-startup-'));
      try {
        withoutTemplate.push(await start({ DATA_DIR: dataDir }));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    if (hasTemplate) fs.renameSync(hidden, manifest);
  }
  rows.push(
    {
      database: 'PGlite (embedded)',
      start: hasTemplate ? 'first, empty DATA_DIR (template)' : 'first, empty DATA_DIR (NO template built)',
      runs: first,
      targetMs: TARGET.firstMs,
    },
    { database: 'PGlite (embedded)', start: 'later, same DATA_DIR', runs: later, targetMs: TARGET.laterMs },
    {
      database: 'PGlite (embedded)',
      start: 'first, without template (initdb + migrations)',
      runs: withoutTemplate,
      targetMs: undefined,
    },
  );
}

async function postgres(rows: Row[], baseUrl: string) {
  const first: Start[] = [];
  const later: Start[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-startup-pg-'));
  try {
    for (let run = 0; run < RUNS; run++) {
      const database = await createPostgresDatabase(baseUrl, 'sp_bench_startup');
      try {
        first.push(await start({ DATABASE_URL: database.url, DATA_DIR: dataDir }));
        later.push(await start({ DATABASE_URL: database.url, DATA_DIR: dataDir }));
      } finally {
        await database.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(
    { database: 'PostgreSQL', start: 'first, empty database', runs: first, targetMs: TARGET.firstMs },
    { database: 'PostgreSQL', start: 'later', runs: later, targetMs: TARGET.laterMs },
  );
}

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const rows: Row[] = [];
  await pglite(rows);
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresReachable(baseUrl)) await postgres(rows, baseUrl);
  else console.info(`PostgreSQL at ${baseUrl.replace(/\/\/[^@]*@/, '//')} does not answer: skipped.`);

  const text = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`bench/startup.ts\`: \`node dist/server.js\` ` +
      `from spawn to the first 200 from /api/health, ${RUNS} runs each (each first start on a fresh DATA_DIR or ` +
      `database), ${os.cpus().length} cores, load average at the start ${load} (1 / 5 / 15 min). CPU = user + ` +
      'system time of the server process until healthy (median).',
    '',
    '| database | start | median | range | CPU | target |',
    '|---|---|---:|---:|---:|---|',
    ...rows.map(line),
  ].join('\n');
  console.info(text);
  if (process.env.BENCH_WRITE !== '0') {
    writeSection('startup-bench', text);
    console.info(`\nwritten to ${path.relative(process.cwd(), QUALITY_MD)}`);
  }
}

await main();
