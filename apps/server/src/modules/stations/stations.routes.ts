import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stationListSchema,
  stationSchema,
  stationSearchQuerySchema,
  stationSearchResultSchema,
} from '@streckenpass/contract/stations';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';

const tags = ['Bahnhöfe'];
const toStation = ({ code, name, lat, lon }: z.infer<typeof stationSchema>) => ({ code, name, lat, lon });

/**
 * DS100/RIL100 lookup over the db-stations data set held in memory (no database, no network): the search behind
 * the route form's start and end fields, one station by code, and the compact list the web app caches for offline
 * use. Signed-in users only, like every /api call that is not declared public.
 */
const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { index, version } = app.stations;
  // The list never changes while the process runs: serialised once (on first request), revalidated by its version.
  let listJson: string | undefined;
  const listEtag = `W/"${version}"`;

  app.get(
    '/stations',
    {
      schema: {
        tags,
        summary: 'Bahnhöfe suchen (DS100-Kürzel oder Name)',
        description:
          'Das Kürzel exakt zuerst („FF“), dann der ganze Name, Namensanfang, Wortanfänge, Kürzelanfang, Teilwort; ' +
          'bei gleichem Rang verkehrsreichere Bahnhöfe zuerst. Groß-/Kleinschreibung, Umlaute (ü/ue/u), ß, ' +
          'Satzzeichen und „Hbf“/„Hauptbahnhof“ spielen keine Rolle. `limit` 1–50, Vorgabe 10. ' +
          'Daten: db-stations, © Deutsche Bahn, CC BY 4.0.',
        querystring: stationSearchQuerySchema,
        response: { 200: stationSearchResultSchema, ...problems(400, 401) },
      },
    },
    async (request) => ({ stations: index.search(request.query.q, request.query.limit ?? 10).map(toStation) }),
  );

  app.get(
    '/stations/all',
    {
      schema: {
        tags,
        summary: 'Alle Bahnhöfe als kompakte Liste (für die Offline-Suche der App)',
        description:
          '`stations` enthält je Bahnhof `[Kürzel, Name, Breite, Länge, Gewicht]`; `version` nennt den Datenstand ' +
          'und ist das ETag (If-None-Match → 304).',
        response: { 200: stationListSchema, ...problems(401) },
      },
    },
    async (request, reply) => {
      reply.header('etag', listEtag);
      // The typed reply knows only the declared answers; 304 and the pre-serialised JSON text are sent as they are.
      const raw = reply as unknown as FastifyReply;
      if (request.headers['if-none-match'] === listEtag) return raw.status(304).send();
      listJson ??= JSON.stringify(app.stations.list);
      return raw.type('application/json; charset=utf-8').send(listJson);
    },
  );

  app.get(
    '/stations/:code',
    {
      schema: {
        tags,
        summary: 'Ein Bahnhof nach DS100-Kürzel',
        params: z.object({ code: z.string().max(16) }),
        response: { 200: stationSchema, ...problems(401, 404) },
      },
    },
    async (request) => {
      const station = index.byCode(request.params.code);
      if (!station) throw notFound(`Kein Bahnhof mit dem Kürzel „${request.params.code}“.`);
      return toStation(station);
    },
  );
};

export default stationsRoutes;
