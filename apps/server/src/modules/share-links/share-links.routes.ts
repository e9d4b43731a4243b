import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import {
  createdShareLinkSchema,
  createShareLinkSchema,
  SHARE_PAGE_PREFIX,
  shareLinkSchema,
} from '@streckenpass/contract/share-links';
import { z } from 'zod';
import { problems } from '../../http/problems.js';
import { unprocessable } from '../../lib/errors.js';
import { generateToken } from '../../lib/one-time-token.js';
import { currentUser } from '../../http/current-user.js';

const tags = ['Freigabe-Links'];

/** Managing one's read-only links for a supervisor; the public page is in `shared-proof.routes.ts`. */
const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.shareLinksRepository;
  const today = () => todayIn(app.config.timezone);

  app.get(
    '/share_links',
    {
      schema: {
        tags,
        summary: 'Eigene Freigabe-Links mit Erstellungsdatum und letztem Aufruf, neueste zuerst',
        response: { 200: z.array(shareLinkSchema), ...problems(401) },
      },
      config: { noStore: true },
    },
    async (request) => repo.list(currentUser(request).id, today()),
  );

  app.post(
    '/share_links',
    {
      schema: {
        tags,
        summary: 'Freigabe-Link anlegen (schreibgeschützter Nachweis für Vorgesetzte)',
        description:
          'Ohne `routes` und `tours` zeigt der Link den ganzen Nachweis, sonst die gewählten Strecken und die Strecken ' +
          'der gewählten Touren, jeweils im aktuellen Stand. `expiresOn` ist der letzte Tag, an dem der Link öffnet. ' +
          `Die Antwort enthält die Adresse (${SHARE_PAGE_PREFIX}/{token}) – nur dieses eine Mal; gespeichert wird nur ` +
          'der SHA-256-Hash des Tokens (256 Zufallsbits). Fremde Ids ergeben 403, unbekannte 422.',
        body: createShareLinkSchema,
        response: { 201: createdShareLinkSchema, ...problems(400, 401, 403, 422) },
      },
      config: { noStore: true },
    },
    async (request, reply) => {
      const now = today();
      if (request.body.expiresOn !== undefined && request.body.expiresOn < now) {
        throw unprocessable([
          { propertyPath: 'expiresOn', message: 'Das Ablaufdatum darf nicht in der Vergangenheit liegen.' },
        ]);
      }
      const { token, hash } = generateToken();
      const link = await repo.create(currentUser(request).id, request.body, hash, now);
      return reply.status(201).send({ ...link, url: `${app.config.publicUrl}${SHARE_PAGE_PREFIX}/${token}` });
    },
  );

  app.post(
    '/share_links/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Freigabe-Link widerrufen: er öffnet ab sofort nicht mehr',
        params: idParamsSchema,
        response: { 200: shareLinkSchema, ...problems(401, 403, 404) },
      },
      config: { noStore: true },
    },
    async (request) => repo.revoke(request.params.id, currentUser(request).id, today()),
  );
};

export default shareLinksRoutes;
