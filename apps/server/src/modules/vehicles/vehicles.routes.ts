import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema } from '@streckenpass/contract/common';
import { createVehicleSchema, updateVehicleSchema, vehicleSchema } from '@streckenpass/contract/vehicles';
import { vehicles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { assertOwned, assertOwnerIri } from '../../lib/ownership.js';
import { currentUser } from '../../plugins/auth.js';
import { createVehiclesRepository } from './vehicles.repository.js';

const WHAT = 'Fahrzeug';

const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createVehiclesRepository(app.db);
  const tags = ['Fahrzeuge'];
  // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
  const auth = { onRequest: app.authenticate };

  app.get(
    '/vehicles',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eigene Fahrzeuge, sortiert nach Name',
        response: { 200: z.array(vehicleSchema), 401: problemSchema },
      },
    },
    async (request) => repo.list(currentUser(request).id),
  );

  app.post(
    '/vehicles',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeug anlegen',
        body: createVehicleSchema,
        response: {
          201: vehicleSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnerIri(request.body.owner, me.id);
      return reply.status(201).send(await repo.create(me.id, request.body.name));
    },
  );

  app.get(
    '/vehicles/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ein eigenes Fahrzeug',
        params: idParamsSchema,
        response: { 200: vehicleSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertOwned(app.db, vehicles, request.params.id, me.id, WHAT);
      const vehicle = await repo.findById(request.params.id, me.id);
      if (!vehicle) throw notFound(`${WHAT} nicht gefunden.`);
      return vehicle;
    },
  );

  app.patch(
    '/vehicles/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeug umbenennen (JSON Merge Patch)',
        description: 'Nimmt application/merge-patch+json und application/json.',
        params: idParamsSchema,
        body: updateVehicleSchema,
        response: {
          200: vehicleSchema,
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
      await assertOwned(app.db, vehicles, id, me.id, WHAT);
      assertOwnerIri(request.body.owner, me.id);
      const vehicle = await repo.update(id, me.id, { name: request.body.name });
      if (!vehicle) throw notFound(`${WHAT} nicht gefunden.`);
      return vehicle;
    },
  );

  app.delete(
    '/vehicles/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeug löschen',
        description: 'Entfernt das Fahrzeug auch aus den Fahrzeug-Aktivitäten.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await assertOwned(app.db, vehicles, request.params.id, me.id, WHAT);
      if (!(await repo.remove(request.params.id, me.id))) throw notFound(`${WHAT} nicht gefunden.`);
      return reply.status(204).send(null);
    },
  );
};

export default vehiclesRoutes;
