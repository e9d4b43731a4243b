import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attestation } from '@streckenpass/contract/attestations';
import { formatDate } from '@streckenpass/contract/format';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { Member } from '@streckenpass/contract/betriebe';
import { createCaller } from '../../test/api.js';
import { betriebWithDrivers, membersOf } from '../../test/betriebe.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';
import { formatCode, readTrailer } from '../../lib/proof-signature.js';

/*
 * The transfer document ("Nachweis für den Arbeitgeberwechsel") lists the attestations the driver holds (issue 41 item
 * 5; TfV § 13: the proofs go with the driver), each with its check code; a withdrawal shows on its own check and in
 * the next transfer document.
 */
let ctx: TestContext;
const call = createCaller(() => ctx.app);
let today: string;
let admin: TestUser;
let driver: TestUser;
let betriebId: number;
let attestation: Attestation;

beforeAll(async () => {
  ctx = await buildTestApp();
  today = todayIn(ctx.app.config.timezone);
  const cast = await betriebWithDrivers(ctx.app, 'Übergabe Bahn', { driver: ['Jörg', 'Weiß'] });
  ({ admin } = cast);
  driver = cast.drivers.driver;
  betriebId = cast.betrieb.id;
  const member = (await membersOf(ctx.app, admin, betriebId)).find((m: Member) => m.name === 'Jörg Weiß')!;
  const made = await call('POST', `/api/betriebe/${betriebId}/members/${member.id}/attestations`, admin, {
    kind: 'first_acquisition',
    checkedOn: addDays(today, -30),
    requirementIds: [cast.requirement.id],
    examinerName: 'Paula Prüfer',
  });
  expect(made.statusCode, made.body).toBe(201);
  attestation = made.json() as Attestation;
});
afterAll(async () => ctx.close());

const check = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/pruefen/${code}`, headers: { accept: 'application/json' } });

describe('the transfer document and the attestations the driver holds', () => {
  it('lists each with its kind, day, Betrieb, examiner and check code; a later one names the withdrawal', async () => {
    const response = await call('POST', '/api/proofs/transfer', driver);
    expect(response.statusCode, response.body).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    for (const expected of [
      'Bescheinigungen der Betriebe',
      'Erstausbildung bestätigt',
      formatDate(addDays(today, -30)),
      'Übergabe Bahn',
      'Paula Prüfer',
      attestation.code,
    ]) {
      expect(text).toContain(expected);
    }
    const reading = readTrailer(response.rawPayload);
    if (!reading.found || !reading.trailer) throw new Error('no trailer');
    const code = formatCode(reading.trailer.code);
    expect((await check(code)).json()).toMatchObject({ state: 'genuine', document: { changedSince: false } });

    const withdrawn = await call(
      'POST',
      `/api/betriebe/${betriebId}/attestations/${attestation.code}/withdraw`,
      admin,
      {},
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // The issued document stays genuine as issued (a transfer compares its routes and vehicles part); the
    // attestation's own check says it is withdrawn, and a new transfer document says so.
    expect((await check(code)).json()).toMatchObject({ state: 'genuine' });
    expect((await check(attestation.code)).json()).toMatchObject({ state: 'revoked' });
    const again = await call('POST', '/api/proofs/transfer', driver);
    const now = execFileSync('pdftotext', ['-', '-'], { input: again.rawPayload, encoding: 'utf8' });
    expect(now.replace(/\s+/g, ' ')).toContain(`widerrufen am ${formatDate(today)}`);
  });
});
