import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@streckenpass/contract/common';
import { formatNumber } from '@streckenpass/contract/format';
import { todayIn } from '@streckenpass/contract/knowledge';
import {
  COVERAGE_WINDOW_DAYS,
  MATRIX_PAGE_SIZE_MAX,
  MATRIX_PDF_MAX_CELLS,
  matrixExportSchema,
  matrixQuerySchema,
  matrixSchema,
  type MatrixExportInput,
} from '@streckenpass/contract/matrix';
import { whoCanDriveQuerySchema, whoCanDriveSchema } from '@streckenpass/contract/who-can-drive';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { renderMatrixCsv } from '../../export/matrix-csv.js';
import { readPackageVersion } from '../../lib/version.js';
import type { MatrixFilter } from './matrix.repository.js';
import { OUTSIDERS, roleGuard } from './route-helpers.js';

const tags = ['Betriebe'];
const READERS = `Nur Admins und Disponenten des Betriebs (Triebfahrzeugführer/innen: 403). ${OUTSIDERS}`;
const STATES =
  `Zustände am Stichtag (heute in der Zeitzone der App): gueltig (gültig über ${COVERAGE_WINDOW_DAYS} Tage hinaus), ` +
  `bald (läuft in höchstens ${COVERAGE_WINDOW_DAYS} Tagen ab, heute eingeschlossen), abgelaufen (gefahren, nicht mehr gültig), ` +
  'nie (eine passende Strecke, nie gefahren), fehlt (keine eigene Strecke erfüllt die Anforderung: weder über Start und Ende in beliebiger Richtung noch über ' +
  'das Kürzel noch von Hand verknüpft). Je Zelle zählt die am längsten gültige passende Strecke. Zeilen sind die ' +
  'Mitglieder mit der Rolle Triebfahrzeugführer/in; eine Anforderung eines anderen Depots als dem der Zeile hat ' +
  '`required: false` und zählt nicht mit.';
const FILTERS =
  'Filter: depot (Fahrer/innen dieses Depots; Spalten: ganzer Betrieb und dieses Depot), requirement (eine Spalte), ' +
  'state (Zeilen mit mindestens einer geforderten Zelle in diesem Zustand), q (Teil des Namens); sort: name, depot, ' +
  'expiring (wessen Streckenkunde zuerst endet; fehlende zuerst). Ein Depot oder eine Anforderung, die es im Betrieb ' +
  'nicht gibt: 422.';

const filterOf = (query: MatrixExportInput & { sort: MatrixFilter['sort'] }): MatrixFilter => ({
  depotId: query.depot === undefined ? undefined : Number(query.depot),
  requirementId: query.requirement === undefined ? undefined : Number(query.requirement),
  state: query.state,
  q: query.q || undefined,
  sort: query.sort,
});

/** The documentation of a download route: its file, or a problem. */
const exportSchema = (extension: 'csv' | 'pdf', mediaType: string, summary: string, description: string) => ({
  tags,
  summary,
  description,
  params: idParamsSchema,
  response: {
    200: {
      description: `Datei streckenkunde-matrix-JJJJ-MM-TT.${extension} (Download)`,
      content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
    },
    ...problems(400, 401, 403, 404, 422),
  },
});

/** A download's headers: the file's type and name, never cached. */
const download = (reply: FastifyReply, contentType: string, filename: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');

/**
 * The Betrieb's matrix of drivers × required route knowledge and "Wer kann fahren?" (issue 28 items 3 and 4), for
 * admins and Disponenten. The caller's role is checked before the query is judged (401 → 404/403 → 400/422); the
 * statements are scoped by the caller's membership again.
 */
const matrixRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = roleGuard(app);
  const service = app.matrixService;
  // The PDF is issued like the driver's Nachweis (issue 27): drawn in the worker pool, hashed, signed and stored.
  const proofs = app.proofsService;
  const today = () => todayIn(app.config.timezone);
  /** A view, never cached, and an export, one at a time per account (heavy operation): for the readers only. */
  const read = { config: { noStore: true }, preValidation: requireRole('admin', 'disponent') };
  const exported = { config: { heavy: 'export' as const }, preValidation: read.preValidation };

  app.get(
    '/betriebe/:id/matrix',
    {
      schema: {
        tags,
        summary: 'Matrix: Fahrer/innen × geforderte Streckenkunde, seitenweise, mit Summen je Anforderung',
        description:
          `Eine Seite Fahrer/innen (pageSize höchstens ${MATRIX_PAGE_SIZE_MAX}) mit einer Zelle je Anforderung (in ` +
          'der Reihenfolge von `requirements`: Zustand, letzter gültiger Tag, die Strecke und wie sie passt). ' +
          '`totals` zählt je Anforderung über alle Fahrer/innen des Betriebs (mit depot: des Depots), für die sie ' +
          `gilt: gültig (einschließlich läuft bald ab), davon läuft bald ab, abgelaufen, fehlt („12 von 40“). ${STATES} ` +
          `${FILTERS} ${READERS}`,
        params: idParamsSchema,
        querystring: matrixQuerySchema,
        response: { 200: matrixSchema, ...problems(400, 401, 403, 404, 422) },
      },
      ...read,
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return service.page(
        request.params.id,
        currentUser(request).id,
        filterOf(request.query),
        { page, pageSize },
        today(),
      );
    },
  );

  app.get(
    '/betriebe/:id/matrix.csv',
    {
      schema: {
        ...exportSchema(
          'csv',
          'text/csv',
          'Matrix als CSV-Datei (alle Fahrer/innen der Filter)',
          'UTF-8 mit BOM, `;` als Trennzeichen, CRLF, wie der CSV-Export der eigenen Daten. Eine Zeile je ' +
            'Fahrer/in: Name, Depot, dann je Anforderung (Kopf: „Start – Ende (Kürzel) · Depot“, DS100) „gültig bis ' +
            'TT.MM.JJJJ“, „läuft bald ab (TT.MM.JJJJ)“, „abgelaufen (TT.MM.JJJJ)“ oder „fehlt“, mit „(nicht ' +
            'gefordert)“ bei Anforderungen eines anderen Depots. Nach einer Leerzeile: „Streckenkundig“ mit „12 von ' +
            `40 Fahrer/innen streckenkundig“ je Anforderung, und der Stichtag. ${FILTERS} ${READERS}`,
        ),
        querystring: matrixExportSchema,
      },
      ...exported,
    },
    async (request, reply) => {
      const asOf = today();
      const matrix = await service.export(request.params.id, currentUser(request).id, filterOf(request.query), asOf);
      return download(reply, 'text/csv; charset=utf-8', `streckenkunde-matrix-${asOf}.csv`).send(
        renderMatrixCsv(matrix) as unknown as string,
      );
    },
  );

  app.post(
    '/betriebe/:id/matrix/pdf',
    {
      schema: {
        ...exportSchema(
          'pdf',
          'application/pdf',
          'Matrix als PDF, ausgestellt und signiert wie der Streckenkundenachweis',
          'A4: Betrieb, Stand, wer ausstellt, die Auswahl; Abdeckung je Anforderung („12 von 40 Fahrer/innen ' +
            'streckenkundig“); dann je Fahrer/in und geforderter Anforderung Zustand mit Datum und die Strecke. Wie ' +
            'jeder Nachweis ausgestellt (Art `matrix`): Prüfcode und QR-Code zur Prüfseite /pruefen/{code} auf jeder ' +
            'Seite, Inhalt gespeichert und signiert, signierte Prüfzeile nach dem letzten Byte; /pruefen zeigt die ' +
            'Matrix und ob sie mit derselben Auswahl heute anders lautet. Der Nachweis gehört der ausstellenden Person ' +
            `(„Meine Daten“, widerrufbar). Rumpf: die Filter der Matrix ohne Seite. Höchstens ${formatNumber(MATRIX_PDF_MAX_CELLS)} ` +
            `Zellen (Fahrer/innen × Anforderungen), sonst 422. ${FILTERS} ${READERS}`,
        ),
        body: matrixExportSchema,
      },
      ...exported,
    },
    async (request, reply) => {
      const asOf = today();
      const userId = currentUser(request).id;
      const content = await service.issuedContent(request.params.id, userId, filterOf(request.body), asOf);
      const file = await proofs.issueMatrix(userId, content, readPackageVersion());
      return download(reply, 'application/pdf', `streckenkunde-matrix-${asOf}.pdf`).send(file);
    },
  );

  app.get(
    '/betriebe/:id/who-can-drive',
    {
      schema: {
        tags,
        summary: 'Wer kann fahren? Fahrer/innen mit gültiger Streckenkunde an einem Tag',
        description:
          'Für eine Anforderung des Betriebs (requirement) oder ein Paar von Betriebsstellen (from und to, DS100, ' +
          'Richtung egal; dann zählt nur das Paar, nicht Kürzel oder Verknüpfungen): die Fahrer/innen, deren ' +
          'passende Strecke am Tag date (Standard: heute) gültig ist – eine Fahrt an oder vor date, deren Gültigkeit ' +
          'date einschließt (gültig bis ≥ date; für einen vergangenen Tag zählen nur die Fahrten bis dahin, und ' +
          '„gültig bis“ ist das der letzten davon) –, mit den geforderten ' +
          'Fahrzeugtypen, die sie kennen (eigenes Fahrzeug dieses Typs). Längste Gültigkeit zuerst, dann nach ' +
          'Namen; depot: nur Fahrer/innen dieses Depots. Beides oder keins von requirement und from/to, unbekannte ' +
          `Kürzel, Anforderungen oder Depots: 422. ${READERS}`,
        params: idParamsSchema,
        querystring: whoCanDriveQuerySchema,
        response: { 200: whoCanDriveSchema, ...problems(400, 401, 403, 404, 422) },
      },
      ...read,
    },
    async (request) => {
      const { date, ...query } = request.query;
      const now = today();
      return service.whoCanDrive(request.params.id, currentUser(request).id, query, date ?? now, now);
    },
  );
};

export default matrixRoutes;
