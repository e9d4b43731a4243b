import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema } from '@streckenpass/contract/common';
import { createRouteSchema, routeSchema, updateRouteSchema } from '@streckenpass/contract/routes';
import { routes, tours } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { assertOwned, assertOwnerIri, resolveOwnedIris } from '../../lib/ownership.js';
import { currentUser } from '../../plugins/auth.js';
import { createRoutesRepository } from './routes.repository.js';

const WHAT = 'Strecke';

const routesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createRoutesRepository(app.db);
  const tags = ['Strecken'];
  // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
  const auth = { onRequest: app.authenticate };

  app.get(
    '/routes',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eigene Strecken, sortiert nach Unternehmens-Kürzel (leere zuletzt), dann Name',
        response: { 200: z.array(routeSchema), 401: problemSchema },
      },
    },
    async (request) => repo.list(currentUser(request).id),
  );

  app.post(
    '/routes',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Strecke anlegen',
        description:
          '`tours` ordnet die Strecke den genannten eigenen Touren zu; `owner` darf nur das eigene Konto sein.',
        body: createRouteSchema,
        response: { 201: routeSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { owner, tours: tourIris, ...values } = request.body;
      assertOwnerIri(owner, me.id);
      const tourIds = await resolveOwnedIris(app.db, tours, 'tours', tourIris ?? [], me.id, 'tours');
      return reply.status(201).send(await repo.create(me.id, values, tourIds));
    },
  );

  app.get(
    '/routes/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eine eigene Strecke',
        params: idParamsSchema,
        response: { 200: routeSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertOwned(app.db, routes, request.params.id, me.id, WHAT);
      const route = await repo.findById(request.params.id, me.id);
      if (!route) throw notFound(`${WHAT} nicht gefunden.`);
      return route;
    },
  );

  app.patch(
    '/routes/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Strecke ändern (JSON Merge Patch)',
        description:
          'Nimmt application/merge-patch+json und application/json. `companyRoute: null` löscht das Kürzel; ' +
          '`tours` ersetzt die Tour-Zuordnung.',
        params: idParamsSchema,
        body: updateRouteSchema,
        response: {
          200: routeSchema,
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
      await assertOwned(app.db, routes, id, me.id, WHAT);
      const { owner, tours: tourIris, ...values } = request.body;
      assertOwnerIri(owner, me.id);
      const tourIds =
        tourIris === undefined ? undefined : await resolveOwnedIris(app.db, tours, 'tours', tourIris, me.id, 'tours');
      const route = await repo.update(id, me.id, values, tourIds);
      if (!route) throw notFound(`${WHAT} nicht gefunden.`);
      return route;
    },
  );

  app.delete(
    '/routes/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Strecke löschen',
        description: 'Entfernt die Strecke auch aus ihren Touren und Aktivitäten.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await assertOwned(app.db, routes, request.params.id, me.id, WHAT);
      if (!(await repo.remove(request.params.id, me.id))) throw notFound(`${WHAT} nicht gefunden.`);
      return reply.status(204).send(null);
    },
  );
};

export default routesRoutes;
