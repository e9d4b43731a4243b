import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { addDays, calendarDayOf, todayIn } from '@streckenpass/contract/knowledge';
import type { CreatedShareLink } from '@streckenpass/contract/share-links';
import { readTrailer } from '../../lib/proof-signature.js';
import { createCaller } from '../../test/api.js';
import { createRoute, routeIri } from '../../test/fixtures.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

/*
 * The proofs and export services are built once, with the app's time zone (issue 39): every route that issues a
 * document and the verification read the holder's record in the same zone. An app far from Europe/Berlin, and a drive
 * recorded at an instant that is one day there and the next day here, tell the zones apart: were "changed since?"
 * to read today's record in another zone than the one the document was issued in, every document would read as
 * changed.
 */

const ZONE = 'Pacific/Kiritimati';
const today = todayIn(ZONE);
// 11:00 UTC: still that day in Berlin, already the next one at UTC+14.
const RECORDED_AT = `${addDays(today, -20)}T11:00:00.000Z`;

let ctx: TestContext;
let holder: TestUser;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp({
    timezone: ZONE,
    rateLimits: { ...testConfig().rateLimits, proof: { max: 10_000, timeWindow: 60_000 } },
  });
  holder = await registerUser(ctx.app, { firstname: 'Zoe', lastname: 'Zeitzone' });
  const route = await createRoute(ctx.app, holder, { name: 'Würzburg – Fürth' });
  const drive = await call('POST', '/api/route_activities', holder, {
    acquiredAt: addDays(today, -30),
    acquiredRoutes: [routeIri(route.id)],
  });
  expect(drive.statusCode, drive.body).toBe(201);
  await ctx.app.db.execute(
    sql`update route_activities set recorded_at = ${RECORDED_AT}::timestamptz where owner_id = ${holder.id}`,
  );
});
afterAll(async () => ctx.close());

const codeOfPdf = (pdf: Buffer) => {
  const reading = readTrailer(pdf);
  if (!reading.found || !reading.trailer) throw new Error('no trailer');
  return reading.trailer.code;
};

const verification = async (code: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/pruefen/${code}`, headers: { accept: 'application/json' } })
  ).json() as { state: string; document: { changedSince: boolean; routes: { recordedOn: string | null }[] } };

/** Each way a document of the holder's record is issued, answering its code. */
const issuers: [string, () => Promise<string>][] = [
  ['the export’s PDF', async () => codeOfPdf((await call('POST', '/api/export/pdf', holder, {})).rawPayload)],
  ['the transfer PDF', async () => codeOfPdf((await call('POST', '/api/proofs/transfer', holder)).rawPayload)],
  [
    'a share link’s page',
    async () => {
      const link = (await call('POST', '/api/share_links', holder, {})).json() as CreatedShareLink;
      const body = (await ctx.app.inject({ method: 'GET', url: new URL(link.url).pathname })).body;
      return /Prüfcode <strong>([0-9A-Z-]{14})<\/strong>/.exec(body)![1]!;
    },
  ],
  [
    'a share link’s PDF',
    async () => {
      const link = (await call('POST', '/api/share_links', holder, {})).json() as CreatedShareLink;
      return codeOfPdf((await ctx.app.inject({ method: 'GET', url: `${new URL(link.url).pathname}/pdf` })).rawPayload);
    },
  ],
  ['the signed backup', async () => ((await call('GET', '/api/backup', holder)).json() as Backup).signature!.code],
];

describe('"changed since?" in the app’s time zone', () => {
  it('the services are decorators of the app, built once', () => {
    expect(ctx.app.proofsService).toBeDefined();
    expect(ctx.app.exportService).toBeDefined();
    expect(ctx.app.matrixService).toBeDefined();
  });

  it.each(issuers)('%s reads as unchanged, with the drive recorded on the app’s day', async (_name, issue) => {
    const code = await issue();
    const answer = await verification(code);
    expect(answer.state).toBe('genuine');
    expect(answer.document.changedSince).toBe(false);
    const recordedOn = calendarDayOf(RECORDED_AT, ZONE);
    expect(recordedOn).not.toBe(calendarDayOf(RECORDED_AT, 'Europe/Berlin'));
    expect(answer.document.routes.map((route) => route.recordedOn)).toEqual([recordedOn]);
  });
});
