import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { healthSchema, readinessSchema } from '@streckenpass/contract/health';
import type { Database } from '../../db/client.js';
import { problem } from '../../lib/problem.js';

/** How long the database may take to answer `select 1` before the checks say it is unavailable. */
export const DATABASE_CHECK_MS = 2000;

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DATABASE_CHECK_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['System'],
        summary: 'Lebenszeichen (Prozess und Datenbank antworten)',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.database)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['System'],
        summary: 'Bereitschaft für Anfragen (Prüfung des Load Balancers)',
        description:
          `200, wenn die Datenbank \`select 1\` innerhalb von ${DATABASE_CHECK_MS / 1000} s beantwortet; sonst 503 ` +
          'als Problem-Details mit `Retry-After`. Ein Load Balancer nimmt eine Instanz, die 503 antwortet, aus der ' +
          'Verteilung (docs/deploy.md); auch während des Herunterfahrens antwortet sie 503.',
        security: [],
        response: { 200: readinessSchema, 503: problemSchema },
      },
      config: { rateLimit: false, noStore: true },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.database)) return { status: 'ready' as const, database: 'ok' as const };
      // Answered, not thrown: a load balancer asks every few seconds, and an outage is logged where it is noticed.
      return reply
        .status(503)
        .header('retry-after', '5')
        .type('application/problem+json')
        .send(
          problem(
            503,
            'Service Unavailable',
            `Die Datenbank antwortet nicht innerhalb von ${DATABASE_CHECK_MS / 1000} s.`,
          ),
        );
    },
  );
};

export default healthRoutes;
