/**
 * Reminder benchmark (issue 16): the reminder run for 10,000 users × 20 routes on PostgreSQL, target < 60 s.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reminders.ts   (from apps/server)
 *   BENCH_ONLY=reminders npm run bench                                                 (same, via bench/run.ts)
 *
 * Seeds a fresh database (dropped afterwards) with USERS verified users, each with ROUTES routes whose validity
 * ends on days spread from yesterday to a year ahead, reminders at the default thresholds (30 and 7 days) by mail.
 * Measured through dispatchReminders with the real mailer writing .eml files to an outbox directory:
 *   - the first run: the catch-up case, where every route within its thresholds is due (most sent late) — the
 *     worst case, as after enabling reminders or after days of downtime;
 *   - a second run right after: nothing is due any more (the steady state of the hourly runs);
 *   - two instances firing together on a fresh day's worth of reminders (second seed), checking that every
 *     reminder went out once.
 * Baseline in the same run: the due-reminder query alone (listDueReminders), so the ratio shows what claiming,
 * rendering and sending add.
 */
import { formatNumber } from '@streckenpass/contract/format';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { todayIn } from '@streckenpass/contract/knowledge';
import { openDatabase } from '../src/db/client.js';
import { createPushTargetsRepository } from '../src/jobs/push-targets.repository.js';
import { dispatchReminders } from '../src/jobs/reminders.js';
import { createRemindersRepository } from '../src/jobs/reminders.repository.js';
import { createPushSender, generateVapidKeys } from '../src/lib/web-push.js';
import { createMailer } from '../src/plugins/mail.js';

const USERS = Number(process.env.BENCH_REMINDER_USERS ?? 10_000);
const ROUTES = 20;
const TARGET_MS = 60_000;
const TIMEZONE = 'Europe/Berlin';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench/reminders.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

const name = `sp_bench_reminders_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'reminder-bench-'));
const silent = pino({ level: 'error' });
const mailer = createMailer({ from: 'Streckenpass <no-reply@bench.example>', dataDir: outbox, log: silent });
/** The run's repositories on one connection pool (an instance of the app has one). */
const repositoriesOn = (db: typeof database.db) => ({
  reminders: createRemindersRepository(db),
  pushTargets: createPushTargetsRepository(db),
});
const deps = {
  ...repositoriesOn(database.db),
  mailer,
  push: createPushSender({ keys: generateVapidKeys(), subject: 'mailto:ops@bench.example' }),
  config: { timezone: TIMEZONE, publicUrl: 'https://streckenpass.example' },
  log: silent,
};

const today = todayIn(TIMEZONE);
async function seed(offset: number) {
  // Routes' validity straight into the kept columns (what the triggers of migration 0001 maintain).
  await database.db.execute(sql`
    insert into users (email, password_hash, firstname, lastname, mail_verified)
    select 'bench' || (${offset} + i) || '@bench.example', 'x', 'Erika', 'Muster', true
      from generate_series(1, ${USERS}) i`);
  await database.db.execute(sql`
    insert into routes (owner_id, name, start_point, end_point, valid_until, last_driven)
    select u.id, 'Strecke ' || r, 'A', 'B',
           ${today}::date + ((u.id * 37 + r * 53) % 367 - 1),
           ${today}::date + ((u.id * 37 + r * 53) % 367 - 1) - 364
      from users u cross join generate_series(1, ${ROUTES}) r
     where u.email like 'bench%' and u.id > (select coalesce(max(owner_id), 0) from routes)`);
  await database.db.execute(sql`analyze`);
}

const time = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  await seed(0);
  const baseline = await time(() => deps.reminders.listDue(today));
  const first = await time(() => dispatchReminders(deps));
  const second = await time(() => dispatchReminders(deps));
  const mails = fs.readdirSync(path.join(outbox, 'outbox')).length;

  // Two instances (two pools) on the next day's reminders of a second population.
  await seed(USERS);
  const otherPool = await openDatabase({ databaseUrl: url.toString() });
  const racing = await time(() =>
    Promise.all([dispatchReminders(deps), dispatchReminders({ ...deps, ...repositoriesOn(otherPool.db) })]),
  );
  await otherPool.close();
  const count = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
  const logged = await count(sql`select count(*)::int as count from reminder_log where status = 'sent'`);
  const duplicates = await count(sql`select count(*)::int as count from (
      select route_id from reminder_log group by route_id, valid_until, threshold, channel having count(*) > 1) d`);
  const racedReminders = racing.result.reduce((sum, result) => sum + result.reminders, 0);

  console.info(`reminder run on PostgreSQL, ${formatNumber(USERS)} users × ${ROUTES} routes`);
  console.info(`  baseline: due-reminder query alone         ${seconds(baseline.ms)} (${baseline.result.length} due)`);
  console.info(
    `  first run (catch-up, worst case)           ${seconds(first.ms)}  ${first.result.messages} mails, ` +
      `${first.result.reminders} reminders (${first.result.late} late)  ` +
      `= ${(first.ms / baseline.ms).toFixed(1)}× baseline; target < ${seconds(TARGET_MS)}: ` +
      `${first.ms < TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.info(`  second run (nothing due)                   ${seconds(second.ms)}  ${second.result.messages} mails`);
  console.info(
    `  two instances together, ${formatNumber(USERS)} more users  ${seconds(racing.ms)}  ` +
      `${racedReminders} reminders; log rows sent ${logged}, duplicate keys ${duplicates}`,
  );
  console.info(`  .eml files written by the first runs: ${mails}`);
  if (first.ms >= TARGET_MS || duplicates > 0 || first.result.failed > 0) process.exitCode = 1;
} finally {
  mailer.close();
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(outbox, { recursive: true, force: true });
}
