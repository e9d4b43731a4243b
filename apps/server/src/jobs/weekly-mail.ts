import type { FastifyBaseLogger } from 'fastify';
import { addDays, daysBetween, todayIn, type CalendarDate } from '@streckenpass/contract/knowledge';
import type { WeeklyClaims } from '../db/weekly-claims.js';
import type { Mailer, OutgoingMail } from '../lib/mailer.js';

/*
 * A mail that goes out at most once per recipient and ISO week, from any number of runs on any number of instances
 * (docs/decisions/0002-weekly-report-exactly-once.md): the weekly report, and the Disponent's coverage alert
 * (decision 0046, addendum of item 5). Each is claimed in its log (db/weekly-claims.ts) before it is sent.
 */

/**
 * A 'claimed' row older than this belongs to a run that died between claim and send; the next run takes it over.
 * Longer than any send can take (one SMTP transaction), short enough that a crashed run's mails still go out
 * the same morning.
 */
export const STALE_CLAIM_MINUTES = 10;
/** Mails sent at the same time by one run (SMTP round trips dominate; the database work is small). */
const CONCURRENCY = 4;

/** The ISO 8601 week of a calendar date, e.g. '2026-W47': weeks start on Monday, week 1 holds the first Thursday. */
export function isoWeekOf(date: CalendarDate): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  const thursday = addDays(date, 4 - weekday);
  const year = thursday.slice(0, thursday.indexOf('-'));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface DispatchOptions {
  /** The moment that decides "today" and the ISO week (default: now). */
  now?: Date;
  staleAfterMinutes?: number;
}

export interface WeeklyMailResult {
  isoWeek: string;
  /** Mails sent by this run. */
  sent: number;
  /** Recipients who got nothing from this run: nothing due, already sent this week, or in another run's hands. */
  skipped: number;
  /** Sends that failed; their claims were released, so the next run retries them. */
  failed: number;
  /**
   * Of the skipped: due mails whose claim another run holds and has not settled (it may have crashed; its lease
   * expires after STALE_CLAIM_MINUTES and a later run takes it over).
   */
  held: number;
}

type Outcome = 'sent' | 'skipped' | 'held' | 'failed';

/** The day and ISO week a run works for. */
export interface RunWeek {
  today: CalendarDate;
  isoWeek: string;
}

export interface WeeklyMailRun<R> {
  /** What the log calls the mail ('weekly report', 'coverage alert'). */
  what: string;
  timezone: string;
  /** The mail's repository: who wants it, and the claims of their mails in its log table. */
  claims: Pick<WeeklyClaims, 'claim' | 'markSent' | 'release'> & { listRecipients(isoWeek: string): Promise<R[]> };
  mailer: Pick<Mailer, 'send'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The id the claim is made under (a user, a membership). */
  claimKey(recipient: R): number;
  /** Ids that name the recipient in the log, never an address. */
  logFields(recipient: R): Record<string, number>;
  /** The mail due to the recipient this week, or null when nothing is (then nothing is claimed). */
  compose(recipient: R, week: RunWeek): Promise<OutgoingMail | null>;
}

/**
 * Sends each recipient's due mail of the ISO week of `options.now` (in `run.timezone`) once: claim, send, mark sent; a
 * failed send gives the claim up. Logs and answers the counts.
 */
export async function dispatchWeeklyMails<R>(
  run: WeeklyMailRun<R>,
  options: DispatchOptions = {},
): Promise<WeeklyMailResult> {
  const { what, claims, log } = run;
  const today = todayIn(run.timezone, options.now ?? new Date());
  const isoWeek = isoWeekOf(today);
  const staleAfterMinutes = options.staleAfterMinutes ?? STALE_CLAIM_MINUTES;
  const recipients = await claims.listRecipients(isoWeek);

  const mailTo = async (recipient: R): Promise<Outcome> => {
    const mail = await run.compose(recipient, { today, isoWeek });
    if (!mail) return 'skipped';
    const claim = await claims.claim(run.claimKey(recipient), isoWeek, staleAfterMinutes);
    if (!claim) return 'held';
    const fields = { ...run.logFields(recipient), isoWeek };
    try {
      await run.mailer.send(mail);
    } catch (err) {
      log.error({ err, ...fields }, `${what} not sent; the next run retries it`);
      await claims.release(claim).catch((releaseErr: unknown) =>
        // The claim then goes stale and is taken over after STALE_CLAIM_MINUTES.
        log.error({ err: releaseErr, ...fields }, `${what} claim not released`),
      );
      return 'failed';
    }
    try {
      await claims.markSent(claim);
    } catch (err) {
      // The one window the log cannot close: sent, but not recorded. A later run may send this mail again.
      log.error({ err, ...fields }, `${what} sent but not recorded`);
    }
    return 'sent';
  };

  const outcomes = await mapWithConcurrency(recipients, CONCURRENCY, async (recipient) => {
    try {
      return await mailTo(recipient);
    } catch (err) {
      // A database error for one recipient must not stop the others; nothing was sent, any claim goes stale.
      log.error({ err, ...run.logFields(recipient), isoWeek }, `${what} failed`);
      return 'failed' as const;
    }
  });
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  const result = {
    isoWeek,
    sent: count('sent'),
    skipped: count('skipped') + count('held'),
    failed: count('failed'),
    held: count('held'),
  };
  log.info(result, `${what}s dispatched`);
  return result;
}

export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
