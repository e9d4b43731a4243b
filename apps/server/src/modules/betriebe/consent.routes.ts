import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { acceptInvitationSchema, betriebSchema } from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { BETRIEBE_TAGS as tags, consentChanged } from './route-helpers.js';

/**
 * A member agrees to the current consent text (issue 41 item 7): a membership made under an older version shows the
 * Betrieb what that version lists, until its member agrees to the new one here.
 */
const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/betriebe/:id/membership/consent',
    {
      schema: {
        tags,
        summary: 'Der aktuellen Fassung der Einwilligung zustimmen (die eigene Mitgliedschaft)',
        description:
          `Nimmt die Fassung, die gezeigt wurde (\`consentVersion\`, aktuell ${CONSENT_VERSION}; eine andere ergibt 409). ` +
          'Gespeichert werden die Fassung und der Zeitpunkt; wer ihr schon zugestimmt hat, behält den ersten ' +
          'Zeitpunkt. Bis dahin sieht der Betrieb nur, was die Fassung der Mitgliedschaft nennt. Kein Mitglied: 404.',
        params: idParamsSchema,
        body: acceptInvitationSchema,
        response: { 200: betriebSchema, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      if (request.body.consentVersion !== CONSENT_VERSION) throw consentChanged();
      return app.consentRepository.agree(request.params.id, currentUser(request).id, CONSENT_VERSION);
    },
  );
};

export default consentRoutes;
