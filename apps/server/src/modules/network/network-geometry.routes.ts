import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { networkGeometryQuerySchema, networkGeometrySchema } from '@streckenpass/contract/network';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';
import { createGeometryCache } from './network.geometry.js';
import { NO_NETWORK_DETAIL } from './network.routes.js';

/** A year: the answer of one version never changes (its name is its content's hash). */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * The whole simplified network for the map (issue 29 item 4, docs/decisions/0052): named by its version, so that the
 * browser and the app's service worker keep it as long as that version is current. Signed-in users only, like the
 * other network calls.
 */
const networkGeometryRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createGeometryCache(app.railNetworkRepository);

  app.get(
    '/network/geometry',
    {
      schema: {
        tags: ['Streckennetz'],
        summary: 'Das ganze Streckennetz zum Zeichnen (vereinfacht, kompakt)',
        description:
          'Knoten, Kanten (Streckennummer, km) und Betriebsstellen des importierten Netzes, ganzzahlig und als ' +
          'Differenzen kodiert (siehe Schema). `v` ist die Version aus `GET /api/network/version`; die Antwort ' +
          'dieser Version ändert sich nie und darf ein Jahr gespeichert werden. 404, wenn kein Netz importiert ist ' +
          'oder `v` nicht (mehr) die aktuelle Version ist.',
        querystring: networkGeometryQuerySchema,
        response: { 200: networkGeometrySchema, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const geometry = await cache.current();
      if (!geometry) throw notFound(NO_NETWORK_DETAIL);
      if (geometry.version !== request.query.v) {
        throw notFound(
          `Die Version ${request.query.v} des Streckennetzes ist nicht mehr aktuell; aktuell ist ${geometry.version}.`,
        );
      }
      // The typed reply knows only the declared answer; the JSON is serialised (and gzipped) once per version.
      const raw = (reply as unknown as FastifyReply)
        .header('cache-control', IMMUTABLE)
        .header('etag', `"${geometry.version}"`)
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match'] === `"${geometry.version}"`) return raw.status(304).send();
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return raw.header('content-encoding', 'gzip').send(geometry.gzipped);
      }
      return raw.send(geometry.json);
    },
  );
};

export default networkGeometryRoutes;
