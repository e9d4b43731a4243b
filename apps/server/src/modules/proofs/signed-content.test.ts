import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Route } from '@streckenpass/contract/routes';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Tour } from '@streckenpass/contract/tours';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { addDays, calendarDayOf, todayIn } from '@streckenpass/contract/knowledge';
import type { MatrixProofContent } from '../../export/matrix-model.js';
import type { ProofContent, TransferProofContent } from '../../export/proof-content.js';
import { contentHash, readTrailer } from '../../lib/proof-signature.js';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, verifiedUser } from '../../test/betriebe.js';
import { createRoute, createTour, routeIri } from '../../test/fixtures.js';
import { buildTestApp, testConfig, type TestContext, type TestUser } from '../../test/helpers.js';

/**
 * Issue 38: every signed word is true. Over generated records (routes with and without stations and Kürzel, tours,
 * drives on any subset of the routes), every document the proofs service issues — the Nachweis PDF, a share link's
 * page, the transfer PDF and a Betrieb's matrix — signs exactly the record as the API reads it at issue time, route
 * by route and drive by drive. A few runs only (each builds a record through the API and renders PDFs).
 */

let ctx: TestContext;
const call = createCaller(() => ctx.app);
const today = todayIn('Europe/Berlin');
const ZONE = 'Europe/Berlin';
let runs = 0;

/** One Betrieb asking for Würzburg Hbf – Fürth, which each run's driver joins. */
let admin: TestUser;
let betriebId: number;

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, proof: { max: 10_000, timeWindow: 60_000 } } });
  admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  betriebId = (await foundBetrieb(ctx.app, admin, 'Eigenschaftsbahn', ['Depot'])).id;
  const requirement = await call('POST', `/api/betriebe/${betriebId}/requirements`, admin, {
    startStation: 'NWH',
    endStation: 'NF',
  });
  expect(requirement.statusCode, requirement.body).toBe(201);
});
afterAll(async () => ctx.close());

/** Stations of the requirement below (Würzburg Hbf – Fürth): a route between them, either way, is asked for. */
const STATIONS = [null, 'NWH', 'NF', 'NGM'] as const;

const word = fc.stringMatching(/^[A-ZÄÖÜ][a-zäöüß]{2,7}$/);
const routeArbitrary = fc.record({
  name: fc.tuple(word, word).map(([from, to]) => `${from} – ${to}`),
  companyRoute: fc.option(fc.stringMatching(/^[A-Z][0-9]{1,2}$/), { nil: null }),
  start: fc.constantFrom(...STATIONS),
  end: fc.constantFrom(...STATIONS),
});
const recordArbitrary = fc
  .uniqueArray(routeArbitrary, { minLength: 1, maxLength: 4, selector: (route) => route.name.toLowerCase() })
  .chain((routes) =>
    fc.record({
      routes: fc.constant(routes),
      // Distinct days, so that "the drive of a route's last day" is one drive.
      drives: fc.uniqueArray(
        fc.record({
          daysAgo: fc.integer({ min: 0, max: 500 }),
          routes: fc.uniqueArray(fc.integer({ min: 0, max: routes.length - 1 }), { minLength: 1 }),
        }),
        { maxLength: 5, selector: (drive) => drive.daysAgo },
      ),
      tour: fc.uniqueArray(fc.integer({ min: 0, max: routes.length - 1 }), { maxLength: routes.length }),
    }),
  );
type RecordInput = typeof recordArbitrary extends fc.Arbitrary<infer T> ? T : never;

const byName = <T extends { name: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const sorted = (names: readonly string[]) => [...names].sort();

async function contentOf<T>(code: string): Promise<T> {
  const bare = code.replaceAll('-', '');
  const result = (await ctx.app.db.execute(
    sql`select content, content_hash from issued_documents where code = ${bare}`,
  )) as unknown as { rows: { content: T; content_hash: string }[] };
  const [row] = result.rows;
  if (!row) throw new Error(`no document ${code}`);
  // What is stored is what was signed.
  expect(contentHash(row.content)).toBe(row.content_hash);
  return row.content;
}

function codeOf(pdf: Buffer): string {
  const reading = readTrailer(pdf);
  if (!reading.found || !reading.trailer) throw new Error('no trailer');
  return reading.trailer.code;
}

/** The record as the API reads it now: routes, tours and drives. */
async function recordOf(user: TestUser) {
  const routes = (await call('GET', '/api/routes', user)).json() as Route[];
  const tours = (await call('GET', '/api/tours', user)).json() as Tour[];
  const drives = (await call('GET', '/api/route_activities', user)).json() as RouteActivity[];
  return { routes, tours, drives };
}

/** A route of signed content as the API's record says it, with the recording day of its last drive. */
function expectedRoute(route: Route, record: Awaited<ReturnType<typeof recordOf>>) {
  const iri = routeIri(route.id);
  const last = record.drives.find(
    (drive) => drive.acquiredAt === route.lastDriven && drive.acquiredRoutes.includes(iri),
  );
  return {
    name: route.name,
    companyRoute: route.companyRoute,
    startPoint: route.startPoint,
    endPoint: route.endPoint,
    startStation: route.startStation?.code ?? null,
    endStation: route.endStation?.code ?? null,
    tours: sorted(record.tours.filter((tour) => tour.routes.includes(iri)).map((tour) => tour.name)),
    lastDriven: route.lastDriven ?? null,
    validUntil: route.validUntil ?? null,
    recordedOn: last?.recordedAt ? calendarDayOf(last.recordedAt, ZONE) : null,
  };
}

const signedRoutes = (content: ProofContent) =>
  byName(content.routes.map((route) => ({ ...route, tours: sorted(route.tours) })));

async function build(input: RecordInput, user: TestUser) {
  const routes: Route[] = [];
  for (const route of input.routes) {
    routes.push(
      await createRoute(ctx.app, user, {
        name: route.name,
        companyRoute: route.companyRoute,
        startStation: route.start,
        endStation: route.end === route.start ? null : route.end,
      }),
    );
  }
  if (input.tour.length >= 2) {
    await createTour(
      ctx.app,
      user,
      input.tour.map((index) => routeIri(routes[index]!.id)),
      `Tour ${user.id}`,
    );
  }
  for (const drive of input.drives) {
    const response = await call('POST', '/api/route_activities', user, {
      acquiredAt: addDays(today, -drive.daysAgo),
      acquiredRoutes: drive.routes.map((index) => routeIri(routes[index]!.id)),
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return routes;
}

describe('every issued document signs the record as of issue time', () => {
  it(
    'the Nachweis PDF, the share page, the transfer PDF and the matrix, route by route and drive by drive',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(recordArbitrary, async (input) => {
          const lastname = `Schaft${++runs}`;
          const user = await verifiedUser(ctx.app, { firstname: 'Eigen', lastname });
          const routes = await build(input, user);
          const record = await recordOf(user);
          // Independently of the server's read model: a route's last day is the latest of its generated drives.
          for (const route of record.routes) {
            const index = input.routes.findIndex((generated) => generated.name === route.name);
            const days = input.drives
              .filter((drive) => drive.routes.includes(index))
              .map((drive) => addDays(today, -drive.daysAgo))
              .sort();
            expect(route.lastDriven ?? null, route.name).toBe(days.at(-1) ?? null);
          }
          const expectedRoutes = byName(record.routes.map((route) => expectedRoute(route, record)));
          const nameOf = new Map(record.routes.map((route) => [routeIri(route.id), route.name]));

          // The Nachweis PDF of everything.
          const pdf = await call('POST', '/api/export/pdf', user, {});
          expect(pdf.statusCode, pdf.body).toBe(200);
          const exported = await contentOf<ProofContent>(codeOf(pdf.rawPayload));
          expect(signedRoutes(exported)).toEqual(expectedRoutes);
          expect(exported.holder).toEqual({ firstname: 'Eigen', lastname });

          // The transfer PDF: the same routes, and every drive with its own routes.
          const transfer = await call('POST', '/api/proofs/transfer', user);
          expect(transfer.statusCode, transfer.body).toBe(200);
          const handed = await contentOf<TransferProofContent>(codeOf(transfer.rawPayload));
          expect(signedRoutes(handed)).toEqual(expectedRoutes);
          const drives = [...record.drives].sort((a, b) => (a.acquiredAt < b.acquiredAt ? 1 : -1));
          expect(handed.drives.map((drive) => ({ ...drive, routes: sorted(drive.routes) }))).toEqual(
            drives.map((drive) => ({
              acquiredAt: drive.acquiredAt,
              acquiredUntil: drive.acquiredUntil,
              recordedOn: drive.recordedAt ? calendarDayOf(drive.recordedAt, ZONE) : null,
              imported: drive.imported,
              routes: sorted(drive.acquiredRoutes.map((iri) => nameOf.get(iri)!)),
            })),
          );
          expect(handed.drives).toHaveLength(input.drives.length);

          // A share link's page of the first route only.
          const chosen = routes[0]!;
          const link = await call('POST', '/api/share_links', user, { routes: [chosen.id] });
          expect(link.statusCode, link.body).toBe(201);
          const page = await ctx.app.inject({ method: 'GET', url: new URL(link.json().url).pathname });
          expect(page.statusCode).toBe(200);
          const share = ((await call('GET', '/api/proofs', user)).json() as IssuedProof[]).find(
            (proof) => proof.kind === 'share',
          )!;
          const shared = await contentOf<ProofContent>(share.code);
          expect(signedRoutes(shared)).toEqual(expectedRoutes.filter((route) => route.name === chosen.name));

          // The Betrieb's matrix asking for Würzburg Hbf – Fürth: the driver's cell is their best such route.
          await join(ctx.app, user, await invite(ctx.app, admin, betriebId));
          const matrix = await call('POST', `/api/betriebe/${betriebId}/matrix/pdf`, admin, {});
          expect(matrix.statusCode, matrix.body).toBe(200);
          const issued = await contentOf<MatrixProofContent>(codeOf(matrix.rawPayload));
          const row = issued.drivers.filter((driver) => driver.name === `Eigen ${lastname}`);
          expect(row).toHaveLength(1);
          const matching = record.routes.filter((route) => {
            const ends = [route.startStation?.code, route.endStation?.code].sort().join('–');
            return ends === 'NF–NWH';
          });
          const [cell] = row[0]!.cells;
          expect(cell!.matched).toBe(matching.length > 0);
          if (matching.length > 0) {
            const best = matching
              .map((route) => route.validUntil ?? '')
              .sort()
              .at(-1)!;
            expect(cell!.validUntil ?? '').toBe(best);
            expect(matching.filter((route) => (route.validUntil ?? '') === best).map((route) => route.name)).toContain(
              cell!.route,
            );
          }
        }),
        {
          numRuns: 3,
          endOnFailure: true,
          // Always one record of three routes with a drive on each: the transfer's drives once named every route.
          examples: [
            [
              {
                routes: [
                  { name: 'Aschaffenburg – Laufach', companyRoute: 'K1', start: 'NWH', end: 'NF' },
                  { name: 'Bamberg – Forchheim', companyRoute: null, start: null, end: null },
                  { name: 'Crailsheim – Ansbach', companyRoute: null, start: 'NF', end: 'NWH' },
                ],
                drives: [
                  { daysAgo: 3, routes: [0] },
                  { daysAgo: 2, routes: [1] },
                  { daysAgo: 400, routes: [2] },
                ],
                tour: [0, 1],
              },
            ],
          ],
        },
      );
    },
  );
});
