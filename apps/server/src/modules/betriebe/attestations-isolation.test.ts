import { beforeAll, describe, expect, it } from 'vitest';
import type { Attestation } from '@streckenpass/contract/attestations';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { todayIn } from '@streckenpass/contract/knowledge';
import {
  buildWorld,
  documentedOperations,
  invite,
  isolationEnvironment,
  join,
  membersOf,
  verifiedUser,
} from '../../test/betriebe.js';
import { mergePatchHeaders, type TestUser } from '../../test/helpers.js';

/*
 * The isolation matrix of the employer's side (issue 28, decision 0046) for the attestations and the register (issue
 * 41 items 5 and 6), with the examiner (Prüfer/in) and an anonymous caller beside the six actors of the other
 * matrices: per endpoint and actor one test on a fresh world. Outsiders get the 404 of an unknown Betrieb word for
 * word; members without the role 403; a refused call changes nothing; nobody reads another holder's attestations.
 * The members list and the driver's page, which the examiner now reads, are walked for the examiner here too.
 */

const env = isolationEnvironment();
const { call } = env;
let examiner: TestUser;
/** No account at all: no bearer header. */
const anonymous = { id: 0, email: '', password: '', token: '', iri: '', headers: {} } as unknown as TestUser;

type Actor = 'stranger' | 'former' | 'driver' | 'disponent' | 'admin' | 'otherAdmin' | 'examiner' | 'anonymous';
const ACTORS: readonly Actor[] = [
  'stranger',
  'former',
  'driver',
  'disponent',
  'admin',
  'otherAdmin',
  'examiner',
  'anonymous',
];
const userOf = (actor: Actor): TestUser =>
  actor === 'examiner' ? examiner : actor === 'anonymous' ? anonymous : env.cast[actor];

beforeAll(async () => {
  examiner = await verifiedUser(env.app, { firstname: 'Paul', lastname: 'Prüfer' });
});

/** The Betrieb of `buildWorld` with its examiner and one attestation of its driver, and one of another Betrieb's. */
async function world() {
  const base = await buildWorld(env.app, env.cast);
  await join(env.app, examiner, await invite(env.app, env.cast.admin, base.betrieb.id, 'examiner'));
  const driverMembership = base.memberOf(env.cast.driver).id;
  const issue = async (user: TestUser, betriebId: number, membershipId: number) => {
    const response = await call('POST', `/api/betriebe/${betriebId}/members/${membershipId}/attestations`, user, {
      kind: 'periodic_check',
      checkedOn: todayIn(env.app.config.timezone),
      lines: ['5910 Würzburg–Fürth'],
    });
    if (response.statusCode !== 201) throw new Error(`attest failed: ${response.statusCode} ${response.body}`);
    return response.json() as Attestation;
  };
  const attestation = await issue(env.cast.admin, base.betrieb.id, driverMembership);
  // Another Betrieb's driver and attestation: never visible here, never withdrawable from here.
  const foreignDriver = await verifiedUser(env.app, { firstname: 'Fritz', lastname: 'Fremdfahrer' });
  await join(env.app, foreignDriver, await invite(env.app, env.cast.otherAdmin, base.other.id, 'driver'));
  const foreignMembership = (await membersOf(env.app, env.cast.otherAdmin, base.other.id)).find(
    (member) => member.name === 'Fritz Fremdfahrer',
  )!.id;
  const foreign = await issue(env.cast.otherAdmin, base.other.id, foreignMembership);
  return { ...base, driverMembership, attestation, foreign, foreignDriver };
}
type World = Awaited<ReturnType<typeof world>>;

/** What must not change through a refused call: the Betrieb's list, the holders' own lists and documents. */
async function stateOf(w: World) {
  const { admin, driver, otherAdmin } = env.cast;
  return {
    here: (await call('GET', `/api/betriebe/${w.betrieb.id}/attestations`, admin)).json(),
    there: (await call('GET', `/api/betriebe/${w.other.id}/attestations`, otherAdmin)).json(),
    own: (await call('GET', '/api/attestations', driver)).json(),
    foreignOwn: (await call('GET', '/api/attestations', w.foreignDriver)).json(),
    proofs: ((await call('GET', '/api/proofs', driver)).json() as IssuedProof[]).map((p) => [p.code, p.revokedAt]),
  };
}

type Expected = Record<Actor, number>;
const expected = (...statuses: number[]): Expected =>
  Object.fromEntries(ACTORS.map((actor, index) => [actor, statuses[index]!])) as Expected;

interface Case {
  endpoint: string;
  expect: Expected;
  run: (w: World, user: TestUser) => ReturnType<typeof call>;
  /** A path below a Betrieb: its 404 is that of an unknown Betrieb. */
  betrieb?: boolean;
}

const base = (w: World) => `/api/betriebe/${w.betrieb.id}`;
const attestBody = { kind: 'first_acquisition', checkedOn: '2026-01-05', lines: ['3601 Frankfurt–Mannheim'] };

//                                  stranger former driver disponent admin otherAdmin examiner anonymous
const cases: Case[] = [
  {
    endpoint: 'POST /api/betriebe/{id}/members/{itemId}/attestations',
    expect: expected(404, 404, 403, 403, 201, 404, 201, 401),
    run: (w, user) => call('POST', `${base(w)}/members/${w.driverMembership}/attestations`, user, attestBody),
    betrieb: true,
  },
  {
    endpoint: 'GET /api/betriebe/{id}/attestations',
    expect: expected(404, 404, 403, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/attestations`, user),
    betrieb: true,
  },
  {
    endpoint: 'POST /api/betriebe/{id}/attestations/{code}/withdraw',
    expect: expected(404, 404, 403, 403, 200, 404, 200, 401),
    run: (w, user) => call('POST', `${base(w)}/attestations/${w.attestation.code}/withdraw`, user),
    betrieb: true,
  },
  {
    endpoint: 'GET /api/betriebe/{id}/register.csv',
    expect: expected(404, 404, 403, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/register.csv`, user),
    betrieb: true,
  },
  {
    endpoint: 'POST /api/betriebe/{id}/register/pdf',
    expect: expected(404, 404, 403, 200, 200, 404, 200, 401),
    run: (w, user) => call('POST', `${base(w)}/register/pdf`, user),
    betrieb: true,
  },
  {
    endpoint: 'GET /api/attestations',
    expect: expected(200, 200, 200, 200, 200, 200, 200, 401),
    run: (_w, user) => call('GET', '/api/attestations', user),
  },
  {
    endpoint: 'PATCH /api/attestations/{code}',
    expect: expected(404, 404, 200, 404, 404, 404, 404, 401),
    run: (w, user) =>
      env.app.inject({
        method: 'PATCH',
        url: `/api/attestations/${w.attestation.code}`,
        headers: mergePatchHeaders(user),
        payload: JSON.stringify({ hidden: true }),
      }),
  },
];

/**
 * Endpoints the examiner reads since issue 41: the members, a driver's page and the requirements (the rest of each
 * endpoint's actors: the other matrices).
 */
const readByExaminer: Case[] = [
  {
    endpoint: 'GET /api/betriebe/{id}/members',
    expect: expected(404, 404, 403, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/members`, user),
    betrieb: true,
  },
  {
    endpoint: 'GET /api/betriebe/{id}/members/{itemId}',
    expect: expected(404, 404, 403, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/members/${w.driverMembership}`, user),
    betrieb: true,
  },
  {
    // Every member reads the requirements: the examiner attests against them.
    endpoint: 'GET /api/betriebe/{id}/requirements',
    expect: expected(404, 404, 200, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/requirements`, user),
    betrieb: true,
  },
  {
    endpoint: 'GET /api/betriebe/{id}/vehicle-requirements',
    expect: expected(404, 404, 200, 200, 200, 404, 200, 401),
    run: (w, user) => call('GET', `${base(w)}/vehicle-requirements`, user),
    betrieb: true,
  },
  {
    // The holder's own revoke never withdraws an attestation: 403 for the holder, as for everyone else's document.
    endpoint: 'POST /api/proofs/{code}/revoke',
    expect: expected(403, 403, 403, 403, 403, 403, 403, 401),
    run: (w, user) => call('POST', `/api/proofs/${w.attestation.code}/revoke`, user),
  },
];

for (const { endpoint, expect: statuses, run, betrieb } of [...cases, ...readByExaminer]) {
  describe(endpoint, () => {
    for (const actor of ACTORS) {
      it(`answers ${statuses[actor]} to the ${actor}${statuses[actor] >= 400 ? ', changing nothing' : ''}`, async () => {
        const w = await world();
        const before = await stateOf(w);
        const response = await run(w, userOf(actor));
        expect(response.statusCode, response.body).toBe(statuses[actor]);
        if (betrieb && response.statusCode === 404) {
          expect(response.json()).toMatchObject({ status: 404, detail: 'Betrieb nicht gefunden.' });
          expect(response.body).not.toContain(w.betrieb.name);
        }
        if (response.statusCode >= 400) expect(await stateOf(w)).toEqual(before);
        // Nobody but the holder and the Betriebe reads an attestation; another Betrieb's never shows here.
        expect(response.body).not.toContain(w.foreign.code);
        if (endpoint === 'GET /api/attestations' && actor !== 'driver') {
          expect(response.body).not.toContain(w.attestation.code);
        }
      });
    }
  });
}

it('walks every documented operation of the attestations and the register', async () => {
  const operations = await documentedOperations(env.app, /attestations|\/register[./]/);
  expect(cases.map((c) => c.endpoint).sort()).toEqual(operations);
});
