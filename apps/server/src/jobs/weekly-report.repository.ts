import { and, asc, eq, exists, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { users, weeklyReportLog } from '../db/schema.js';

export interface ReportRecipient {
  id: number;
  email: string;
  firstname: string | null;
  bcc: boolean;
  /** A report has already gone out to this user in the week asked about. */
  reported: boolean;
}

/** A claim on one user's report of one ISO week; `claimedAt` fences the claim against a later re-claim. */
export interface ReportClaim {
  id: number;
  claimedAt: Date;
}

/**
 * The database clock, cut to milliseconds so that the value read back into a JavaScript Date compares equal to
 * the stored one (PostgreSQL keeps microseconds, Date only milliseconds).
 */
const nowMs = sql`date_trunc('milliseconds', now())`;

/** Only the holder of the claim may settle it: a claim re-taken by another run has a newer claimed_at. */
const heldBy = (claim: ReportClaim) =>
  and(
    eq(weeklyReportLog.id, claim.id),
    eq(weeklyReportLog.status, 'claimed'),
    eq(weeklyReportLog.claimedAt, claim.claimedAt),
  );

/** The weekly report's reads and its claims in weekly_report_log (docs/decisions/0002). */
export function createWeeklyReportsRepository(db: Db) {
  return {
    /** Users who want the weekly report and have a verified address, with whether this week's report is out. */
    listRecipients(isoWeek: string): Promise<ReportRecipient[]> {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstname: users.firstname,
          bcc: users.bccMailWeeklyReports,
          reported: exists(
            db
              .select({ one: sql`1` })
              .from(weeklyReportLog)
              .where(
                and(
                  eq(weeklyReportLog.userId, users.id),
                  eq(weeklyReportLog.isoWeek, isoWeek),
                  eq(weeklyReportLog.status, 'sent'),
                ),
              ),
          ).mapWith(Boolean),
        })
        .from(users)
        .where(and(eq(users.receiveWeeklyReports, true), eq(users.mailVerified, true)))
        .orderBy(asc(users.id));
    },

    /**
     * Claims the right to send `userId` the report of `isoWeek`. Exactly one caller wins, across every connection:
     * either the INSERT of a new 'claimed' row (the unique (user_id, iso_week) index lets only one through), or,
     * when a 'claimed' row older than `staleAfterMinutes` is left from a run that died before it finished, the
     * UPDATE that moves its claimed_at (concurrent UPDATEs on one row serialise; the loser re-checks the WHERE
     * against the winner's new claimed_at and matches nothing). Null: someone else holds or has finished it.
     */
    async claim(userId: number, isoWeek: string, staleAfterMinutes: number): Promise<ReportClaim | null> {
      const [created] = await db
        .insert(weeklyReportLog)
        .values({ userId, isoWeek, status: 'claimed', claimedAt: nowMs })
        .onConflictDoNothing({ target: [weeklyReportLog.userId, weeklyReportLog.isoWeek] })
        .returning({ id: weeklyReportLog.id, claimedAt: weeklyReportLog.claimedAt });
      if (created) return created;
      const [recovered] = await db
        .update(weeklyReportLog)
        .set({ claimedAt: nowMs })
        .where(
          and(
            eq(weeklyReportLog.userId, userId),
            eq(weeklyReportLog.isoWeek, isoWeek),
            eq(weeklyReportLog.status, 'claimed'),
            lt(weeklyReportLog.claimedAt, sql`now() - make_interval(mins => ${staleAfterMinutes})`),
          ),
        )
        .returning({ id: weeklyReportLog.id, claimedAt: weeklyReportLog.claimedAt });
      return recovered ?? null;
    },

    /** The report went out: the week is done for this user. */
    async markSent(claim: ReportClaim): Promise<void> {
      await db
        .update(weeklyReportLog)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(heldBy(claim));
    },

    /** The send failed: give the claim up so that the next run tries again. */
    async release(claim: ReportClaim): Promise<void> {
      await db.delete(weeklyReportLog).where(heldBy(claim));
    },
  };
}

export type WeeklyReportsRepository = ReturnType<typeof createWeeklyReportsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    weeklyReports: WeeklyReportsRepository;
  }
}

export default repositoryPlugin('weeklyReports', (app) => createWeeklyReportsRepository(app.db));
