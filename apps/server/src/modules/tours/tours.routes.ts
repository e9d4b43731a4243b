import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema } from '@streckenpass/contract/common';
import { createTourSchema, tourSchema, updateTourSchema } from '@streckenpass/contract/tours';
import { routes, tours } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { assertOwned, assertOwnerIri, resolveOwnedIris } from '../../lib/ownership.js';
import { currentUser } from '../../plugins/auth.js';
import { createToursRepository } from './tours.repository.js';

const WHAT = 'Tour';

const toursRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createToursRepository(app.db);
  const tags = ['Touren'];
  // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
  const auth = { onRequest: app.authenticate };

  app.get(
    '/tours',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eigene Touren, sortiert nach Name',
        response: { 200: z.array(tourSchema), 401: problemSchema },
      },
    },
    async (request) => repo.list(currentUser(request).id),
  );

  app.post(
    '/tours',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Tour anlegen',
        description: 'Eine Tour fasst mindestens zwei verschiedene eigene Strecken zusammen.',
        body: createTourSchema,
        response: { 201: tourSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnerIri(request.body.owner, me.id);
      const routeIds = await resolveOwnedIris(app.db, routes, 'routes', request.body.routes, me.id, 'routes');
      return reply.status(201).send(await repo.create(me.id, request.body.name, routeIds));
    },
  );

  app.get(
    '/tours/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eine eigene Tour',
        params: idParamsSchema,
        response: { 200: tourSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertOwned(app.db, tours, request.params.id, me.id, WHAT);
      const tour = await repo.findById(request.params.id, me.id);
      if (!tour) throw notFound(`${WHAT} nicht gefunden.`);
      return tour;
    },
  );

  app.patch(
    '/tours/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Tour ändern (JSON Merge Patch)',
        description: 'Nimmt application/merge-patch+json und application/json. `routes` ersetzt die Strecken der Tour.',
        params: idParamsSchema,
        body: updateTourSchema,
        response: {
          200: tourSchema,
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
      await assertOwned(app.db, tours, id, me.id, WHAT);
      assertOwnerIri(request.body.owner, me.id);
      const routeIris = request.body.routes;
      const routeIds =
        routeIris === undefined
          ? undefined
          : await resolveOwnedIris(app.db, routes, 'routes', routeIris, me.id, 'routes');
      const tour = await repo.update(id, me.id, { name: request.body.name }, routeIds);
      if (!tour) throw notFound(`${WHAT} nicht gefunden.`);
      return tour;
    },
  );

  app.delete(
    '/tours/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Tour löschen',
        description: 'Die Strecken der Tour bleiben erhalten.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await assertOwned(app.db, tours, request.params.id, me.id, WHAT);
      if (!(await repo.remove(request.params.id, me.id))) throw notFound(`${WHAT} nicht gefunden.`);
      return reply.status(204).send(null);
    },
  );
};

export default toursRoutes;
