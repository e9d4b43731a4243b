import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import { BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import { renderRegisterCsv } from '../../export/register-csv.js';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { readPackageVersion } from '../../lib/version.js';
import { OUTSIDERS, roleGuard } from './route-helpers.js';

const tags = ['Betriebe'];
const READERS = `Nur Admins, Disponenten und Prüfer/innen des Betriebs (Triebfahrzeugführer/innen: 403). ${OUTSIDERS}`;
const CONTENT =
  'Je Triebfahrzeugführer/in des Betriebs: Name, Depot, 31.1 „Infrastruktur“ (die geforderten Anforderungen, ' +
  'deren passende Strecke am Stichtag gültig ist, mit Streckennummer und km, wo bekannt) und 31.2 „Datum der ' +
  'Überprüfung“ (die letzte bestandene, nicht widerrufene Überprüfung aus Bescheinigungen, auch früherer Betriebe, ' +
  'sofern nicht verborgen) mit dem bescheinigenden Betrieb (TfV § 10 Abs. 4, Anlage 10).';

/** The documentation of a download: its file, or a problem. */
const download = (extension: 'csv' | 'pdf', mediaType: string, summary: string, description: string) => ({
  tags,
  summary,
  description,
  params: idParamsSchema,
  response: {
    200: {
      description: `Datei verzeichnis-tfv-JJJJ-MM-TT.${extension} (Download)`,
      content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
    },
    ...problems(401, 403, 404),
  },
});

const send = (reply: FastifyReply, contentType: string, filename: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');

/**
 * The register per TfV § 10 (4) (issue 41 item 6, decision 0064) as CSV and as a signed PDF, for the Betrieb's admins,
 * Disponenten and examiners; the PDF is issued like the matrix's (kind `register`, check page /pruefen/{code}).
 */
const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = roleGuard(app);
  const exported = { config: { heavy: 'export' as const }, preValidation: requireRole(...BETRIEB_MEMBER_READER_ROLES) };
  const today = () => todayIn(app.config.timezone);

  app.get(
    '/betriebe/:id/register.csv',
    {
      schema: download(
        'csv',
        'text/csv',
        'Verzeichnis nach § 10 Abs. 4 TfV als CSV-Datei',
        `UTF-8 mit BOM, \`;\` als Trennzeichen, CRLF, wie die Matrix. ${CONTENT} ${READERS}`,
      ),
      ...exported,
    },
    async (request, reply) => {
      const asOf = today();
      const content = await app.registerRepository.content(request.params.id, currentUser(request).id, asOf);
      return send(reply, 'text/csv; charset=utf-8', `verzeichnis-tfv-${asOf}.csv`).send(
        renderRegisterCsv(content) as unknown as string,
      );
    },
  );

  app.post(
    '/betriebe/:id/register/pdf',
    {
      schema: download(
        'pdf',
        'application/pdf',
        'Verzeichnis nach § 10 Abs. 4 TfV als PDF, ausgestellt und signiert wie die Matrix',
        `A4, ausgestellt als Nachweis der Art \`register\`: Prüfcode und QR-Code zur Prüfseite /pruefen/{code} auf ` +
          `jeder Seite, Inhalt gespeichert und signiert; er gehört der ausstellenden Person („Meine Daten“). ${CONTENT} ` +
          READERS,
      ),
      ...exported,
    },
    async (request, reply) => {
      const asOf = today();
      const userId = currentUser(request).id;
      const content = await app.registerRepository.content(request.params.id, userId, asOf);
      const file = await app.proofsService.issueRegister(userId, content, readPackageVersion());
      return send(reply, 'application/pdf', `verzeichnis-tfv-${asOf}.pdf`).send(file);
    },
  );
};

export default registerRoutes;
