import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issuedProofSchema, PROOF_PAGE_PREFIX, proofCodeParamsSchema } from '@streckenpass/contract/proofs';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';
import { normaliseCode } from '../../lib/proof-signature.js';
import { loadRecordOf } from './load-record.js';
import { createProofsService } from './proofs.service.js';

const tags = ['Nachweise'];

/** The holder's issued documents: list and revoke. Issuing happens in the export and on the share pages. */
const proofsRoutes: FastifyPluginAsyncZod = async (app) => {
  const proofs = createProofsService(app.proofsRepository, {
    publicUrl: app.config.publicUrl,
    renderPdf: (data) => app.pdfPool.render(data),
    load: loadRecordOf(app),
  });

  app.get(
    '/proofs',
    {
      schema: {
        tags,
        summary: 'Eigene ausgestellte Nachweise (PDFs und Freigabe-Seiten), neueste zuerst',
        description:
          `Jeder PDF-Export und jede Freigabe-Seite wird als Nachweis mit Prüfcode ausgestellt; unter ` +
          `${PROOF_PAGE_PREFIX}/{code} kann ihn jede und jeder prüfen. Ohne Inhalt: Code, Art, Zeitpunkt, Widerruf ` +
          'und wie viele Strecken und Fahrzeuge er nennt.',
        response: { 200: z.array(issuedProofSchema), ...problems(401) },
      },
      config: { noStore: true },
    },
    async (request) => proofs.list(currentUser(request).id),
  );

  app.post(
    '/proofs/:code/revoke',
    {
      schema: {
        tags,
        summary: 'Nachweis widerrufen: die Prüfung zeigt ab sofort „widerrufen“',
        description: 'Der Code wie gedruckt (ABCD-EFGH-JKMN) oder ohne Bindestriche. Zweimal widerrufen ändert nichts.',
        params: proofCodeParamsSchema,
        response: { 200: issuedProofSchema, ...problems(401, 403, 404, 422) },
      },
      config: { noStore: true },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const code = normaliseCode(request.params.code);
      if (!code) throw notFound('Nachweis nicht gefunden.');
      return proofs.revoke(code, userId);
    },
  );
};

export default proofsRoutes;
