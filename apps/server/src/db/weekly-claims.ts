import { and, eq, exists, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.js';
import type { coverageAlertLog, weeklyReportLog } from './schema.js';

/*
 * The lease of a weekly mail (docs/decisions/0002-weekly-report-exactly-once.md): one row per recipient and ISO week in
 * a log table with a unique (recipient, iso_week) index, 'claimed' while one run sends it and 'sent' once it is out.
 * The weekly report (weekly_report_log, per user) and the Disponent's coverage alert (coverage_alert_log, per
 * membership) claim, settle and release the same way; only the recipient's column differs.
 */

/** A claim on one recipient's mail of one ISO week; `claimedAt` fences the claim against a later re-claim. */
export interface WeeklyClaim {
  id: number;
  claimedAt: Date;
}

/** The log tables of weekly mails. */
export type WeeklyLog = typeof weeklyReportLog | typeof coverageAlertLog;

/**
 * The database clock, cut to milliseconds so that the value read back into a JavaScript Date compares equal to
 * the stored one (PostgreSQL keeps microseconds, Date only milliseconds).
 */
const nowMs = sql`date_trunc('milliseconds', now())`;

/** The claims of weekly mails in `log`; the recipient is a user (weekly_report_log) or a membership (coverage_alert_log). */
export function weeklyClaims(db: Db, log: WeeklyLog) {
  const recipient = 'userId' in log ? log.userId : log.membershipId;
  /** Only the holder of the claim may settle it: a claim re-taken by another run has a newer claimed_at. */
  const heldBy = (claim: WeeklyClaim) =>
    and(eq(log.id, claim.id), eq(log.status, 'claimed'), eq(log.claimedAt, claim.claimedAt));
  const returning = { id: log.id, claimedAt: log.claimedAt };

  return {
    /** Whether the mail of `isoWeek` has gone out to the recipient named by `recipientId` (a column of the outer query). */
    sentIn(recipientId: SQLWrapper, isoWeek: string): SQL<boolean> {
      return exists(
        db
          .select({ one: sql`1` })
          .from(log)
          .where(and(eq(recipient, recipientId), eq(log.isoWeek, isoWeek), eq(log.status, 'sent'))),
      ).mapWith(Boolean) as SQL<boolean>;
    },

    /**
     * Claims the right to send `recipientId` the mail of `isoWeek`. Exactly one caller wins, across every connection:
     * either the INSERT of a new 'claimed' row (the unique (recipient, iso_week) index lets only one through), or,
     * when a 'claimed' row older than `staleAfterMinutes` is left from a run that died before it finished, the
     * UPDATE that moves its claimed_at (concurrent UPDATEs on one row serialise; the loser re-checks the WHERE
     * against the winner's new claimed_at and matches nothing). Null: someone else holds or has finished it.
     */
    async claim(recipientId: number, isoWeek: string, staleAfterMinutes: number): Promise<WeeklyClaim | null> {
      const values = { isoWeek, status: 'claimed' as const, claimedAt: nowMs };
      // The two tables differ only in the recipient's column; drizzle types an insert per table.
      const [created] =
        'userId' in log
          ? await db
              .insert(log)
              .values({ ...values, userId: recipientId })
              .onConflictDoNothing({ target: [log.userId, log.isoWeek] })
              .returning(returning)
          : await db
              .insert(log)
              .values({ ...values, membershipId: recipientId })
              .onConflictDoNothing({ target: [log.membershipId, log.isoWeek] })
              .returning(returning);
      if (created) return created;
      const [recovered] = await db
        .update(log)
        .set({ claimedAt: nowMs })
        .where(
          and(
            eq(recipient, recipientId),
            eq(log.isoWeek, isoWeek),
            eq(log.status, 'claimed'),
            lt(log.claimedAt, sql`now() - make_interval(mins => ${staleAfterMinutes})`),
          ),
        )
        .returning(returning);
      return recovered ?? null;
    },

    /** The mail went out: the week is done for this recipient. */
    async markSent(claim: WeeklyClaim): Promise<void> {
      await db
        .update(log)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(heldBy(claim));
    },

    /** The send failed: give the claim up so that the next run tries again. */
    async release(claim: WeeklyClaim): Promise<void> {
      await db.delete(log).where(heldBy(claim));
    },
  };
}

export type WeeklyClaims = ReturnType<typeof weeklyClaims>;
