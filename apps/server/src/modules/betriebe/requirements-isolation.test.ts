import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement, RequirementMatch } from '@streckenpass/contract/requirements';
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
import { buildTestApp, mergePatchHeaders, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

/*
 * The isolation matrix of issue 28 for the requirements (item 2): every endpoint called by a stranger, a former
 * member, a driver, a Disponent, the admin and the admin of another Betrieb, as betriebe-isolation.test.ts does for
 * item 1. Outsiders get the 404 of an unknown Betrieb, members without the role 403; a refused call changes nothing.
 */

let ctx: TestContext;
let cast: Cast;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } } });
  cast = await registerCast(ctx.app);
});
afterAll(async () => ctx.close());

async function requirementWorld(name: string) {
  const world = await buildWorld(ctx.app, cast, name);
  const created = await call('POST', `/api/betriebe/${world.betrieb.id}/requirements`, cast.admin, {
    startStation: 'NWH',
    endStation: 'NF',
    companyRoute: 'K1',
  });
  if (created.statusCode !== 201) throw new Error(`requirement failed: ${created.statusCode} ${created.body}`);
  // The driver's route that meets it by its Kürzel, and one the driver linked to it by hand.
  await createRoute(ctx.app, cast.driver, { name: `Kürzel K1 (${name})`, companyRoute: 'K1' });
  const requirement = created.json() as Requirement;
  const byHand = await createRoute(ctx.app, cast.driver, { name: `Von Hand (${name})` });
  const linked = await call(
    'PUT',
    `/api/betriebe/${world.betrieb.id}/requirements/${requirement.id}/link`,
    cast.driver,
    {
      route: byHand.id,
    },
  );
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.statusCode} ${linked.body}`);
  const vehicle = await call('POST', `/api/betriebe/${world.betrieb.id}/vehicle-requirements`, cast.admin, {
    vehicleType: 'BR 218',
  });
  if (vehicle.statusCode !== 201) throw new Error(`vehicle type failed: ${vehicle.statusCode} ${vehicle.body}`);
  return { ...world, requirement, vehicleRequirement: vehicle.json() as { id: number } };
}
type World = Awaited<ReturnType<typeof requirementWorld>>;

const base = (w: World) => `/api/betriebe/${w.betrieb.id}/requirements`;
const csv = (url: string, user: TestUser, body: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, 'content-type': 'text/csv' }, payload: body });

const vehicles = (w: World) => `/api/betriebe/${w.betrieb.id}/vehicle-requirements`;

/** What the admin and the driver see of the requirements: it must not change through a refused call. */
async function stateOf(w: World) {
  return {
    requirements: (await call('GET', base(w), cast.admin)).json() as Requirement[],
    matches: (await call('GET', `${base(w)}/matches`, cast.driver)).json() as RequirementMatch[],
    vehicles: (await call('GET', vehicles(w), cast.admin)).json() as unknown,
    vehicleMatches: (await call('GET', `${vehicles(w)}/matches`, cast.driver)).json() as unknown,
  };
}

const cases: IsolationCase<World>[] = [
  {
    endpoint: 'GET /api/betriebe/{id}/requirements',
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('GET', base(w), user),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/requirements',
    expect: expected(404, 404, 403, 403, 201, 404),
    run: (w, user) => call('POST', base(w), user, { startStation: 'NWH', endStation: 'NGM' }),
  },
  {
    endpoint: 'PATCH /api/betriebe/{id}/requirements/{requirementId}',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `${base(w)}/${w.requirement.id}`,
        headers: mergePatchHeaders(user),
        payload: JSON.stringify({ companyRoute: 'K9' }),
      }),
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/requirements/{requirementId}',
    expect: expected(404, 404, 403, 403, 204, 404),
    run: (w, user) => call('DELETE', `${base(w)}/${w.requirement.id}`, user),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/requirements/import/preview',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => csv(`${base(w)}/import/preview`, user, 'Start;Ende\nNGM;NLR\n'),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/requirements/import',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => csv(`${base(w)}/import`, user, 'Start;Ende\nNGM;NLR\n'),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/requirements/matches',
    expect: expected(404, 404, 200, 403, 403, 404),
    run: (w, user) => call('GET', `${base(w)}/matches`, user),
  },
  {
    endpoint: 'PUT /api/betriebe/{id}/requirements/{requirementId}/link',
    expect: expected(404, 404, 200, 403, 403, 404),
    run: async (w, user) => {
      // The caller's own route: the refusal is about the Betrieb, not about whose route it is.
      const route = await createRoute(ctx.app, user, { name: 'Eigene' });
      return call('PUT', `${base(w)}/${w.requirement.id}/link`, user, { route: route.id });
    },
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/requirements/{requirementId}/link',
    expect: expected(404, 404, 204, 403, 403, 404),
    run: (w, user) => call('DELETE', `${base(w)}/${w.requirement.id}/link`, user),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/vehicle-requirements',
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('GET', vehicles(w), user),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/vehicle-requirements',
    expect: expected(404, 404, 403, 403, 201, 404),
    run: (w, user) => call('POST', vehicles(w), user, { vehicleType: 'ET 425' }),
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/vehicle-requirements/{requirementId}',
    expect: expected(404, 404, 403, 403, 204, 404),
    run: (w, user) => call('DELETE', `${vehicles(w)}/${w.vehicleRequirement.id}`, user),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/vehicle-requirements/matches',
    expect: expected(404, 404, 200, 403, 403, 404),
    run: (w, user) => call('GET', `${vehicles(w)}/matches`, user),
  },
];

describe('isolation of requirements: every endpoint for stranger, former member, driver, Disponent, admin, other admin', () => {
  let counter = 0;
  const world = () => requirementWorld(`Anforderungsbetrieb Nr. ${++counter}`);

  describeIsolation({
    app: () => ctx.app,
    cast: () => cast,
    world,
    cases,
    stateOf,
    check: async (w, actor, response) => {
      expect((await call('GET', `/api/betriebe/${w.other.id}/requirements`, cast.otherAdmin)).json()).toEqual([]);
      // Nobody's answer names a member, and only the driver's own answers name the driver's routes.
      for (const name of [nameOf(cast.former), nameOf(cast.disponent), nameOf(cast.driver)]) {
        expect(response.body).not.toContain(name);
      }
      if (actor !== 'driver') expect(response.body).not.toContain('Von Hand');
    },
  });

  it('walks every documented operation of the requirements', async () => {
    const documented = (await documentedOperations(ctx.app, /^\/api\/betriebe\/\{id\}\/(vehicle-)?requirements/)).map(
      (operation) => operation.replace('{itemId}', '{requirementId}'),
    );
    expect(cases.map((c) => c.endpoint).sort()).toEqual(documented);
  });

  it('answers the 404 of an unknown Betrieb to outsiders on every requirements path', async () => {
    const w = await world();
    const unknown = await call('GET', '/api/betriebe/2147483647/requirements', cast.stranger);
    expect(unknown.statusCode).toBe(404);
    for (const actor of ['stranger', 'former', 'otherAdmin'] as const) {
      for (const path of ['', '/matches']) {
        const response = await call('GET', `${base(w)}${path}`, cast[actor]);
        expect(response.json()).toEqual(unknown.json());
      }
    }
  });

  it('shows the Disponent and the admin no driver’s manual link through the requirements list', async () => {
    const w = await world();
    for (const actor of ['disponent', 'admin'] as const) {
      const body = (await call('GET', base(w), cast[actor])).body;
      expect(body).not.toContain('Von Hand');
      expect(body).not.toContain('Kürzel K1');
    }
  });
});
