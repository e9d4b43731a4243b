/**
 * Coverage-alert benchmark (issue 28 item 5): the Disponenten's weekly coverage run for 100 Betriebe on PostgreSQL,
 * target < 60 s.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/coverage-alerts.ts   (from apps/server)
 *   BENCH_ONLY=coverage-alerts npm run bench                                                 (same, via bench/run.ts)
 *
 * Seeds a fresh database (dropped afterwards) with BETRIEBE Betriebe, each with 20 requirements (station pairs of the
 * real data set, every fifth with a Kürzel; one in four for a depot), 50 drivers with 50 routes each (most meet a
 * requirement by pair, in either direction, some by Kürzel, the rest none; validity spread from a month ago to a year
 * ahead) and two recipients who opted in: the admin (minimum 10) and a Disponent (minimum 30). Measured through
 * dispatchCoverageAlerts with the real repositories and the real mailer writing .eml files to an outbox directory:
 *   - the first run of the week: every recipient gets a mail (the 5,000-driver, 500,000-route case of one run);
 *   - a second run right after: every mail of the week is out (the steady state of the daily cron calls);
 *   - two instances (two pools) firing together in a new week, checking that every mail went out once.
 * Baseline in the same run: one Betrieb's coverage read alone (`coverage.read`), so the ratio shows the run's cost
 * per Betrieb and recipient against one read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { todayIn } from '@streckenpass/contract/knowledge';
import { openDatabase, type Db } from '../src/db/client.js';
import { dispatchCoverageAlerts, LAPSING_SHOWN } from '../src/jobs/coverage-alerts.js';
import { createCoverageAlertsRepository } from '../src/jobs/coverage-alerts.repository.js';
import { createCoverageRepository } from '../src/modules/betriebe/coverage.repository.js';
import { createNextCheckRepository } from '../src/modules/betriebe/next-check.repository.js';
import { createRequirementsRepository } from '../src/modules/betriebe/requirements.repository.js';
import { loadStationData } from '../src/modules/stations/stations.data.js';
import { createTestDatabase } from '../src/test/helpers.js';
import { createMailer } from '../src/plugins/mail.js';

const BETRIEBE = Number(process.env.BENCH_COVERAGE_BETRIEBE ?? 100);
const DRIVERS = 50;
const ROUTES = 50;
const REQUIREMENTS = 20;
const TARGET_MS = 60_000;
const TIMEZONE = 'Europe/Berlin';

if (!process.env.DATABASE_URL) {
  console.error(
    'bench/coverage-alerts.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(1);
}

// A new database on that server, dropped afterwards (the test suite's).
const fresh = await createTestDatabase();
const { database } = fresh;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'coverage-bench-'));
const silent = pino({ level: 'error' });
const mailer = createMailer({ from: 'Streckenpass <no-reply@bench.example>', dataDir: outbox, log: silent });
/** The requirements' station pairs: 40 codes of the data set, (s[2i], s[2i + 1]). */
const stationData = loadStationData();
const codes = stationData.list.stations.slice(0, 2 * REQUIREMENTS).map(([code]) => code);
const pairs = Array.from({ length: REQUIREMENTS }, (_, i) => [codes[2 * i]!, codes[2 * i + 1]!] as const);

/** The run's repositories on one connection pool (an instance of the app has one). */
const depsOn = (db: Db) => ({
  alerts: createCoverageAlertsRepository(db),
  coverage: createCoverageRepository(
    db,
    createRequirementsRepository(db, stationData.index),
    createNextCheckRepository(db),
  ),
  mailer,
  config: { timezone: TIMEZONE, publicUrl: 'https://streckenpass.example' },
  log: silent,
});
const deps = depsOn(database.db);
const today = todayIn(TIMEZONE);

async function seed() {
  const ex = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await ex(sql`
    insert into users (email, password_hash, firstname, lastname, mail_verified)
    select 'b' || b || '-' || k || '@bench.example', 'x', 'Vorname' || k, 'Nachname' || b, true
      from generate_series(1, ${BETRIEBE}) b cross join generate_series(0, ${DRIVERS + 1}) k`);
  await ex(sql`insert into betriebe (name) select 'Betrieb ' || b from generate_series(1, ${BETRIEBE}) b`);
  await ex(sql`
    insert into betrieb_depots (betrieb_id, name)
    select id, d from betriebe cross join (values ('Nord'), ('Süd')) v(d)`);
  // k = 0 the admin, k = 1 the Disponent, the rest drivers (every other one in depot Nord).
  await ex(sql`
    insert into memberships (betrieb_id, user_id, role, depot_id, consent_version, consented_at, coverage_alert_min)
    select be.id, u.id,
           case k when 0 then 'admin' when 1 then 'disponent' else 'driver' end,
           case when k > 1 and k % 2 = 0 then (select min(d.id) from betrieb_depots d where d.betrieb_id = be.id) end,
           1, now(), case k when 0 then 10 when 1 then 30 end
      from generate_series(1, ${BETRIEBE}) b cross join generate_series(0, ${DRIVERS + 1}) k
      join betriebe be on be.name = 'Betrieb ' || b
      join users u on u.email = 'b' || b || '-' || k || '@bench.example'`);
  const values = pairs.map(
    ([from, to], i) => sql`(${i}::integer, ${from}::text, ${to}::text, ${i % 5 === 0 ? `K${i}` : null}::text)`,
  );
  await ex(sql`
    insert into betrieb_requirements (betrieb_id, depot_id, start_station, end_station, company_route)
    select be.id, case when p.i % 4 = 3 then (select min(d.id) from betrieb_depots d where d.betrieb_id = be.id) end,
           p.s, p.e, p.c
      from betriebe be cross join (values ${sql.join(values, sql`, `)}) p(i, s, e, c)`);
  // Each driver's routes: r < 30 the pair of requirement r % 20 (odd r reversed), 30 ≤ r < 35 its Kürzel only,
  // the rest elsewhere. Validity from 30 days ago to a year ahead, kept columns written directly (migration 0001).
  const pairValues = pairs.map(([from, to], i) => sql`(${i}::integer, ${from}::text, ${to}::text)`);
  await ex(sql`
    insert into routes (owner_id, name, start_point, end_point, start_station, end_station, company_route,
                        valid_until, last_driven)
    select m.user_id, 'Strecke ' || r,
           'A', 'B',
           case when r < 30 then case when r % 2 = 0 then p.s else p.e end else 'ZZ' || r end,
           case when r < 30 then case when r % 2 = 0 then p.e else p.s end else 'ZY' || r end,
           case when r between 30 and 34 then 'k' || ((r - 30) * 5) end,
           ${today}::date + ((m.user_id * 37 + r * 53) % 395 - 30),
           ${today}::date + ((m.user_id * 37 + r * 53) % 395 - 30) - 364
      from memberships m cross join generate_series(0, ${ROUTES - 1}) r
      join (values ${sql.join(pairValues, sql`, `)}) p(i, s, e) on p.i = r % ${REQUIREMENTS}
     where m.role = 'driver'`);
  await ex(sql`analyze`);
}

const time = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);

try {
  await seed();
  const [first] = (
    (await database.db.execute(
      sql`select betrieb_id, user_id from memberships where role = 'disponent' order by betrieb_id limit 1`,
    )) as unknown as { rows: { betrieb_id: number; user_id: number }[] }
  ).rows;
  const baseline = await time(() => deps.coverage.read(first!.betrieb_id, first!.user_id, today, LAPSING_SHOWN));
  const run = await time(() => dispatchCoverageAlerts(deps));
  const again = await time(() => dispatchCoverageAlerts(deps));
  const mails = fs.readdirSync(path.join(outbox, 'outbox')).length;

  // Two instances (two pools) in the next ISO week.
  const otherPool = await openDatabase({ databaseUrl: fresh.url! });
  const nextWeek = { now: new Date(Date.now() + 7 * 86_400_000) };
  const racing = await time(() =>
    Promise.all([dispatchCoverageAlerts(deps, nextWeek), dispatchCoverageAlerts(depsOn(otherPool.db), nextWeek)]),
  );
  await otherPool.close();
  const raced = racing.result.reduce((sum, result) => sum + result.sent, 0);
  const duplicates = await count(sql`select count(*)::int as count from (
      select membership_id from coverage_alert_log group by membership_id, iso_week having count(*) > 1) d`);
  const sentRows = await count(sql`select count(*)::int as count from coverage_alert_log where status = 'sent'`);
  const recipients = BETRIEBE * 2;

  console.info(
    `coverage-alert run on PostgreSQL, ${BETRIEBE} Betriebe × ${DRIVERS} drivers × ${ROUTES} routes, ` +
      `${REQUIREMENTS} requirements, ${recipients} recipients`,
  );
  console.info(
    `  baseline: one Betrieb's coverage read      ${seconds(baseline.ms)} (${baseline.result?.requirements.length} ` +
      `requirements, ${baseline.result?.lapsingTotal} lapsing)`,
  );
  console.info(
    `  first run of the week                      ${seconds(run.ms)}  ${run.result.sent} mails  ` +
      `= ${(run.ms / baseline.ms).toFixed(1)}× baseline (${(run.ms / recipients).toFixed(0)} ms per recipient); ` +
      `target < ${seconds(TARGET_MS)}: ${run.ms < TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.info(`  second run (all sent this week)            ${seconds(again.ms)}  ${again.result.sent} mails`);
  console.info(
    `  two instances together, next week          ${seconds(racing.ms)}  ${raced} mails; ` +
      `log rows sent ${sentRows}, duplicate keys ${duplicates}`,
  );
  console.info(`  .eml files written by the first run: ${mails}`);
  if (run.ms >= TARGET_MS || duplicates > 0 || run.result.failed > 0 || raced !== recipients) process.exitCode = 1;
} finally {
  mailer.close();
  await fresh.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
}
