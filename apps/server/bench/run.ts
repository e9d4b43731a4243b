/**
 * `npm run bench`: every benchmark of the server, one after the other, each in its own process.
 *
 *   bench/export.ts  CSV/PDF export of 1,000 routes (embedded; and PostgreSQL with DATABASE_URL), and the event-loop
 *                    delay and read latency while PDFs are exported in a loop
 *   bench/import.ts  CSV import of 10,000 lines (preview, import, again) and backup/restore of the result
 *   bench/heavy.ts   other users' answers and event-loop gaps while one account restores 5,000 drives (issue 24)
 *   bench/startup.ts first and later start-up of the built server (builds the server first)
 *   bench/api.ts     the real server under load, start-up, RSS, web bundle sizes (builds the server first)
 *   bench/load.ts    PGlite under 50 connections of mixed load, in the main thread and in its worker thread: event-loop
 *                    delay, /api/health under load, throughput, start-up, RSS (builds the server first)
 *   bench/reminders.ts  the reminder run for 10,000 users × 20 routes on PostgreSQL (needs DATABASE_URL)
 *   bench/pdf-memory.ts the PDF worker's share of RSS for the 1,000-route document (target 150 MB; builds the server first)
 *   bench/stations.ts   the station search over the db-stations data set: index and whole request (target < 5 ms)
 *   bench/history.ts    what writing the record history adds to a save on PostgreSQL (target < 1 ms median; needs
 *                       DATABASE_URL)
 *   bench/betrieb-scale.ts  a Betrieb of 5,000 drivers × 50 routes and 200 requirements on PostgreSQL: matrix pages and
 *                       "Wer kann fahren?" against the driver's GET /api/routes (needs DATABASE_URL)
 *   bench/coverage-alerts.ts  the Disponenten's weekly coverage mails for 100 Betriebe on PostgreSQL (target < 60 s;
 *                       needs DATABASE_URL)
 *
 * Both print ratios against a baseline measured in the same run. The API figures and the export's output are
 * written to docs/quality.md (generated sections between markers; the text around them is kept).
 * BENCH_ONLY=api, load, pdf-memory, startup, export, reminders, stations, import, heavy, history, coverage-alerts or betrieb runs one of
 * them.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeSection } from './quality-doc.js';

const here = import.meta.dirname;
const serverDir = path.resolve(here, '..');
const only = process.env.BENCH_ONLY;

/** Runs a bench script with the same loader (tsx), echoing and returning its output. */
function run(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(here, script)], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString('utf8');
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

let built = false;
function build() {
  if (built) return;
  built = true;
  // apps/server's build also makes the PGlite template the first start unpacks.
  console.info('building packages/contract and apps/server (the start-up and API benchmarks run node dist/server.js)');
  for (const [command, args, cwd] of [
    ['npm', ['run', 'build', '-w', 'packages/contract'], path.resolve(serverDir, '../..')],
    ['npm', ['run', 'build'], serverDir],
  ] as const) {
    const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

let failed = 0;
if ((!only || only === 'export') && fs.existsSync(path.join(here, 'export.ts'))) {
  console.info('\n######## export benchmark (bench/export.ts)');
  const started = new Date();
  const { code, output } = await run('export.ts');
  if (code !== 0) failed += 1;
  else {
    writeSection(
      'export-bench',
      `Output of \`bench/export.ts\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
}
if (!only || only === 'stations') {
  console.info('\n######## station search benchmark (bench/stations.ts)');
  const started = new Date();
  const { code, output } = await run('stations.ts');
  if (code !== 0) failed += 1;
  else {
    writeSection(
      'stations-bench',
      `Output of \`bench/stations.ts\` (GET /api/stations?q=, issue 17), ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
}
if (!only || only === 'import') {
  console.info('\n######## import benchmark (bench/import.ts)');
  const started = new Date();
  const { code, output } = await run('import.ts');
  if (code !== 0) failed += 1;
  else {
    writeSection(
      'import-bench',
      `Output of \`bench/import.ts\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
}
if (!only || only === 'heavy') {
  console.info('\n######## heavy-operation benchmark (bench/heavy.ts)');
  const started = new Date();
  const { code, output } = await run('heavy.ts');
  if (code !== 0) failed += 1;
  else {
    writeSection(
      'heavy-bench',
      `Output of \`bench/heavy.ts\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
}
if (!only || only === 'startup') {
  console.info('\n######## start-up benchmark (bench/startup.ts)');
  build();
  const { code } = await run('startup.ts');
  if (code !== 0) failed += 1;
}
if (!only || only === 'pdf-memory') {
  console.info('\n######## PDF worker memory (bench/pdf-memory.ts)');
  build();
  const { code } = await run('pdf-memory.ts');
  if (code !== 0) failed += 1;
}
if (!only || only === 'load') {
  console.info('\n######## load benchmark of the embedded database (bench/load.ts)');
  build();
  const { code } = await run('load.ts');
  if (code !== 0) failed += 1;
}
if (!only || only === 'api') {
  console.info('\n######## API benchmark (bench/api.ts)');
  build();
  const { code } = await run('api.ts');
  if (code !== 0) failed += 1;
}
if ((!only || only === 'reminders') && process.env.DATABASE_URL) {
  console.info('\n######## reminder benchmark (bench/reminders.ts)');
  const started = new Date();
  const { code, output } = await run('reminders.ts');
  if (code !== 0) failed += 1;
  writeSection(
    'reminders-bench',
    `Output of \`bench/reminders.ts\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
  );
} else if (only === 'reminders') {
  console.error('BENCH_ONLY=reminders needs DATABASE_URL (PostgreSQL)');
  failed += 1;
}
if ((!only || only === 'history') && process.env.DATABASE_URL) {
  console.info('\n######## record history benchmark (bench/history.ts)');
  const started = new Date();
  const { code, output } = await run('history.ts');
  if (code !== 0) failed += 1;
  else {
    writeSection(
      'history-bench',
      `Output of \`bench/history.ts\` (issue 27), ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
} else if (only === 'history') {
  console.error('BENCH_ONLY=history needs DATABASE_URL (PostgreSQL)');
  failed += 1;
}
/** A benchmark that needs PostgreSQL: run with DATABASE_URL, its output written to the section `name` when it passes. */
async function postgresBench(name: string, script: string, label: string) {
  if ((only && only !== name) || (!only && !process.env.DATABASE_URL)) return;
  if (!process.env.DATABASE_URL) {
    console.error(`BENCH_ONLY=${name} needs DATABASE_URL (PostgreSQL)`);
    failed += 1;
    return;
  }
  console.info(`\n######## ${label} (bench/${script})`);
  const started = new Date();
  const { code, output } = await run(script);
  if (code !== 0) failed += 1;
  else {
    writeSection(
      `${name}-bench`,
      `Output of \`bench/${script}\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${output.trim()}\n\`\`\``,
    );
  }
}
await postgresBench('coverage-alerts', 'coverage-alerts.ts', 'coverage-alert benchmark (issue 28 item 5)');
await postgresBench('betrieb', 'betrieb-scale.ts', 'Betrieb scale benchmark (issue 28 items 3 and 4)');
if (failed > 0) {
  console.error(`${failed} benchmark(s) failed`);
  process.exit(1);
}
