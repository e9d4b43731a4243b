import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { todayIn } from '@streckenpass/contract/knowledge';
import { readPackageVersion } from '../lib/version.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer depends only on the caller's records and today's date: ETag + If-None-Match → 304. */
    etag?: boolean;
  }
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * Conditional GET for the caller's lists and records (docs/decisions/0015-request-path-auth-cache-and-etags.md): the ETag is
 * derived from the user's data version (bumped in the transaction of every write of that user), today's date (days
 * left change at midnight), the server version (the representation) and the resource, so `If-None-Match` is
 * answered 304 before the list query runs.
 */
export default fp(
  async (app) => {
    const representation = readPackageVersion();

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.etag || !request.auth) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const version = await app.dataVersions.current(request.auth.id);
      const resource = createHash('sha1').update(`${request.auth.id} ${request.url}`).digest('base64url').slice(0, 12);
      const etag = `W/"${version}-${todayIn(app.config.timezone)}-${representation}-${resource}"`;
      reply.header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.auth) return payload;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        // A write of this user (committed, or rolled back): the next read asks the database for the version.
        app.dataVersions.forget(request.auth.id);
      } else if (reply.statusCode >= 400) {
        reply.removeHeader('etag');
      }
      return payload;
    });
  },
  { name: 'conditional-get', dependencies: ['auth', 'dataVersions'] },
);
