import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BETRIEB_DRIVER_DRIVES_SHOWN, betriebDriverSchema } from '@streckenpass/contract/betrieb-driver';
import { betriebItemParamsSchema } from '@streckenpass/contract/betriebe';
import { todayIn } from '@streckenpass/contract/knowledge';
import { BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { OUTSIDERS, roleGuard } from './route-helpers.js';

/**
 * One driver's page for the Betrieb's admins and Disponenten (issue 38 item 13): what the consent lists, no more.
 * The caller's role is checked first (401 → 404/403), then the driver is read scoped by both memberships in SQL.
 */
const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = roleGuard(app);

  app.get(
    '/betriebe/:id/members/:itemId',
    {
      schema: {
        tags: ['Betriebe'],
        summary:
          'Eine Fahrerin/ein Fahrer des Betriebs: was die Einwilligung teilt (Admins, Disponenten, Prüfer/innen)',
        description:
          'Genau das, was die Einwilligung beim Beitritt nennt: Name, Rolle und Depot; die Strecken mit Name, ' +
          'Kürzel, Start, Ende, „Gültig bis“ und Gültigkeitsregel; die letzten ' +
          `${BETRIEB_DRIVER_DRIVES_SHOWN} Fahrten mit „Gefahren am“, „Gültig bis“, „Erfasst am“ und „nachgetragen“ ` +
          '(mehr als 7 Tage nach der Fahrt erfasst), ihren Strecken und Fahrzeugen; die Fahrzeuge mit ' +
          'Gültigkeitsregel und Fahrten; dazu die Anforderungen des Betriebs, die für sie/ihn gelten, mit dem ' +
          'Zustand wie in der Matrix. Keine E-Mail-Adresse, keine Einstellungen, keine Touren. itemId ist die Id ' +
          'der Mitgliedschaft (wie in der Matrix und der Mitgliederliste); eine, die keine Id ist, gilt als unbekannt. Ein Mitglied, das nicht (mehr) ' +
          `Triebfahrzeugführer/in des Betriebs ist, oder eine unbekannte Id: 404. Triebfahrzeugführer/innen: 403. ${OUTSIDERS}`,
        params: betriebItemParamsSchema,
        response: { 200: betriebDriverSchema, ...problems(401, 403, 404) },
      },
      config: { noStore: true },
      preValidation: requireRole(...BETRIEB_MEMBER_READER_ROLES),
    },
    async (request) =>
      app.betriebDriverRepository.find(
        request.params.id,
        currentUser(request).id,
        request.params.itemId,
        todayIn(app.config.timezone),
      ),
  );
};

export default driverRoutes;
