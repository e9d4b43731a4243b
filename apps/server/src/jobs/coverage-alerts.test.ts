import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { App } from '../app.js';
import { betriebe, coverageAlertLog, memberships, routes, users } from '../db/schema.js';
import { coverageAlertMail } from '../mail/scheduled-mails.js';
import { createCaller } from '../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../test/betriebe.js';
import { buildTestApp, registerUser, testConfig, type TestContext, type TestUser } from '../test/helpers.js';
import { startTwoInstances, type TwoInstances } from '../test/instances.js';
import { insertRouteActivity } from '../test/seed.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../test/smtp.js';
import {
  coverageAlert,
  dispatchCoverageAlerts,
  LAPSING_SHOWN,
  requirementLabel,
  type BetriebCoverage,
} from './coverage-alerts.js';
import { isoWeekOf, STALE_CLAIM_MINUTES } from './weekly-mail.js';

/** Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (test/helpers.ts): there with two real instances. */

const KEY = 'cron-test-key-coverage-alerts';

let smtp: TestSmtp;
let instances: TwoInstances;
/** Instance one, which also owns the test database. */
let one: TestContext;
/** Instance two: its own app on the same database, through its own connection pool on PostgreSQL. */
let two: App;
const call = createCaller(() => one.app);

beforeAll(async () => {
  smtp = await startTestSmtp();
  instances = await startTwoInstances({
    smtpUrl: smtp.url,
    cronApiKey: KEY,
    rateLimits: { ...testConfig().rateLimits, share: { max: 10_000, timeWindow: 60_000 } },
  });
  ({ one, two } = instances);
});
afterAll(async () => {
  await instances.close();
  await smtp.close();
});
beforeEach(async () => {
  await one.app.db.delete(betriebe);
  await one.app.db.delete(users);
  smtp.messages.splice(0);
});

const deps = (app: App) => ({
  alerts: app.coverageAlerts,
  coverage: app.coverageRepository,
  mailer: app.mailer,
  config: app.config,
  log: app.log,
});
const today = () => todayIn(one.app.config.timezone);
const alertsFor = (email: string): ReceivedMail[] =>
  smtp.messages.filter((mail) => mail.subject.includes('Abdeckung') && mail.to.includes(email.toLowerCase()));
const allAlerts = () => smtp.messages.filter((mail) => mail.subject.includes('Abdeckung'));
const setAlert = (user: TestUser, betrieb: Betrieb, minDrivers: unknown) =>
  call('PUT', `/api/betriebe/${betrieb.id}/membership/coverage-alert`, user, { minDrivers });

async function addRequirement(admin: TestUser, betrieb: Betrieb, body: Record<string, unknown>): Promise<Requirement> {
  const response = await call('POST', `/api/betriebe/${betrieb.id}/requirements`, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Requirement;
}

/** A route of `user` between two stations (DS100) whose knowledge lasts `days` more days. */
async function knows(user: TestUser, from: string, to: string, days: number, companyRoute: string | null = null) {
  const [route] = await one.app.db
    .insert(routes)
    .values({
      ownerId: user.id,
      name: `${from}–${to}`,
      startPoint: from,
      endPoint: to,
      startStation: from,
      endStation: to,
      companyRoute,
    })
    .returning();
  const acquiredUntil = addDays(today(), days);
  await insertRouteActivity(one.app, user.id, {
    acquiredAt: addDays(acquiredUntil, -364),
    acquiredUntil,
    routeIds: [route!.id],
  });
}

/**
 * A Betrieb with an admin, a Disponent and three drivers (Carl in depot Nürnberg), and three requirements:
 * - Würzburg–Fürth (K1) for all: Tom knows it long, Berta's knowledge ends in 10 days, Carl lacks it → 1 of 3 covered;
 * - Würzburg–Nürnberg for all: everyone knows it long → 3 of 3;
 * - Nürnberg–Fürth for depot Nürnberg: only Carl is asked, and lacks it → 0 of 1. Tom's knowledge of it ends in 5
 *   days, but it is not asked of him: neither counted nor named.
 */
async function world(name = 'Regio Franken') {
  const admin = await verifiedUser(one.app, { firstname: 'Anna', lastname: 'Admin' });
  const disponent = await verifiedUser(one.app, { firstname: 'Dora', lastname: 'Disponentin' });
  const tom = await verifiedUser(one.app, { firstname: 'Tom', lastname: 'Fahrer' });
  const berta = await verifiedUser(one.app, { firstname: 'Berta', lastname: 'Zweite' });
  const carl = await verifiedUser(one.app, { firstname: 'Carl', lastname: 'Dritter' });
  const betrieb = await foundBetrieb(one.app, admin, name, ['Würzburg', 'Nürnberg']);
  const drivers = await invite(one.app, admin, betrieb.id, 'driver');
  for (const driver of [tom, berta, carl]) await join(one.app, driver, drivers);
  await join(one.app, disponent, await invite(one.app, admin, betrieb.id, 'disponent'));
  const nuernberg = betrieb.depots.find((depot) => depot.name === 'Nürnberg')!;
  const carlsMembership = (await membersOf(one.app, admin, betrieb.id)).find((m) => m.name === 'Carl Dritter')!;
  const moved = await call('PATCH', `/api/betriebe/${betrieb.id}/members/${carlsMembership.id}`, admin, {
    depot: nuernberg.id,
  });
  expect(moved.statusCode, moved.body).toBe(200);

  const k1 = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NF', companyRoute: 'K1' });
  const wide = await addRequirement(admin, betrieb, { startStation: 'NWH', endStation: 'NN' });
  const depotOnly = await addRequirement(admin, betrieb, { startStation: 'NN', endStation: 'NF', depot: nuernberg.id });
  await knows(tom, 'NF', 'NWH', 200); // the pair in the other direction
  await knows(berta, 'NWH', 'NF', 10);
  await knows(berta, 'NWH', 'NN', 90, 'X9');
  await knows(tom, 'NN', 'NWH', 365);
  await knows(carl, 'NWH', 'NN', 120);
  await knows(tom, 'NN', 'NF', 5);
  return { admin, disponent, tom, berta, carl, betrieb, k1, wide, depotOnly };
}

describe('PUT /api/betriebe/{id}/membership/coverage-alert', () => {
  it('sets and clears the caller’s own minimum; the Betrieb shows it to admins and Disponenten', async () => {
    const { admin, disponent, betrieb } = await world();
    const set = await setAlert(disponent, betrieb, 2);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: betrieb.id, role: 'disponent', coverageAlertMin: 2 });
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, disponent)).json()).toMatchObject({ coverageAlertMin: 2 });
    const mine = (await call('GET', '/api/betriebe', disponent)).json() as Betrieb[];
    expect(mine.find((b) => b.id === betrieb.id)?.coverageAlertMin).toBe(2);
    // Each member's own: the admin's is untouched, and may be set too.
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, admin)).json()).toMatchObject({ coverageAlertMin: null });
    expect((await setAlert(admin, betrieb, 1000)).json()).toMatchObject({ role: 'admin', coverageAlertMin: 1000 });

    const cleared = await setAlert(disponent, betrieb, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ coverageAlertMin: null });
  });

  it('refuses drivers (403) — whose Betrieb shows no such setting — and everyone outside like an unknown Betrieb (404)', async () => {
    const { admin, tom, betrieb } = await world();
    const refused = await setAlert(tom, betrieb, 2);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, tom)).json()).not.toHaveProperty('coverageAlertMin');

    const stranger = await verifiedUser(one.app);
    const former = await verifiedUser(one.app);
    await join(one.app, former, await invite(one.app, admin, betrieb.id, 'disponent'));
    expect((await setAlert(former, betrieb, 2)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, former)).statusCode).toBe(204);
    const unknown = await call('PUT', '/api/betriebe/999999/membership/coverage-alert', stranger, { minDrivers: 2 });
    expect(unknown.statusCode).toBe(404);
    for (const outsider of [stranger, former]) {
      const response = await setAlert(outsider, betrieb, 2);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    // Refused before the body is judged.
    expect((await setAlert(stranger, betrieb, 'viele')).statusCode).toBe(404);
    expect((await setAlert(tom, betrieb, 'viele')).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/betriebe/${betrieb.id}/membership/coverage-alert`, undefined, { minDrivers: 2 }))
        .statusCode,
    ).toBe(401);
  });

  it('validates the body: a whole number of drivers from 1 to 1000 (else 422), or null; other shapes 400', async () => {
    const { disponent, betrieb } = await world();
    for (const minDrivers of [0, -1, 1001]) {
      const response = await setAlert(disponent, betrieb, minDrivers);
      expect(response.statusCode, `minDrivers ${minDrivers}: ${response.body}`).toBe(422);
      expect(response.json().violations[0]).toMatchObject({ propertyPath: 'minDrivers' });
    }
    for (const body of [{ minDrivers: 2.5 }, { minDrivers: '3' }, {}, { minDrivers: 3, extra: true }]) {
      const response = await call('PUT', `/api/betriebe/${betrieb.id}/membership/coverage-alert`, disponent, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, disponent)).json()).toMatchObject({
      coverageAlertMin: null,
    });
  });

  it('ends with the role: a Disponent made a driver has no setting and gets no mail', async () => {
    const { admin, disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    const member = (await membersOf(one.app, admin, betrieb.id)).find((m) => m.name === 'Dora Disponentin')!;
    await call('PATCH', `/api/betriebe/${betrieb.id}/members/${member.id}`, admin, { role: 'driver' });
    await call('PATCH', `/api/betriebe/${betrieb.id}/members/${member.id}`, admin, { role: 'disponent' });
    expect((await call('GET', `/api/betriebe/${betrieb.id}`, disponent)).json()).toMatchObject({
      coverageAlertMin: null,
    });
    await dispatchCoverageAlerts(deps(one.app));
    expect(alertsFor(disponent.email)).toHaveLength(0);
  });
});

describe('the weekly coverage mail', () => {
  it('names the requirements below the minimum and the knowledge that ends within the window', async () => {
    const { disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    const result = await dispatchCoverageAlerts(deps(one.app));
    expect(result).toMatchObject({ sent: 1, skipped: 0, failed: 0, isoWeek: isoWeekOf(today()) });
    const [mail, ...others] = alertsFor(disponent.email);
    expect(others).toHaveLength(0);
    const until = addDays(today(), COVERAGE_WINDOW_DAYS).split('-').reverse().join('.');
    const week = isoWeekOf(today());
    expect(mail!.subject).toBe(
      `Streckenpass: Abdeckung Regio Franken, KW ${Number(week.slice(6))}/${week.slice(0, 4)} – 2 Anforderungen unter 2, 1 Streckenkenntnis endet`,
    );
    const text = mail!.text;
    expect(text).toContain('Hallo Dora,');
    expect(text).toContain(`für die nächsten 30 Tage, bis zum ${until}.`);
    expect(text).toContain(`Weniger als 2 Fahrer/innen über den ${until} hinaus streckenkundig:`);
    // Fewest first: the depot's requirement (0 of its 1 driver), then K1 (1 of 3); Würzburg–Nürnberg (3 of 3) not.
    const lines = text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines[0]).toMatch(/^- Nürnberg Hbf \(NN\) – Fürth \(Bay\) Hbf \(NF\), Depot Nürnberg: 0 von 1 Fahrer\/in$/);
    expect(lines[1]).toMatch(/^- Würzburg Hbf \(NWH\) – Fürth \(Bay\) Hbf \(NF\), Kürzel K1: 1 von 3 Fahrer\/innen$/);
    expect(text).not.toContain('(NWH) – Nürnberg Hbf (NN)');
    const ends = addDays(today(), 10).split('-').reverse().join('.');
    expect(text).toContain(`Streckenkunde, die bis zum ${until} endet:`);
    expect(lines[2]).toBe(
      `- Berta Zweite, Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF), Kürzel K1: gültig bis ${ends}, noch 10 Tage gültig`,
    );
    expect(lines).toHaveLength(3);
    expect(text).not.toContain('Tom Fahrer');
    expect(text).toContain(`http://streckenpass.test/betrieb/${betrieb.id}`);
    // Names and dates only: no driver's address.
    for (const address of await one.app.db.select({ email: users.email }).from(users)) {
      if (address.email !== disponent.email) expect(mail!.raw).not.toContain(address.email);
    }
    expect(mail!.html).toContain('<table');
    expect(mail!.html).toContain('Berta Zweite');
    expect(mail!.html).toContain('0 von 1 Fahrer/in');
    const [row] = await one.app.db.select().from(coverageAlertLog);
    expect(row).toMatchObject({ isoWeek: week, status: 'sent' });
  });

  it('tells when one of the two lists is empty, and sends nothing when both are', async () => {
    const { disponent, berta, betrieb } = await world();
    await setAlert(disponent, betrieb, 1);
    // Berta's knowledge of K1 has ended already: nothing lapses; Tom still covers K1, the depot's requirement nobody.
    await one.app.db
      .update(routes)
      .set({ validUntil: addDays(today(), -1) })
      .where(and(eq(routes.ownerId, berta.id), eq(routes.name, 'NWH–NF')));
    await dispatchCoverageAlerts(deps(one.app));
    const [mail] = alertsFor(disponent.email);
    expect(mail!.subject).toMatch(/ – 1 Anforderung unter 1$/);
    expect(mail!.text).toContain('Depot Nürnberg: 0 von 1 Fahrer/in');
    expect(mail!.text).toContain('endet keine Streckenkunde einer Anforderung.');

    // A Betrieb whose every requirement is covered and whose knowledge all lasts: no mail, no claim.
    const calm = await verifiedUser(one.app, { firstname: 'Ruth', lastname: 'Ruhig' });
    const [steady, leaving] = [await verifiedUser(one.app), await verifiedUser(one.app, { firstname: 'Lea' })];
    const quiet = await foundBetrieb(one.app, calm, 'Ruhige Bahn', []);
    const drivers = await invite(one.app, calm, quiet.id, 'driver');
    await join(one.app, steady, drivers);
    await addRequirement(calm, quiet, { startStation: 'NWH', endStation: 'NF' });
    await knows(steady, 'NWH', 'NF', 300);
    await setAlert(calm, quiet, 1);
    expect(await dispatchCoverageAlerts(deps(one.app))).toMatchObject({ sent: 0 });
    expect(alertsFor(calm.email)).toHaveLength(0);
    const claims = await one.app.db
      .select()
      .from(coverageAlertLog)
      .innerJoin(memberships, eq(memberships.id, coverageAlertLog.membershipId))
      .where(eq(memberships.betriebId, quiet.id));
    expect(claims).toHaveLength(0);

    // Still covered, but a second driver's knowledge ends in 3 days: the mail says so and names only that.
    await join(one.app, leaving, drivers);
    await knows(leaving, 'NF', 'NWH', 3);
    await dispatchCoverageAlerts(deps(one.app));
    const [soon] = alertsFor(calm.email);
    expect(soon!.subject).toMatch(/ – 1 Streckenkenntnis endet$/);
    expect(soon!.text).toContain('Jede Anforderung hat mindestens 1 Fahrer/in, die über den');
    expect(soon!.text).toContain('- Lea Muster, Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF): gültig bis');
    expect(soon!.text).toContain('noch 3 Tage gültig');
  });

  it('goes to nobody who has not asked for it, has no verified address, or has left', async () => {
    const { admin, disponent, tom, betrieb } = await world();
    // The admin has not opted in; the Disponent opts in but leaves; a new Disponent opts in unverified.
    await setAlert(disponent, betrieb, 2);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, disponent)).statusCode).toBe(204);
    const unverified = await registerUser(one.app, { firstname: 'Udo' });
    await join(one.app, unverified, await invite(one.app, admin, betrieb.id, 'disponent'));
    expect((await setAlert(unverified, betrieb, 2)).statusCode).toBe(200);
    // A driver's stored value (as if set before a role change) is never read.
    await one.app.db.update(memberships).set({ coverageAlertMin: 3 }).where(eq(memberships.userId, tom.id));

    const result = await dispatchCoverageAlerts(deps(one.app));
    expect(result).toMatchObject({ sent: 0, skipped: 0 });
    expect(allAlerts()).toHaveLength(0);
    expect(await one.app.db.select().from(coverageAlertLog)).toHaveLength(0);
  });

  it('goes out once per ISO week: the next run that week sends nothing, the next week again', async () => {
    const { disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    const monday = new Date(`${today()}T12:00:00Z`);
    expect((await dispatchCoverageAlerts(deps(one.app), { now: monday })).sent).toBe(1);
    expect(await dispatchCoverageAlerts(deps(one.app), { now: monday })).toMatchObject({ sent: 0, skipped: 1 });
    const nextWeek = new Date(monday.getTime() + 7 * 86_400_000);
    expect(await dispatchCoverageAlerts(deps(one.app), { now: nextWeek })).toMatchObject({ sent: 1 });
    expect(alertsFor(disponent.email)).toHaveLength(2);
    const weeks = (await one.app.db.select().from(coverageAlertLog)).map((row) => row.isoWeek).sort();
    expect(weeks).toEqual([isoWeekOf(today()), isoWeekOf(addDays(today(), 7))].sort());
  });

  it('gives the claim up when the send fails, so that the next run sends it', async () => {
    const { disponent, betrieb, ...others } = await world();
    await setAlert(disponent, betrieb, 2);
    // The verification mails of registration go out on their own; the failure is for the alert.
    for (const user of [disponent, ...Object.values(others)]) {
      if ('email' in user) await smtp.waitFor(user.email);
    }
    smtp.failNext(1);
    expect(await dispatchCoverageAlerts(deps(one.app))).toMatchObject({ sent: 0, failed: 1 });
    expect(await one.app.db.select().from(coverageAlertLog)).toHaveLength(0);
    expect(await dispatchCoverageAlerts(deps(one.app))).toMatchObject({ sent: 1, failed: 0 });
    expect(alertsFor(disponent.email)).toHaveLength(1);
  });

  it('is sent by the weekly run of the scheduler, after the reports', async () => {
    const { disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    const scheduled = await buildTestApp({ smtpUrl: smtp.url, scheduler: true }, one.db);
    try {
      // The start-up catch-up sends this week's due mails once the week's run time has passed; let it finish.
      await scheduled.app.weeklyReportCatchUp?.done;
      await scheduled.app.coverageAlertCatchUp?.done;
      await scheduled.app.weeklyReportJob?.trigger();
      await scheduled.app.weeklyReportJob?.trigger();
      expect(alertsFor(disponent.email)).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
  });
});

describe('exactly once across instances', () => {
  it('runs against the configured database kind, with a pool of its own on PostgreSQL', () => {
    expect(one.db.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    if (process.env.DATABASE_URL) expect(instances.secondDatabase).not.toBe(one.db.database);
  });

  it('sends each mail once when two instances dispatch at the same moment', async () => {
    const recipients: TestUser[] = [];
    for (const name of ['Erste Bahn', 'Zweite Bahn', 'Dritte Bahn']) {
      const { admin, disponent, betrieb } = await world(name);
      await setAlert(disponent, betrieb, 2);
      await setAlert(admin, betrieb, 3);
      recipients.push(admin, disponent);
    }
    const results = await Promise.all([
      dispatchCoverageAlerts(deps(one.app)),
      dispatchCoverageAlerts(deps(two)),
      dispatchCoverageAlerts(deps(one.app)),
      dispatchCoverageAlerts(deps(two)),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0);
    for (const user of recipients) expect(alertsFor(user.email)).toHaveLength(1);
    expect(allAlerts()).toHaveLength(6);
  }, 90_000); // three Betriebe to set up: 26 s at a load average of 15 on two cores

  it('sends each mail once when the cron endpoints of both instances are called at once', async () => {
    const { admin, disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    await setAlert(admin, betrieb, 2);
    const calls = [one.app, two, one.app, two].map((app) =>
      app.inject({ method: 'GET', url: `/api/cronjob/internal/${KEY}` }),
    );
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(200);
    expect(alertsFor(disponent.email)).toHaveLength(1);
    expect(alertsFor(admin.email)).toHaveLength(1);
  });

  it('takes over a claim left by a run that died before sending, once its lease has expired', async () => {
    const { disponent, betrieb } = await world();
    await setAlert(disponent, betrieb, 2);
    const [membership] = await one.app.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, disponent.id));
    const crashed = (minutesAgo: number) =>
      one.app.db
        .insert(coverageAlertLog)
        .values({
          membershipId: membership!.id,
          isoWeek: isoWeekOf(today()),
          status: 'claimed',
          claimedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
        })
        .onConflictDoUpdate({
          target: [coverageAlertLog.membershipId, coverageAlertLog.isoWeek],
          set: { claimedAt: sql`now() - make_interval(mins => ${minutesAgo})` },
        });

    // Still within the lease: the run that holds it may yet send; nobody else does.
    await crashed(1);
    expect(await dispatchCoverageAlerts(deps(two))).toMatchObject({ sent: 0, held: 1 });
    expect(alertsFor(disponent.email)).toHaveLength(0);

    // Past the lease: taken over, by exactly one of two instances racing for it.
    await crashed(STALE_CLAIM_MINUTES + 5);
    const results = await Promise.all([dispatchCoverageAlerts(deps(one.app)), dispatchCoverageAlerts(deps(two))]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(alertsFor(disponent.email)).toHaveLength(1);
    const [row] = await one.app.db.select().from(coverageAlertLog);
    expect(row).toMatchObject({ status: 'sent' });
  });
});

describe('coverageAlert', () => {
  const requirement = (id: number, companyRoute: string | null = null, depot: string | null = null): Requirement => ({
    id,
    startStation: { code: 'NWH', name: 'Würzburg Hbf' },
    endStation: { code: 'NF', name: 'Fürth (Bay) Hbf' },
    companyRoute,
    section: null,
    depot: depot ? { id: 1, name: depot } : null,
    minDrivers: null,
    createdAt: '2026-11-27T00:00:00.000Z',
  });
  const coverage = (covered: number[], lapsingTotal = 0): BetriebCoverage => ({
    until: '2026-12-27',
    requirements: covered.map((n, i) => ({ requirement: requirement(i + 1), drivers: 5, covered: n })),
    lapsing: [],
    lapsingTotal,
    dueChecks: [],
  });

  it('goes out for a due check of the infrastructure knowledge alone, and the mail names it (issue 41)', () => {
    const dueChecks = [{ driver: 'Karl Lange', due: '2026-12-07', label: 'überfällig seit 01.12.2026' }];
    const alert = coverageAlert({ ...coverage([3, 4]), dueChecks }, 3);
    expect(alert).toMatchObject({ below: [], dueChecks });
    const mail = coverageAlertMail({
      firstname: 'Dora',
      betrieb: 'Prüf Bahn',
      isoWeek: '2026-W50',
      windowDays: 30,
      until: '2026-12-27',
      minDrivers: 3,
      below: [],
      lapsing: [],
      moreLapsing: 0,
      dueChecks: [{ driver: 'Karl Lange', label: 'überfällig seit 01.12.2026' }],
      betriebUrl: 'https://streckenpass.example/betrieb/1',
    });
    expect(mail.subject).toContain('1 Überprüfung fällig');
    expect(mail.text).toContain('Fällige Überprüfungen der Streckenkenntnis (bis zum 27.12.2026):');
    expect(mail.text).toContain('- Karl Lange: überfällig seit 01.12.2026');
    expect(mail.html).toContain('Karl Lange');
  });

  it('names the requirements with fewer covering drivers than the minimum, fewest first, else in order', () => {
    const alert = coverageAlert(coverage([3, 1, 2, 1, 5]), 3);
    expect(alert?.below.map((entry) => entry.requirement.id)).toEqual([2, 4, 3]);
    expect(coverageAlert(coverage([3, 4]), 3)).toBeNull();
    expect(coverageAlert(coverage([3, 4], 2), 3)).toMatchObject({ below: [], moreLapsing: 2 });
  });

  it('counts by a requirement’s own minimum where it has one (issue 40), by the chosen one elsewhere', () => {
    const base = coverage([3, 1, 4]);
    const own = {
      ...base,
      requirements: base.requirements.map((entry) =>
        entry.requirement.id === 3 ? { ...entry, requirement: { ...entry.requirement, minDrivers: 5 } } : entry,
      ),
    };
    expect(coverageAlert(own, 2)?.below.map((entry) => entry.requirement.id)).toEqual([2, 3]);
    const mail = coverageAlertMail({
      firstname: 'Dora',
      betrieb: 'Frankenbahn',
      isoWeek: '2026-W49',
      windowDays: 30,
      until: '2027-01-03',
      minDrivers: 2,
      below: [
        { requirement: 'A – B', covered: 1, drivers: 5, own: null },
        { requirement: 'C – D', covered: 4, drivers: 5, own: 5 },
      ],
      lapsing: [],
      moreLapsing: 0,
      betriebUrl: 'http://127.0.0.1/betrieb/1',
    });
    expect(mail.text).toContain('Unter ihrem Minimum (ohne eigenes: 2 Fahrer/innen) über den 03.01.2027 hinaus');
    expect(mail.text).toContain('- C – D: 4 von 5 Fahrer/innen (Minimum 5)');
    expect(mail.text).toContain('- A – B: 1 von 5 Fahrer/innen\n');
  });

  it('counts the lapsing knowledge the mail does not list', () => {
    const listed = { requirement: requirement(1), driver: 'Tom Fahrer', validUntil: '2026-12-01' };
    const alert = coverageAlert({ ...coverage([]), lapsing: [listed], lapsingTotal: LAPSING_SHOWN + 7 }, 1);
    expect(alert?.moreLapsing).toBe(LAPSING_SHOWN + 6);
  });

  it('labels a requirement by its stations, Kürzel and depot', () => {
    expect(requirementLabel(requirement(1))).toBe('Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)');
    expect(requirementLabel(requirement(1, 'K1', 'Nürnberg'))).toBe(
      'Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF), Kürzel K1, Depot Nürnberg',
    );
  });
});
