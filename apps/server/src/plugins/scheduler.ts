import { Cron } from 'croner';
import fp from 'fastify-plugin';
import { catchUpCoverageAlerts, dispatchCoverageAlerts } from '../jobs/coverage-alerts.js';
import { dispatchWeeklyReports, WEEKLY_REPORT_CRON } from '../jobs/weekly-report.js';
import { catchUpWeeklyReports, type CatchUp } from '../jobs/weekly-report-catch-up.js';
import type { WeeklyMailResult } from '../jobs/weekly-mail.js';
import { dispatchReminders, isPastReminderHour, REMINDER_CRON } from '../jobs/reminders.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process weekly-report job; null when the scheduler is off (DISABLE_SCHEDULER, tests). */
    weeklyReportJob: Cron | null;
    /** The start-up catch-up of this week's unsent reports; null when the scheduler is off. */
    weeklyReportCatchUp: CatchUp | null;
    /** The start-up catch-up of this week's unsent coverage mails to Disponenten; null when the scheduler is off. */
    coverageAlertCatchUp: CatchUp<WeeklyMailResult> | null;
    /** The hourly reminder run (jobs/reminders.ts); null when the scheduler is off. */
    reminderJob: Cron | null;
  }
}

/**
 * Runs the weekly report every Monday 06:00 in the application time zone, and after it the Disponenten's coverage
 * mails (jobs/coverage-alerts.ts). Every instance runs them; the claims in weekly_report_log and coverage_alert_log make
 * sure each mail still goes out once (docs/decisions/0002-weekly-report-exactly-once.md, 0046 addendum).
 */
export default fp(
  async (app) => {
    app.decorate('weeklyReportJob', null);
    app.decorate('weeklyReportCatchUp', null);
    app.decorate('coverageAlertCatchUp', null);
    app.decorate('reminderJob', null);
    if (!app.config.scheduler) return;
    // The jobs reach the data through the repositories (jobs/*.repository.ts and the expiring list's).
    const reportDeps = {
      reports: app.weeklyReports,
      expiring: app.expiringRoutes,
      mailer: app.mailer,
      config: app.config,
      log: app.log,
    };
    const alertDeps = {
      alerts: app.coverageAlerts,
      coverage: app.coverageRepository,
      mailer: app.mailer,
      config: app.config,
      log: app.log,
    };
    let running: Promise<unknown> | null = null;
    let reminders: Promise<unknown> | null = null;
    let closing = false;
    /**
     * The day's reminders, once REMINDER_HOUR has come: hourly, and at start (a run missed while no instance was up
     * is caught up then; what it misses is sent late, once). Claims in reminder_log keep every reminder single.
     */
    const runReminders = () => {
      if (closing || reminders || !isPastReminderHour(new Date(), app.config.timezone)) return reminders;
      reminders = dispatchReminders({
        reminders: app.reminders,
        pushTargets: app.pushTargets,
        mailer: app.mailer,
        push: app.push,
        config: app.config,
        log: app.log,
      })
        .then(...app.metrics.countRun('reminders', 'schedule'))
        .catch((err: unknown) => app.log.error({ err }, 'reminder run failed'))
        .finally(() => {
          reminders = null;
        });
      return reminders;
    };
    let catchUp: CatchUp | null = null;
    let alertCatchUp: CatchUp<WeeklyMailResult> | null = null;

    // Started once the app is ready, so that a failed start-up leaves no timer behind.
    app.addHook('onReady', async () => {
      app.weeklyReportJob = new Cron(
        WEEKLY_REPORT_CRON,
        {
          timezone: app.config.timezone,
          // A run still busy when the next one is due (it never should be a week later) is not overlapped.
          protect: true,
        },
        async () => {
          running = dispatchWeeklyReports(reportDeps)
            .then(...app.metrics.countRun('weekly_report', 'schedule'))
            .catch((err: unknown) => app.log.error({ err }, 'weekly report run failed'))
            // The coverage mails follow the reports: their own claims, so a failure of one leaves the other.
            .then(() => dispatchCoverageAlerts(alertDeps))
            .then(...app.metrics.countRun('coverage_alerts', 'schedule'))
            .catch((err: unknown) => app.log.error({ err }, 'coverage alert run failed'))
            .finally(() => {
              running = null;
            });
          await running;
        },
      );
      app.log.info({ nextRun: app.weeklyReportJob.nextRun()?.toISOString() }, 'weekly report scheduled');
      // This week's reports that a crashed or absent instance left unsent (jobs/weekly-report-catch-up.ts).
      catchUp = catchUpWeeklyReports(reportDeps);
      app.weeklyReportCatchUp = catchUp;
      catchUp.done
        .then(...app.metrics.countRun('weekly_report_catch_up', 'schedule'))
        .catch((err: unknown) => app.log.error({ err }, 'weekly report catch-up failed'));
      alertCatchUp = catchUpCoverageAlerts(alertDeps);
      app.coverageAlertCatchUp = alertCatchUp;
      alertCatchUp.done
        .then(...app.metrics.countRun('coverage_alerts', 'schedule'))
        .catch((err: unknown) => app.log.error({ err }, 'coverage alert catch-up failed'));

      app.reminderJob = new Cron(REMINDER_CRON, { timezone: app.config.timezone, protect: true }, async () => {
        await runReminders();
      });
      void runReminders();
    });

    // preClose runs before every onClose: a run in progress finishes before the database and the mailer close.
    app.addHook('preClose', async () => {
      closing = true;
      app.weeklyReportJob?.stop();
      app.reminderJob?.stop();
      catchUp?.cancel();
      alertCatchUp?.cancel();
      await reminders;
      await catchUp?.settled();
      await alertCatchUp?.settled();
      await running;
    });
  },
  {
    name: 'scheduler',
    dependencies: [
      'db',
      'mail',
      'push',
      'weeklyReports',
      'expiringRoutes',
      'coverageAlerts',
      'coverageRepository',
      'reminders',
      'pushTargets',
    ],
  },
);
