import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema } from '@streckenpass/contract/common';
import {
  createVehicleActivitySchema,
  updateVehicleActivitySchema,
  vehicleActivitySchema,
} from '@streckenpass/contract/vehicle-activities';
import { routeActivities, vehicleActivities, vehicles } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { assertOwned, assertOwnerIri, resolveOwnedIri, resolveOwnedIris } from '../../lib/ownership.js';
import { currentUser } from '../../plugins/auth.js';
import { createVehicleActivitiesRepository } from './vehicle-activities.repository.js';

const WHAT = 'Fahrzeugaktivität';

const vehicleActivitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createVehicleActivitiesRepository(app.db);
  const tags = ['Streckenkunde'];
  // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
  const auth = { onRequest: app.authenticate };

  /** The route activity vanished between the ownership check and the write. */
  const routeActivityGone = () =>
    unprocessable([{ propertyPath: 'routeActivity', message: 'Die Streckenaktivität existiert nicht mehr.' }]);

  app.get(
    '/vehicle_activities',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eigene Fahrzeugaktivitäten, neueste (höchste id) zuerst',
        response: { 200: z.array(vehicleActivitySchema), 401: problemSchema },
      },
    },
    async (request) => repo.list(currentUser(request).id),
  );

  app.post(
    '/vehicle_activities',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeugaktivität erfassen',
        description:
          'Die Fahrzeuge aus `acquiredVehicles` wurden bei der Streckenaktivität `routeActivity` gefahren. ' +
          '`owner` darf nur das eigene Konto sein.',
        body: createVehicleActivitySchema,
        response: {
          201: vehicleActivitySchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { owner, acquiredVehicles, routeActivity } = request.body;
      assertOwnerIri(owner, me.id);
      const routeActivityId = await resolveOwnedIri(
        app.db,
        routeActivities,
        'route_activities',
        routeActivity,
        me.id,
        'routeActivity',
      );
      const vehicleIds = await resolveOwnedIris(
        app.db,
        vehicles,
        'vehicles',
        acquiredVehicles,
        me.id,
        'acquiredVehicles',
      );
      const activity = await repo.create(me.id, routeActivityId, vehicleIds);
      if (!activity) throw routeActivityGone();
      return reply.status(201).send(activity);
    },
  );

  app.get(
    '/vehicle_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eine eigene Fahrzeugaktivität',
        params: idParamsSchema,
        response: { 200: vehicleActivitySchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertOwned(app.db, vehicleActivities, request.params.id, me.id, WHAT);
      const activity = await repo.findById(request.params.id, me.id);
      if (!activity) throw notFound(`${WHAT} nicht gefunden.`);
      return activity;
    },
  );

  app.patch(
    '/vehicle_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeugaktivität ändern (JSON Merge Patch)',
        description:
          'Nimmt application/merge-patch+json und application/json. `acquiredVehicles` ersetzt die Fahrzeuge, ' +
          '`routeActivity` ordnet die Aktivität einer anderen eigenen Streckenaktivität zu.',
        params: idParamsSchema,
        body: updateVehicleActivitySchema,
        response: {
          200: vehicleActivitySchema,
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
      await assertOwned(app.db, vehicleActivities, id, me.id, WHAT);
      const { owner, acquiredVehicles, routeActivity } = request.body;
      assertOwnerIri(owner, me.id);
      const routeActivityId =
        routeActivity === undefined
          ? undefined
          : await resolveOwnedIri(app.db, routeActivities, 'route_activities', routeActivity, me.id, 'routeActivity');
      const vehicleIds =
        acquiredVehicles === undefined
          ? undefined
          : await resolveOwnedIris(app.db, vehicles, 'vehicles', acquiredVehicles, me.id, 'acquiredVehicles');
      const activity = await repo.update(id, me.id, routeActivityId, vehicleIds);
      if (!activity) {
        // Either record may have gone since the checks above; name the one that did.
        await assertOwned(app.db, vehicleActivities, id, me.id, WHAT);
        throw routeActivityGone();
      }
      return activity;
    },
  );

  app.delete(
    '/vehicle_activities/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Fahrzeugaktivität löschen',
        params: idParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await assertOwned(app.db, vehicleActivities, request.params.id, me.id, WHAT);
      if (!(await repo.remove(request.params.id, me.id))) throw notFound(`${WHAT} nicht gefunden.`);
      return reply.status(204).send(null);
    },
  );
};

export default vehicleActivitiesRoutes;
