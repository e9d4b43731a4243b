import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import type { Betrieb, BetriebRole, CreatedInvitation, Member } from '@streckenpass/contract/betriebe';
import type { App } from '../app.js';
import { createCaller } from './api.js';
import { registerUser, type TestUser } from './helpers.js';

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
