import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { cronjobResultSchema, reportSettingsSchema } from '@streckenpass/contract/reports';
import { dispatchCoverageAlerts } from '../../jobs/coverage-alerts.js';
import { dispatchWeeklyReports, WEEKLY_REPORT_SCHEDULE } from '../../jobs/weekly-report.js';
import { forbidden } from '../../lib/errors.js';
import { secretMatches } from '../../lib/secret-match.js';
import { dispatchReminders } from '../../jobs/reminders.js';

const reminderRunSchema = z.object({
  messages: z.number().int(),
  reminders: z.number().int(),
  late: z.number().int(),
  held: z.number().int(),
  failed: z.number().int(),
});

/** Calls per client address and minute: plenty for a cron service, slow enough against guessing the key. */
export const CRON_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** Whether `candidate` is the configured `CRON_API_KEY`, compared in constant time. */
export const cronKeyMatches = secretMatches;

/**
 * GET /api/cronjob/internal/{apiKey} for an external scheduler, and GET /api/settings/report, which tells the
 * settings page how reports are sent here. The key never reaches the logs: app.ts redacts it from request URLs.
 */
const cronjobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cronjob/internal/:apiKey',
    {
      schema: {
        tags: ['Betrieb'],
        summary: 'Fällige Aufgaben ausführen (Wochenberichte, Hinweise an Disponenten); für einen externen Zeitplaner',
        description:
          'Mit dem konfigurierten `CRON_API_KEY` werden alle fälligen Wochenberichte verschickt, an jedem Wochentag. ' +
          'Ein Bericht ist fällig, wenn in der laufenden ISO-Woche noch keiner an das Konto ging; beliebig viele ' +
          'Aufrufe, auch auf mehreren Instanzen, verschicken ihn höchstens einmal. `sent`: in diesem Lauf verschickt, ' +
          '`skipped`: Empfänger ohne Bericht aus diesem Lauf (nichts fällig, schon verschickt, gerade von einem ' +
          'anderen Lauf bearbeitet, Versand fehlgeschlagen – der nächste Lauf versucht es erneut). ' +
          'Danach gehen die wöchentlichen Hinweise zur Abdeckung an Admins und Disponenten von Betrieben hinaus, ' +
          'ebenso höchstens einmal je Mitgliedschaft und ISO-Woche; `sent` und `skipped` zählen nur die Berichte. ' +
          'Falscher oder kein konfigurierter Schlüssel: 403.',
        security: [],
        params: z.object({ apiKey: z.string() }),
        response: { 200: cronjobResultSchema, 403: problemSchema, 429: problemSchema },
      },
      config: { rateLimit: CRON_RATE_LIMIT },
    },
    async (request) => {
      if (!cronKeyMatches(app.config.cronApiKey, request.params.apiKey)) {
        throw forbidden('Ungültiger Schlüssel.');
      }
      const result = await dispatchWeeklyReports({
        reports: app.weeklyReports,
        expiring: app.expiringRoutes,
        mailer: app.mailer,
        config: app.config,
        log: request.log,
      }).then(...app.metrics.countRun('weekly_report', 'endpoint'));
      // Counted in the log ('coverage alerts dispatched') and the metrics, not in the answer, whose shape schedulers
      // rely on.
      await dispatchCoverageAlerts({
        alerts: app.coverageAlerts,
        coverage: app.coverageRepository,
        mailer: app.mailer,
        config: app.config,
        log: request.log,
      }).then(...app.metrics.countRun('coverage_alerts', 'endpoint'));
      return { sent: result.sent, skipped: result.skipped + result.failed };
    },
  );

  app.get(
    '/cronjob/reminders/:apiKey',
    {
      schema: {
        tags: ['Betrieb'],
        summary: 'Fällige Erinnerungen senden (E-Mail, Push); für einen externen Zeitplaner',
        description:
          'Mit dem konfigurierten `CRON_API_KEY` gehen alle heute fälligen Erinnerungen hinaus, je Strecke, ' +
          'Zeitpunkt und Kanal genau einmal, auch bei beliebig vielen Aufrufen auf mehreren Instanzen ' +
          '(docs/decisions/0021). Für Installationen mit `DISABLE_SCHEDULER=true`; sonst läuft das stündlich ' +
          'im Server. `messages`: Nachrichten (je Konto und Kanal eine), `reminders`: Erinnerungen darin, ' +
          '`late`: davon verspätet, `held`: gerade in der Hand eines anderen Laufs, `failed`: Versand ' +
          'fehlgeschlagen (der nächste Lauf versucht es erneut). Falscher oder kein Schlüssel: 403.',
        security: [],
        params: z.object({ apiKey: z.string() }),
        response: { 200: reminderRunSchema, 403: problemSchema, 429: problemSchema },
      },
      config: { rateLimit: CRON_RATE_LIMIT },
    },
    async (request) => {
      if (!cronKeyMatches(app.config.cronApiKey, request.params.apiKey)) {
        throw forbidden('Ungültiger Schlüssel.');
      }
      const { messages, reminders, late, held, failed } = await dispatchReminders({
        reminders: app.reminders,
        pushTargets: app.pushTargets,
        mailer: app.mailer,
        push: app.push,
        config: app.config,
        log: request.log,
      }).then(...app.metrics.countRun('reminders', 'endpoint'));
      return { messages, reminders, late, held, failed };
    },
  );

  app.get(
    '/settings/report',
    {
      schema: {
        tags: ['Konto'],
        summary: 'Wie diese Installation Wochenberichte verschickt',
        description:
          '`bcc_address` ist die Betreiberadresse (`REPORT_BCC`), an die mit `bcc_mail_weekly_reports` eine ' +
          'Blindkopie geht; null, wenn keine hinterlegt ist (dann wird keine Kopie verschickt).',
        response: { 200: reportSettingsSchema, 401: problemSchema },
      },
    },
    async () => ({
      bcc_configured: Boolean(app.config.reportBcc),
      bcc_address: app.config.reportBcc ?? null,
      schedule: `${WEEKLY_REPORT_SCHEDULE} (${app.config.timezone})`,
    }),
  );
};

export default cronjobRoutes;
