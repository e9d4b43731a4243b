import fp from 'fastify-plugin';
import { notFound, unauthorized } from '../lib/errors.js';
import { createMetrics, noMetrics, type AppMetrics } from '../lib/metrics.js';
import { secretMatches } from '../lib/secret-match.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters of the jobs and the mailer (lib/metrics.ts); counting nothing while metrics are off. */
    metrics: AppMetrics;
  }
}

/**
 * `GET /metrics` in the Prometheus text format, for a scraper that sends `Authorization: Bearer METRICS_KEY`
 * (compared in constant time; a wrong or missing key answers 401). Without `METRICS_KEY` the path answers 404 and
 * no request is measured. With it, one `onResponse` hook observes each request's latency by method, route pattern
 * and status: one histogram observation per request.
 */
export default fp(
  async (app) => {
    const key = app.config.metricsKey;
    const metrics = key ? await createMetrics(app.database.stats?.bind(app.database)) : undefined;
    app.decorate('metrics', metrics ?? noMetrics);

    if (metrics) {
      app.addHook('onResponse', (request, reply, done) => {
        metrics.observeRequest(
          request.method,
          request.routeOptions.url ?? 'unmatched',
          reply.statusCode,
          reply.elapsedTime / 1000,
        );
        done();
      });
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metrics) throw notFound('Nicht gefunden.');
      const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
      if (!secretMatches(key, match?.[1] ?? '')) {
        const refusal = unauthorized('Für /metrics ist der Schlüssel METRICS_KEY als Bearer-Token nötig.');
        refusal.headers = { 'WWW-Authenticate': 'Bearer realm="metrics"' };
        throw refusal;
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.scrape());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
