import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import { issuedProofSchema, PROOF_PAGE_PREFIX, proofCodeParamsSchema } from '@streckenpass/contract/proofs';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';
import { normaliseCode } from '../../lib/proof-signature.js';

const tags = ['Nachweise'];

/** The holder's issued documents: list and revoke. Issuing happens in the export and on the share pages. */
const proofsRoutes: FastifyPluginAsyncZod = async (app) => {
  const proofs = app.proofsService;

  app.post(
    '/proofs/transfer',
    {
      config: { heavy: 'export' },
      schema: {
        tags,
        summary: 'Nachweis für den Arbeitgeberwechsel: alle Eintragungen mit ihrem Verlauf als signiertes PDF',
        description:
          'Ein PDF (A4) des ganzen Kontos: alle Strecken und Fahrzeuge wie im Export, dazu jede Fahrt mit „Erfasst ' +
          'am“ (nachgetragen / übernommen markiert) und der Verlauf aller Eintragungen (wann, was, auf welchem Weg). ' +
          'Ausgestellt als Nachweis der Art „transfer“ mit Prüfcode und QR-Code auf jeder Seite und signierter ' +
          `Prüfzeile; prüfbar unter ${PROOF_PAGE_PREFIX}/{code} und mit \`npm run verify-proof\`. Dazu gehört die ` +
          'Sicherung (GET /api/backup), die ebenso signiert ist. Download als ' +
          '`streckenpass-arbeitgeberwechsel-JJJJ-MM-TT.pdf`.',
        response: {
          200: {
            description: 'Datei streckenpass-arbeitgeberwechsel-JJJJ-MM-TT.pdf (Download)',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          401: problemSchema,
          429: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const today = todayIn(app.config.timezone);
      const file = await proofs.issueTransfer(userId, await app.exportService.loadTransfer(userId, today));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="streckenpass-arbeitgeberwechsel-${today}.pdf"`)
        .header('cache-control', 'no-store')
        .send(file as unknown as string);
    },
  );

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
