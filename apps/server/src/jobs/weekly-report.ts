import type { FastifyBaseLogger } from 'fastify';
import { WEEKLY_REPORT_WINDOW_DAYS } from '@streckenpass/contract/constants';
import { addDays, daysBetween, todayIn, type CalendarDate } from '@streckenpass/contract/knowledge';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../lib/mailer.js';
import { weeklyReportMail } from '../mail/templates.js';
import type { ReportRecipient, WeeklyReportsRepository } from './weekly-report.repository.js';

/** Monday 06:00 (croner pattern; minute hour day-of-month month day-of-week), in `config.timezone`. */
export const WEEKLY_REPORT_CRON = '0 6 * * 1';
export const WEEKLY_REPORT_SCHEDULE = 'Montags 06:00';
/**
 * A 'claimed' row older than this belongs to a run that died between claim and send; the next run takes it over.
 * Longer than any send can take (one SMTP transaction), short enough that a crashed run's reports still go out
 * the same morning.
 */
export const STALE_CLAIM_MINUTES = 10;
/** Reports sent at the same time by one run (SMTP round trips dominate; the database work is small). */
const CONCURRENCY = 4;

/** The ISO 8601 week of a calendar date, e.g. '2026-W47': weeks start on Monday, week 1 holds the first Thursday. */
export function isoWeekOf(date: CalendarDate): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  const thursday = addDays(date, 4 - weekday);
  const year = thursday.slice(0, thursday.indexOf('-'));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface WeeklyReportDeps {
  reports: WeeklyReportsRepository;
  /** The expiring list of GET /api/routes/expiring (`app.expiringRoutes`): the report mails the same entries. */
  expiring: {
    list(ownerId: number, options: { today: string; days: number; recordedOnly: boolean }): Promise<ExpiringRoute[]>;
  };
  mailer: Pick<Mailer, 'send'>;
  config: Pick<AppConfig, 'timezone' | 'publicUrl' | 'reportBcc'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export interface DispatchOptions {
  /** The moment that decides "today" and the ISO week (default: now). */
  now?: Date;
  staleAfterMinutes?: number;
}

export interface DispatchResult {
  isoWeek: string;
  /** Reports mailed by this run. */
  sent: number;
  /** Recipients who got nothing from this run: nothing due, already reported this week, or in another run's hands. */
  skipped: number;
  /** Sends that failed; their claims were released, so the next run retries them. */
  failed: number;
  /**
   * Of the skipped: due reports whose claim another run holds and has not settled (it may have crashed; its lease
   * expires after STALE_CLAIM_MINUTES and a later run takes it over).
   */
  held: number;
}

type Outcome = 'sent' | 'skipped' | 'held' | 'failed';

/**
 * Sends every weekly report that is due: to each user with `receive_weekly_reports` and a verified address who has
 * routes expired or expiring within WEEKLY_REPORT_WINDOW_DAYS and no report yet in the current ISO week (in
 * `config.timezone`). Safe to run any number of times, on any number of instances at once: each report is claimed
 * in weekly_report_log before it is sent (see docs/decisions/0002-weekly-report-exactly-once.md).
 */
export async function dispatchWeeklyReports(
  deps: WeeklyReportDeps,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const today = todayIn(deps.config.timezone, options.now ?? new Date());
  const isoWeek = isoWeekOf(today);
  const staleAfterMinutes = options.staleAfterMinutes ?? STALE_CLAIM_MINUTES;
  const recipients = await deps.reports.listRecipients(isoWeek);

  const reportTo = async (recipient: ReportRecipient): Promise<Outcome> => {
    if (recipient.reported) return 'skipped';
    const entries = await deps.expiring.list(recipient.id, {
      today,
      days: WEEKLY_REPORT_WINDOW_DAYS,
      recordedOnly: true,
    });
    if (entries.length === 0) return 'skipped';
    const claim = await deps.reports.claim(recipient.id, isoWeek, staleAfterMinutes);
    if (!claim) return 'held';

    const mail = weeklyReportMail({
      firstname: recipient.firstname,
      isoWeek,
      windowDays: WEEKLY_REPORT_WINDOW_DAYS,
      entries: entries.map((entry) => ({
        name: entry.name,
        companyRoute: entry.companyRoute,
        acquiredUntil: entry.acquired_until ?? today,
        days: entry.acquired_until_days ?? 0,
      })),
      dashboardUrl: `${deps.config.publicUrl}/dashboard`,
      settingsUrl: `${deps.config.publicUrl}/account/settings`,
    });
    try {
      await deps.mailer.send({
        to: recipient.email,
        ...mail,
        bcc: recipient.bcc && deps.config.reportBcc ? deps.config.reportBcc : undefined,
      });
    } catch (err) {
      deps.log.error({ err, userId: recipient.id, isoWeek }, 'weekly report not sent; the next run retries it');
      await deps.reports.release(claim).catch((releaseErr: unknown) =>
        // The claim then goes stale and is taken over after STALE_CLAIM_MINUTES.
        deps.log.error({ err: releaseErr, userId: recipient.id, isoWeek }, 'weekly report claim not released'),
      );
      return 'failed';
    }
    try {
      await deps.reports.markSent(claim);
    } catch (err) {
      // The one window the log cannot close: sent, but not recorded. A later run may send this report again.
      deps.log.error({ err, userId: recipient.id, isoWeek }, 'weekly report sent but not recorded');
    }
    return 'sent';
  };

  const outcomes = await mapWithConcurrency(recipients, CONCURRENCY, async (recipient) => {
    try {
      return await reportTo(recipient);
    } catch (err) {
      // A database error for one user must not stop the others; nothing was sent, any claim goes stale.
      deps.log.error({ err, userId: recipient.id, isoWeek }, 'weekly report failed');
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
  deps.log.info(result, 'weekly reports dispatched');
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
