import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { formatDate } from '@streckenpass/contract/format';
import type { HistoryEntry } from '@streckenpass/contract/history';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import { createCaller } from '../test/api.js';
import { seedAccount } from '../test/account-data.js';
import { createRoute, createTour, createVehicle, routeIri, vehicleIri } from '../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

/**
 * Issue 27, part 1: every write path leaves exactly one history entry per record it creates, changes or deletes, in
 * the write's own transaction (a failed write leaves none), and nothing can change or delete an entry.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
  bob = await registerUser(ctx.app, { firstname: 'Bob' });
});
afterAll(async () => ctx.close());

interface Row {
  kind: string;
  record_id: number;
  action: string;
  channel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.app.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The user's history rows in the order they were written. */
const rowsOf = (user: TestUser) =>
  query<Row>(
    sql`select kind, record_id, action, channel, before, after from record_history where owner_id = ${user.id} order by id`,
  );

/** What a block of work added to the user's history. */
async function written(user: TestUser, work: () => Promise<unknown>): Promise<Row[]> {
  const before = (await rowsOf(user)).length;
  await work();
  return (await rowsOf(user)).slice(before);
}

const send = (
  method: 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  user: TestUser,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      ...user.headers,
      ...headers,
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const get = async <T>(url: string, user: TestUser) => {
  const response = await call('GET', url, user);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};

const today = todayIn('Europe/Berlin');

/** A valid create body, a patch and the kind's path, for each kind (references made through the API). */
async function kinds(user: TestUser) {
  const route = await createRoute(ctx.app, user);
  const second = await createRoute(ctx.app, user);
  const vehicle = await createVehicle(ctx.app, user);
  const drive = (
    await send('POST', '/api/route_activities', user, { acquiredAt: today, acquiredRoutes: [routeIri(route.id)] })
  ).json() as { id: number };
  return [
    { kind: 'routes', body: { name: 'Würzburg – Fürth', startPoint: 'A', endPoint: 'B' }, patch: { name: 'Neu' } },
    {
      kind: 'tours',
      body: { name: 'Maintal', routes: [routeIri(route.id), routeIri(second.id)] },
      patch: { name: 'Spessart' },
    },
    { kind: 'vehicles', body: { name: 'BR 218' }, patch: { validityDays: 30 } },
    {
      kind: 'route_activities',
      body: { acquiredAt: addDays(today, -3), acquiredRoutes: [routeIri(route.id)] },
      patch: { acquiredUntil: addDays(today, 10) },
    },
    {
      kind: 'vehicle_activities',
      body: { routeActivity: `/api/route_activities/${drive.id}`, acquiredVehicles: [vehicleIri(vehicle.id)] },
      patch: { acquiredVehicles: [vehicleIri((await createVehicle(ctx.app, user)).id)] },
    },
  ] as const;
}

describe('writes through the API (every kind)', () => {
  it('leaves one entry per create, change and delete, with the API shape before and after', async () => {
    for (const { kind, body, patch } of await kinds(alice)) {
      const path = `/api/${kind}`;
      let created: { id: number } & Record<string, unknown> = { id: 0 };
      const onCreate = await written(alice, async () => {
        const response = await send('POST', path, alice, body);
        expect(response.statusCode, response.body).toBe(201);
        created = response.json();
      });
      expect(onCreate, kind).toEqual([
        { kind, record_id: created.id, action: 'create', channel: 'api', before: null, after: created },
      ]);

      let patched: Record<string, unknown> = {};
      const onPatch = await written(alice, async () => {
        const response = await send('PATCH', `${path}/${created.id}`, alice, patch);
        expect(response.statusCode, response.body).toBe(200);
        patched = response.json();
      });
      expect(onPatch, kind).toEqual([
        { kind, record_id: created.id, action: 'update', channel: 'api', before: created, after: patched },
      ]);

      const onDelete = await written(alice, async () => {
        expect((await send('DELETE', `${path}/${created.id}`, alice)).statusCode).toBe(204);
      });
      expect(onDelete, kind).toEqual([
        { kind, record_id: created.id, action: 'delete', channel: 'api', before: patched, after: null },
      ]);
    }
  });

  it('leaves no entry for a patch that changes nothing (empty, or the values the record has)', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Unverändert' });
    const rows = await written(alice, async () => {
      expect((await send('PATCH', `/api/routes/${route.id}`, alice, {})).statusCode).toBe(200);
      expect((await send('PATCH', `/api/routes/${route.id}`, alice, { name: 'Unverändert' })).statusCode).toBe(200);
    });
    expect(rows).toEqual([]);
  });

  it('writes a delete entry for each vehicle activity that goes with its drive', async () => {
    const route = await createRoute(ctx.app, alice);
    const drive = (
      await send('POST', '/api/route_activities', alice, { acquiredAt: today, acquiredRoutes: [routeIri(route.id)] })
    ).json() as { id: number };
    const entry = (
      await send('POST', '/api/vehicle_activities', alice, {
        routeActivity: `/api/route_activities/${drive.id}`,
        acquiredVehicles: [vehicleIri((await createVehicle(ctx.app, alice)).id)],
      })
    ).json() as { id: number };
    const driveBefore = await get<Record<string, unknown>>(`/api/route_activities/${drive.id}`, alice);
    const rows = await written(alice, async () => {
      expect((await send('DELETE', `/api/route_activities/${drive.id}`, alice)).statusCode).toBe(204);
    });
    expect(rows).toEqual([
      {
        kind: 'route_activities',
        record_id: drive.id,
        action: 'delete',
        channel: 'api',
        before: driveBefore,
        after: null,
      },
      { kind: 'vehicle_activities', record_id: entry.id, action: 'delete', channel: 'api', before: entry, after: null },
    ]);
  });

  it('names the channel the web app sends: quick record and outbox; anything else is the API', async () => {
    const route = await createRoute(ctx.app, alice);
    const body = { acquiredAt: today, acquiredRoutes: [routeIri(route.id)] };
    const channels: string[] = [];
    for (const header of ['quick', 'outbox', 'import', 'restore', 'QUICK', 'irgendwas', '']) {
      const rows = await written(alice, async () => {
        const response = await send('POST', '/api/route_activities', alice, body, {
          'x-streckenpass-channel': header,
        });
        expect(response.statusCode).toBe(201);
      });
      expect(rows).toHaveLength(1);
      channels.push(rows[0]!.channel);
    }
    expect(channels).toEqual(['quick', 'outbox', 'api', 'api', 'api', 'api', 'api']);
    // Changes and deletes carry it too (the undo of a quick record is a delete of the API).
    const rows = await written(alice, async () => {
      const patch = await send(
        'PATCH',
        `/api/routes/${route.id}`,
        alice,
        { name: 'Offline umbenannt' },
        {
          'x-streckenpass-channel': 'outbox',
        },
      );
      expect(patch.statusCode).toBe(200);
    });
    expect(rows.map((row) => [row.action, row.channel])).toEqual([['update', 'outbox']]);
  });

  it('records a drive saved with an Idempotency-Key once, however often the outbox sends it', async () => {
    const route = await createRoute(ctx.app, alice);
    const body = { acquiredAt: today, acquiredRoutes: [routeIri(route.id)] };
    const headers = { 'x-streckenpass-channel': 'outbox', 'idempotency-key': 'history-outbox-1' };
    const rows = await written(alice, async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await send('POST', '/api/route_activities', alice, body, headers)).statusCode).toBe(201);
      }
    });
    expect(rows.map((row) => [row.kind, row.action, row.channel])).toEqual([['route_activities', 'create', 'outbox']]);
  });
});

describe('a failed write leaves no entry', () => {
  it('refused before anything is written (400, 403, 422)', async () => {
    const route = await createRoute(ctx.app, alice);
    const foreign = await createRoute(ctx.app, bob);
    const rows = await written(alice, async () => {
      // Unknown field, a date in the future, a route of another user, a patch breaking the date rule.
      expect(
        (await send('POST', '/api/routes', alice, { name: 'X', startPoint: 'A', endPoint: 'B', farbe: 1 })).statusCode,
      ).toBe(400);
      const future = { acquiredAt: addDays(today, 2), acquiredRoutes: [routeIri(route.id)] };
      expect((await send('POST', '/api/route_activities', alice, future)).statusCode).toBe(422);
      const foreignRoute = { acquiredAt: today, acquiredRoutes: [routeIri(foreign.id)] };
      expect((await send('POST', '/api/route_activities', alice, foreignRoute)).statusCode).toBe(403);
      const drive = (
        await send('POST', '/api/route_activities', bob, { acquiredAt: today, acquiredRoutes: [routeIri(foreign.id)] })
      ).json() as { id: number };
      expect(
        (await send('PATCH', `/api/route_activities/${drive.id}`, alice, { acquiredUntil: today })).statusCode,
      ).toBe(403);
      expect((await send('DELETE', `/api/routes/${foreign.id}`, alice)).statusCode).toBe(403);
    });
    expect(rows).toEqual([]);
  });

  it('refused after the insert (the account’s quota, 422): the insert and its entry are rolled back together', async () => {
    const carol = await registerUser(ctx.app);
    await ctx.app.db.execute(
      sql`insert into vehicles (owner_id, name) select ${carol.id}, 'Lok ' || g from generate_series(1, ${LIMITS.vehiclesPerAccount}) g`,
    );
    const rows = await written(carol, async () => {
      const response = await send('POST', '/api/vehicles', carol, { name: 'Eine zu viel' });
      expect(response.statusCode, response.body).toBe(422);
    });
    expect(rows).toEqual([]);
    expect(await get<unknown[]>('/api/vehicles', carol)).toHaveLength(LIMITS.vehiclesPerAccount);
  });

  it('rolled back by an error after the entry was appended: the entry shares the write’s transaction', async () => {
    const rows = await written(alice, async () => {
      await expect(
        ctx.app.db.transaction(async (tx) => {
          await ctx.app.vehiclesRepository.create(alice.id, { name: 'Nie gespeichert' }, { tx });
          // Inside the transaction the entry is there …
          const inside = (await tx.execute(
            sql`select count(*)::integer as n from record_history where owner_id = ${alice.id} and after->>'name' = 'Nie gespeichert'`,
          )) as unknown as { rows: { n: number }[] };
          expect(inside.rows[0]!.n).toBe(1);
          throw new Error('nach dem Schreiben');
        }),
      ).rejects.toThrow('nach dem Schreiben');
    });
    // … and with the rollback it is gone, with the vehicle.
    expect(rows).toEqual([]);
    expect(JSON.stringify(await get('/api/vehicles', alice))).not.toContain('Nie gespeichert');
  });
});

describe('the CSV import and the restore of a backup', () => {
  const csv = (lines: string[]) => ['Strecke;Start;Ende;Gefahren am;Fahrzeuge', ...lines].join('\r\n') + '\r\n';
  const importCsv = (user: TestUser, body: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/import/csv',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: body,
    });

  it('an import writes one create entry per record it adds (channel import), and nothing when it adds nothing', async () => {
    const dave = await registerUser(ctx.app);
    const day = addDays(today, -30);
    const german = day.split('-').reverse().join('.');
    const file = csv([`Würzburg – Fürth;NWH;NF;${german};BR 218`, `Gemünden – Lohr;NGM;NLR;${german};BR 218`]);
    const rows = await written(dave, async () => {
      const response = await importCsv(dave, file);
      expect(response.statusCode, response.body).toBe(200);
    });
    const counts = rows.reduce<Record<string, number>>(
      (sum, row) => ({ ...sum, [row.kind]: (sum[row.kind] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ routes: 2, vehicles: 1, route_activities: 1, vehicle_activities: 1 });
    expect(new Set(rows.map((row) => `${row.action}/${row.channel}`))).toEqual(new Set(['create/import']));
    // Each entry holds the record as the API answers it, and no record has two entries.
    const drives = await get<Record<string, unknown>[]>('/api/route_activities', dave);
    // (The drive's entry is of the drive as inserted: its vehicle activity came in the next section. A link written
    // from the other end is that record's entry, docs/decisions/0042.)
    expect(rows.find((row) => row.kind === 'route_activities')!.after).toEqual({ ...drives[0], vehicleActivities: [] });
    expect(drives[0]).toMatchObject({ imported: true, recordedAt: expect.any(String) });
    expect(new Set(rows.map((row) => `${row.kind}/${row.record_id}`)).size).toBe(rows.length);

    expect(await written(dave, () => importCsv(dave, file))).toEqual([]);
  });

  it('an import that is refused (too many vehicles) leaves no entry', async () => {
    const erin = await registerUser(ctx.app);
    await ctx.app.db.execute(
      sql`insert into vehicles (owner_id, name) select ${erin.id}, 'Lok ' || g from generate_series(1, ${LIMITS.vehiclesPerAccount}) g`,
    );
    const rows = await written(erin, async () => {
      const response = await importCsv(
        erin,
        csv([`Neue Strecke;A;B;${today.split('-').reverse().join('.')};Neue Lok`]),
      );
      expect(response.statusCode, response.body).toBe(422);
    });
    expect(rows).toEqual([]);
  });

  it('a restore writes one create entry per record it adds and one update entry per record it merges into', async () => {
    const source = await registerUser(ctx.app);
    await seedAccount(ctx.app, source);
    const backup = (await call('GET', '/api/backup', source)).json() as Backup;
    const target = await registerUser(ctx.app);
    // Already there: the tour with one of its two routes, so that the restore adds the other route to it.
    const route = await createRoute(ctx.app, target, {
      name: 'Würzburg – Fürth',
      companyRoute: 'K1',
      startPoint: 'NWH',
      endPoint: 'NF',
    });
    const other = await createRoute(ctx.app, target, { name: 'Anders' });
    const tour = await createTour(ctx.app, target, [routeIri(route.id), routeIri(other.id)], 'Maintal');

    const rows = await written(target, async () => {
      const response = await call('POST', '/api/backup/restore', target, backup);
      expect(response.statusCode, response.body).toBe(200);
    });
    const created = rows.filter((row) => row.action === 'create');
    const counts = created.reduce<Record<string, number>>(
      (sum, row) => ({ ...sum, [row.kind]: (sum[row.kind] ?? 0) + 1 }),
      {},
    );
    // seedAccount: 3 routes (one already there), 1 tour (there), 2 vehicles, 2 drives, 1 vehicle activity.
    expect(counts).toEqual({ routes: 2, vehicles: 2, route_activities: 2, vehicle_activities: 1 });
    expect(new Set(rows.map((row) => row.channel))).toEqual(new Set(['restore']));
    const updates = rows.filter((row) => row.action === 'update');
    // The tour gains a route; the existing route gains its station links.
    expect(updates.map((row) => `${row.kind}/${row.record_id}`).sort()).toEqual(
      [`routes/${route.id}`, `tours/${tour.id}`].sort(),
    );
    const tourUpdate = updates.find((row) => row.kind === 'tours')!;
    expect(tourUpdate.before).toEqual(tour);
    expect(tourUpdate.after).toEqual(await get(`/api/tours/${tour.id}`, target));
    // Restored drives are recorded now and marked imported: an unsigned document proves no earlier time.
    for (const drive of await get<{ imported: boolean }[]>('/api/route_activities', target)) {
      expect(drive.imported).toBe(true);
    }

    expect(await written(target, () => call('POST', '/api/backup/restore', target, backup))).toEqual([]);
  });
});

describe('GET /api/{kind}/{id}/history', () => {
  it('answers the record’s entries newest first, with the fields a change changed', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Verlauf' });
    await send('PATCH', `/api/routes/${route.id}`, alice, { name: 'Verlauf 2', validityDays: 90 });
    await send(
      'PATCH',
      `/api/routes/${route.id}`,
      alice,
      { companyRoute: 'K9' },
      { 'x-streckenpass-channel': 'quick' },
    );
    const history = await get<HistoryEntry[]>(`/api/routes/${route.id}/history`, alice);
    expect(history).toEqual([
      {
        at: expect.any(String),
        action: 'update',
        channel: 'quick',
        changes: ['companyRoute'],
        fieldChanges: [{ field: 'companyRoute', label: 'Kürzel', from: '–', to: 'K9' }],
      },
      {
        at: expect.any(String),
        action: 'update',
        channel: 'api',
        changes: ['name', 'validityDays'],
        fieldChanges: [
          { field: 'name', label: 'Name', from: 'Verlauf', to: 'Verlauf 2' },
          { field: 'validityDays', label: 'Gültigkeitsregel', from: 'wie im Konto', to: '90 Tage' },
        ],
      },
      { at: expect.any(String), action: 'create', channel: 'api', changes: [], fieldChanges: [] },
    ]);
    expect(Date.parse(history[2]!.at)).toBeLessThanOrEqual(Date.parse(history[0]!.at));
  });

  it('answers a moved drive with its old and new dates, and its routes by name (also one deleted since)', async () => {
    const first = await createRoute(ctx.app, alice, { name: 'Würzburg – Fürth' });
    const second = await createRoute(ctx.app, alice, { name: 'Lohr – Gemünden' });
    const created = await send('POST', '/api/route_activities', alice, {
      acquiredAt: '2026-08-03',
      acquiredRoutes: [routeIri(first.id)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const drive = created.json() as { id: number; acquiredUntil: string };
    const moved = await send('PATCH', `/api/route_activities/${drive.id}`, alice, {
      acquiredAt: '2026-08-05',
      acquiredUntil: '2027-08-04',
      acquiredRoutes: [routeIri(second.id)],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await send('DELETE', `/api/routes/${first.id}`, alice)).statusCode).toBe(204);
    const [change] = await get<HistoryEntry[]>(`/api/route_activities/${drive.id}/history`, alice);
    expect(change!.fieldChanges).toEqual([
      { field: 'acquiredAt', label: 'Gefahren am', from: '03.08.2026', to: '05.08.2026' },
      { field: 'acquiredUntil', label: 'Gültig bis', from: formatDate(drive.acquiredUntil), to: '04.08.2027' },
      { field: 'acquiredRoutes', label: 'Strecken', from: 'Würzburg – Fürth', to: 'Lohr – Gemünden' },
    ]);
  });

  it('answers the owner the history of a record they deleted, ending with the delete', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Bald gelöscht' });
    await send('PATCH', `/api/routes/${route.id}`, alice, { name: 'Gleich gelöscht' });
    expect((await send('DELETE', `/api/routes/${route.id}`, alice)).statusCode).toBe(204);
    const history = await get<HistoryEntry[]>(`/api/routes/${route.id}/history`, alice);
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1]!.fieldChanges).toEqual([
      { field: 'name', label: 'Name', from: 'Bald gelöscht', to: 'Gleich gelöscht' },
    ]);
    // Nobody else: the record no longer exists, so another user gets the 404 of a record that is none of theirs.
    const foreign = await call('GET', `/api/routes/${route.id}/history`, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('gelöscht');
  });

  it('answers every kind of record', async () => {
    for (const { kind, body } of await kinds(alice)) {
      const created = (await send('POST', `/api/${kind}`, alice, body)).json() as { id: number };
      const history = await get<HistoryEntry[]>(`/api/${kind}/${created.id}/history`, alice);
      expect(
        history.map((entry) => entry.action),
        kind,
      ).toEqual(['create']);
    }
  });

  it('answers an empty history for a record stored before history began', async () => {
    const [row] = await query<{ id: number }>(
      sql`insert into routes (owner_id, name, start_point, end_point) values (${alice.id}, 'Alt', 'A', 'B') returning id`,
    );
    expect(await get(`/api/routes/${row!.id}/history`, alice)).toEqual([]);
  });

  it('answers 401 without a token, 403 for another user’s record, 404 for none, and another user 404 for a deleted one', async () => {
    const route = await createRoute(ctx.app, alice, { name: 'Geheimer Verlauf' });
    expect((await call('GET', `/api/routes/${route.id}/history`)).statusCode).toBe(401);
    const foreign = await call('GET', `/api/routes/${route.id}/history`, bob);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Geheimer');
    expect(foreign.body).not.toContain('create');
    for (const id of ['987654', '2147483648', '0x1', 'abc']) {
      const response = await call('GET', `/api/routes/${id}/history`, alice);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Strecke nicht gefunden.' });
    }
    await send('DELETE', `/api/routes/${route.id}`, alice);
    expect((await call('GET', `/api/routes/${route.id}/history`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/routes/${route.id}/history`, bob)).statusCode).toBe(404);
  });
});

describe('nothing changes or deletes the history', () => {
  it('has no route that writes it: PATCH, PUT, POST and DELETE on a history answer 404 and change nothing', async () => {
    const route = await createRoute(ctx.app, alice);
    const before = await rowsOf(alice);
    for (const method of ['PATCH', 'PUT', 'POST', 'DELETE'] as const) {
      const response = await send(
        method,
        `/api/routes/${route.id}/history`,
        alice,
        method === 'DELETE' ? undefined : [],
      );
      expect([404, 405], `${method}: ${response.statusCode}`).toContain(response.statusCode);
    }
    expect(await rowsOf(alice)).toEqual(before);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const historyPaths = Object.entries(doc.paths).filter(([path]) => path.includes('history'));
    expect(historyPaths.map(([path]) => path).sort()).toEqual(
      ['routes', 'tours', 'vehicles', 'route_activities', 'vehicle_activities']
        .map((kind) => `/api/${kind}/{id}/history`)
        .sort(),
    );
    for (const [path, operations] of historyPaths) expect(Object.keys(operations), path).toEqual(['get']);
  });

  it('takes no history or recording fields from a record’s body (mass assignment): refused, nothing written', async () => {
    const route = await createRoute(ctx.app, alice);
    const drive = (
      await send('POST', '/api/route_activities', alice, { acquiredAt: today, acquiredRoutes: [routeIri(route.id)] })
    ).json() as { id: number; recordedAt: string; imported: boolean };
    const before = await rowsOf(alice);
    const forged = [
      { recordedAt: '2020-01-01T00:00:00Z' },
      { recordedAt: null },
      { imported: true },
      { history: [] },
      { channel: 'import' },
    ];
    for (const fields of forged) {
      const created = await send('POST', '/api/route_activities', alice, {
        acquiredAt: addDays(today, -20),
        acquiredRoutes: [routeIri(route.id)],
        ...fields,
      });
      expect(created.statusCode, JSON.stringify(fields)).toBe(400);
      const patched = await send('PATCH', `/api/route_activities/${drive.id}`, alice, fields);
      expect(patched.statusCode, JSON.stringify(fields)).toBe(400);
      const routePatch = await send('PATCH', `/api/routes/${route.id}`, alice, fields);
      expect(routePatch.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(await rowsOf(alice)).toEqual(before);
    expect(await get(`/api/route_activities/${drive.id}`, alice)).toMatchObject({
      recordedAt: drive.recordedAt,
      imported: false,
    });
  });

  it('is refused by the database: no UPDATE, no DELETE of an entry while its account exists', async () => {
    await createRoute(ctx.app, alice);
    const count = async () =>
      (
        await query<{ n: number }>(sql`select count(*)::integer as n from record_history where owner_id = ${alice.id}`)
      )[0]!.n;
    const n = await count();
    expect(n).toBeGreaterThan(0);
    await expect(
      ctx.app.db.execute(sql`update record_history set channel = 'api' where owner_id = ${alice.id}`),
    ).rejects.toThrow();
    await expect(ctx.app.db.execute(sql`delete from record_history where owner_id = ${alice.id}`)).rejects.toThrow();
    await expect(
      ctx.app.db.execute(sql`delete from record_history where id = (select min(id) from record_history)`),
    ).rejects.toThrow();
    expect(await count()).toBe(n);
  });

  it('goes with the account: deleting it removes its entries, and nobody else’s', async () => {
    const frank = await registerUser(ctx.app);
    await seedAccount(ctx.app, frank);
    const count = async (user: TestUser) =>
      (
        await query<{ n: number }>(sql`select count(*)::integer as n from record_history where owner_id = ${user.id}`)
      )[0]!.n;
    expect(await count(frank)).toBeGreaterThan(5);
    const others = await count(alice);
    const response = await call('POST', '/api/users/delete-account', frank, {
      password: frank.password,
      confirmation: 'KONTO LÖSCHEN',
    });
    expect(response.statusCode).toBe(200);
    expect(await count(frank)).toBe(0);
    expect(await count(alice)).toBe(others);
  });
});
