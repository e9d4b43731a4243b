import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { todayIn } from '@streckenpass/contract/knowledge';
import { addRouteHook, routeHasMethod } from '../http/route-hooks.js';
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

    const answerUnchanged = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      const version = await app.dataVersions.current(request.auth.id);
      const resource = createHash('sha1').update(`${request.auth.id} ${request.url}`).digest('base64url').slice(0, 12);
      const etag = `W/"${version}-${todayIn(app.config.timezone)}-${representation}-${resource}"`;
      reply.header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    };
    const noTagOnErrors = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 400) reply.removeHeader('etag');
      return payload;
    };
    // A write of this user (committed, or rolled back): the next read asks the database for the version.
    const forgetVersion = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (request.auth) app.dataVersions.forget(request.auth.id);
      return payload;
    };

    // Attached where they matter: the ETag to the reads that declare it, the forgetting to every write.
    app.addHook('onRoute', (route) => {
      if (route.config?.etag && (routeHasMethod(route, 'GET') || routeHasMethod(route, 'HEAD'))) {
        addRouteHook(route, 'preHandler', answerUnchanged);
        addRouteHook(route, 'onSend', noTagOnErrors);
      }
      if (!routeHasMethod(route, 'GET') && !routeHasMethod(route, 'HEAD')) addRouteHook(route, 'onSend', forgetVersion);
    });
  },
  { name: 'conditional-get', dependencies: ['auth', 'dataVersions'] },
);
