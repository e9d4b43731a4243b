import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import type { Betrieb, BetriebRole, CreatedInvitation, Member } from '@streckenpass/contract/betriebe';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { App } from '../app.js';
import { createCaller } from './api.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from './helpers.js';

/** Betriebe for tests, made through the API as a user would (issue 28). */

/** A registered user whose e-mail address is confirmed (founding a Betrieb needs it). */
export async function verifiedUser(app: App, input: Parameters<typeof registerUser>[1] = {}): Promise<TestUser> {
  const user = await registerUser(app, input);
  await app.usersRepository.markVerified(user.id);
  return user;
}

export async function foundBetrieb(
  app: App,
  admin: TestUser,
  name = 'Regio Franken',
  depots: string[] = ['Würzburg', 'Nürnberg'],
): Promise<Betrieb> {
  const call = createCaller(() => app);
  const response = await call('POST', '/api/betriebe', admin, { name, depots, consentVersion: CONSENT_VERSION });
  if (response.statusCode !== 201) throw new Error(`found failed: ${response.statusCode} ${response.body}`);
  return response.json() as Betrieb;
}

/** The path part of an invitation's link: its token. */
export const tokenOf = (invitation: CreatedInvitation) => new URL(invitation.url).pathname.split('/').pop()!;

export async function invite(
  app: App,
  admin: TestUser,
  betriebId: number,
  role: BetriebRole = 'driver',
  expiresInDays = 7,
): Promise<CreatedInvitation> {
  const call = createCaller(() => app);
  const response = await call('POST', `/api/betriebe/${betriebId}/invitations`, admin, { role, expiresInDays });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return response.json() as CreatedInvitation;
}

export async function join(app: App, user: TestUser, invitation: CreatedInvitation): Promise<Betrieb> {
  const call = createCaller(() => app);
  const response = await call('POST', `/api/invitations/${tokenOf(invitation)}/accept`, user, {
    consentVersion: CONSENT_VERSION,
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`join failed: ${response.statusCode} ${response.body}`);
  }
  return response.json() as Betrieb;
}

export async function membersOf(app: App, user: TestUser, betriebId: number): Promise<Member[]> {
  const call = createCaller(() => app);
  const response = await call('GET', `/api/betriebe/${betriebId}/members`, user);
  if (response.statusCode !== 200) throw new Error(`members failed: ${response.statusCode} ${response.body}`);
  return response.json() as Member[];
}

/** The six callers of the isolation matrix. */
export interface Cast {
  stranger: TestUser;
  former: TestUser;
  driver: TestUser;
  disponent: TestUser;
  admin: TestUser;
  otherAdmin: TestUser;
}
export type Actor = keyof Cast;
export const ACTORS: readonly Actor[] = ['stranger', 'former', 'driver', 'disponent', 'admin', 'otherAdmin'];

export async function registerCast(app: App): Promise<Cast> {
  const [stranger, former, driver, disponent, admin, otherAdmin] = await Promise.all([
    verifiedUser(app, { firstname: 'Stefan', lastname: 'Fremd' }),
    verifiedUser(app, { firstname: 'Frieda', lastname: 'Früher' }),
    verifiedUser(app, { firstname: 'Tom', lastname: 'Fahrer' }),
    verifiedUser(app, { firstname: 'Dora', lastname: 'Disponentin' }),
    verifiedUser(app, { firstname: 'Anna', lastname: 'Admin' }),
    verifiedUser(app, { firstname: 'Otto', lastname: 'Anderer' }),
  ]);
  const cast = { stranger, former, driver, disponent, admin, otherAdmin };
  rememberNames(cast);
  return cast;
}

/**
 * A fresh Betrieb of `cast.admin` with the driver, the Disponent and a former member (who joined as a driver and left),
 * and a driver invitation that is still open; `cast.otherAdmin` runs a Betrieb of their own.
 */
export async function buildWorld(app: App, cast: Cast, name = 'Regio Franken') {
  const call = createCaller(() => app);
  const betrieb = await foundBetrieb(app, cast.admin, name);
  const other = await foundBetrieb(app, cast.otherAdmin, 'Andere Bahn', ['Kassel']);
  const driverInvitation = await invite(app, cast.admin, betrieb.id, 'driver');
  await join(app, cast.driver, driverInvitation);
  await join(app, cast.former, driverInvitation);
  await join(app, cast.disponent, await invite(app, cast.admin, betrieb.id, 'disponent'));
  const left = await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, cast.former);
  if (left.statusCode !== 204) throw new Error(`leave failed: ${left.statusCode} ${left.body}`);
  const members = await membersOf(app, cast.admin, betrieb.id);
  const memberOf = (user: TestUser) => members.find((member) => member.name.includes(nameOf(user)))!;
  return { betrieb, other, driverInvitation, members, memberOf };
}

/** The last name each cast member registered with (names identify members in the lists). */
const LAST_NAMES = new Map<number, string>();
export function nameOf(user: TestUser): string {
  return LAST_NAMES.get(user.id) ?? '';
}
function rememberNames(cast: Cast): void {
  const names: Record<Actor, string> = {
    stranger: 'Fremd',
    former: 'Früher',
    driver: 'Fahrer',
    disponent: 'Disponentin',
    admin: 'Admin',
    otherAdmin: 'Anderer',
  };
  for (const actor of ACTORS) LAST_NAMES.set(cast[actor].id, names[actor]);
}

/**
 * The app and the six actors of an isolation matrix, made once for the test file (registers its beforeAll and
 * afterAll). The invitations' own limit (60 a minute, tested in betriebe.test.ts) is raised: hundreds of joins run.
 */
export function isolationEnvironment() {
  const state = {} as { ctx: TestContext; app: App; cast: Cast };
  beforeAll(async () => {
    state.ctx = await buildTestApp({
      rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } },
    });
    state.app = state.ctx.app;
    state.cast = await registerCast(state.app);
  });
  afterAll(async () => state.ctx?.close());
  return {
    get app() {
      return state.app;
    },
    get cast() {
      return state.cast;
    },
    call: createCaller(() => state.app),
    /** `describeIsolation` on this app and cast. */
    describe: <W extends IsolationWorld>(options: Omit<IsolationOptions<W>, 'app' | 'cast'>) =>
      describeIsolation({ ...options, app: () => state.app, cast: () => state.cast }),
  };
}

/** What each of the six actors must get from one endpoint. */
export type Expected = Record<Actor, number>;
export const expected = (
  stranger: number,
  former: number,
  driver: number,
  disponent: number,
  admin: number,
  otherAdmin: number,
): Expected => ({ stranger, former, driver, disponent, admin, otherAdmin });

/** A Betrieb to call the endpoints on, and the other Betrieb that must never change. */
export interface IsolationWorld {
  betrieb: Betrieb;
  other: Betrieb;
}

export interface IsolationOptions<W extends IsolationWorld> {
  app: () => App;
  cast: () => Cast;
  world: () => Promise<W>;
  cases: IsolationCase<W>[];
  /** What a refused call must leave as it was. */
  stateOf: (world: W) => Promise<unknown>;
  check?: (world: W, actor: Actor, response: Awaited<ReturnType<IsolationCase<W>['run']>>) => Promise<void> | void;
  /** The OpenAPI paths the cases must cover, every operation (`as` renames a documented one to its case's name). */
  documented?: { pattern: RegExp; as?: (operation: string) => string };
  /** GET paths below `/api/betriebe/{id}` on which outsiders get the unknown Betrieb's 404 word for word. */
  outsiderPaths?: string[];
}

/** One endpoint of an isolation matrix: how each actor is answered, and how to call it on a world. */
export interface IsolationCase<W> {
  endpoint: string;
  expect: Expected;
  run: (world: W, user: TestUser) => ReturnType<ReturnType<typeof createCaller>>;
}

/**
 * The isolation matrix of issue 28 for `cases` (decision 0046): per endpoint and actor one test on a fresh world.
 * Outsiders get the 404 of an unknown Betrieb word for word, without its name; a refused call leaves `stateOf` as
 * it was; another Betrieb is never touched; `check` adds what the module must never show to that actor.
 */
export function describeIsolation<W extends IsolationWorld>(options: IsolationOptions<W>): void {
  const call = createCaller(options.app);
  for (const { endpoint, expect: statuses, run } of options.cases) {
    describe(endpoint, () => {
      for (const actor of ACTORS) {
        it(`answers ${statuses[actor]} to the ${actor}${statuses[actor] >= 400 ? ', changing nothing' : ''}`, async () => {
          const w = await options.world();
          const before = await options.stateOf(w);
          const response = await run(w, options.cast()[actor]);
          expect(response.statusCode, response.body).toBe(statuses[actor]);
          if (response.statusCode === 404) {
            expect(response.json()).toMatchObject({ status: 404, detail: 'Betrieb nicht gefunden.' });
            expect(response.body).not.toContain(w.betrieb.name);
          }
          if (response.statusCode >= 400) expect(await options.stateOf(w)).toEqual(before);
          // Another Betrieb is never touched, whatever the caller does here.
          const other = await call('GET', `/api/betriebe/${w.other.id}`, options.cast().otherAdmin);
          expect((other.json() as Betrieb).name).toBe('Andere Bahn');
          await options.check?.(w, actor, response);
        });
      }
    });
  }
  const { documented, outsiderPaths } = options;
  if (documented) {
    it('walks every documented operation', async () => {
      const operations = (await documentedOperations(options.app(), documented.pattern)).map(
        documented.as ?? ((operation) => operation),
      );
      expect(options.cases.map((c) => c.endpoint).sort()).toEqual(operations.sort());
    });
  }
  if (outsiderPaths) {
    it('answers outsiders the 404 of an unknown Betrieb on every path, word for word', async () => {
      const w = await options.world();
      const cast = options.cast();
      const unknown = await call('GET', `/api/betriebe/2147483647${outsiderPaths[0]}`, cast.stranger);
      expect(unknown.statusCode).toBe(404);
      for (const actor of ['stranger', 'former', 'otherAdmin'] as const) {
        for (const path of outsiderPaths) {
          expect((await call('GET', `/api/betriebe/${w.betrieb.id}${path}`, cast[actor])).json()).toEqual(
            unknown.json(),
          );
        }
      }
    });
  }
}

/** The operations the OpenAPI document lists below paths matching `pattern`, as `METHOD /path`, sorted. */
export async function documentedOperations(app: App, pattern: RegExp): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => pattern.test(path))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/**
 * A Betrieb of an admin ("Anna Admin") with the given drivers (key: [first name, last name]) joined as drivers, and
 * one requirement (a station pair): the cast of the employer's-side scenarios.
 */
export async function betriebWithDrivers<K extends string>(
  app: App,
  name: string,
  names: Record<K, readonly [string, string]>,
  pair: { startStation: string; endStation: string } = { startStation: 'NWH', endStation: 'NF' },
): Promise<{ admin: TestUser; betrieb: Betrieb; drivers: Record<K, TestUser>; requirement: Requirement }> {
  const call = createCaller(() => app);
  const admin = await verifiedUser(app, { firstname: 'Anna', lastname: 'Admin' });
  const drivers = {} as Record<K, TestUser>;
  for (const [key, [firstname, lastname]] of Object.entries(names) as [K, readonly [string, string]][]) {
    drivers[key] = await verifiedUser(app, { firstname, lastname });
  }
  const betrieb = await foundBetrieb(app, admin, name, []);
  const invitation = await invite(app, admin, betrieb.id, 'driver');
  for (const user of Object.values<TestUser>(drivers)) await join(app, user, invitation);
  const made = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, pair);
  if (made.statusCode !== 201) throw new Error(`requirement failed: ${made.statusCode} ${made.body}`);
  return { admin, betrieb, drivers, requirement: made.json() as Requirement };
}
