/**
 * Betrieb scale benchmark (issue 28 items 3 and 4): a Betrieb of 5,000 drivers (each ~50 routes, ~500 drives) and 200
 * requirements on PostgreSQL. Targets: a matrix page of 50 drivers × all requirements p95 < 300 ms; "Wer kann fahren?"
 * p95 < 100 ms. Printed as ms and as a ratio to the driver's own `GET /api/routes` (50 routes) in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/betrieb-scale.ts   (from apps/server)
 *   BENCH_ONLY=betrieb npm run bench                                                     (same, via bench/run.ts)
 *
 * A fresh database (created and dropped here). The admin and one driver register through the API (for their tokens);
 * everything else is bulk SQL (`insert … select … generate_series`): users, memberships spread over 5 depots, routes
 * on 300 station pairs of the data set (the first 200 are the requirements; 40 of them with a Kürzel that 1 in 8 routes
 * carries instead of the pair, 40 naming a line section that routes of other pairs cover too, 40 for one depot), each
 * route with a path of one section on one of 60 lines (issue 29 item 3, 0053), validity spread from 120 days ago to 300 days ahead, and the drives
 * with their route links — loaded with triggers off (`session_replication_role = replica`, as a restore would), the
 * routes' kept validity set directly. Then ANALYZE. Measured through app.inject, one request at a time, after a
 * warm-up: random pages of the matrix (by name; by expiry; filtered by state), who-can-drive by requirement and by
 * station pair, and the driver's `GET /api/routes`.
 */
import { formatNumber } from '@streckenpass/contract/format';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Matrix } from '@streckenpass/contract/matrix';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import type { StationList } from '@streckenpass/contract/stations';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { testConfig } from '../src/test/helpers.js';

const DRIVERS = Number(process.env.BENCH_BETRIEB_DRIVERS ?? 5_000);
const ROUTES = 50;
const DRIVES = 500;
const REQUIREMENTS = 200;
const PAIRS = 300;
const DEPOTS = 5;
const SAMPLES = Number(process.env.BENCH_BETRIEB_SAMPLES ?? 100);
const WARM_UP = 10;
const TARGETS = { matrix: 300, whoCanDrive: 100 };
// Every route runs along one of 60 lines (its path: one section of 10 km); 40 requirements name a section of 8 km.
const LINE_BASE = 5000;
const LINES = 60;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench/betrieb-scale.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

// BENCH_BETRIEB_DATABASE=<name>: measure again on a database kept by BENCH_BETRIEB_KEEP=1 (no seeding).
const reused = process.env.BENCH_BETRIEB_DATABASE;
const name = reused ?? `sp_bench_betrieb_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
if (!reused) await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const app = await buildApp(testConfig(), { database, logger: false });
await app.ready();
const today = todayIn(app.config.timezone);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = (sorted.length - 1) * q;
  const low = Math.floor(index);
  return sorted[low]! + (sorted[Math.ceil(index)]! - sorted[low]!) * (index - low);
}
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const exec = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

/** Registers (or, on a reused database, signs in) a user of the API; their id and bearer header. */
async function register(email: string, firstname: string, lastname: string) {
  const password = 'bench-betrieb-2026';
  const response = reused
    ? await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: email, password } })
    : await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email, password, firstname, lastname },
      });
  if (response.statusCode >= 300) throw new Error(`register: ${response.statusCode} ${response.body}`);
  const { jwt_token: registered, token } = response.json() as { jwt_token?: string; token?: string };
  const headers = { authorization: `Bearer ${registered ?? token}` };
  const me = await app.inject({ method: 'GET', url: '/api/users/current', headers });
  return { id: (me.json() as { id: number }).id, headers };
}

type Answer = { statusCode: number; body: string; ms?: number };

/** The answer of `fn` with its own wall time, for a case that prepares each request untimed. */
async function timed(fn: () => Promise<Answer>): Promise<Answer> {
  const started = performance.now();
  const response = await fn();
  return { statusCode: response.statusCode, body: response.body, ms: performance.now() - started };
}

/** Wall times of `count` calls of `fn` (after the warm-up), each checked to answer `status`. */
async function measure(count: number, fn: (i: number) => Promise<Answer>, status = 200) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + count; i += 1) {
    const started = performance.now();
    const response = await fn(i);
    const elapsed = response.ms ?? performance.now() - started;
    if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
    if (i >= WARM_UP) times.push(elapsed);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

try {
  const seedStarted = performance.now();
  const boss = await register('bench-admin@bench.example', 'Anna', 'Admin');
  const me = await register('bench-driver@bench.example', 'Tom', 'Fahrer');
  let betriebId: number;
  if (reused) {
    const [row] = ((await exec(sql`select min(id)::int as id from betriebe`)) as unknown as { rows: { id: number }[] })
      .rows;
    betriebId = row!.id;
  } else {
    await exec(sql`update users set mail_verified = true`);
    const founded = await app.inject({
      method: 'POST',
      url: '/api/betriebe',
      headers: boss.headers,
      payload: {
        name: 'Bench Bahn',
        depots: Array.from({ length: DEPOTS }, (_, i) => `Depot ${i + 1}`),
        consentVersion: CONSENT_VERSION,
      },
    });
    if (founded.statusCode !== 201) throw new Error(`found: ${founded.statusCode} ${founded.body}`);
    betriebId = (founded.json() as { id: number }).id;

    // Station codes of the data set: 300 pairs of distinct codes.
    const stations = (
      await app.inject({ method: 'GET', url: '/api/stations/all', headers: boss.headers })
    ).json() as StationList;
    const codes = stations.stations
      .map(([code]) => code)
      .filter((code) => /^[A-Z]{2,5}$/.test(code))
      .slice(0, 2 * PAIRS);
    // A table of its own (the pool's connections do not share temporary ones), dropped with the database.
    await exec(sql`create table bench_pairs as
      select i as n, (string_to_array(${codes.join(',')}, ','))[2 * i - 1] as a,
             (string_to_array(${codes.join(',')}, ','))[2 * i] as b
        from generate_series(1, ${PAIRS}) i`);

    await exec(sql`
      insert into users (email, password_hash, firstname, lastname, mail_verified)
      select 'driver' || i || '@bench.example', 'x', 'Vorname' || i, 'Nachname' || lpad(i::text, 5, '0'), true
        from generate_series(1, ${DRIVERS - 1}) i`);
    await exec(sql`
      insert into memberships (betrieb_id, user_id, role, depot_id, consent_version, consented_at)
      select ${betriebId}, u.id, 'driver',
             (select d.id from betrieb_depots d where d.betrieb_id = ${betriebId} order by d.id
               offset (u.id % ${DEPOTS + 1}) limit 1),
             ${CONSENT_VERSION}, now()
        from users u where u.email like 'driver%' or u.id = ${me.id}`);
    await exec(sql`
      insert into betrieb_requirements (betrieb_id, depot_id, start_station, end_station, company_route, line, from_km, to_km)
      select ${betriebId},
             case when p.n % 5 = 0 then (select d.id from betrieb_depots d where d.betrieb_id = ${betriebId}
                                          order by d.id offset (p.n / 5) % ${DEPOTS} limit 1) end,
             p.a, p.b, case when p.n % 5 = 1 then 'K' || p.n end,
             case when p.n % 5 = 2 then ${LINE_BASE} + p.n % ${LINES} end,
             case when p.n % 5 = 2 then (p.n % 7 + 1)::float8 end, case when p.n % 5 = 2 then (p.n % 7 + 9)::float8 end
        from bench_pairs p where p.n <= ${REQUIREMENTS}`);
    // Each driver's routes: pairs spread over all 300 (either direction); 1 in 8 carries only the Kürzel of its pair.
    await exec(sql`
      insert into routes (owner_id, name, company_route, start_point, end_point, start_station, end_station,
                          valid_until, last_driven, path)
      select m.user_id, 'Strecke ' || r,
             case when p.n % 5 = 1 and r % 8 = 0 then 'k' || p.n end,
             p.a, p.b,
             case when p.n % 5 = 1 and r % 8 = 0 then null when r % 2 = 0 then p.a else p.b end,
             case when p.n % 5 = 1 and r % 8 = 0 then null when r % 2 = 0 then p.b else p.a end,
             ${today}::date + ((m.user_id * 13 + r * 71) % 420 - 120),
             ${today}::date + ((m.user_id * 13 + r * 71) % 420 - 120) - 364,
             jsonb_build_object('km', 10, 'via', null, 'sections', jsonb_build_array(
               jsonb_build_object('line', ${LINE_BASE} + p.n % ${LINES}, 'fromKm', (p.n % 7)::float8,
                                  'toKm', (p.n % 7 + 10)::float8)))
        from memberships m cross join generate_series(1, ${ROUTES}) r
        join bench_pairs p on p.n = 1 + (m.user_id * 7 + r * 31) % ${PAIRS}
       where m.betrieb_id = ${betriebId} and m.role = 'driver'`);
    // The drives, with triggers off: the routes' kept validity is set above.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into route_activities (owner_id, acquired_at, acquired_until)
        select m.user_id, ${today}::date - (d * 3 % 700), ${today}::date - (d * 3 % 700) + 364
          from memberships m cross join generate_series(1, ${DRIVES}) d
         where m.betrieb_id = ${betriebId} and m.role = 'driver'`);
      await tx.execute(sql`
        insert into route_activity_routes (route_activity_id, route_id)
        select a.id, r.id
          from route_activities a
          join (select id, owner_id, row_number() over (partition by owner_id order by id) as n from routes) r
            on r.owner_id = a.owner_id and r.n = 1 + a.id % ${ROUTES}`);
    });
    await exec(sql`analyze`);
  }
  const counts = (
    (await exec(sql`select (select count(*) from routes)::int as routes,
      (select count(*) from route_activities)::int as drives,
      (select count(*) from betrieb_requirements)::int as requirements,
      (select count(*) from memberships where role = 'driver')::int as drivers`)) as unknown as {
      rows: { routes: number; drives: number; requirements: number; drivers: number }[];
    }
  ).rows[0]!;
  const seeded = (performance.now() - seedStarted) / 1000;

  const requirementIds = (
    (await exec(sql`select id, start_station, end_station from betrieb_requirements order by id`)) as unknown as {
      rows: { id: number; start_station: string; end_station: string }[];
    }
  ).rows;
  const pages = Math.ceil(counts.drivers / 50);
  const myRoutes = (
    (await exec(sql`select id from routes where owner_id = ${me.id} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => row.id);
  // A driver of no Betrieb with the same 50 routes: what a drive costs without coverage to keep.
  const solo = await register('bench-solo@bench.example', 'Sina', 'Solo');
  if (!reused) {
    await exec(sql`insert into routes (owner_id, name, company_route, start_point, end_point, start_station, end_station)
    select ${solo.id}, name, company_route, start_point, end_point, start_station, end_station
      from routes where owner_id = ${me.id}`);
  }
  const soloRoutes = (
    (await exec(sql`select id from routes where owner_id = ${solo.id} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => row.id);
  const get = (path: string, headers = boss.headers) => app.inject({ method: 'GET', url: path, headers });
  const base = `/api/betriebe/${betriebId}`;

  const routesOwn = await measure(SAMPLES, () => get('/api/routes', me.headers));
  /** A drive of three routes saved by `user` (201), as the documentation page sends it. */
  const saveDrive = (user: typeof me, ids: number[]) => (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/route_activities',
      headers: user.headers,
      payload: {
        acquiredAt: addDays(today, -(i % 300)),
        acquiredRoutes: [0, 1, 2].map((k) => `/api/routes/${ids[(i * 3 + k) % ids.length]}`),
      },
    });
  const soloDrive = await measure(SAMPLES, saveDrive(solo, soloRoutes), 201);
  // A requirement naming a line section, added and deleted again: its coverage over the Betrieb's 5,000 drivers is
  // computed in the insert's transaction (only the routes on its line are read, routes_path_idx).
  const pairsLeft = (
    (await exec(sql`select a, b from bench_pairs where n > ${REQUIREMENTS} order by n`)) as unknown as {
      rows: { a: string; b: string }[];
    }
  ).rows;
  const sectionAdded = await measure(
    Math.min(SAMPLES, pairsLeft.length - WARM_UP),
    async (i: number) => {
      const pair = pairsLeft[i % pairsLeft.length]!;
      const response = await timed(() =>
        app.inject({
          method: 'POST',
          url: `/api/betriebe/${betriebId}/requirements`,
          headers: boss.headers,
          payload: {
            startStation: pair.a,
            endStation: pair.b,
            section: { line: LINE_BASE + (i % LINES), fromKm: 1 + (i % 7), toKm: 9 + (i % 7) },
          },
        }),
      );
      const id = (JSON.parse(response.body) as { id: number }).id;
      await app.inject({
        method: 'DELETE',
        url: `/api/betriebe/${betriebId}/requirements/${id}`,
        headers: boss.headers,
      });
      return response;
    },
    201,
  );
  const memberDrive = await measure(SAMPLES, saveDrive(me, myRoutes), 201);
  const cases = [
    [
      'GET …/matrix (page of 50, by name)',
      'matrix',
      (i: number) => get(`${base}/matrix?page=${1 + ((i * 37) % pages)}`),
    ],
    [
      'GET …/matrix after a drive of a driver (cold)',
      'matrix',
      async (i: number) => {
        // A drive of the measured driver changes the inputs of the totals: this page computes them anew.
        const drive = await app.inject({
          method: 'POST',
          url: '/api/route_activities',
          headers: me.headers,
          payload: {
            acquiredAt: addDays(today, -(i % 300)),
            acquiredRoutes: [`/api/routes/${myRoutes[i % myRoutes.length]}`],
          },
        });
        if (drive.statusCode !== 201) throw new Error(`drive: ${drive.statusCode} ${drive.body}`);
        return timed(() => get(`${base}/matrix?page=${1 + ((i * 37) % pages)}`));
      },
    ],
    [
      'GET …/matrix (page of 50, by expiry)',
      'matrix',
      (i: number) => get(`${base}/matrix?sort=expiring&page=${1 + ((i * 37) % pages)}`),
    ],
    [
      'GET …/matrix (state=bald, by depot)',
      'matrix',
      (i: number) => get(`${base}/matrix?state=bald&sort=depot&page=${1 + (i % 20)}`),
    ],
    [
      'GET …/who-can-drive?requirement=',
      'whoCanDrive',
      (i: number) => get(`${base}/who-can-drive?requirement=${requirementIds[(i * 7) % REQUIREMENTS]!.id}`),
    ],
    [
      'GET …/who-can-drive?from=&to= (reversed)',
      'whoCanDrive',
      (i: number) => {
        const r = requirementIds[(i * 11) % REQUIREMENTS]!;
        return get(
          `${base}/who-can-drive?from=${encodeURIComponent(r.end_station)}&to=${encodeURIComponent(r.start_station)}` +
            `&date=${addDays(today, 30)}`,
        );
      },
    ],
  ] as const;

  const sample = (await get(`${base}/matrix`)).json() as Matrix;
  const who = (await get(`${base}/who-can-drive?requirement=${requirementIds[0]!.id}`)).json() as WhoCanDrive;
  console.info(
    `Betrieb on PostgreSQL: ${formatNumber(counts.drivers)} drivers, ${formatNumber(counts.routes)} routes, ` +
      `${formatNumber(counts.drives)} drives, ${counts.requirements} requirements (seeded in ${seeded.toFixed(0)} s); ` +
      `${SAMPLES} requests each, one at a time (app.inject), after ${WARM_UP} warm-up`,
  );
  console.info(
    `  a matrix page: ${sample.drivers.length} drivers × ${sample.requirements.length} requirements; ` +
      `first totals ${sample.totals[0]!.valid} von ${sample.totals[0]!.drivers}; who-can-drive: ${who.drivers.length} drivers`,
  );
  console.info(
    `  ${'GET /api/routes (the driver, 50 routes) = baseline'.padEnd(46)} p50 ${ms(routesOwn.p50)}  p95 ${ms(routesOwn.p95)}`,
  );
  console.info(
    `  ${'POST /api/route_activities (3 routes), no Betrieb'.padEnd(46)} p50 ${ms(soloDrive.p50)}  p95 ${ms(soloDrive.p95)}`,
  );
  console.info(
    `  ${'the same by a driver of the Betrieb (coverage kept)'.padEnd(46)} p50 ${ms(memberDrive.p50)}  p95 ${ms(memberDrive.p95)}` +
      `  = ${(memberDrive.p95 / soloDrive.p95).toFixed(1)}× the drive without coverage`,
  );
  console.info(
    `  ${'POST …/requirements naming a line section'.padEnd(46)} p50 ${ms(sectionAdded.p50)}  p95 ${ms(sectionAdded.p95)}` +
      `  (its coverage over all drivers, in the same transaction)`,
  );
  let met = true;
  for (const [label, target, fn] of cases) {
    const figures = await measure(SAMPLES, fn);
    const goal = TARGETS[target];
    const ok = figures.p95 < goal;
    met &&= ok;
    console.info(
      `  ${label.padEnd(46)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  = ${(figures.p95 / routesOwn.p95).toFixed(1)}× ` +
        `baseline p95; target p95 < ${goal} ms: ${ok ? 'met' : 'MISSED'}`,
    );
  }
  if (!met) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  // BENCH_BETRIEB_KEEP=1 keeps the database for EXPLAIN (its name is printed); drop it by hand afterwards.
  if (process.env.BENCH_BETRIEB_KEEP || reused) console.info(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
