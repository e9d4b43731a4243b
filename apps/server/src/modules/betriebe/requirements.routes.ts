import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BETRIEB_ROLES, betriebItemParamsSchema } from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { IMPORT_MAX_MEGABYTES } from '@streckenpass/contract/import';
import { LIMITS } from '@streckenpass/contract/limits';
import { plural } from '@streckenpass/contract/plural';
import {
  createRequirementSchema,
  PLACE_SECTION_MESSAGE,
  REQUIREMENT_IMPORT_COLUMNS,
  REQUIREMENT_IMPORT_SAMPLE,
  requirementImportPreviewSchema,
  requirementImportResultSchema,
  requirementSchema,
  updateRequirementSchema,
} from '@streckenpass/contract/requirements';
import { renderRequirementsCsv } from '../../export/requirements-csv.js';
import { currentUser } from '../../http/current-user.js';
import { acceptCsvUploads, csvBody, csvUploadOptions } from '../../http/csv-upload.js';
import { problems } from '../../http/problems.js';
import { unprocessable } from '../../lib/errors.js';
import {
  ADMINS_ONLY as ADMINS,
  BETRIEBE_TAGS as tags,
  deleteItemRoute,
  listRoute,
  OUTSIDERS,
  roleGuard,
  stationOf,
} from './route-helpers.js';
import { parseRequirements, type ParsedRequirements } from './requirements-csv.js';
import { sectionColumns, sectionOf } from './requirement-values.js';

const FORMAT =
  `Rumpf: die CSV-Datei (text/csv oder application/octet-stream), höchstens ${IMPORT_MAX_MEGABYTES} MB und ` +
  `${LIMITS.importLines} Zeilen, gelesen wie der CSV-Import der eigenen Daten (UTF-8 mit oder ohne BOM oder ` +
  'Windows-1252, Trennzeichen `;` oder `,`, Formeln werden nicht übernommen). Spalten: ' +
  `${REQUIREMENT_IMPORT_COLUMNS.join('; ')} (auch „Von“/„Bis“, „Ziel“, „Start DS100“, „Team“; „Strecke“ und ` +
  '„Bemerkung“ werden überlesen). Start und Ende: DS100-Kürzel oder genauer Name einer Betriebsstelle; Depot nach ' +
  'Namen; Minimum eine ganze Zahl; Erhaltende Wege in Worten („selbst gefahren, begleitete Fahrt“, getrennt durch ' +
  '`,` oder `/`); Ersterwerb Fahrten je Richtung, davon bei Dunkelheit (leer = 0) und Tage (leer = ohne Frist). ' +
  'Leere Zellen = keine eigene Regel. Schon vorhandene Anforderungen kommen nicht noch einmal hinzu; fehlerhafte Zeilen werden mit Nummer und ' +
  'Grund aufgeführt und übersprungen.';

/**
 * A Betrieb's required route knowledge (issue 28 item 2): admins keep the list and import it from CSV, every member
 * reads it (a driver's matches and links: requirement-links.routes.ts; vehicle types: vehicle-requirements.routes.ts).
 * The membership's role is checked for every call before the body is judged (401 → 404/403 → 400/422), and again by
 * each statement's scope.
 */
const requirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.requirementsRepository;
  const stations = app.stations.index;

  acceptCsvUploads(app);

  const requireRole = roleGuard(app);

  /** A code of the data set, spelled as there; 422 at `field` otherwise. */
  const checkedCode = (field: string, code: string) => stationOf(stations, field, code).code;

  async function readFile(request: FastifyRequest): Promise<ParsedRequirements> {
    const { id } = request.params as { id: number };
    const userId = currentUser(request).id;
    return parseRequirements(csvBody(request.body), {
      stations,
      depots: await repo.depotsByName(id, userId),
      existing: await repo.keys(id, userId),
    });
  }

  function summary(parsed: ParsedRequirements) {
    const fresh = parsed.rows.filter((row) => !row.existing);
    return {
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      lines: parsed.lines,
      added: fresh.length,
      existing: parsed.rows.length - fresh.length,
      errors: parsed.errors,
      errorCount: parsed.errorCount,
      sample: parsed.rows.slice(0, REQUIREMENT_IMPORT_SAMPLE).map((row) => ({
        line: row.line,
        startStation: { code: row.startStation, name: stations.byCode(row.startStation)?.name ?? row.startStation },
        endStation: { code: row.endStation, name: stations.byCode(row.endStation)?.name ?? row.endStation },
        companyRoute: row.companyRoute,
        section: row.section,
        depot: row.depot,
        minDrivers: row.minDrivers,
        keepingWays: row.keepingWays,
        firstAcquisition: row.firstAcquisition,
        existing: row.existing,
      })),
    };
  }

  const upload = (summary: string, description: string, ok: z.ZodType) => ({
    ...csvUploadOptions({ tags, summary, description, ok, params: idParamsSchema, statuses: [403, 404] }),
    preValidation: requireRole('admin'),
  });

  // The list of the Betrieb's requirements, for every member.
  for (const { url, read, ...declaration } of [
    {
      url: '/betriebe/:id/requirements',
      summary: 'Anforderungen des Betriebs: geforderte Streckenkunde (alle Mitglieder)',
      description: `Erst die des ganzen Betriebs, dann je Depot; nach Start und Ende. ${OUTSIDERS}`,
      item: requirementSchema,
      roles: BETRIEB_ROLES,
      read: (betriebId: number, userId: number) => repo.list(betriebId, userId),
    },
  ] as const) {
    listRoute(app, url, declaration, read);
  }

  app.get(
    '/betriebe/:id/requirements/csv',
    {
      schema: {
        tags,
        summary: 'Anforderungen als CSV-Datei (alle Mitglieder), wie der Import sie liest',
        description:
          'UTF-8 mit BOM, `;` als Trennzeichen, CRLF, Formeln entschärft wie der CSV-Export der eigenen Daten. ' +
          `Spalten: ${REQUIREMENT_IMPORT_COLUMNS.join('; ')}; Start und Ende als DS100-Kürzel, Depot nach Namen, ` +
          'Streckenabschnitt wie „4010 km 0,0–34,5“; leere Zellen = keine eigene Regel. Die Datei lässt sich so in ' +
          `einen Betrieb mit Depots gleichen Namens einlesen. ${OUTSIDERS}`,
        params: idParamsSchema,
        response: {
          200: {
            description: 'Datei anforderungen-<Id des Betriebs>.csv (Download)',
            content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...problems(401, 404),
        },
      },
      config: { noStore: true },
      preValidation: requireRole(...BETRIEB_ROLES),
    },
    async (request, reply) => {
      const { id } = request.params;
      const requirements = await repo.list(id, currentUser(request).id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="anforderungen-${id}.csv"`)
        .send(renderRequirementsCsv(requirements) as unknown as string);
    },
  );

  app.post(
    '/betriebe/:id/requirements',
    {
      schema: {
        tags,
        summary:
          'Anforderung anlegen (Admins): Start und Ende (DS100), optional Kürzel, Streckenabschnitt, Depot und Minimum',
        description:
          `Start und Ende in beliebiger Richtung; dieselbe Anforderung (auch umgekehrt) zweimal: 409. ` +
          `Höchstens ${LIMITS.requirementsPerBetrieb} je Betrieb. ${ADMINS}`,
        params: idParamsSchema,
        body: createRequirementSchema,
        response: { 201: requirementSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request, reply) => {
      const { startStation, endStation, companyRoute, section, depot, minDrivers, keepingWays, firstAcquisition } =
        request.body;
      const requirement = await repo.create(request.params.id, currentUser(request).id, {
        startStation: checkedCode('startStation', startStation),
        endStation: checkedCode('endStation', endStation),
        companyRoute,
        ...sectionColumns(section),
        depotId: depot,
        minDrivers,
        keepingWays,
        firstAcquisition,
      });
      return reply.status(201).send(requirement);
    },
  );

  app.patch(
    '/betriebe/:id/requirements/:itemId',
    {
      schema: {
        tags,
        summary: 'Anforderung ändern (Admins)',
        description: `Nimmt application/merge-patch+json und application/json. ${ADMINS}`,
        params: betriebItemParamsSchema,
        body: updateRequirementSchema,
        response: { 200: requirementSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request) => {
      const { id, itemId } = request.params;
      const userId = currentUser(request).id;
      const patch = request.body;
      const stored = await repo.values(id, userId, itemId);
      const next = {
        startStation: patch.startStation ? checkedCode('startStation', patch.startStation) : stored.startStation,
        endStation: patch.endStation ? checkedCode('endStation', patch.endStation) : stored.endStation,
        companyRoute: patch.companyRoute === undefined ? stored.companyRoute : patch.companyRoute,
        ...(patch.section === undefined ? sectionColumns(sectionOf(stored)) : sectionColumns(patch.section)),
        depotId: patch.depot === undefined ? stored.depotId : patch.depot,
        minDrivers: patch.minDrivers === undefined ? stored.minDrivers : patch.minDrivers,
        keepingWays: patch.keepingWays === undefined ? stored.keepingWays : patch.keepingWays,
        firstAcquisition: patch.firstAcquisition === undefined ? stored.firstAcquisition : patch.firstAcquisition,
      };
      // Start and end one operating point is a place (issue 41 item 4): it has no line section.
      if (next.startStation === next.endStation && next.line !== null) {
        throw unprocessable([{ propertyPath: 'section', message: PLACE_SECTION_MESSAGE }]);
      }
      return repo.update(id, userId, itemId, next);
    },
  );

  deleteItemRoute(
    app,
    '/betriebe/:id/requirements/:itemId',
    {
      summary: 'Anforderung löschen (Admins); die Verknüpfungen der Fahrer/innen damit gehen mit',
      description: ADMINS,
      roles: ['admin'],
    },
    (betriebId, userId, itemId) => repo.remove(betriebId, userId, itemId),
  );

  app.post(
    '/betriebe/:id/requirements/import/preview',
    upload(
      'Anforderungen aus CSV prüfen (Admins): Vorschau und Fehler je Zeile, schreibt nichts',
      `${FORMAT} ${ADMINS}`,
      requirementImportPreviewSchema,
    ),
    async (request) => summary(await readFile(request)),
  );

  app.post(
    '/betriebe/:id/requirements/import',
    upload(
      'Anforderungen aus CSV einlesen (Admins, nach der Vorschau)',
      `${FORMAT} Eine Transaktion: alle neuen oder keine. ${ADMINS}`,
      requirementImportResultSchema,
    ),
    async (request) => {
      const parsed = await readFile(request);
      const fresh = parsed.rows.filter((row) => !row.existing);
      if (parsed.rows.length === 0) {
        throw unprocessable([{ propertyPath: 'file', message: 'Die Datei enthält keine gültige Zeile.' }]);
      }
      const { id } = request.params as { id: number };
      const added = await repo.importMany(
        id,
        currentUser(request).id,
        fresh.map(({ startStation, endStation, companyRoute, section, depotId, ...rules }) => ({
          startStation,
          endStation,
          companyRoute,
          ...sectionColumns(section),
          depotId,
          minDrivers: rules.minDrivers,
          keepingWays: rules.keepingWays,
          firstAcquisition: rules.firstAcquisition,
        })),
      );
      const result = summary(parsed);
      return {
        ...result,
        added,
        existing: parsed.rows.length - added,
        message:
          `${plural(added, 'Anforderung', 'Anforderungen')} hinzugefügt` +
          (parsed.rows.length > added ? `, ${plural(parsed.rows.length - added, 'war', 'waren')} schon da` : '') +
          (parsed.errorCount > 0
            ? `, ${plural(parsed.errorCount, 'fehlerhafte Zeile', 'fehlerhafte Zeilen')} übersprungen.`
            : '.'),
      };
    },
  );
};

export default requirementsRoutes;
