import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONSENT_TEXTS, CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import type { Backup } from '@streckenpass/contract/backup';
import type { Betrieb, Invitation, InvitationPreview, Member } from '@streckenpass/contract/betriebe';
import { redactUrl } from '../../http/redact-url.js';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, tokenOf, verifiedUser } from '../../test/betriebe.js';
import {
  buildTestApp,
  mergePatchHeaders,
  testConfig,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.js';

let ctx: TestContext;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  // The invitation endpoints' own limit (60 a minute) is tested in betriebe.test.ts; here hundreds of joins run.
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(async () => ctx.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const patch = (url: string, user: TestUser, body: unknown) =>
  ctx.app.inject({ method: 'PATCH', url, headers: mergePatchHeaders(user), payload: JSON.stringify(body) });

const consent = { consentVersion: CONSENT_VERSION };

describe('POST /api/betriebe', () => {
  it('founds a Betrieb with its depots; the founder is its admin under the stored consent', async () => {
    const admin = await verifiedUser(ctx.app);
    const response = await call('POST', '/api/betriebe', admin, {
      name: '  Regio Franken ',
      depots: ['Würzburg', 'Aschaffenburg'],
      ...consent,
    });
    expect(response.statusCode).toBe(201);
    const betrieb = response.json() as Betrieb;
    expect(betrieb).toMatchObject({
      name: 'Regio Franken',
      role: 'admin',
      depot: null,
      consentVersion: CONSENT_VERSION,
      depots: [{ name: 'Aschaffenburg' }, { name: 'Würzburg' }],
    });
    const [row] = await rows<{ role: string; consent_version: number; consented_at: Date | null }>(
      sql`select role, consent_version, consented_at from memberships where betrieb_id = ${betrieb.id} and user_id = ${admin.id}`,
    );
    expect(row).toMatchObject({ role: 'admin', consent_version: CONSENT_VERSION });
    expect(row!.consented_at).not.toBeNull();
  });

  it('refuses an account whose e-mail address is not confirmed (403), founding nothing', async () => {
    const user = await registerUser(ctx.app);
    const response = await call('POST', '/api/betriebe', user, { name: 'Ungeprüft', ...consent });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
    expect((await call('GET', '/api/betriebe', user)).json()).toEqual([]);
  });

  it('refuses an empty name and doubled depots (422), a missing consent and broken JSON (400)', async () => {
    const admin = await verifiedUser(ctx.app);
    const empty = await call('POST', '/api/betriebe', admin, { name: '  ', ...consent });
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)).toEqual([
      { propertyPath: 'name', message: 'Der Name des Betriebs darf nicht leer sein.' },
    ]);
    const doubled = await call('POST', '/api/betriebe', admin, { name: 'X', depots: ['Hof', 'hof'], ...consent });
    expect(doubled.statusCode).toBe(422);
    expect(violations(doubled)[0]).toMatchObject({ propertyPath: 'depots' });
    expect((await call('POST', '/api/betriebe', admin, { name: 'X' })).statusCode).toBe(400);
    expect((await call('POST', '/api/betriebe', admin, '{"name":')).statusCode).toBe(400);
    expect((await call('GET', '/api/betriebe', admin)).json()).toEqual([]);
  });

  it('answers 409 for a consent version that is not the current one', async () => {
    const admin = await verifiedUser(ctx.app);
    const response = await call('POST', '/api/betriebe', admin, { name: 'Alt', consentVersion: CONSENT_VERSION + 1 });
    expect(response.statusCode).toBe(409);
    expect((await call('GET', '/api/betriebe', admin)).json()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await call('POST', '/api/betriebe', undefined, { name: 'X', ...consent })).statusCode).toBe(401);
  });

  it('allows two Betriebe of the same name: founding one tells nothing about another', async () => {
    const [first, second] = [await verifiedUser(ctx.app), await verifiedUser(ctx.app)];
    await foundBetrieb(ctx.app, first, 'Gleicher Name');
    const response = await call('POST', '/api/betriebe', second, { name: 'Gleicher Name', ...consent });
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /api/betriebe and GET /api/betriebe/{id}', () => {
  it('lists only my Betriebe, by name, with my role in each', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const zug = await foundBetrieb(ctx.app, admin, 'Zugbetrieb');
    const bahn = await foundBetrieb(ctx.app, await verifiedUser(ctx.app), 'Ährenbahn');
    await join(ctx.app, driver, await invite(ctx.app, admin, zug.id));
    const mine = (await call('GET', '/api/betriebe', driver)).json() as Betrieb[];
    expect(mine.map((b) => [b.name, b.role])).toEqual([['Zugbetrieb', 'driver']]);
    expect(mine.some((b) => b.id === bahn.id)).toBe(false);
    expect((await call('GET', '/api/betriebe')).statusCode).toBe(401);
  });

  it('shows a Betrieb to its members and answers 404 to everyone else, as for an unknown id', async () => {
    const admin = await verifiedUser(ctx.app);
    const stranger = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const mine = await call('GET', `/api/betriebe/${betrieb.id}`, admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(betrieb);
    const foreign = await call('GET', `/api/betriebe/${betrieb.id}`, stranger);
    const unknown = await call('GET', '/api/betriebe/2147483647', stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await call('GET', `/api/betriebe/0${betrieb.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/betriebe/${betrieb.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/betriebe/{id}', () => {
  it('renames the Betrieb and replaces its depots by name; members of a removed depot have none', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin, 'Alt', ['Würzburg', 'Nürnberg']);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const wuerzburg = betrieb.depots.find((d) => d.name === 'Würzburg')!;
    const nuernberg = betrieb.depots.find((d) => d.name === 'Nürnberg')!;
    const [member] = (await membersOf(ctx.app, admin, betrieb.id)).filter((m) => !m.you);
    expect(
      (await patch(`/api/betriebe/${betrieb.id}/members/${member!.id}`, admin, { depot: nuernberg.id })).statusCode,
    ).toBe(200);

    const response = await patch(`/api/betriebe/${betrieb.id}`, admin, { name: 'Neu', depots: ['Würzburg', 'Hof'] });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Betrieb;
    expect(updated.name).toBe('Neu');
    expect(updated.depots.map((d) => d.name)).toEqual(['Hof', 'Würzburg']);
    expect(updated.depots.find((d) => d.name === 'Würzburg')!.id).toBe(wuerzburg.id);
    const after = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => m.id === member!.id)!;
    expect(after.depot).toBeNull();
  });

  it('refuses Disponenten and drivers (403) and outsiders (404) before judging the body, and bad input (422)', async () => {
    const admin = await verifiedUser(ctx.app);
    const disponent = await verifiedUser(ctx.app);
    const stranger = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin, 'Fest');
    await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
    expect((await patch(`/api/betriebe/${betrieb.id}`, disponent, { name: 'Anders' })).statusCode).toBe(403);
    expect((await patch(`/api/betriebe/${betrieb.id}`, disponent, { name: '' })).statusCode).toBe(403);
    expect((await patch(`/api/betriebe/${betrieb.id}`, stranger, { name: '' })).statusCode).toBe(404);
    const invalid = await patch(`/api/betriebe/${betrieb.id}`, admin, { name: '' });
    expect(invalid.statusCode).toBe(422);
    expect((await patch(`/api/betriebe/${betrieb.id}`, admin, { name: 'X', extra: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/betriebe/${betrieb.id}`, undefined, { name: 'X' })).statusCode).toBe(401);
    expect(((await call('GET', `/api/betriebe/${betrieb.id}`, admin)).json() as Betrieb).name).toBe('Fest');
  });
});

describe('GET /api/betriebe/{id}/members', () => {
  it('shows admins and Disponenten every member by name, role and depot — never an e-mail address', async () => {
    const admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
    const disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Dispo' });
    const driver = await verifiedUser(ctx.app, { firstname: 'Ben', lastname: 'Bahn' });
    const betrieb = await foundBetrieb(ctx.app, admin);
    await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    for (const reader of [admin, disponent]) {
      const response = await call('GET', `/api/betriebe/${betrieb.id}/members`, reader);
      expect(response.statusCode).toBe(200);
      const members = response.json() as Member[];
      expect(members.map((m) => [m.name, m.role])).toEqual([
        ['Anna Admin', 'admin'],
        ['Ben Bahn', 'driver'],
        ['Dora Dispo', 'disponent'],
      ]);
      expect(members.filter((m) => m.you)).toHaveLength(1);
      for (const user of [admin, disponent, driver]) expect(response.body).not.toContain(user.email);
    }
    const refused = await call('GET', `/api/betriebe/${betrieb.id}/members`, driver);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Dora');
    expect((await call('GET', `/api/betriebe/${betrieb.id}/members`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/betriebe/{id}/members/{memberId}', () => {
  it('changes role and depot; refuses a depot of another Betrieb (422) and an unknown member (404)', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const otherAdmin = await verifiedUser(ctx.app);
    const other = await foundBetrieb(ctx.app, otherAdmin, 'Fremd', ['Kassel']);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const member = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => !m.you)!;
    const { id, name } = betrieb.depots[0]!;
    const depot = { id, name };
    const changed = await patch(`/api/betriebe/${betrieb.id}/members/${member.id}`, admin, {
      role: 'disponent',
      depot: depot.id,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: member.id, role: 'disponent', depot });
    expect(((await call('GET', `/api/betriebe/${betrieb.id}`, driver)).json() as Betrieb).role).toBe('disponent');

    const foreignDepot = await patch(`/api/betriebe/${betrieb.id}/members/${member.id}`, admin, {
      depot: other.depots[0]!.id,
    });
    expect(foreignDepot.statusCode).toBe(422);
    expect(violations(foreignDepot)).toEqual([
      { propertyPath: 'depot', message: 'Dieses Depot gibt es im Betrieb nicht.' },
    ]);
    expect((await patch(`/api/betriebe/${betrieb.id}/members/${member.id}`, admin, { role: 'chef' })).statusCode).toBe(
      422,
    );
    expect((await patch(`/api/betriebe/${betrieb.id}/members/2147483647`, admin, { role: 'driver' })).statusCode).toBe(
      404,
    );
    // A member of another Betrieb is no member here.
    const [foreign] = await membersOf(ctx.app, otherAdmin, other.id);
    expect(
      (await patch(`/api/betriebe/${betrieb.id}/members/${foreign!.id}`, admin, { role: 'driver' })).statusCode,
    ).toBe(404);
    expect((await membersOf(ctx.app, otherAdmin, other.id))[0]!.role).toBe('admin');
    expect((await call('PATCH', `/api/betriebe/${betrieb.id}/members/${member.id}`, undefined, {})).statusCode).toBe(
      401,
    );
  });

  it('keeps the last admin: they cannot give up the role (409), but can once another admin is named', async () => {
    const admin = await verifiedUser(ctx.app);
    const second = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const self = (await membersOf(ctx.app, admin, betrieb.id))[0]!;
    const refused = await patch(`/api/betriebe/${betrieb.id}/members/${self.id}`, admin, { role: 'driver' });
    expect(refused.statusCode).toBe(409);
    expect(((await call('GET', `/api/betriebe/${betrieb.id}`, admin)).json() as Betrieb).role).toBe('admin');

    await join(ctx.app, second, await invite(ctx.app, admin, betrieb.id, 'admin'));
    const demoted = await patch(`/api/betriebe/${betrieb.id}/members/${self.id}`, admin, { role: 'driver' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'driver', you: true });
    // As a driver, the former admin now sees no other members.
    expect((await call('GET', `/api/betriebe/${betrieb.id}/members`, admin)).statusCode).toBe(403);
  });
});

describe('DELETE /api/betriebe/{id}/members/{memberId} and DELETE /api/betriebe/{id}/membership', () => {
  it('removes a member: their access ends at once', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const member = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => !m.you)!;
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/members/${member.id}`, driver)).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/betriebe/${betrieb.id}/members/${member.id}`, admin);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, driver)).statusCode).toBe(404);
    expect((await call('GET', '/api/betriebe', driver)).json()).toEqual([]);
    expect(await membersOf(ctx.app, admin, betrieb.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/members/${member.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/members/${member.id}`)).statusCode).toBe(401);
  });

  it('lets a driver leave at any time: the Betrieb no longer sees them, they no longer see it', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app, { lastname: 'Geht' });
    const betrieb = await foundBetrieb(ctx.app, admin);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    expect((await membersOf(ctx.app, admin, betrieb.id)).map((m) => m.name)).toContain('Erika Geht');

    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver)).statusCode).toBe(204);
    expect((await membersOf(ctx.app, admin, betrieb.id)).map((m) => m.name)).not.toContain('Erika Geht');
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, driver)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`)).statusCode).toBe(401);
  });

  it('keeps the last admin while others remain (409); the last member leaving deletes the Betrieb', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const invitation = await invite(ctx.app, admin, betrieb.id);
    await join(ctx.app, driver, invitation);
    const self = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => m.you)!;
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/members/${self.id}`, admin)).statusCode).toBe(409);

    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, admin)).statusCode).toBe(204);
    const left = await rows<{ n: number }>(
      sql`select (select count(*) from betriebe where id = ${betrieb.id})::integer
               + (select count(*) from betrieb_depots where betrieb_id = ${betrieb.id})::integer
               + (select count(*) from invitations where betrieb_id = ${betrieb.id})::integer as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    expect((await call('GET', `/api/invitations/${tokenOf(invitation)}`)).statusCode).toBe(404);
  });
});

describe('the member’s history', () => {
  it('logs joining, leaving and being removed, with the Betrieb, the role and the consent', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin, 'Regio Verlauf');
    const invitation = await invite(ctx.app, admin, betrieb.id);
    const joined = await join(ctx.app, driver, invitation);
    await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver);
    await join(ctx.app, driver, invitation);
    const member = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => !m.you)!;
    await call('DELETE', `/api/betriebe/${betrieb.id}/members/${member.id}`, admin);

    const entries = await rows<{ kind: string; record_id: number; action: string; before: unknown; after: unknown }>(
      sql`select kind, record_id, action, before, after from record_history
           where owner_id = ${driver.id} order by id`,
    );
    const state = { betrieb: 'Regio Verlauf', role: 'driver', consentVersion: CONSENT_VERSION };
    expect(entries).toMatchObject([
      {
        kind: 'memberships',
        record_id: betrieb.id,
        action: 'create',
        before: null,
        after: { ...state, event: 'joined' },
      },
      {
        kind: 'memberships',
        record_id: betrieb.id,
        action: 'delete',
        before: { ...state, event: 'left' },
        after: null,
      },
      { kind: 'memberships', record_id: betrieb.id, action: 'create', after: { ...state, event: 'joined' } },
      { kind: 'memberships', record_id: betrieb.id, action: 'delete', before: { ...state, event: 'removed' } },
    ]);
    expect((entries[0]!.after as { consentedAt: string }).consentedAt).toBe(joined.consentedAt);
    const founder = await rows<{ action: string }>(
      sql`select action from record_history where owner_id = ${admin.id} and kind = 'memberships'`,
    );
    expect(founder).toEqual([{ action: 'create' }]);
  });
});

describe('invitations', () => {
  it('creates a link and a code, shown once, and stores only their hashes', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const response = await call('POST', `/api/betriebe/${betrieb.id}/invitations`, admin, {});
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json();
    expect(created).toMatchObject({ role: 'driver', state: 'active', acceptedCount: 0, revokedAt: null });
    expect(created.url).toMatch(/^http:\/\/streckenpass\.test\/beitreten\/[A-Za-z0-9_-]{43}$/);
    expect(created.code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const stored = JSON.stringify(await rows(sql`select * from invitations where id = ${created.id}`));
    expect(stored).not.toContain(tokenOf(created));
    expect(stored).not.toContain(created.code.replace('-', ''));

    const list = await call('GET', `/api/betriebe/${betrieb.id}/invitations`, admin);
    expect(list.statusCode).toBe(200);
    const { url: _url, code: _code, ...listed } = created;
    expect(list.json()).toEqual([listed]);
    expect(list.body).not.toContain(tokenOf(created));
  });

  it('refuses an expiry beyond 1–30 days and an unknown role (422), and a wrong shape (400)', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    for (const body of [{ expiresInDays: 0 }, { expiresInDays: 31 }, { role: 'chef' }]) {
      expect((await call('POST', `/api/betriebe/${betrieb.id}/invitations`, admin, body)).statusCode).toBe(422);
    }
    const late = await call('POST', `/api/betriebe/${betrieb.id}/invitations`, admin, { expiresInDays: 31 });
    expect(violations(late)).toEqual([
      { propertyPath: 'expiresInDays', message: 'Eine Einladung gilt höchstens 30 Tage.' },
    ]);
    for (const body of [{ expiresInDays: '7' }, { other: true }]) {
      expect((await call('POST', `/api/betriebe/${betrieb.id}/invitations`, admin, body)).statusCode).toBe(400);
    }
    expect((await call('GET', `/api/betriebe/${betrieb.id}/invitations`, admin)).json()).toEqual([]);
    expect((await call('POST', `/api/betriebe/${betrieb.id}/invitations`, undefined, {})).statusCode).toBe(401);
    expect((await call('GET', `/api/betriebe/${betrieb.id}/invitations`)).statusCode).toBe(401);
  });

  it('shows the Betrieb, the role and the versioned consent to anyone with the link or the code', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin, 'Regio Offen');
    const invitation = await invite(ctx.app, admin, betrieb.id, 'disponent');
    const response = await call('GET', `/api/invitations/${tokenOf(invitation)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const preview = response.json() as InvitationPreview;
    expect(preview).toEqual({
      betrieb: 'Regio Offen',
      role: 'disponent',
      expiresAt: invitation.expiresAt,
      consent: JSON.parse(JSON.stringify(CONSENT_TEXTS[CONSENT_VERSION])),
    });
    expect(preview.consent.notShared.join(' ')).toContain('E-Mail-Adresse');
    for (const code of [invitation.code, invitation.code.toLowerCase(), invitation.code.replace('-', ' ')]) {
      const byCode = await call('GET', `/api/invitations/${encodeURIComponent(code)}`);
      expect(byCode.statusCode).toBe(200);
      expect(byCode.json()).toEqual(preview);
    }
  });

  it('answers the same 404 for unknown, malformed, expired and revoked invitations', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const revoked = await invite(ctx.app, admin, betrieb.id);
    const revoke = await call('DELETE', `/api/betriebe/${betrieb.id}/invitations/${revoked.id}`, admin);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: 'revoked' });
    const expired = await invite(ctx.app, admin, betrieb.id);
    await ctx.app.db.execute(
      sql`update invitations set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const unknown = 'A'.repeat(43);
    const answers = [];
    for (const key of [
      unknown,
      'kurz',
      '%00',
      'ZZZZZ-ZZZZZ',
      tokenOf(revoked),
      revoked.code,
      tokenOf(expired),
      expired.code,
    ]) {
      const response = await call('GET', `/api/invitations/${encodeURIComponent(key)}`);
      expect(response.statusCode, key).toBe(404);
      answers.push(response.json());
      const accept = await call('POST', `/api/invitations/${encodeURIComponent(key)}/accept`, admin, consent);
      expect(accept.statusCode, key).toBe(404);
      answers.push(accept.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const states = ((await call('GET', `/api/betriebe/${betrieb.id}/invitations`, admin)).json() as Invitation[]).map(
      (i) => i.state,
    );
    expect(states.sort()).toEqual(['expired', 'revoked']);
  });

  it('revokes only an invitation of the same Betrieb (404 for another one’s)', async () => {
    const admin = await verifiedUser(ctx.app);
    const otherAdmin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const other = await foundBetrieb(ctx.app, otherAdmin);
    const foreign = await invite(ctx.app, otherAdmin, other.id);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/invitations/${foreign.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitations/${tokenOf(foreign)}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/invitations/${foreign.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/invitations/{token}/accept', () => {
  it('joins with the consent version stored; joining again changes nothing (200)', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await registerUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const invitation = await invite(ctx.app, admin, betrieb.id);
    const url = `/api/invitations/${tokenOf(invitation)}/accept`;
    const joined = await call('POST', url, driver, consent);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ id: betrieb.id, role: 'driver', consentVersion: CONSENT_VERSION });
    const [row] = await rows<{ consent_version: number; consented_at: Date }>(
      sql`select consent_version, consented_at from memberships where betrieb_id = ${betrieb.id} and user_id = ${driver.id}`,
    );
    expect(row!.consent_version).toBe(CONSENT_VERSION);
    expect(Date.now() - new Date(row!.consented_at).getTime()).toBeLessThan(60_000);

    const again = await call('POST', url, driver, consent);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(joined.json());
    // An admin following a driver invitation of their own Betrieb stays admin.
    const self = await call('POST', url, admin, consent);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ role: 'admin' });
    expect((await membersOf(ctx.app, admin, betrieb.id)).map((m) => m.role).sort()).toEqual(['admin', 'driver']);
    // A driver invitation serves many drivers.
    expect((await call('POST', url, await registerUser(ctx.app), consent)).statusCode).toBe(201);
  });

  it('lets one person use an admin or Disponent invitation; for anyone else it no longer opens', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const invitation = await invite(ctx.app, admin, betrieb.id, 'disponent');
    const first = await registerUser(ctx.app);
    expect((await call('POST', `/api/invitations/${invitation.code}/accept`, first, consent)).statusCode).toBe(201);
    expect((await call('POST', `/api/invitations/${invitation.code}/accept`, first, consent)).statusCode).toBe(200);
    const second = await registerUser(ctx.app);
    expect((await call('POST', `/api/invitations/${tokenOf(invitation)}/accept`, second, consent)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/invitations/${tokenOf(invitation)}`)).statusCode).toBe(404);
    const [listed] = (await call('GET', `/api/betriebe/${betrieb.id}/invitations`, admin)).json() as Invitation[];
    expect(listed).toMatchObject({ state: 'used', acceptedCount: 1 });
  });

  it('answers 401 without a token, 400 without a consent version, 422 for 0, 409 for another version', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    const invitation = await invite(ctx.app, admin, betrieb.id);
    const url = `/api/invitations/${tokenOf(invitation)}/accept`;
    const user = await registerUser(ctx.app);
    expect((await call('POST', url, undefined, consent)).statusCode).toBe(401);
    expect((await call('POST', url, user, {})).statusCode).toBe(400);
    expect((await call('POST', url, user, { consentVersion: 'ja' })).statusCode).toBe(400);
    expect((await call('POST', url, user, { consentVersion: 0 })).statusCode).toBe(422);
    const changed = await call('POST', url, user, { consentVersion: CONSENT_VERSION + 1 });
    expect(changed.statusCode).toBe(409);
    expect((await call('GET', '/api/betriebe', user)).json()).toEqual([]);
  });
});

describe('rate limits of the invitation endpoints', () => {
  it('answers 429 once a client opens invitations too often', async () => {
    const limited = await buildTestApp(
      { rateLimits: { ...ctx.app.config.rateLimits, share: { max: 3, timeWindow: 60_000 } } },
      ctx.db,
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/api/invitations/${'B'.repeat(43)}` })).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('account deletion and backup', () => {
  it('removes the memberships of a deleted account at once', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app, { lastname: 'Gelöscht' });
    const betrieb = await foundBetrieb(ctx.app, admin);
    await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const deleted = await call('POST', '/api/users/delete-account', driver, {
      password: driver.password,
      confirmation: 'KONTO LÖSCHEN',
    });
    expect(deleted.statusCode).toBe(200);
    expect((await membersOf(ctx.app, admin, betrieb.id)).map((m) => m.name)).toEqual(['Erika Muster']);
    expect(await rows(sql`select 1 from memberships where user_id = ${driver.id}`)).toEqual([]);
  });

  it('deletes a Betrieb whose only member deletes the account', async () => {
    const admin = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin);
    await invite(ctx.app, admin, betrieb.id);
    await call('POST', '/api/users/delete-account', admin, { password: admin.password, confirmation: 'KONTO LÖSCHEN' });
    expect(await rows(sql`select 1 from betriebe where id = ${betrieb.id}`)).toEqual([]);
    expect(await rows(sql`select 1 from invitations where betrieb_id = ${betrieb.id}`)).toEqual([]);
  });

  it('carries the memberships in the backup for information; restoring it grants no access', async () => {
    const admin = await verifiedUser(ctx.app);
    const driver = await verifiedUser(ctx.app);
    const betrieb = await foundBetrieb(ctx.app, admin, 'Regio Sicher');
    const joined = await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id));
    const backup = (await call('GET', '/api/backup', driver)).json() as Backup;
    expect(backup.memberships).toEqual([
      {
        betrieb: 'Regio Sicher',
        role: 'driver',
        depot: null,
        consentVersion: CONSENT_VERSION,
        consentedAt: joined.consentedAt,
        joinedAt: joined.joinedAt,
      },
    ]);
    expect(JSON.stringify(backup)).not.toContain(`"id":${betrieb.id}`);

    const stranger = await registerUser(ctx.app);
    const restored = await call('POST', '/api/backup/restore', stranger, backup);
    expect(restored.statusCode).toBe(200);
    expect((await call('GET', '/api/betriebe', stranger)).json()).toEqual([]);
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, stranger)).statusCode).toBe(404);
    // The driver's own restore changes nothing about their membership either.
    await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver);
    expect((await call('POST', '/api/backup/restore', driver, backup)).statusCode).toBe(200);
    expect((await call('GET', '/api/betriebe', driver)).json()).toEqual([]);
  });
});

describe('invitation secrets in logs', () => {
  it('redacts the token or code of every invitation path, on the API and the web page', () => {
    for (const path of ['/api/invitations/ABCDE-FGHJK', '/api/invitations/SECRET/accept', '/beitreten/SECRET']) {
      expect(redactUrl(path)).not.toMatch(/SECRET|ABCDE/);
    }
    expect(redactUrl('/api/invitations/SECRET/accept')).toBe('/api/invitations/[redacted]/accept');
  });
});
