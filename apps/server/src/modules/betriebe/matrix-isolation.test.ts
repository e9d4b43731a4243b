import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement } from '@streckenpass/contract/requirements';
import { createCaller } from '../../test/api.js';
import {
  buildWorld,
  describeIsolation,
  documentedOperations,
  expected,
  nameOf,
  registerCast,
  type Cast,
  type IsolationCase,
} from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers.js';

/*
 * The isolation matrix of issue 28 for the matrix and "Wer kann fahren?" (items 3 and 4): every endpoint called by a
 * stranger, a former member, a driver, a Disponent, the admin and the admin of another Betrieb. Only admins and
 * Disponenten read them; a driver gets 403, everyone outside the 404 of an unknown Betrieb; no answer names the former
 * member, and nobody but the Betrieb's readers sees its drivers.
 */

let ctx: TestContext;
let cast: Cast;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } } });
  cast = await registerCast(ctx.app);
});
afterAll(async () => ctx.close());

let counter = 0;
async function world() {
  const w = await buildWorld(ctx.app, cast, `Matrixbetrieb Nr. ${++counter}`);
  const created = await call('POST', `/api/betriebe/${w.betrieb.id}/requirements`, cast.admin, {
    startStation: 'NWH',
    endStation: 'NF',
  });
  if (created.statusCode !== 201) throw new Error(`requirement failed: ${created.statusCode} ${created.body}`);
  // Routes of the driver and of the former member on the pair: only the driver's may ever show.
  await createRoute(ctx.app, cast.driver, {
    name: `Fahrers Strecke ${counter}`,
    startStation: 'NF',
    endStation: 'NWH',
  });
  await createRoute(ctx.app, cast.former, {
    name: `Frühere Strecke ${counter}`,
    startStation: 'NWH',
    endStation: 'NF',
  });
  return { ...w, requirement: created.json() as Requirement };
}
type World = Awaited<ReturnType<typeof world>>;

const base = (w: World) => `/api/betriebe/${w.betrieb.id}`;
const readers = expected(404, 404, 403, 200, 200, 404);

const cases: IsolationCase<World>[] = [
  {
    endpoint: 'GET /api/betriebe/{id}/matrix',
    expect: readers,
    run: (w, user) => call('GET', `${base(w)}/matrix`, user),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/matrix.csv',
    expect: readers,
    run: (w, user) => call('GET', `${base(w)}/matrix.csv`, user),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/matrix/pdf',
    expect: readers,
    run: (w, user) => call('POST', `${base(w)}/matrix/pdf`, user, {}),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/who-can-drive',
    expect: readers,
    run: (w, user) => call('GET', `${base(w)}/who-can-drive?requirement=${w.requirement.id}`, user),
  },
];

/** What the admin reads: it must not change through a refused call. */
async function stateOf(w: World) {
  return {
    matrix: (await call('GET', `${base(w)}/matrix`, cast.admin)).json() as unknown,
    requirements: (await call('GET', `${base(w)}/requirements`, cast.admin)).json() as unknown,
  };
}

describe('isolation of the matrix and "Wer kann fahren?": stranger, former member, driver, Disponent, admin, other admin', () => {
  describeIsolation({
    app: () => ctx.app,
    cast: () => cast,
    world,
    cases,
    stateOf,
    check: (_w, actor, response) => {
      // The former member and their routes are gone from every answer; only the readers see the driver.
      for (const text of [nameOf(cast.former), 'Frühere Strecke', nameOf(cast.stranger), nameOf(cast.otherAdmin)]) {
        expect(response.body).not.toContain(text);
      }
      if (actor !== 'admin' && actor !== 'disponent') {
        expect(response.body).not.toContain(nameOf(cast.driver));
        expect(response.body).not.toContain('Fahrers Strecke');
      }
    },
  });

  it('walks every documented operation of the matrix and "Wer kann fahren?"', async () => {
    const documented = await documentedOperations(ctx.app, /^\/api\/betriebe\/\{id\}\/(matrix|who-can-drive)/);
    expect(cases.map((c) => c.endpoint).sort()).toEqual(documented);
  });

  it('answers outsiders the 404 of an unknown Betrieb on every path, before the query is judged', async () => {
    const w = await world();
    const unknown = await call('GET', '/api/betriebe/2147483647/matrix', cast.stranger);
    expect(unknown.statusCode).toBe(404);
    for (const actor of ['stranger', 'former', 'otherAdmin'] as const) {
      for (const path of [
        '/matrix?pageSize=1000',
        '/matrix.csv?state=x',
        '/who-can-drive',
        '/who-can-drive?from=QQQQ',
      ]) {
        const response = await call('GET', `${base(w)}${path}`, cast[actor]);
        expect(response.json()).toEqual(unknown.json());
      }
      const pdf = await call('POST', `${base(w)}/matrix/pdf`, cast[actor], { sort: 'alter', depot: 'x' });
      expect(pdf.json()).toEqual(unknown.json());
    }
    // A driver is refused (403) before the query is judged, too.
    expect((await call('GET', `${base(w)}/who-can-drive`, cast.driver)).statusCode).toBe(403);
  });

  it('shows the readers the driver, never the Disponent or the admin as a row', async () => {
    const w = await world();
    for (const actor of ['admin', 'disponent'] as const) {
      const body = (await call('GET', `${base(w)}/matrix`, cast[actor])).json() as { drivers: { name: string }[] };
      expect(body.drivers.map((d) => d.name)).toEqual(['Tom Fahrer']);
    }
  });
});
