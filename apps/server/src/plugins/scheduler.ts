import { Cron } from 'croner';
import fp from 'fastify-plugin';
import { dispatchWeeklyReports, WEEKLY_REPORT_CRON } from '../jobs/weekly-report.js';
import { catchUpWeeklyReports, type CatchUp } from '../jobs/weekly-report-catch-up.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process weekly-report job; null when the scheduler is off (DISABLE_SCHEDULER, tests). */
    weeklyReportJob: Cron | null;
    /** The start-up catch-up of this week's unsent reports; null when the scheduler is off. */
    weeklyReportCatchUp: CatchUp | null;
  }
}

/**
 * Runs the weekly report every Monday 06:00 in the application time zone. Every instance runs it; the claim in
 * weekly_report_log makes sure each report still goes out once (docs/decisions/0002-weekly-report-exactly-once.md).
 */
export default fp(
  async (app) => {
    app.decorate('weeklyReportJob', null);
    app.decorate('weeklyReportCatchUp', null);
    if (!app.config.scheduler) return;
    let running: Promise<unknown> | null = null;
    let catchUp: CatchUp | null = null;

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
          running = dispatchWeeklyReports({ db: app.db, mailer: app.mailer, config: app.config, log: app.log })
            .catch((err: unknown) => app.log.error({ err }, 'weekly report run failed'))
            .finally(() => {
              running = null;
            });
          await running;
        },
      );
      app.log.info({ nextRun: app.weeklyReportJob.nextRun()?.toISOString() }, 'weekly report scheduled');
      // This week's reports that a crashed or absent instance left unsent (jobs/weekly-report-catch-up.ts).
      catchUp = catchUpWeeklyReports({ db: app.db, mailer: app.mailer, config: app.config, log: app.log });
      app.weeklyReportCatchUp = catchUp;
      catchUp.done.catch((err: unknown) => app.log.error({ err }, 'weekly report catch-up failed'));
    });

    // preClose runs before every onClose: a run in progress finishes before the database and the mailer close.
    app.addHook('preClose', async () => {
      app.weeklyReportJob?.stop();
      catchUp?.cancel();
      await catchUp?.settled();
      await running;
    });
  },
  { name: 'scheduler', dependencies: ['db', 'mail'] },
);
