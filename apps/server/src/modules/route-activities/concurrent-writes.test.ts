import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { createCaller } from '../../test/api.js';

let ctx: TestContext;
let alice: TestUser;
let routeIris: string[];

const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');

/** A small deterministic generator (mulberry32): the same rounds on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = generator(24);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** 3 to 5 of the routes, in a shuffled order (the order of the request body). */
function someRoutes(): string[] {
  const shuffled = [...routeIris].sort(() => random() - 0.5);
  return shuffled.slice(0, 3 + Math.floor(random() * 3));
}

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app);
  routeIris = [];
  for (let i = 0; i < 6; i++) {
    const response = await call('POST', '/api/routes', alice, { name: `Strecke ${i}`, startPoint: 'A', endPoint: 'B' });
    expect(response.statusCode, response.body).toBe(201);
    routeIris.push(`/api/routes/${(response.json() as Route).id}`);
  }
});
afterAll(async () => ctx.close());

describe('concurrent writes over overlapping routes', () => {
  it('answers every one of 16 parallel writers per round with 2xx (creates, patches and deletes)', async () => {
    const statuses = new Map<string, number[]>();
    const note = (what: string, status: number) => {
      statuses.set(what, [...(statuses.get(what) ?? []), status]);
    };
    let previous: RouteActivity[] = [];

    for (let round = 0; round < 8; round++) {
      const writes: Promise<void>[] = [];
      const created: RouteActivity[] = [];
      for (let writer = 0; writer < 16; writer++) {
        writes.push(
          call('POST', '/api/route_activities', alice, {
            acquiredAt: addDays(today, -Math.floor(random() * 300)),
            acquiredRoutes: someRoutes(),
          }).then((response) => {
            note('POST /api/route_activities', response.statusCode);
            if (response.statusCode === 201) created.push(response.json() as RouteActivity);
          }),
        );
      }
      // The activities of the round before: half get other routes and dates, half are deleted.
      previous.forEach((activity, index) => {
        const url = `/api/route_activities/${activity.id}`;
        const acquiredAt = addDays(today, -Math.floor(random() * 300));
        writes.push(
          index % 2 === 0
            ? ctx.app
                .inject({
                  method: 'PATCH',
                  url,
                  headers: mergePatchHeaders(alice),
                  payload: { acquiredAt, acquiredUntil: addDays(acquiredAt, 182), acquiredRoutes: someRoutes() },
                })
                .then((response) => note('PATCH /api/route_activities/{id}', response.statusCode))
            : call('DELETE', url, alice).then((response) =>
                note('DELETE /api/route_activities/{id}', response.statusCode),
              ),
        );
      });
      for (let patch = 0; patch < 4; patch++) {
        writes.push(
          ctx.app
            .inject({
              method: 'PATCH',
              url: pick(routeIris),
              headers: mergePatchHeaders(alice),
              payload: { name: `Strecke ${round}.${patch}`, validityDays: pick([null, 182, 364]) },
            })
            .then((response) => note('PATCH /api/routes/{id}', response.statusCode)),
        );
      }
      await Promise.all(writes);
      previous = created;
    }

    const failed = [...statuses].flatMap(([what, codes]) =>
      codes.filter((code) => code < 200 || code >= 300).map((code) => `${what} → ${code}`),
    );
    expect(failed).toEqual([]);
    expect(statuses.get('POST /api/route_activities')).toHaveLength(8 * 16);
  }, 180_000); // 272 writes: on PGlite one after the other, minutes on a loaded CI machine

  it('links routes and tours from both ends at once without a 500 (a tour’s routes are the routes’ tours)', async () => {
    const tourIris: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call('POST', '/api/tours', alice, {
        name: `Tour ${i}`,
        routes: routeIris.slice(i, i + 2),
      });
      expect(response.statusCode, response.body).toBe(201);
      tourIris.push(`/api/tours/${(response.json() as { id: number }).id}`);
    }
    const failed: string[] = [];
    for (let round = 0; round < 6; round++) {
      const writes = [
        ...routeIris.map((url) => ({ url, payload: { tours: [...tourIris].sort(() => random() - 0.5) } })),
        ...tourIris.map((url) => ({ url, payload: { routes: [...routeIris].sort(() => random() - 0.5) } })),
      ].map(({ url, payload }) =>
        ctx.app.inject({ method: 'PATCH', url, headers: mergePatchHeaders(alice), payload }).then((response) => {
          if (response.statusCode !== 200) failed.push(`PATCH ${url} → ${response.statusCode}`);
        }),
      );
      await Promise.all(writes);
    }
    expect(failed).toEqual([]);
  }, 120_000);

  // A real deadlock needs a second connection: PostgreSQL only (PGlite has one connection and cannot deadlock).
  it.skipIf(!process.env.DATABASE_URL)(
    'runs a write again that PostgreSQL aborted as a deadlock victim, and answers it once (201, one record, one key)',
    async () => {
      const [first, second] = await Promise.all(
        [0, 1].map(async (i) => {
          const response = await call('POST', '/api/routes', alice, {
            name: `Sperre ${i}`,
            startPoint: 'A',
            endPoint: 'B',
          });
          return (response.json() as Route).id;
        }),
      );
      const [low, high] = [first, second].sort((a, b) => (a as number) - (b as number)) as [number, number];
      const url = ctx.db.url as string;
      const other = new pg.Client({ connectionString: url });
      const monitor = new pg.Client({ connectionString: url });
      await Promise.all([other.connect(), monitor.connect()]);
      const version = async () =>
        Number(
          (await monitor.query('select version from data_versions where user_id = $1', [alice.id])).rows[0]?.version ??
            0,
        );
      const before = await version();
      try {
        // Another transaction holds the higher route; the write locks the lower one and waits for the higher one.
        const otherPid = (await other.query('select pg_backend_pid() as pid')).rows[0].pid as number;
        await other.query('begin');
        await other.query('select id from routes where id = $1 for no key update', [high]);
        const answer = ctx.app.inject({
          method: 'POST',
          url: '/api/route_activities',
          headers: { ...alice.headers, 'idempotency-key': 'deadlock-victim' },
          payload: { acquiredAt: today, acquiredRoutes: [`/api/routes/${high}`, `/api/routes/${low}`] },
        });
        for (let waited = 0; ; waited += 10) {
          const { rows } = await monitor.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
            [otherPid],
          );
          if (rows[0].n === 1) break;
          if (waited > 10_000) throw new Error('the write never waited for the route');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // Now the other transaction wants the lower route: a cycle. The write waited first, so its deadlock check
        // (deadlock_timeout after it began to wait) finds the cycle and aborts the write, not this transaction.
        await other.query('select id from routes where id = $1 for no key update', [low]);
        await other.query('commit');

        const response = await answer;
        expect(response.statusCode, response.body).toBe(201);
        const activity = response.json() as RouteActivity;
        expect(activity.acquiredRoutes).toEqual([`/api/routes/${low}`, `/api/routes/${high}`]);
        const replay = await ctx.app.inject({
          method: 'POST',
          url: '/api/route_activities',
          headers: { ...alice.headers, 'idempotency-key': 'deadlock-victim' },
          payload: { acquiredAt: today, acquiredRoutes: [`/api/routes/${high}`, `/api/routes/${low}`] },
        });
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json()).toEqual(activity);
        const stored = await monitor.query(
          `select count(*)::int as n from route_activities ra
             join route_activity_routes rar on rar.route_activity_id = ra.id
            where ra.owner_id = $1 and rar.route_id = any($2::int[])`,
          [alice.id, [low, high]],
        );
        expect(stored.rows[0].n).toBe(2);
        const keys = await monitor.query('select status_code from idempotency_keys where user_id = $1 and key = $2', [
          alice.id,
          'deadlock-victim',
        ]);
        expect(keys.rows).toEqual([{ status_code: 201 }]);
        // The aborted run's bump of the data version was rolled back with it.
        expect(await version()).toBe(before + 1);
      } finally {
        await other.query('rollback').catch(() => {});
        await Promise.all([other.end(), monitor.end()]);
      }
    },
  );
});
