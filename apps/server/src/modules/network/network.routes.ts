import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LINE_NUMBER_MESSAGE,
  networkLineParamsSchema,
  networkLinePointsSchema,
  networkPathQuerySchema,
  networkPathSchema,
  networkVersionSchema,
  RAIL_NETWORK_ATTRIBUTION,
} from '@streckenpass/contract/network';
import { problems } from '../../http/problems.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { NoPathError } from '../../lib/rail-network/graph.js';

const tags = ['Streckennetz'];

/**
 * Answer (404, not 503: nothing is broken, and no error is logged) of a path while no network has been imported:
 * the app then draws straight lines.
 */
export const NO_NETWORK_DETAIL =
  'Es ist kein Streckennetz importiert. Der Betreiber kann es aus den offenen Daten der DB Netz AG ' +
  '(Geo-Streckennetz und Geo-Betriebsstellen) mit „npm run network:import“ einlesen.';

/**
 * The rail network (issue 29): its version, and shortest paths between operating points along the tracks. Signed-in
 * users only, like every /api call that is not declared public.
 */
const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shared with the routes' paths (network-cache.plugin.ts): one graph per instance.
  const cache = app.railNetworkCache;

  app.get(
    '/network/version',
    {
      schema: {
        tags,
        summary: 'Stand des importierten Streckennetzes',
        description:
          '`version` ist `null`, solange kein Streckennetz importiert ist; `attribution` nennt die Datenquelle.',
        response: { 200: networkVersionSchema, ...problems(401) },
      },
    },
    async () => {
      const current = await app.railNetworkRepository.current();
      return { version: current?.version ?? null, attribution: current?.attribution ?? RAIL_NETWORK_ATTRIBUTION };
    },
  );

  app.get(
    '/network/path',
    {
      schema: {
        tags,
        summary: 'Weg zwischen zwei Betriebsstellen entlang der Gleise (kürzester Weg)',
        description:
          'Von `from` nach `to` (DS100-Kürzel), optional über `via`: Länge in km, die Streckenabschnitte ' +
          '(Streckennummer, von km, bis km), die Streckennummern in Reihenfolge und die vereinfachte Geometrie. ' +
          '404, wenn ein Kürzel keinen Punkt im Streckennetz hat, keine Verbindung bekannt ist oder (noch) kein ' +
          'Streckennetz importiert ist (`GET /api/network/version` unterscheidet das: `version` ist dann `null`).',
        querystring: networkPathQuerySchema,
        response: { 200: networkPathSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const network = await cache.current();
      if (!network) throw notFound(NO_NETWORK_DETAIL);
      const { from, to, via } = request.query;
      try {
        return { version: network.version, ...network.path(from, to, via) };
      } catch (error) {
        if (error instanceof NoPathError) throw notFound(error.message);
        throw error;
      }
    },
  );

  app.get(
    '/network/lines/:line/points',
    {
      schema: {
        tags,
        summary: 'Betriebsstellen einer Strecke mit ihren km',
        description:
          'Die Betriebsstellen auf der Strecke `line` (VzG-Streckennummer) in der Reihenfolge ihrer km, und der ' +
          'km-Bereich der Strecke im Streckennetz: für die Wahl eines Abschnitts nach Streckennummer. 404, wenn ' +
          'das Streckennetz die Strecke nicht kennt oder (noch) kein Streckennetz importiert ist.',
        params: networkLineParamsSchema,
        response: { 200: networkLinePointsSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const { line } = request.params;
      if (line === null) throw badRequest(LINE_NUMBER_MESSAGE);
      const network = await cache.current();
      if (!network) throw notFound(NO_NETWORK_DETAIL);
      const found = network.linePoints(line);
      if (!found) throw notFound(`Die Strecke ${line} ist im Streckennetz nicht bekannt.`);
      return { version: network.version, line, ...found };
    },
  );
};

export default networkRoutes;
