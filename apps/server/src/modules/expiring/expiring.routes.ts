import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import { expiringQuerySchema, expiringRouteSchema } from '@streckenpass/contract/routes';
import { currentUser } from '../../http/current-user.js';

/**
 * GET /api/routes/expiring. A static path: Fastify's router prefers it to `/routes/:id` of the routes module
 * whatever the registration order.
 */
const expiringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/routes/expiring',
    {
      schema: {
        tags: ['Streckenkunde'],
        summary: 'Gültigkeit der eigenen Strecken: nie erfasste zuerst, dann nach verbleibenden Tagen, dann Name',
        description:
          '`acquired_until` ist das späteste „gültig bis“ der Aktivitäten mit dieser Strecke (null = nie erfasst), ' +
          '`acquired_until_days` die Tage von heute (Zeitzone APP_TIMEZONE) bis dahin: 0 heute, negativ abgelaufen. ' +
          '`days=N` behält Einträge mit höchstens N Tagen (abgelaufene und nie erfasste immer), ' +
          '`recorded_only=true` lässt nie erfasste weg.',
        querystring: expiringQuerySchema,
        response: { 200: z.array(expiringRouteSchema), 400: problemSchema, 401: problemSchema },
      },
      config: { etag: true },
    },
    async (request) =>
      app.expiringRoutes.list(currentUser(request).id, {
        today: todayIn(app.config.timezone),
        days: request.query.days,
        recordedOnly: request.query.recorded_only,
      }),
  );
};

export default expiringRoutes;
