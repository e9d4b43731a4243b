import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema } from '@streckenpass/contract/common';
import { isValidityRange, VALIDITY_RANGE_MESSAGE, validUntil } from '@streckenpass/contract/knowledge';
import {
  createRouteActivitySchema,
  routeActivitySchema,
  updateRouteActivitySchema,
} from '@streckenpass/contract/route-activities';
import { routeActivities, routes } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { assertOwned, assertOwnerIri, resolveOwnedIris } from '../../lib/ownership.js';
import { currentUser } from '../../plugins/auth.js';
import { createRouteActivitiesRepository } from './route-activities.repository.js';

const WHAT = 'Streckenaktivität';

function assertValidityRange(acquiredAt: string, acquiredUntil: string): void {
  if (!isValidityRange(acquiredAt, acquiredUntil)) {
    throw unprocessable([{ propertyPath: 'acquiredUntil', message: VALIDITY_RANGE_MESSAGE }]);
  }
}

const routeActivitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createRouteActivitiesRepository(app.db);
  const tags = ['Streckenkunde'];
  // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
  const auth = { onRequest: app.authenticate };

  app.get(
    '/route_activities',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eigene Streckenaktivitäten, neueste (höchste id) zuerst',
        response: { 200: z.array(routeActivitySchema), 401: problemSchema },
      },
    },
    async (request) => repo.list(currentUser(request).id),
  );

  app.post(
    '/route_activities',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Streckenaktivität erfassen',
        description:
          'Die Strecken aus `acquiredRoutes` wurden am `acquiredAt` befahren. `acquiredUntil` (einschließlich) ' +
          'ist ohne Angabe `acquiredAt` + 364 Tage und darf nicht davor liegen. `owner` darf nur das eigene Konto sein.',
        body: createRouteActivitySchema,
        response: {
          201: routeActivitySchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { owner, acquiredAt, acquiredUntil: requestedUntil, acquiredRoutes } = request.body;
      assertOwnerIri(owner, me.id);
      const routeIds = await resolveOwnedIris(app.db, routes, 'routes', acquiredRoutes, me.id, 'acquiredRoutes');
      const acquiredUntil = requestedUntil ?? validUntil(acquiredAt, 'year');
      assertValidityRange(acquiredAt, acquiredUntil);
      return reply.status(201).send(await repo.create(me.id, { acquiredAt, acquiredUntil }, routeIds));
    },
  );

  app.get(
    '/route_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eine eigene Streckenaktivität',
        params: idParamsSchema,
        response: { 200: routeActivitySchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertOwned(app.db, routeActivities, request.params.id, me.id, WHAT);
      const activity = await repo.findById(request.params.id, me.id);
      if (!activity) throw notFound(`${WHAT} nicht gefunden.`);
      return activity;
    },
  );

  app.patch(
    '/route_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Streckenaktivität ändern (JSON Merge Patch)',
        description:
          'Nimmt application/merge-patch+json und application/json. Nur genannte Felder ändern sich; ' +
          '`acquiredRoutes` ersetzt die Strecken. Danach darf `acquiredUntil` nicht vor `acquiredAt` liegen.',
        params: idParamsSchema,
        body: updateRouteActivitySchema,
        response: {
          200: routeActivitySchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      await assertOwned(app.db, routeActivities, id, me.id, WHAT);
      const { owner, acquiredAt, acquiredUntil, acquiredRoutes } = request.body;
      assertOwnerIri(owner, me.id);
      const routeIds =
        acquiredRoutes === undefined
          ? undefined
          : await resolveOwnedIris(app.db, routes, 'routes', acquiredRoutes, me.id, 'acquiredRoutes');
      const activity = await repo.update(id, me.id, { acquiredAt, acquiredUntil }, routeIds, (merged) =>
        assertValidityRange(merged.acquiredAt, merged.acquiredUntil),
      );
      if (!activity) throw notFound(`${WHAT} nicht gefunden.`);
      return activity;
    },
  );

  app.delete(
    '/route_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Streckenaktivität löschen',
        description: 'Ihre Fahrzeugaktivitäten werden mit gelöscht.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await assertOwned(app.db, routeActivities, request.params.id, me.id, WHAT);
      if (!(await repo.remove(request.params.id, me.id))) throw notFound(`${WHAT} nicht gefunden.`);
      return reply.status(204).send(null);
    },
  );
};

export default routeActivitiesRoutes;
