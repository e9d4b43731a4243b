import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attestation } from '@streckenpass/contract/attestations';
import type { Backup } from '@streckenpass/contract/backup';
import type { Betrieb, Member } from '@streckenpass/contract/betriebe';
import type { Requirement } from '@streckenpass/contract/requirements';
import { addDays, FUTURE_DATE_MESSAGE, todayIn } from '@streckenpass/contract/knowledge';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { historyOfOwner } from '../../db/record-history.js';
import { transferHistory } from '../../export/transfer.js';
import { createCaller, violations } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { buildTestApp, mergePatchHeaders, type TestContext, type TestUser } from '../../test/helpers.js';

/*
 * A Betrieb's attestations (issue 41 item 5): an admin or examiner issues one for a current driver; it is signed like
 * a Nachweis, held by the driver, listed for the Betrieb and verified at /pruefen/{code}; only the issuing Betrieb
 * withdraws it (then "widerrufen"); the driver hides it from later Betriebe but cannot change or revoke it. The
 * driver-changes-Betrieb scenario runs end to end. Who may call what is attestations-isolation.test.ts.
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let examiner: TestUser;
let disponent: TestUser;
let driver: TestUser;
let nextAdmin: TestUser;
let betrieb: Betrieb;
let members: Member[];
let requirement: Requirement;

const memberId = (name: string) => members.find((member) => member.name.endsWith(name))!.id;
const attest = (user: TestUser, membershipId: number, body: unknown, id = betrieb.id) =>
  call('POST', `/api/betriebe/${id}/members/${membershipId}/attestations`, user, body);
const check = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/pruefen/${code}`, headers: { accept: 'application/json' } });

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  examiner = await verifiedUser(ctx.app, { firstname: 'Paul', lastname: 'Prüfer' });
  disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Disponentin' });
  driver = await verifiedUser(ctx.app, { firstname: 'Berta', lastname: 'Albrecht' });
  nextAdmin = await verifiedUser(ctx.app, { firstname: 'Nora', lastname: 'Neu' });
  betrieb = await foundBetrieb(ctx.app, admin, 'Mainfranken Bahn', ['Würzburg']);
  await join(ctx.app, driver, await invite(ctx.app, admin, betrieb.id, 'driver'));
  await join(ctx.app, examiner, await invite(ctx.app, admin, betrieb.id, 'examiner'));
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  members = await membersOf(ctx.app, examiner, betrieb.id);
  const created = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, {
    startStation: 'NWH',
    endStation: 'NF',
    companyRoute: 'K1',
  });
  expect(created.statusCode, created.body).toBe(201);
  requirement = created.json() as Requirement;
}, 60_000);
afterAll(async () => ctx?.close());

describe('POST /api/betriebe/{id}/members/{membershipId}/attestations', () => {
  it('issues a signed attestation that the check page finds genuine, in the examiner’s name by default', async () => {
    const response = await attest(examiner, memberId('Albrecht'), {
      kind: 'periodic_check',
      checkedOn: addDays(today, -2),
      requirementIds: [requirement.id],
      lines: ['3601 Frankfurt–Mannheim'],
      note: 'Ohne Beanstandung.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const attestation = response.json() as Attestation;
    expect(attestation).toMatchObject({
      kind: 'periodic_check',
      checkedOn: addDays(today, -2),
      driver: { name: 'Berta Albrecht' },
      betrieb: { id: betrieb.id, name: 'Mainfranken Bahn' },
      examinerName: 'Paul Prüfer',
      lines: ['3601 Frankfurt–Mannheim'],
      note: 'Ohne Beanstandung.',
      state: 'valid',
      withdrawnAt: null,
      hidden: false,
      issuedHere: true,
      canWithdraw: true,
      membershipId: memberId('Albrecht'),
    });
    expect(attestation.requirements).toEqual([{ id: requirement.id, label: expect.stringContaining('NWH – NF (K1)') }]);
    expect(attestation.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const checked = await check(attestation.code);
    expect(checked.json()).toMatchObject({
      state: 'genuine',
      document: {
        kind: 'attestation',
        attestation: { kind: 'periodic_check', betrieb: 'Mainfranken Bahn', examinerName: 'Paul Prüfer' },
      },
    });
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${attestation.code}` });
    expect(page.body).toContain('Überprüfung der Streckenkenntnis bestanden');
    expect(page.body).toContain('Berta Albrecht');
    expect(page.body).toContain('3601 Frankfurt–Mannheim');
    expect(page.body).toContain('Ohne Beanstandung.');
  });

  it('takes an admin’s attestation of a first acquisition with another examiner’s name', async () => {
    const response = await attest(admin, memberId('Albrecht'), {
      kind: 'first_acquisition',
      checkedOn: today,
      lines: ['5910 Würzburg–Fürth'],
      examinerName: 'Erika Extern',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ examinerName: 'Erika Extern', requirements: [], note: null });
  });

  it('refuses a day in the future, an unknown requirement and an empty attestation (422/400)', async () => {
    const future = await attest(examiner, memberId('Albrecht'), {
      kind: 'periodic_check',
      checkedOn: addDays(today, 1),
      lines: ['x'],
    });
    expect(future.statusCode).toBe(422);
    expect(violations(future)).toEqual([{ propertyPath: 'checkedOn', message: FUTURE_DATE_MESSAGE }]);
    const unknown = await attest(examiner, memberId('Albrecht'), {
      kind: 'periodic_check',
      checkedOn: today,
      requirementIds: [2_000_000_000],
    });
    expect(unknown.statusCode).toBe(422);
    expect(violations(unknown)[0]).toMatchObject({ propertyPath: 'requirementIds' });
    const empty = await attest(examiner, memberId('Albrecht'), { kind: 'periodic_check', checkedOn: today });
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)).toEqual([
      { propertyPath: 'lines', message: 'Bitte mindestens eine Anforderung oder Strecke angeben.' },
    ]);
    // Values out of their bounds: 422 with the field; a body of the wrong shape: 400.
    for (const [body, status] of [
      [{ kind: 'other', checkedOn: today, lines: ['x'] }, 422],
      [{ kind: 'periodic_check', checkedOn: '2026-02-30', lines: ['x'] }, 422],
      [{ kind: 'periodic_check', checkedOn: today, lines: ['x'], note: 'n'.repeat(501) }, 422],
      [{ kind: 'periodic_check', checkedOn: today, lines: ['x'], extra: true }, 400],
      [{ kind: 'periodic_check', checkedOn: today, lines: 'x' }, 400],
      ['{"kind":', 400],
    ] as const) {
      const response = await attest(examiner, memberId('Albrecht'), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(((await call('GET', '/api/attestations', driver)).json() as Attestation[]).length).toBe(2);
  });

  it('answers 404 for a member who is no driver, an unknown membership and a non-numeric id', async () => {
    const body = { kind: 'periodic_check', checkedOn: today, lines: ['x'] };
    expect((await attest(examiner, memberId('Disponentin'), body)).statusCode).toBe(404);
    expect((await attest(examiner, 2_000_000_000, body)).statusCode).toBe(404);
    const text = await call('POST', `/api/betriebe/${betrieb.id}/members/abc/attestations`, examiner, body);
    expect(text.statusCode).toBe(404);
    expect((await attest(disponent, memberId('Albrecht'), body)).statusCode).toBe(403);
    expect((await call('POST', `/api/betriebe/${betrieb.id}/members/1/attestations`, undefined, body)).statusCode).toBe(
      401,
    );
  });
});

describe('the driver’s attestations', () => {
  it('lists them in "Meine Daten" and the attestations list, and refuses the owner’s revoke (403)', async () => {
    const own = (await call('GET', '/api/attestations', driver)).json() as Attestation[];
    expect(own.map((a) => a.kind)).toEqual(['first_acquisition', 'periodic_check']);
    expect(own.every((a) => !a.canWithdraw && !a.issuedHere)).toBe(true);
    const proofs = (await call('GET', '/api/proofs', driver)).json() as IssuedProof[];
    expect(proofs.filter((proof) => proof.kind === 'attestation')).toHaveLength(2);
    const revoke = await call('POST', `/api/proofs/${own[0]!.code}/revoke`, driver);
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json()).toMatchObject({ detail: expect.stringContaining('nur der Betrieb') });
    expect((await check(own[0]!.code)).json()).toMatchObject({ state: 'genuine' });
  });

  it('names them in the history: "Bescheinigung … erhalten"', async () => {
    const lines = transferHistory(await historyOfOwner(ctx.app.db, driver.id)).map((line) => line.text);
    const own = (await call('GET', '/api/attestations', driver)).json() as Attestation[];
    const checkedOn = addDays(today, -2).split('-').reverse().join('.');
    expect(lines).toContain(
      `Bescheinigung „Überprüfung der Streckenkenntnis bestanden“ vom ${checkedOn} von „Mainfranken Bahn“ erhalten ` +
        `(Prüfcode ${own.find((a) => a.kind === 'periodic_check')!.code})`,
    );
  });

  it('never alters an attestation in the database, not even by a statement (migration 0020)', async () => {
    const refused = await ctx.app.db.execute(sql`update attestations set checked_on = checked_on - 1`).then(
      () => 'updated',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );
    expect(refused).toContain('never altered');
    // The driver's one change, `hidden`, passes the same trigger.
    await ctx.app.db.execute(sql`update attestations set hidden = hidden`);
  });

  it('answers 404 for the PATCH of another holder’s code, 400 for a body without hidden, 401 anonymous', async () => {
    const own = (await call('GET', '/api/attestations', driver)).json() as Attestation[];
    const patch = (user: TestUser | undefined, body: unknown, code = own[0]!.code) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/attestations/${code}`,
        headers: user ? mergePatchHeaders(user) : { 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify(body),
      });
    expect((await patch(examiner, { hidden: true })).statusCode).toBe(404);
    expect((await patch(driver, { hidden: true }, 'AAAA-AAAA-AAAA')).statusCode).toBe(404);
    expect((await patch(driver, { hidden: 'ja' })).statusCode).toBe(400);
    expect((await patch(driver, { hidden: true, kind: 'x' })).statusCode).toBe(400);
    expect((await patch(undefined, { hidden: true })).statusCode).toBe(401);
  });
});

describe('a driver changes Betrieb', () => {
  it('takes the old Betrieb’s attestation along: the new one lists and verifies it, then sees it withdrawn', async () => {
    const issued = (
      (await call('GET', `/api/betriebe/${betrieb.id}/attestations`, examiner)).json() as Attestation[]
    ).find((a) => a.kind === 'periodic_check')!;
    // The driver leaves and joins the next employer.
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, driver)).statusCode).toBe(204);
    const next = await foundBetrieb(ctx.app, nextAdmin, 'Rhein-Neckar Bahn', ['Mannheim']);
    await join(ctx.app, driver, await invite(ctx.app, nextAdmin, next.id, 'driver'));
    const listed = (await call('GET', `/api/betriebe/${next.id}/attestations`, nextAdmin)).json() as Attestation[];
    const brought = listed.find((a) => a.code === issued.code)!;
    expect(brought).toMatchObject({
      betrieb: { id: betrieb.id, name: 'Mainfranken Bahn' },
      issuedHere: false,
      canWithdraw: false,
      state: 'valid',
    });
    expect(brought.membershipId).not.toBeNull();
    expect((await check(issued.code)).json()).toMatchObject({ state: 'genuine' });
    // The new Betrieb cannot withdraw it; the old one still lists it after the driver left, and withdraws it.
    const foreign = await call('POST', `/api/betriebe/${next.id}/attestations/${issued.code}/withdraw`, nextAdmin);
    expect(foreign.statusCode).toBe(404);
    const oldList = (await call('GET', `/api/betriebe/${betrieb.id}/attestations`, admin)).json() as Attestation[];
    expect(oldList.find((a) => a.code === issued.code)).toMatchObject({ membershipId: null, canWithdraw: true });
    const withdrawn = await call('POST', `/api/betriebe/${betrieb.id}/attestations/${issued.code}/withdraw`, examiner);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn', canWithdraw: false });
    const again = await call('POST', `/api/betriebe/${betrieb.id}/attestations/${issued.code}/withdraw`, admin);
    expect((again.json() as Attestation).withdrawnAt).toBe((withdrawn.json() as Attestation).withdrawnAt);
    expect((await check(issued.code)).json()).toMatchObject({ state: 'revoked', label: 'widerrufen' });
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${issued.code}` });
    expect(page.body).toContain('Widerrufen');
    expect(page.body).toContain('Der Betrieb, der diese Bescheinigung ausgestellt hat, hat sie widerrufen.');
    const relisted = (await call('GET', `/api/betriebe/${next.id}/attestations`, nextAdmin)).json() as Attestation[];
    expect(relisted.find((a) => a.code === issued.code)).toMatchObject({ state: 'withdrawn' });
    const lines = transferHistory(await historyOfOwner(ctx.app.db, driver.id)).map((line) => line.text);
    expect(lines).toContainEqual(expect.stringMatching(/^Bescheinigung „Überprüfung.* widerrufen \(Prüfcode /));

    // The driver hides the other one from later Betriebe: the new one no longer lists it, the issuing one still does.
    const other = listed.find((a) => a.kind === 'first_acquisition')!;
    const hidden = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/attestations/${other.code}`,
      headers: mergePatchHeaders(driver),
      payload: JSON.stringify({ hidden: true }),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, state: 'valid' });
    const after = (await call('GET', `/api/betriebe/${next.id}/attestations`, nextAdmin)).json() as Attestation[];
    expect(after.map((a) => a.code)).not.toContain(other.code);
    const issuing = (await call('GET', `/api/betriebe/${betrieb.id}/attestations`, admin)).json() as Attestation[];
    expect(issuing.map((a) => a.code)).toContain(other.code);
    expect((await check(other.code)).json()).toMatchObject({ state: 'genuine' });
  });

  it('keeps the attestation when the issuing Betrieb is deleted; nobody can withdraw it then', async () => {
    const own = (await call('GET', '/api/attestations', driver)).json() as Attestation[];
    const founder = await verifiedUser(ctx.app, { firstname: 'Kurz', lastname: 'Lebig' });
    const gone = await foundBetrieb(ctx.app, founder, 'Kurzbahn', []);
    const seat = await invite(ctx.app, founder, gone.id, 'driver');
    const other = await verifiedUser(ctx.app, { firstname: 'Olga', lastname: 'Ohne' });
    await join(ctx.app, other, seat);
    const membership = (await membersOf(ctx.app, founder, gone.id)).find((m) => m.name === 'Olga Ohne')!;
    const created = await attest(
      founder,
      membership.id,
      { kind: 'periodic_check', checkedOn: today, lines: ['x'] },
      gone.id,
    );
    expect(created.statusCode, created.body).toBe(201);
    const code = (created.json() as Attestation).code;
    expect((await call('DELETE', `/api/betriebe/${gone.id}/membership`, other)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/betriebe/${gone.id}/membership`, founder)).statusCode).toBe(204);
    const kept = (await call('GET', '/api/attestations', other)).json() as Attestation[];
    expect(kept).toEqual([expect.objectContaining({ code, betrieb: { id: null, name: 'Kurzbahn' }, state: 'valid' })]);
    expect((await check(code)).json()).toMatchObject({ state: 'genuine' });
    expect(own.length).toBeGreaterThan(0);
  });
});

describe('backup, restore and erasure', () => {
  it('carries the attestations in the signed backup as signed, and a restore never re-creates them', async () => {
    const own = (await call('GET', '/api/attestations', driver)).json() as Attestation[];
    const backup = (await call('GET', '/api/backup', driver)).json() as Backup;
    expect(backup.attestations?.map((a) => a.code).sort()).toEqual(own.map((a) => a.code).sort());
    expect(backup.attestations?.[0]).toMatchObject({
      content: { document: 'attestation', driver: { name: 'Berta Albrecht' } },
      signature: expect.any(String),
    });
    const other = await verifiedUser(ctx.app, { firstname: 'Rita', lastname: 'Restore' });
    const restored = await call('POST', '/api/backup/restore', other, backup);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('GET', '/api/attestations', other)).json()).toEqual([]);
    // The original stays with its holder.
    expect(((await call('GET', '/api/attestations', driver)).json() as Attestation[]).length).toBe(own.length);
  });

  it('erases them with the driver’s account: gone from every list, the code still verifies without a person', async () => {
    const holder = await verifiedUser(ctx.app, { firstname: 'Lena', lastname: 'Löscht' });
    await join(ctx.app, holder, await invite(ctx.app, admin, betrieb.id, 'driver'));
    const membership = (await membersOf(ctx.app, admin, betrieb.id)).find((m) => m.name === 'Lena Löscht')!.id;
    const created = (
      await attest(examiner, membership, { kind: 'periodic_check', checkedOn: today, lines: ['x'] })
    ).json() as Attestation;
    const deleted = await call('POST', '/api/users/delete-account', holder, {
      password: holder.password,
      confirmation: 'KONTO LÖSCHEN',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const listed = (await call('GET', `/api/betriebe/${betrieb.id}/attestations`, admin)).json() as Attestation[];
    expect(listed.map((a) => a.code)).not.toContain(created.code);
    const checked = await check(created.code);
    expect(checked.json()).toMatchObject({ state: 'genuine' });
    expect(checked.body).not.toContain('Löscht');
    const page = await ctx.app.inject({ method: 'GET', url: `/pruefen/${created.code}` });
    expect(page.body).not.toContain('Lena');
  });
});
