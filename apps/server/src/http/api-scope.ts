import fp from 'fastify-plugin';
import { problem } from '../lib/problem.js';
import { redactUrl } from './redact-url.js';

/**
 * The policy of the `/api` scope, registered inside it before its routes (fastify/demo's `routes/api/autohooks.ts`):
 * the static security headers, authentication once for every route, `Cache-Control` on personal answers, and the
 * API's own 404. Not encapsulated (fastify-plugin), so that its hooks hold for the scope that registers it.
 */
export default fp(
  async (api) => {
    // JSON answers: the static security headers instead of helmet's per-response work.
    api.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), helmet: { skipRoute: true } } as typeof route.config;
    });
    // One hook for the scope's per-request policy (each hook is a turn of Fastify's hook runner on every request):
    // the static security headers, authentication (routes declared public, `security: []`, pass), and
    // Cache-Control on personal answers — not kept by shared caches; account and token answers not even by the
    // browser. A handler that sets its own Cache-Control (the exports, the station list) replaces it.
    api.addHook('onRequest', async (request, reply) => {
      reply.headers(api.apiSecurityHeaders);
      const noStore = request.routeOptions.config.noStore;
      if (noStore) reply.header('cache-control', 'no-store');
      await api.authenticate(request, reply);
      if (!noStore && request.auth) reply.header('cache-control', 'private, no-cache');
    });
    api.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .type('application/problem+json')
        .send(problem(404, 'Not Found', `Keine Schnittstelle unter ${request.method} ${redactUrl(request.url)}.`));
    });
  },
  { name: 'api-scope', dependencies: ['security', 'auth'] },
);
