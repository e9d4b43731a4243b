/**
 * History benchmark (issue 27): what writing the record history adds to a save. Target: < 1 ms median on PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/history.ts   (from apps/server)
 *   BENCH_ONLY=history npm run bench                                                 (same, via bench/run.ts)
 *
 * One app on a fresh PostgreSQL database (created and dropped here), one user with 20 routes. Measured through
 * app.inject, one request at a time: `POST /api/route_activities` (a drive of two routes, the quick record's save)
 * and `PATCH /api/routes/{id}` (a rename: the record is read before and after). Rounds of BATCH requests alternate
 * between history on and off (`setHistoryWriting`, which only this script calls), so that the machine's load and the
 * growing tables weigh on both alike. Printed: the median and p90 of each, and the median added by the history.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { setHistoryWriting } from '../src/db/record-history.js';
import { testConfig } from '../src/test/helpers.js';

const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 20);
const BATCH = 50;
const WARM_UP = 200;
const TARGET_MS = 1;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench/history.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

const name = `sp_bench_history_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const app = await buildApp(testConfig(), { database, logger: false });
await app.ready();

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = (sorted.length - 1) * q;
  const low = Math.floor(index);
  return sorted[low]! + (sorted[Math.ceil(index)]! - sorted[low]!) * (index - low);
}
const ms = (value: number) => `${value.toFixed(3)} ms`;

try {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: {
      email: `bench-history-${Date.now()}@example.org`,
      password: 'bench-history-2026',
      firstname: 'Erika',
      lastname: 'Muster',
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const headers = { authorization: `Bearer ${(registered.json() as { jwt_token: string }).jwt_token}` };
  const routes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/routes',
      headers,
      payload: { name: `Strecke ${i}`, startPoint: `A${i}`, endPoint: `B${i}` },
    });
    if (created.statusCode !== 201) throw new Error(`route: ${created.statusCode} ${created.body}`);
    routes.push((created.json() as { id: number }).id);
  }
  const today = todayIn('Europe/Berlin');
  let n = 0;

  /** One save as the quick record sends it; its wall time in ms. */
  async function saveDrive(): Promise<number> {
    n += 1;
    const payload = {
      acquiredAt: addDays(today, -(n % 300)),
      acquiredRoutes: [`/api/routes/${routes[n % 20]}`, `/api/routes/${routes[(n + 7) % 20]}`],
    };
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/route_activities', headers, payload });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(`save: ${response.statusCode} ${response.body}`);
    return elapsed;
  }
  /** A rename of a route (read before and after for the history); its wall time in ms. */
  async function renameRoute(): Promise<number> {
    n += 1;
    const started = performance.now();
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/routes/${routes[n % 20]}`,
      headers: { ...headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ name: `Strecke ${n}` }),
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`rename: ${response.statusCode} ${response.body}`);
    return elapsed;
  }

  for (let i = 0; i < WARM_UP; i += 1) await (i % 2 === 0 ? saveDrive() : renameRoute());

  const samples = {
    save: { on: [] as number[], off: [] as number[] },
    rename: { on: [] as number[], off: [] as number[] },
  };
  for (let round = 0; round < 2 * ROUNDS; round += 1) {
    // on, off, off, on, on, off, …: neither setting always runs first.
    const on = round % 4 === 0 || round % 4 === 3;
    setHistoryWriting(on);
    const key = on ? 'on' : 'off';
    for (let i = 0; i < BATCH; i += 1) samples.save[key].push(await saveDrive());
    for (let i = 0; i < BATCH; i += 1) samples.rename[key].push(await renameRoute());
  }
  setHistoryWriting(true);

  const { rows } = (await database.db.execute(sql`select count(*)::int as count from record_history`)) as unknown as {
    rows: { count: number }[];
  };
  console.info(
    `record history on PostgreSQL: ${ROUNDS} rounds × ${BATCH} requests per setting and call, one at a time ` +
      `(app.inject), ${rows[0]?.count ?? 0} history rows written`,
  );
  let met = true;
  for (const [call, label] of [
    ['save', 'POST /api/route_activities (a drive of 2 routes)'],
    ['rename', 'PATCH /api/routes/{id} (rename)'],
  ] as const) {
    const { on, off } = samples[call];
    const added = median(on) - median(off);
    console.info(
      `${label.padEnd(50)} without history: median ${ms(median(off))}, p90 ${ms(quantile(off, 0.9))}; ` +
        `with: median ${ms(median(on))}, p90 ${ms(quantile(on, 0.9))}; added median ${ms(added)} ` +
        `(ratio ${(median(on) / median(off)).toFixed(3)})`,
    );
    if (call === 'save') met = added < TARGET_MS;
  }
  console.info(
    'off = the same code without the history insert; the rename reads the locked record before the change in both ' +
      '(one statement that replaced the bare row lock), so its added figure is the insert alone',
  );
  console.info(`target: writing history adds < ${TARGET_MS} ms median to a save — ${met ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
