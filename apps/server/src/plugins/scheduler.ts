import { Cron } from 'croner';
import fp from 'fastify-plugin';
import { dispatchWeeklyReports, WEEKLY_REPORT_CRON } from '../jobs/weekly-report.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process weekly-report job; null when the scheduler is off (DISABLE_SCHEDULER, tests). */
    weeklyReportJob: Cron | null;
  }
}

/**
 * Runs the weekly report every Monday 06:00 in the application time zone. Every instance runs it; the claim in
 * weekly_report_log makes sure each report still goes out once (docs/decisions/0002-weekly-report-exactly-once.md).
 */
export default fp(
  async (app) => {
    app.decorate('weeklyReportJob', null);
    if (!app.config.scheduler) return;
    let running: Promise<unknown> | null = null;

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
    });

    // preClose runs before every onClose: a run in progress finishes before the database and the mailer close.
    app.addHook('preClose', async () => {
      app.weeklyReportJob?.stop();
      await running;
    });
  },
  { name: 'scheduler', dependencies: ['db', 'mail'] },
);
