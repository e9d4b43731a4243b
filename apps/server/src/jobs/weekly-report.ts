import type { FastifyBaseLogger } from 'fastify';
import { WEEKLY_REPORT_WINDOW_DAYS } from '@streckenpass/contract/constants';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../lib/mailer.js';
import { weeklyReportMail } from '../mail/scheduled-mails.js';
import type { ReportRecipient, WeeklyReportsRepository } from './weekly-report.repository.js';
import { dispatchWeeklyMails, type DispatchOptions, type RunWeek, type WeeklyMailResult } from './weekly-mail.js';

// Where the weekly report's callers and tests have always found them; shared with the coverage alert since item 28.5.
export { isoWeekOf, mapWithConcurrency, STALE_CLAIM_MINUTES, type DispatchOptions } from './weekly-mail.js';

/** Monday 06:00 (croner pattern; minute hour day-of-month month day-of-week), in `config.timezone`. */
export const WEEKLY_REPORT_CRON = '0 6 * * 1';
export const WEEKLY_REPORT_SCHEDULE = 'Montags 06:00';

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

export type DispatchResult = WeeklyMailResult;

/**
 * Sends every weekly report that is due: to each user with `receive_weekly_reports` and a verified address who has
 * routes expired or expiring within WEEKLY_REPORT_WINDOW_DAYS and no report yet in the current ISO week (in
 * `config.timezone`). Safe to run any number of times, on any number of instances at once: each report is claimed
 * in weekly_report_log before it is sent (see docs/decisions/0002-weekly-report-exactly-once.md).
 */
export function dispatchWeeklyReports(deps: WeeklyReportDeps, options: DispatchOptions = {}): Promise<DispatchResult> {
  return dispatchWeeklyMails(
    {
      what: 'weekly report',
      timezone: deps.config.timezone,
      claims: deps.reports,
      mailer: deps.mailer,
      log: deps.log,
      claimKey: (recipient) => recipient.id,
      logFields: (recipient) => ({ userId: recipient.id }),
      compose: (recipient, week) => reportMail(deps, recipient, week),
    },
    options,
  );
}

/** The report due to `recipient` this week: null when it is out already or nothing has expired or expires soon. */
async function reportMail(deps: WeeklyReportDeps, recipient: ReportRecipient, { today, isoWeek }: RunWeek) {
  if (recipient.reported) return null;
  const entries = await deps.expiring.list(recipient.id, {
    today,
    days: WEEKLY_REPORT_WINDOW_DAYS,
    recordedOnly: true,
  });
  if (entries.length === 0) return null;
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
  return {
    to: recipient.email,
    ...mail,
    bcc: recipient.bcc && deps.config.reportBcc ? deps.config.reportBcc : undefined,
  };
}
