import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../test/helpers.js';
import { describeOwnedRecordKind } from '../test/owned-record-suite.js';
import { createThrowawayTables, depotsModule } from '../test/throwaway-kind.repository.js';

/*
 * A kind of owned record added from its declaration alone (issue 39): the throwaway depots of
 * test/throwaway-kind.repository.ts, in an app built with their module and their tables created in the test database.
 * The shared suite proves list, create, read, patch, delete and the isolation between accounts (403/404); the tests
 * below the backup round trip and the history, which the kind gets without a line of its own.
 */

async function buildWithDepots(): Promise<TestContext> {
  const ctx = await buildTestApp({}, undefined, { modules: [depotsModule] });
  await createThrowawayTables(ctx.app.db);
  return ctx;
}

async function createVehicle(ctx: TestContext, user: TestUser, name: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: user.headers,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return `/api/vehicles/${(response.json() as { id: number }).id}`;
}

describeOwnedRecordKind({
  path: '/api/depots',
  what: 'Depot',
  build: buildWithDepots,
  create: async (app, user) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/depots',
      headers: user.headers,
      payload: { name: 'Betriebshof Nord' },
    });
    return { id: (response.json() as { id: number }).id, text: 'Betriebshof Nord' };
  },
  body: async () => ({ name: 'Betriebshof Süd' }),
  patch: { name: 'Betriebshof West' },
  invalid: { 400: [{ colour: 'rot' }, { name: 7 }], 422: [{ name: '' }, { vehicles: ['/api/vehicles/987654'] }] },
});

describe('a throwaway record kind, declared once', () => {
  let ctx: TestContext;
  let alice: TestUser;
  beforeAll(async () => {
    ctx = await buildWithDepots();
    alice = await registerUser(ctx.app, { firstname: 'Alice' });
  });
  afterAll(async () => ctx.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('links its records to another kind, refuses over its quota and writes its history', async () => {
    const vehicle = await createVehicle(ctx, alice, 'BR 146');
    const created = await send('POST', '/api/depots', alice, { name: 'Depot Ost', vehicles: [vehicle] });
    expect(created.statusCode, created.body).toBe(201);
    const depot = created.json() as { id: number; vehicles: string[]; owner: string };
    expect(depot).toMatchObject({ name: 'Depot Ost', vehicles: [vehicle], owner: alice.iri });

    const patched = await send('PATCH', `/api/depots/${depot.id}`, alice, { name: 'Depot Ost 2' });
    expect(patched.statusCode, patched.body).toBe(200);
    const history = (await send('GET', `/api/depots/${depot.id}/history`, alice)).json() as {
      action: string;
      channel: string;
      changes?: string[];
    }[];
    expect(history.map((entry) => [entry.action, entry.channel])).toEqual([
      ['update', 'api'],
      ['create', 'api'],
    ]);
    expect(history[0]?.changes).toEqual(['name']);

    // Its declared quota (3 per account) holds like every kind's.
    for (const name of ['Zwei', 'Drei'])
      expect((await send('POST', '/api/depots', alice, { name })).statusCode).toBe(201);
    const over = await send('POST', '/api/depots', alice, { name: 'Vier' });
    expect(over.statusCode).toBe(422);
    expect(over.body).toContain('höchstens 3 Depots');
  });

  it('travels in the backup: restored into another account with its links, once', async () => {
    const backup = await send('GET', '/api/backup', alice);
    expect(backup.statusCode).toBe(200);
    const document = backup.json() as { depots: { name: string; vehicles: number[] }[]; vehicles: { ref: number }[] };
    expect(document.depots.map((depot) => depot.name).sort()).toEqual(['Depot Ost 2', 'Drei', 'Zwei']);

    const carol = await registerUser(ctx.app, { firstname: 'Carol' });
    const preview = await send('POST', '/api/backup/preview', carol, document);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(
      (preview.json() as { sections: { section: string; label: string; added: number }[] }).sections,
    ).toContainEqual(expect.objectContaining({ section: 'depots', label: 'Depots', added: 3 }));
    const restored = await send('POST', '/api/backup/restore', carol, document);
    expect(restored.statusCode, restored.body).toBe(200);

    const [vehicle] = (await send('GET', '/api/vehicles', carol)).json() as { id: number }[];
    const depots = (await send('GET', '/api/depots', carol)).json() as {
      id: number;
      name: string;
      vehicles: string[];
    }[];
    expect(depots.find((depot) => depot.name === 'Depot Ost 2')?.vehicles).toEqual([`/api/vehicles/${vehicle!.id}`]);
    const history = (await send('GET', `/api/depots/${depots[0]!.id}/history`, carol)).json() as { channel: string }[];
    expect(history.map((entry) => entry.channel)).toEqual(['restore']);

    const again = await send('POST', '/api/backup/restore', carol, document);
    expect((again.json() as { nothingToDo: boolean }).nothingToDo).toBe(true);
  });

  it('names a refused record of its list by its declared noun', async () => {
    const document = (await send('GET', '/api/backup', alice)).json() as Record<string, unknown>;
    const broken = { ...document, signature: undefined, depots: [{ ref: 1, name: '', vehicles: [] }] };
    const refused = await send('POST', '/api/backup/preview', alice, broken);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Depot');
  });
});
