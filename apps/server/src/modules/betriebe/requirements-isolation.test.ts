import { describe, expect, it } from 'vitest';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { Requirement, RequirementMatch } from '@streckenpass/contract/requirements';
import { buildWorld, expected, isolationEnvironment, nameOf, type IsolationCase } from '../../test/betriebe.js';
import { createRoute } from '../../test/fixtures.js';
import { mergePatchHeaders, type TestUser } from '../../test/helpers.js';

/*
 * The isolation matrix of issue 28 for the requirements (item 2) and the depots' first acquisition: every endpoint called by a stranger, a former
 * member, a driver, a Disponent, the admin and the admin of another Betrieb, as betriebe-isolation.test.ts does for
 * item 1. Outsiders get the 404 of an unknown Betrieb, members without the role 403; a refused call changes nothing.
 */

const env = isolationEnvironment();
const call = env.call;

async function requirementWorld(name: string) {
  const world = await buildWorld(env.app, env.cast, name);
  const created = await call('POST', `/api/betriebe/${world.betrieb.id}/requirements`, env.cast.admin, {
    startStation: 'NWH',
    endStation: 'NF',
    companyRoute: 'K1',
  });
  if (created.statusCode !== 201) throw new Error(`requirement failed: ${created.statusCode} ${created.body}`);
  // The driver's route that meets it by its Kürzel, and one the driver linked to it by hand.
  await createRoute(env.app, env.cast.driver, { name: `Kürzel K1 (${name})`, companyRoute: 'K1' });
  const requirement = created.json() as Requirement;
  const byHand = await createRoute(env.app, env.cast.driver, { name: `Von Hand (${name})` });
  const linked = await call(
    'PUT',
    `/api/betriebe/${world.betrieb.id}/requirements/${requirement.id}/link`,
    env.cast.driver,
    {
      route: byHand.id,
    },
  );
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.statusCode} ${linked.body}`);
  const vehicle = await call('POST', `/api/betriebe/${world.betrieb.id}/vehicle-requirements`, env.cast.admin, {
    vehicleType: 'BR 218',
  });
  if (vehicle.statusCode !== 201) throw new Error(`vehicle type failed: ${vehicle.statusCode} ${vehicle.body}`);
  return { ...world, requirement, vehicleRequirement: vehicle.json() as { id: number } };
}
type World = Awaited<ReturnType<typeof requirementWorld>>;

const base = (w: World) => `/api/betriebe/${w.betrieb.id}/requirements`;
const csv = (url: string, user: TestUser, body: string) =>
  env.app.inject({ method: 'POST', url, headers: { ...user.headers, 'content-type': 'text/csv' }, payload: body });

const vehicles = (w: World) => `/api/betriebe/${w.betrieb.id}/vehicle-requirements`;

/** What the admin and the driver see of the requirements: it must not change through a refused call. */
async function stateOf(w: World) {
  return {
    requirements: (await call('GET', base(w), env.cast.admin)).json() as Requirement[],
    matches: (await call('GET', `${base(w)}/matches`, env.cast.driver)).json() as RequirementMatch[],
    vehicles: (await call('GET', vehicles(w), env.cast.admin)).json() as unknown,
    vehicleMatches: (await call('GET', `${vehicles(w)}/matches`, env.cast.driver)).json() as unknown,
    depots: ((await call('GET', `/api/betriebe/${w.betrieb.id}`, env.cast.admin)).json() as Betrieb).depots,
  };
}

const cases: IsolationCase<World>[] = [
  {
    endpoint: 'GET /api/betriebe/{id}/requirements',
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('GET', base(w), user),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/requirements/csv',
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('GET', `${base(w)}/csv`, user),
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
      env.app.inject({
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
      const route = await createRoute(env.app, user, { name: 'Eigene' });
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
  {
    endpoint: 'PUT /api/betriebe/{id}/depots/{depotId}/first-acquisition',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) =>
      call('PUT', `/api/betriebe/${w.betrieb.id}/depots/${w.betrieb.depots[0]!.id}/first-acquisition`, user, {
        firstAcquisition: { drives: 2, dark: 0, days: null },
      }),
  },
];

describe('isolation of requirements: every endpoint for stranger, former member, driver, Disponent, admin, other admin', () => {
  let counter = 0;
  const world = () => requirementWorld(`Anforderungsbetrieb Nr. ${++counter}`);

  env.describe({
    world,
    cases,
    stateOf,
    check: async (w, actor, response) => {
      expect((await call('GET', `/api/betriebe/${w.other.id}/requirements`, env.cast.otherAdmin)).json()).toEqual([]);
      // Nobody's answer names a member, and only the driver's own answers name the driver's routes.
      for (const name of [nameOf(env.cast.former), nameOf(env.cast.disponent), nameOf(env.cast.driver)]) {
        expect(response.body).not.toContain(name);
      }
      if (actor !== 'driver') expect(response.body).not.toContain('Von Hand');
    },
    documented: {
      pattern: /^\/api\/betriebe\/\{id\}\/((vehicle-)?requirements|depots)/,
      as: (operation) => operation.replace('{itemId}', '{requirementId}'),
    },
    outsiderPaths: ['/requirements', '/requirements/csv', '/requirements/matches'],
  });

  it('shows the Disponent and the admin no driver’s manual link through the requirements list', async () => {
    const w = await world();
    for (const actor of ['disponent', 'admin'] as const) {
      const body = (await call('GET', base(w), env.cast[actor])).body;
      expect(body).not.toContain('Von Hand');
      expect(body).not.toContain('Kürzel K1');
    }
  });
});
