import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { wallClockIn } from '@streckenpass/contract/format';
import type { App } from '../app.js';
import { users, weeklyReportLog } from '../db/schema.js';
import { buildTestApp, type TestContext } from '../test/helpers.js';
import { startTwoInstances, type TwoInstances } from '../test/instances.js';
import { allReports, currentIsoWeek, insertDueUser, insertReportUser, reportsFor } from '../test/reports.js';
import { insertRoute, insertRouteActivity } from '../test/seed.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { dispatchWeeklyReports, isoWeekOf, STALE_CLAIM_MINUTES } from './weekly-report.js';

const KEY = 'cron-test-key-two-instances';

let smtp: TestSmtp;
let instances: TwoInstances;
/** Instance one, which also owns the test database. */
let one: TestContext;
/** Instance two: its own app on the same database, through its own connection pool on PostgreSQL. */
let two: App;

beforeAll(async () => {
  smtp = await startTestSmtp();
  instances = await startTwoInstances({ smtpUrl: smtp.url, cronApiKey: KEY });
  ({ one, two } = instances);
});
afterAll(async () => {
  await instances.close();
  await smtp.close();
});
beforeEach(async () => {
  await one.app.db.delete(users);
  smtp.messages.splice(0);
});

const deps = (app: App) => ({
  reports: app.weeklyReports,
  expiring: app.expiringRoutes,
  mailer: app.mailer,
  config: app.config,
  log: app.log,
});
const logRow = async (userId: number) =>
  (await one.app.db.select().from(weeklyReportLog).where(eq(weeklyReportLog.userId, userId)))[0];

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-16', '2026-W47'],
    ['2026-11-22', '2026-W47'],
    ['2026-11-23', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
    ['2020-12-31', '2020-W53'],
    ['2026-12-28', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
  ])('%s is in %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });
});

describe('two instances on one database', () => {
  it('runs against the configured database kind, with a pool of its own on PostgreSQL', () => {
    expect(one.db.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    if (process.env.DATABASE_URL) expect(instances.secondDatabase).not.toBe(one.db.database);
  });

  it('sends exactly one report per user when both dispatch at the same moment', async () => {
    const due = await Promise.all(Array.from({ length: 8 }, () => insertDueUser(one.app)));
    const results = await Promise.all([
      dispatchWeeklyReports(deps(one.app)),
      dispatchWeeklyReports(deps(two)),
      dispatchWeeklyReports(deps(one.app)),
      dispatchWeeklyReports(deps(two)),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(8);
    expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0);
    for (const user of due) expect(reportsFor(smtp, user.email)).toHaveLength(1);
    expect(allReports(smtp)).toHaveLength(8);
  });

  it('sends exactly one report per user when both cron endpoints are called at once', async () => {
    const due = await Promise.all(Array.from({ length: 5 }, () => insertDueUser(one.app)));
    const calls = [one.app, two, one.app, two].map((app) =>
      app.inject({ method: 'GET', url: `/api/cronjob/internal/${KEY}` }),
    );
    const answers = (await Promise.all(calls)).map((response) => response.json() as { sent: number });
    expect(answers.reduce((sum, answer) => sum + answer.sent, 0)).toBe(5);
    for (const user of due) expect(reportsFor(smtp, user.email)).toHaveLength(1);
  });
});

describe('claims', () => {
  it('takes over a stale claim left by a run that died before sending', async () => {
    const user = await insertDueUser(one.app);
    await one.app.db.insert(weeklyReportLog).values({
      userId: user.id,
      isoWeek: currentIsoWeek(one.app),
      status: 'claimed',
      claimedAt: sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES + 5})`,
    });
    const result = await dispatchWeeklyReports(deps(two));
    expect(result).toMatchObject({ sent: 1, skipped: 0 });
    expect(reportsFor(smtp, user.email)).toHaveLength(1);
    expect(await logRow(user.id)).toMatchObject({ status: 'sent' });
  });

  it('leaves a fresh claim to the run that holds it', async () => {
    const user = await insertDueUser(one.app);
    await one.app.db.insert(weeklyReportLog).values({
      userId: user.id,
      isoWeek: currentIsoWeek(one.app),
      status: 'claimed',
      claimedAt: sql`now() - interval '1 minute'`,
    });
    expect(await dispatchWeeklyReports(deps(one.app))).toMatchObject({ sent: 0, skipped: 1 });
    expect(reportsFor(smtp, user.email)).toHaveLength(0);
    expect(await logRow(user.id)).toMatchObject({ status: 'claimed' });
  });

  it('lets exactly one of many concurrent callers re-claim a stale claim', async () => {
    const user = await insertReportUser(one.app);
    const week = currentIsoWeek(one.app);
    await one.app.db.insert(weeklyReportLog).values({
      userId: user.id,
      isoWeek: week,
      status: 'claimed',
      claimedAt: sql`now() - interval '1 hour'`,
    });
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? two : one.app).weeklyReports.claim(user.id, week, 15)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('settles only the claim it holds: a run that lost its claim to a re-claim changes nothing', async () => {
    const user = await insertReportUser(one.app);
    const week = '2026-W01';
    const first = await one.app.weeklyReports.claim(user.id, week, 15);
    if (!first) throw new Error('first claim failed');
    expect(await two.weeklyReports.claim(user.id, week, 15)).toBeNull();
    // The first run stalls past the stale limit; another takes over.
    await one.app.db
      .update(weeklyReportLog)
      .set({ claimedAt: sql`now() - interval '20 minutes'` })
      .where(eq(weeklyReportLog.id, first.id));
    const second = await two.weeklyReports.claim(user.id, week, 15);
    if (!second) throw new Error('re-claim failed');
    expect(second.id).toBe(first.id);

    await one.app.weeklyReports.release(first);
    await one.app.weeklyReports.markSent(first);
    expect(await logRow(user.id)).toMatchObject({ status: 'claimed', sentAt: null });
    await two.weeklyReports.markSent(second);
    expect(await logRow(user.id)).toMatchObject({ status: 'sent' });
    expect(await one.app.weeklyReports.claim(user.id, week, 0)).toBeNull();
  });

  it('counts the ISO week in the application time zone', async () => {
    const user = await insertReportUser(one.app);
    const route = await insertRoute(one.app, user.id);
    await insertRouteActivity(one.app, user.id, {
      acquiredAt: '2026-01-01',
      acquiredUntil: '2026-11-30',
      routeIds: [route.id],
    });
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin: week 48, not 47.
    const result = await dispatchWeeklyReports(deps(one.app), { now: new Date('2026-11-22T23:30:00Z') });
    expect(result).toMatchObject({ isoWeek: '2026-W48', sent: 1 });
    expect(await logRow(user.id)).toMatchObject({ isoWeek: '2026-W48', status: 'sent' });
    const [mail] = reportsFor(smtp, user.email);
    expect(mail?.subject).toContain('KW 48/2026');
    expect(mail?.text).toContain('gültig bis 30.11.2026, noch 7 Tage gültig');
    // The next week is a new week.
    const nextWeek = await dispatchWeeklyReports(deps(one.app), { now: new Date('2026-11-29T23:30:00Z') });
    expect(nextWeek).toMatchObject({ isoWeek: '2026-W49', sent: 1 });
    const rows = await one.app.db
      .select()
      .from(weeklyReportLog)
      .where(and(eq(weeklyReportLog.userId, user.id), eq(weeklyReportLog.status, 'sent')));
    expect(rows.map((row) => row.isoWeek).sort()).toEqual(['2026-W48', '2026-W49']);
  });
});

describe('scheduler plugin', () => {
  it('is off when the scheduler is disabled', () => {
    expect(one.app.weeklyReportJob).toBeNull();
  });

  it('schedules the report for Monday 06:00 in the application time zone and stops on close', async () => {
    const scheduled = await buildTestApp({ smtpUrl: smtp.url, scheduler: true }, one.db);
    const job = scheduled.app.weeklyReportJob;
    // The start-up catch-up (weekly-report-catch-up.test.ts) has nothing to send here; let it finish first.
    await scheduled.app.weeklyReportCatchUp?.done;
    try {
      expect(job).not.toBeNull();
      const runs = job?.nextRuns(3) ?? [];
      expect(runs).toHaveLength(3);
      for (const run of runs) {
        expect(wallClockIn(run, 'Europe/Berlin')).toEqual({ weekday: 1, hour: 6, minute: 0 });
      }

      // A run of the job is the same dispatch as the endpoint's.
      const user = await insertDueUser(scheduled.app);
      await job?.trigger();
      expect(reportsFor(smtp, user.email)).toHaveLength(1);
      await job?.trigger();
      expect(reportsFor(smtp, user.email)).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
    expect(job?.isStopped()).toBe(true);
  });
});
