import { describe, expect, it } from 'vitest';
import type { Requirement } from '@streckenpass/contract/requirements';
import { buildWorld, expected, isolationEnvironment, nameOf, type IsolationCase } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';

/*
 * The isolation matrix of issue 28 for the matrix and "Wer kann fahren?" (items 3 and 4): every endpoint called by a
 * stranger, a former member, a driver, a Disponent, the admin and the admin of another Betrieb. Only admins and
 * Disponenten read them; a driver gets 403, everyone outside the 404 of an unknown Betrieb; no answer names the former
 * member, and nobody but the Betrieb's readers sees its drivers.
 */

const env = isolationEnvironment();
const call = env.call;

let counter = 0;
async function world() {
  const w = await buildWorld(env.app, env.cast, `Matrixbetrieb Nr. ${++counter}`);
  const created = await call('POST', `/api/betriebe/${w.betrieb.id}/requirements`, env.cast.admin, {
    startStation: 'NWH',
    endStation: 'NF',
  });
  if (created.statusCode !== 201) throw new Error(`requirement failed: ${created.statusCode} ${created.body}`);
  // Routes of the driver and of the former member on the pair: only the driver's may ever show.
  await createRoute(env.app, env.cast.driver, {
    name: `Fahrers Strecke ${counter}`,
    startStation: 'NF',
    endStation: 'NWH',
  });
  await createRoute(env.app, env.cast.former, {
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
    matrix: (await call('GET', `${base(w)}/matrix`, env.cast.admin)).json() as unknown,
    requirements: (await call('GET', `${base(w)}/requirements`, env.cast.admin)).json() as unknown,
  };
}

describe('isolation of the matrix and "Wer kann fahren?": stranger, former member, driver, Disponent, admin, other admin', () => {
  env.describe({
    world,
    cases,
    stateOf,
    check: (_w, actor, response) => {
      // The former member and their routes are gone from every answer; only the readers see the driver.
      for (const text of [
        nameOf(env.cast.former),
        'Frühere Strecke',
        nameOf(env.cast.stranger),
        nameOf(env.cast.otherAdmin),
      ]) {
        expect(response.body).not.toContain(text);
      }
      if (actor !== 'admin' && actor !== 'disponent') {
        expect(response.body).not.toContain(nameOf(env.cast.driver));
        expect(response.body).not.toContain('Fahrers Strecke');
      }
    },
    documented: { pattern: /^\/api\/betriebe\/\{id\}\/(matrix|who-can-drive)/ },
    outsiderPaths: ['/matrix?pageSize=1000', '/matrix.csv?state=x', '/who-can-drive', '/who-can-drive?from=QQQQ'],
  });

  it('refuses outsiders (404) and the driver (403) before the query or the body is judged', async () => {
    const w = await world();
    const unknown = await call('GET', '/api/betriebe/2147483647/matrix', env.cast.stranger);
    for (const actor of ['stranger', 'former', 'otherAdmin'] as const) {
      const pdf = await call('POST', `${base(w)}/matrix/pdf`, env.cast[actor], { sort: 'alter', depot: 'x' });
      expect(pdf.json()).toEqual(unknown.json());
    }
    expect((await call('GET', `${base(w)}/who-can-drive`, env.cast.driver)).statusCode).toBe(403);
    expect((await call('GET', `${base(w)}/matrix?pageSize=1000`, env.cast.driver)).statusCode).toBe(403);
  });

  it('shows the readers the driver, never the Disponent or the admin as a row', async () => {
    const w = await world();
    for (const actor of ['admin', 'disponent'] as const) {
      const body = (await call('GET', `${base(w)}/matrix`, env.cast[actor])).json() as { drivers: { name: string }[] };
      expect(body.drivers.map((d) => d.name)).toEqual(['Tom Fahrer']);
    }
  });
});
