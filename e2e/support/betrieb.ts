import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs, registerViaApi, uniqueEmail, type SeededUser } from './fixtures';
import { linkIn, waitForMail } from './mail';

/** A registered user whose address is confirmed through the link of the received mail (founding needs it). */
export async function verifiedUser(request: APIRequestContext, baseURL: string, lastname: string): Promise<SeededUser> {
  const user = await registerViaApi(request, { email: uniqueEmail('betrieb'), firstname: 'Anna', lastname });
  const mail = await waitForMail(user.email, /bestätigen/);
  const confirmed = await request.get(linkIn(mail, `${baseURL}/api/users/mail-verification/`), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  return user;
}

/** `user` joins the Betrieb through a new invitation of `admin`'s, with the consent it shows. */
export async function joinBetrieb(
  request: APIRequestContext,
  admin: SeededUser,
  betriebId: number,
  user: SeededUser,
  role: 'driver' | 'disponent' | 'examiner' | 'admin' = 'driver',
): Promise<void> {
  const invitation = await apiAs(request, admin.token, 'post', `/api/betriebe/${betriebId}/invitations`, { role });
  expect(invitation.status()).toBe(201);
  const token = new URL(((await invitation.json()) as { url: string }).url).pathname.split('/').pop()!;
  const preview = (await (await request.get(`/api/invitations/${token}`)).json()) as { consent: { version: number } };
  const joined = await apiAs(request, user.token, 'post', `/api/invitations/${token}/accept`, {
    consentVersion: preview.consent.version,
  });
  expect(joined.status()).toBe(201);
}

/** `admin` founds the Betrieb "Frankenbahn" with one requirement (`requirement`: its body, e.g. a station pair). */
export async function foundBetriebWithRequirement(
  request: APIRequestContext,
  admin: SeededUser,
  requirement: { startStation: string; endStation: string; companyRoute?: string },
): Promise<{ betriebId: number; requirementId: number }> {
  const founded = await apiAs(request, admin.token, 'post', '/api/betriebe', {
    name: 'Frankenbahn',
    consentVersion: CONSENT_VERSION,
  });
  expect(founded.status()).toBe(201);
  const betriebId = ((await founded.json()) as { id: number }).id;
  const created = await apiAs(request, admin.token, 'post', `/api/betriebe/${betriebId}/requirements`, requirement);
  expect(created.status()).toBe(201);
  return { betriebId, requirementId: ((await created.json()) as { id: number }).id };
}
