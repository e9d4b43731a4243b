import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import type { Backup } from '@streckenpass/contract/backup';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { createCaller } from '../../test/api.js';
import {
  ACTORS,
  buildWorld,
  expected,
  nameOf,
  registerCast,
  tokenOf,
  type Actor,
  type Cast,
  type Expected,
} from '../../test/betriebe.js';
import { buildTestApp, mergePatchHeaders, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

/*
 * The isolation matrix of issue 28: every endpoint of the Betriebe module, called by a stranger, a former member, a
 * driver, a Disponent, the admin and the admin of another Betrieb, each on a Betrieb of its own. Outsiders get the
 * 404 of an unknown Betrieb (nobody outside learns that it exists), members without the role 403; a refused call
 * changes nothing; no answer to one member names another driver unless the role allows it.
 */

let ctx: TestContext;
let cast: Cast;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  // The invitation endpoints' own limit (60 a minute) is tested in betriebe.test.ts; here hundreds of joins run.
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } } });
  cast = await registerCast(ctx.app);
});
afterAll(async () => ctx.close());

type World = Awaited<ReturnType<typeof buildWorld>>;

const patch = (url: string, user: TestUser, body: unknown) =>
  ctx.app.inject({ method: 'PATCH', url, headers: mergePatchHeaders(user), payload: JSON.stringify(body) });

/** What the admin sees of the Betrieb: it must not change through a refused call. */
async function stateOf(world: World) {
  const id = world.betrieb.id;
  return {
    betrieb: (await call('GET', `/api/betriebe/${id}`, cast.admin)).json(),
    members: (await call('GET', `/api/betriebe/${id}/members`, cast.admin)).json(),
    invitations: (await call('GET', `/api/betriebe/${id}/invitations`, cast.admin)).json(),
  };
}

interface Case {
  endpoint: string;
  expect: Expected;
  run: (world: World, user: TestUser) => ReturnType<typeof call>;
}

const base = (world: World) => `/api/betriebe/${world.betrieb.id}`;
const member = (world: World, actor: Actor) => world.memberOf(cast[actor]).id;

const membershipScoped: Case[] = [
  {
    endpoint: 'GET /api/betriebe/{id}',
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('GET', base(w), user),
  },
  {
    endpoint: 'PATCH /api/betriebe/{id}',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => patch(base(w), user, { name: 'Umbenannt', depots: ['Hof'] }),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/members',
    expect: expected(404, 404, 403, 200, 200, 404),
    run: (w, user) => call('GET', `${base(w)}/members`, user),
  },
  {
    // Who joined, left or was removed (issue 40): for those who read the Betrieb's coverage.
    endpoint: 'GET /api/betriebe/{id}/changes',
    expect: expected(404, 404, 403, 200, 200, 404),
    run: (w, user) => call('GET', `${base(w)}/changes`, user),
  },
  {
    // One driver's page (issue 38 item 13): for those who read the Betrieb's coverage.
    endpoint: 'GET /api/betriebe/{id}/members/{memberId}',
    expect: expected(404, 404, 403, 200, 200, 404),
    run: (w, user) => call('GET', `${base(w)}/members/${member(w, 'driver')}`, user),
  },
  {
    endpoint: 'PATCH /api/betriebe/{id}/members/{memberId}',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => patch(`${base(w)}/members/${member(w, 'driver')}`, user, { role: 'disponent', depot: null }),
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/members/{memberId}',
    expect: expected(404, 404, 403, 403, 204, 404),
    run: (w, user) => call('DELETE', `${base(w)}/members/${member(w, 'disponent')}`, user),
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/membership',
    // The admin is the last admin while others remain: 409.
    expect: expected(404, 404, 204, 204, 409, 404),
    run: (w, user) => call('DELETE', `${base(w)}/membership`, user),
  },
  {
    endpoint: 'PUT /api/betriebe/{id}/membership/coverage-alert',
    // The caller's own weekly coverage mail: for those who read the Betrieb's coverage.
    expect: expected(404, 404, 403, 200, 200, 404),
    run: (w, user) => call('PUT', `${base(w)}/membership/coverage-alert`, user, { minDrivers: 3 }),
  },
  {
    endpoint: 'PUT /api/betriebe/{id}/membership/consent',
    // The caller's own consent to the current text (issue 41 item 7): every member for themselves, nobody else.
    expect: expected(404, 404, 200, 200, 200, 404),
    run: (w, user) => call('PUT', `${base(w)}/membership/consent`, user, { consentVersion: CONSENT_VERSION }),
  },
  {
    endpoint: 'GET /api/betriebe/{id}/invitations',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => call('GET', `${base(w)}/invitations`, user),
  },
  {
    endpoint: 'POST /api/betriebe/{id}/invitations',
    expect: expected(404, 404, 403, 403, 201, 404),
    run: (w, user) => call('POST', `${base(w)}/invitations`, user, { role: 'admin' }),
  },
  {
    endpoint: 'DELETE /api/betriebe/{id}/invitations/{invitationId}',
    expect: expected(404, 404, 403, 403, 200, 404),
    run: (w, user) => call('DELETE', `${base(w)}/invitations/${w.driverInvitation.id}`, user),
  },
];

describe('isolation of Betriebe: every endpoint for stranger, former member, driver, Disponent, admin, other admin', () => {
  let counter = 0;
  const world = () => buildWorld(ctx.app, cast, `Betrieb Nr. ${++counter}`);

  for (const { endpoint, expect: statuses, run } of membershipScoped) {
    describe(endpoint, () => {
      for (const actor of ACTORS) {
        it(`answers ${statuses[actor]} to the ${actor}${statuses[actor] >= 400 ? ', changing nothing' : ''}`, async () => {
          const w = await world();
          const before = await stateOf(w);
          const response = await run(w, cast[actor]);
          expect(response.statusCode).toBe(statuses[actor]);
          if (response.statusCode === 404) {
            // The answer of an unknown Betrieb, word for word: nothing tells that this one exists.
            expect(response.json()).toMatchObject({ status: 404, detail: 'Betrieb nicht gefunden.' });
            expect(response.body).not.toContain(w.betrieb.name);
          }
          if (response.statusCode >= 400) expect(await stateOf(w)).toEqual(before);
          // Another Betrieb is never touched, whatever the caller does here.
          const other = await call('GET', `/api/betriebe/${w.other.id}`, cast.otherAdmin);
          expect((other.json() as Betrieb).name).toBe('Andere Bahn');
          // A driver learns nothing of other drivers; nobody outside sees a member's name.
          if (actor !== 'admin' && actor !== 'disponent') {
            for (const name of [nameOf(cast.former), nameOf(cast.disponent)]) expect(response.body).not.toContain(name);
          }
        });
      }
    });
  }

  it('answers the 404 of an unknown Betrieb to outsiders whatever the path names', async () => {
    const w = await world();
    const unknown = await call('GET', '/api/betriebe/2147483647', cast.stranger);
    for (const actor of ['stranger', 'former', 'otherAdmin'] as const) {
      for (const path of [
        '',
        '/members',
        '/changes',
        '/invitations',
        `/members/${member(w, 'driver')}`,
        '/members/abc',
      ]) {
        const response = await call('GET', `${base(w)}${path}`, cast[actor]);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(unknown.json());
      }
    }
  });

  describe('GET /api/betriebe', () => {
    it('lists the Betrieb for its members only, each with their own role', async () => {
      const w = await world();
      const roles: Partial<Record<Actor, string>> = {};
      for (const actor of ACTORS) {
        const response = await call('GET', '/api/betriebe', cast[actor]);
        expect(response.statusCode).toBe(200);
        const listed = (response.json() as Betrieb[]).find((b) => b.id === w.betrieb.id);
        if (listed) roles[actor] = listed.role;
      }
      expect(roles).toEqual({ driver: 'driver', disponent: 'disponent', admin: 'admin' });
    });
  });

  describe('POST /api/betriebe', () => {
    it('founds a new Betrieb for every caller, telling nothing of the existing ones', async () => {
      const w = await world();
      for (const actor of ACTORS) {
        const response = await call('POST', '/api/betriebe', cast[actor], {
          name: w.betrieb.name,
          consentVersion: CONSENT_VERSION,
        });
        expect(response.statusCode).toBe(201);
        const created = response.json() as Betrieb;
        expect(created.id).not.toBe(w.betrieb.id);
        expect(created.role).toBe('admin');
        expect(created.depots).toEqual([]);
      }
    });
  });

  describe('GET /api/invitations/{token}', () => {
    it('shows an open invitation to anyone holding it, and an unknown one to nobody', async () => {
      const w = await world();
      for (const actor of ACTORS) {
        const open = await call('GET', `/api/invitations/${tokenOf(w.driverInvitation)}`, cast[actor]);
        expect(open.statusCode).toBe(200);
        expect(open.body).not.toContain(nameOf(cast.driver));
        const unknown = await call('GET', `/api/invitations/${'C'.repeat(43)}`, cast[actor]);
        expect(unknown.statusCode).toBe(404);
      }
    });
  });

  describe('POST /api/invitations/{token}/accept', () => {
    const joins = expected(201, 201, 200, 200, 200, 201);
    for (const actor of ACTORS) {
      it(`answers ${joins[actor]} to the ${actor}; a member keeps their role`, async () => {
        const w = await world();
        const before = (await call('GET', base(w), cast[actor])).json() as Betrieb;
        const response = await call('POST', `/api/invitations/${tokenOf(w.driverInvitation)}/accept`, cast[actor], {
          consentVersion: CONSENT_VERSION,
        });
        expect(response.statusCode).toBe(joins[actor]);
        const after = response.json() as Betrieb;
        expect(after.id).toBe(w.betrieb.id);
        expect(after.role).toBe(joins[actor] === 201 ? 'driver' : before.role);
      });
    }
  });

  describe('GET /api/backup', () => {
    it('lists each caller’s own memberships only', async () => {
      const w = await world();
      for (const actor of ACTORS) {
        const backup = (await call('GET', '/api/backup', cast[actor])).json() as Backup;
        const named = (backup.memberships ?? []).filter((m) => m.betrieb === w.betrieb.name).map((m) => m.role);
        const role = { driver: ['driver'], disponent: ['disponent'], admin: ['admin'] }[actor as string] ?? [];
        expect(named, actor).toEqual(role);
      }
    });
  });
});
