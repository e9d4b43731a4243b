import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BETRIEB_ROLES } from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { LIMITS } from '@streckenpass/contract/limits';
import {
  createVehicleRequirementSchema,
  vehicleRequirementMatchSchema,
  vehicleRequirementSchema,
} from '@streckenpass/contract/requirements';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import {
  ADMINS_ONLY as ADMINS,
  BETRIEBE_TAGS as tags,
  deleteItemRoute,
  DRIVERS_ONLY as DRIVERS,
  listRoute,
  OUTSIDERS,
  roleGuard,
} from './route-helpers.js';

/**
 * A Betrieb's required vehicle types (issue 28 item 2): admins keep the list, every member reads it, a driver sees
 * their own vehicle of each type. The role is checked before the body is judged.
 */
const vehicleRequirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.vehicleRequirementsRepository;
  const requireRole = roleGuard(app);

  for (const { url, read, ...declaration } of [
    {
      url: '/betriebe/:id/vehicle-requirements',
      summary: 'Geforderte Fahrzeugtypen des Betriebs (alle Mitglieder)',
      description: `Erst die des ganzen Betriebs, dann je Depot; nach Namen. ${OUTSIDERS}`,
      item: vehicleRequirementSchema,
      roles: BETRIEB_ROLES,
      read: (betriebId: number, userId: number) => repo.list(betriebId, userId),
    },
    {
      url: '/betriebe/:id/vehicle-requirements/matches',
      summary: 'Geforderte Fahrzeugtypen mit meinem Fahrzeug dieses Typs (Triebfahrzeugführer/innen)',
      description: DRIVERS,
      item: vehicleRequirementMatchSchema,
      roles: ['driver'],
      read: (betriebId: number, userId: number) => repo.matchesFor(betriebId, userId),
    },
  ] as const) {
    listRoute(app, url, declaration, read);
  }

  app.post(
    '/betriebe/:id/vehicle-requirements',
    {
      schema: {
        tags,
        summary: 'Geforderten Fahrzeugtyp anlegen (Admins), optional für ein Depot',
        description:
          'Ein Fahrzeug einer Fahrerin oder eines Fahrers erfüllt ihn, wenn es so heißt (ohne Rücksicht auf Groß- und ' +
          `Kleinschreibung und Leerzeichen); derselbe Typ zweimal: 409. Höchstens ` +
          `${LIMITS.vehicleRequirementsPerBetrieb} je Betrieb. ${ADMINS}`,
        params: idParamsSchema,
        body: createVehicleRequirementSchema,
        response: { 201: vehicleRequirementSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request, reply) => {
      const { vehicleType, depot } = request.body;
      const created = await repo.create(request.params.id, currentUser(request).id, {
        vehicleType,
        depotId: depot,
      });
      return reply.status(201).send(created);
    },
  );

  deleteItemRoute(
    app,
    '/betriebe/:id/vehicle-requirements/:itemId',
    { summary: 'Geforderten Fahrzeugtyp löschen (Admins)', description: ADMINS, roles: ['admin'] },
    (betriebId, userId, itemId) => repo.remove(betriebId, userId, itemId),
  );
};

export default vehicleRequirementsRoutes;
