/**
 * Import benchmark: a CSV list of 10,000 lines (the documented template: every line a route with a trip, two of
 * three with vehicles, Windows-1252 like German Excel saves it) previewed and imported through app.inject, the
 * whole request (upload, decoding, parsing, checks, the merge by natural keys, one transaction).
 *
 *   npx tsx bench/import.ts            (from apps/server; BENCH_ONLY=import npm run bench)
 *
 * On embedded PGlite (a data directory on disk, the default durability) and, with DATABASE_URL, on that
 * PostgreSQL server too. Each of RUNS fresh users previews the file, imports it, and imports it again (the second
 * import finds everything and adds nothing). Printed: median wall times against the target (< 5 s for preview and
 * import each), and the backup of the imported account (GET /api/backup) and its restore into a fresh account.
 */
import { formatNumber } from '@streckenpass/contract/format';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { testConfig } from '../src/test/helpers.js';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);
const RUNS = 3;
const TARGET_MS = 5_000;

function csvFile(): Buffer {
  const today = todayIn('Europe/Berlin');
  const lines = ['Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge'];
  for (let i = 1; i <= LINES; i += 1) {
    const driven = addDays(today, -(i % 700))
      .split('-')
      .reverse()
      .join('.');
    const vehicles = i % 3 === 0 ? '' : `BR ${100 + (i % 25)}, ET ${400 + (i % 7)}`;
    lines.push(`Strecke Nürnberg ${i};K${i};N${i % 97};F${i % 89};${driven};;"${vehicles}"`);
  }
  // Windows-1252 (ü in the header and names): the slower path, decoded after UTF-8 fails.
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

async function register(app: App, n: number): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: {
      email: `bench-import-${Date.now()}-${n}@example.org`,
      password: 'bench-passwort-1',
      firstname: 'B',
      lastname: 'B',
    },
  });
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json().jwt_token as string}` };
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, database: Database) {
  const app = await buildApp(testConfig(), { database, logger: process.env.BENCH_LOG === '1' });
  await app.ready();
  const file = csvFile();
  const upload = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/csv' }, payload: file });

  const times = {
    preview: [] as number[],
    import: [] as number[],
    again: [] as number[],
    backup: [] as number[],
    restore: [] as number[],
  };
  for (let run = 0; run < RUNS; run += 1) {
    const headers = await register(app, run);
    const [previewMs, preview] = await timed(() => upload('/api/import/csv/preview', headers));
    if (preview.statusCode !== 200 || preview.json().validLines !== LINES)
      throw new Error(`preview: ${preview.body.slice(0, 300)}`);
    const [importMs, imported] = await timed(() => upload('/api/import/csv', headers));
    if (imported.statusCode !== 200) throw new Error(`import: ${imported.body.slice(0, 300)}`);
    const [againMs, again] = await timed(() => upload('/api/import/csv', headers));
    if (!again.json().merge.nothingToDo) throw new Error('the second import added something');
    const [backupMs, backup] = await timed(() => app.inject({ method: 'GET', url: '/api/backup', headers }));
    const fresh = await register(app, 100 + run);
    const [restoreMs, restored] = await timed(() =>
      app.inject({ method: 'POST', url: '/api/backup/restore', headers: fresh, payload: backup.json() }),
    );
    if (restored.statusCode !== 200)
      throw new Error(`restore: ${restored.body.slice(0, 300)} (document starts ${backup.body.slice(0, 120)})`);
    times.preview.push(previewMs);
    times.import.push(importMs);
    times.again.push(againMs);
    times.backup.push(backupMs);
    times.restore.push(restoreMs);
  }
  await app.close();
  await database.close();
  const line = (name: string, values: number[], target?: number) =>
    `  ${name.padEnd(34)} median ${median(values).toFixed(0).padStart(6)} ms` +
    (target
      ? `   ${(median(values) / target).toFixed(2)} × target (${target / 1000} s) ${median(values) < target ? 'ok' : 'MISSED'}`
      : '');
  console.info(`${label}: ${formatNumber(LINES)} lines, ${(file.length / 1024 / 1024).toFixed(2)} MB, ${RUNS} runs`);
  console.info(line('preview (POST /api/import/csv/preview)', times.preview, TARGET_MS));
  console.info(line('import (POST /api/import/csv)', times.import, TARGET_MS));
  console.info(line('same file again (adds nothing)', times.again, TARGET_MS));
  console.info(line('backup of the account (GET /api/backup)', times.backup));
  console.info(line('restore into a fresh account', times.restore));
  return median(times.preview) < TARGET_MS && median(times.import) < TARGET_MS;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-bench-import-'));
let ok = await measure('embedded PGlite (on disk)', await openDatabase({ dataDir }));
fs.rmSync(dataDir, { recursive: true, force: true });

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  const name = `sp_bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    ok = (await measure('PostgreSQL', database)) && ok;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
if (!ok) process.exitCode = 1;
