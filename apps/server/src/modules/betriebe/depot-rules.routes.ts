import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { betriebDepotSchema, depotFirstAcquisitionSchema, depotParamsSchema } from '@streckenpass/contract/betriebe';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { ADMINS_ONLY as ADMINS, BETRIEBE_TAGS as tags, roleGuard } from './route-helpers.js';

/**
 * A depot's first acquisition (issue 41 item 3, docs/decisions/0067): admins set it; every member reads it with the
 * Betrieb's depots. The membership's role is checked before the body is judged (401 → 404/403 → 400/422).
 */
const depotRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = roleGuard(app);

  app.put(
    '/betriebe/:id/depots/:depotId/first-acquisition',
    {
      schema: {
        tags,
        summary: 'Ersterwerb eines Depots setzen oder entfernen (Admins)',
        description:
          'Der Ersterwerb gilt für jede Anforderung des Depots, die keinen eigenen verlangt; Anforderungen für den ' +
          'ganzen Betrieb berührt er nicht. Bis eine Strecke ihn erfüllt, ist die Fahrerin oder der Fahrer für diese ' +
          `Anforderungen „in Ausbildung“. \`firstAcquisition\` null = keiner. Ein unbekanntes Depot: 404. ${ADMINS}`,
        params: depotParamsSchema,
        body: depotFirstAcquisitionSchema,
        response: { 200: betriebDepotSchema, ...problems(400, 401, 403, 404, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request) => {
      const { id, depotId } = request.params;
      return app.depotRulesRepository.setFirstAcquisition(
        id,
        currentUser(request).id,
        depotId,
        request.body.firstAcquisition,
      );
    },
  );
};

export default depotRulesRoutes;
