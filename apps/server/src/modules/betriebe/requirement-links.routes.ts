import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { betriebItemParamsSchema } from '@streckenpass/contract/betriebe';
import { linkRequirementSchema, requirementMatchSchema } from '@streckenpass/contract/requirements';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import {
  BETRIEBE_TAGS as tags,
  deleteItemRoute,
  DRIVERS_ONLY as DRIVERS,
  listRoute,
  roleGuard,
} from './route-helpers.js';

/**
 * A driver's side of the Betrieb's required route knowledge (issue 28 item 2): which of their own routes meets each
 * requirement, and a link of one by hand. Drivers only; the role is checked before the body is judged.
 */
const requirementLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.requirementLinksRepository;
  const requireRole = roleGuard(app);

  const { url, read, ...declaration } = {
    url: '/betriebe/:id/requirements/matches',
    summary: 'Anforderungen mit meiner passenden Strecke (Triebfahrzeugführer/innen)',
    description:
      'Je Anforderung die eigene Strecke, die sie erfüllt: über Start und Ende (in beliebiger Richtung), über das ' +
      'Kürzel des Betriebs oder von Hand verknüpft; bei mehreren die am längsten gültige. ' +
      DRIVERS,
    item: requirementMatchSchema,
    roles: ['driver'],
    read: (betriebId: number, userId: number) => repo.matchesFor(betriebId, userId),
  } as const;
  listRoute(app, url, declaration, read);

  app.put(
    '/betriebe/:id/requirements/:itemId/link',
    {
      schema: {
        tags,
        summary: 'Eigene Strecke von Hand mit einer Anforderung verknüpfen (Triebfahrzeugführer/innen)',
        description:
          'Für eine Anforderung, die keine eigene Strecke über Start/Ende oder Kürzel erfüllt; ersetzt eine frühere ' +
          `Verknüpfung. Eine fremde oder unbekannte Strecke: 422. ${DRIVERS}`,
        params: betriebItemParamsSchema,
        body: linkRequirementSchema,
        response: { 200: requirementMatchSchema, ...problems(400, 401, 403, 404, 422) },
      },
      preValidation: requireRole('driver'),
    },
    async (request) => repo.link(request.params.id, currentUser(request).id, request.params.itemId, request.body.route),
  );

  deleteItemRoute(
    app,
    '/betriebe/:id/requirements/:itemId/link',
    {
      summary: 'Verknüpfung einer eigenen Strecke mit einer Anforderung lösen (Triebfahrzeugführer/innen)',
      description: DRIVERS,
      roles: ['driver'],
    },
    (betriebId, userId, itemId) => repo.unlink(betriebId, userId, itemId),
  );
};

export default requirementLinksRoutes;
