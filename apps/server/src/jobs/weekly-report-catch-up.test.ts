import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../app.js';
import { users, weeklyReportLog } from '../db/schema.js';
import { buildTestApp, type TestContext } from '../test/helpers.js';
import { currentIsoWeek, insertDueUser, reportsFor } from '../test/reports.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { catchUpWeeklyReports, isPastThisWeeksRun } from './weekly-report-catch-up.js';
import { STALE_CLAIM_MINUTES } from './weekly-report.js';

/** Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (test/helpers.ts). */

let smtp: TestSmtp;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.app.db.delete(users);
  smtp.messages.splice(0);
});

const deps = (app: App) => ({
  reports: app.weeklyReports,
  expiring: app.expiringRoutes,
  mailer: app.mailer,
  config: app.config,
  log: app.log,
});
/**
 * Now, or on a Monday before 06:00 in Berlin seven hours later (the same day and ISO week): a moment after this
 * week's scheduled run, so that the catch-up has something to do whenever the suite runs.
 */
const afterThisWeeksRun = () => {
  const now = new Date();
  return isPastThisWeeksRun(now, 'Europe/Berlin') ? now : new Date(now.getTime() + 7 * 3_600_000);
};

/** The claim a run leaves when it dies between claim and send, `minutesAgo` minutes ago. */
async function crashedClaim(userId: number, minutesAgo: number) {
  await ctx.app.db.insert(weeklyReportLog).values({
    userId,
    isoWeek: currentIsoWeek(ctx.app),
    status: 'claimed',
    claimedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
  });
}

/** A fake timer: the retry runs when the test says so. */
function manualTimer() {
  const pending: { ms: number; run: () => void }[] = [];
  return {
    pending,
    schedule: (ms: number, run: () => void) => {
      const entry = { ms, run };
      pending.push(entry);
      return () => pending.splice(pending.indexOf(entry), 1);
    },
  };
}

describe('isPastThisWeeksRun', () => {
  it.each([
    ['2026-11-23T04:59:00Z', false], // Monday 05:59 in Berlin (UTC+1)
    ['2026-11-23T05:00:00Z', true], // Monday 06:00
    ['2026-11-24T00:00:00Z', true], // Tuesday
    ['2026-11-29T22:59:00Z', true], // Sunday 23:59
    ['2026-11-22T23:30:00Z', false], // Monday 00:30 in Berlin, still Sunday in UTC
    ['2026-07-06T04:00:00Z', true], // Monday 06:00 summer time (UTC+2)
  ])('%s → %s (Europe/Berlin)', (iso, expected) => {
    expect(isPastThisWeeksRun(new Date(iso), 'Europe/Berlin')).toBe(expected);
  });
});

describe('catch-up at start-up', () => {
  it('sends the report whose claim a crashed run left behind (lease expired), once', async () => {
    const user = await insertDueUser(ctx.app);
    await crashedClaim(user.id, STALE_CLAIM_MINUTES + 1);
    const first = catchUpWeeklyReports(deps(ctx.app), { now: afterThisWeeksRun, schedule: manualTimer().schedule });
    expect(await first.done).toMatchObject({ sent: 1, held: 0 });
    // A second instance starting, and the next scheduled run: nothing twice.
    const second = catchUpWeeklyReports(deps(ctx.app), { now: afterThisWeeksRun });
    expect(await second.done).toMatchObject({ sent: 0 });
    expect(reportsFor(smtp, user.email)).toHaveLength(1);
    const [row] = await ctx.app.db.select().from(weeklyReportLog).where(eq(weeklyReportLog.userId, user.id));
    expect(row).toMatchObject({ status: 'sent' });
  });

  it('waits for the lease of a claim that is still fresh, then sends it with the retry, once', async () => {
    const user = await insertDueUser(ctx.app);
    const other = await insertDueUser(ctx.app);
    // The predecessor crashed a minute ago, holding the claim for `user`.
    await crashedClaim(user.id, 1);
    const timer = manualTimer();
    const catchUp = catchUpWeeklyReports(deps(ctx.app), { now: afterThisWeeksRun, schedule: timer.schedule });
    expect(await catchUp.done).toMatchObject({ sent: 1, held: 1 });
    expect(reportsFor(smtp, other.email)).toHaveLength(1);
    expect(reportsFor(smtp, user.email)).toHaveLength(0);
    expect(timer.pending).toHaveLength(1);
    expect(timer.pending[0]!.ms).toBeGreaterThan(STALE_CLAIM_MINUTES * 60_000);

    // The lease runs out (the clock of the database moves on: the claim ages).
    await ctx.app.db
      .update(weeklyReportLog)
      .set({ claimedAt: sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES + 1})` })
      .where(eq(weeklyReportLog.userId, user.id));
    timer.pending[0]!.run();
    await catchUp.settled();
    expect(reportsFor(smtp, user.email)).toHaveLength(1);
    expect(reportsFor(smtp, other.email)).toHaveLength(1);
  });

  it('lets two instances catch up at once without a duplicate', async () => {
    const due = [await insertDueUser(ctx.app), await insertDueUser(ctx.app), await insertDueUser(ctx.app)];
    await crashedClaim(due[0]!.id, STALE_CLAIM_MINUTES + 3);
    const runs = [1, 2, 3].map(() => catchUpWeeklyReports(deps(ctx.app), { now: afterThisWeeksRun }));
    const results = await Promise.all(runs.map((run) => run.done));
    expect(results.reduce((sum, result) => sum + (result?.sent ?? 0), 0)).toBe(3);
    for (const user of due) expect(reportsFor(smtp, user.email)).toHaveLength(1);
    for (const run of runs) run.cancel();
  });

  it('sends nothing before this week’s Monday 06:00', async () => {
    const user = await insertDueUser(ctx.app);
    const catchUp = catchUpWeeklyReports(deps(ctx.app), { now: () => new Date('2026-11-23T04:00:00Z') });
    expect(await catchUp.done).toBeNull();
    expect(reportsFor(smtp, user.email)).toHaveLength(0);
  });

  it('runs when the server starts with the scheduler on', async () => {
    const user = await insertDueUser(ctx.app);
    await crashedClaim(user.id, STALE_CLAIM_MINUTES + 1);
    const started = await buildTestApp({ smtpUrl: smtp.url, scheduler: true }, ctx.db);
    try {
      const result = await started.app.weeklyReportCatchUp?.done;
      // (Before Monday 06:00 in Berlin there is nothing to catch up yet.)
      if (isPastThisWeeksRun(new Date(), started.app.config.timezone)) {
        expect(result).toMatchObject({ sent: 1 });
        expect(reportsFor(smtp, user.email)).toHaveLength(1);
      } else {
        expect(result).toBeNull();
      }
    } finally {
      await started.close();
    }
  });
});
