import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../http/current-user.js';
import { resolveJwtSecret, signToken, verifyToken } from '../lib/jwt.js';
import { atStart } from './start-up-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The `/api` scope's onRequest hook: answers 401 unless a valid, unrevoked bearer token is sent. Routes whose
     * OpenAPI schema declares `security: []` (and the scope's not-found answer) pass without one: the same
     * declaration documents the route as public and makes it public.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Signs and records a token; `authTime` (seconds) carries the original login through renewals. */
    issueToken: (user: { id: number; email: string; roles: string[] }, authTime?: number) => Promise<string>;
  }
}

/** Response header with a renewed bearer token; the web client replaces its stored token with it. */
export const RENEWED_TOKEN_HEADER = 'x-renewed-token';

const BEARER = /^Bearer\s+([A-Za-z0-9_\-.]{10,4096})$/;
const JTI = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isPublic(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length === 0;
}

export default fp(
  async (app) => {
    const secret = atStart(app, () =>
      resolveJwtSecret(app.config.jwtSecret, (candidate) => app.settings.getOrCreate('jwt_secret', candidate)),
    ).value;
    app.decorateRequest('auth', null);

    app.decorate('issueToken', async (user: { id: number; email: string; roles: string[] }, authTime?: number) => {
      const signed = await signToken(secret(), user, app.config.jwtTtlSeconds, authTime);
      await app.authTokens.insert({
        jti: signed.jti,
        userId: user.id,
        issuedAt: signed.issuedAt,
        expiresAt: signed.expiresAt,
      });
      return signed.token;
    });

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.is404 || isPublic(request)) return;
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw unauthenticated();
      const claims = verifyToken(secret(), match[1]);
      if (!claims || !JTI.test(claims.jti)) throw unauthenticated();
      // The token must be known, unrevoked and unexpired, and its user must still exist (cached for seconds).
      const session = await app.authTokens.findSession(claims.jti, Number(claims.sub), claims.exp * 1000);
      if (!session) throw unauthenticated();
      request.auth = { id: session.id, email: session.email, roles: session.roles, jti: claims.jti };
      // Sliding session: while the app is used, a token older than JWT_RENEW_AFTER is replaced by a fresh one, so
      // a token expires JWT_TTL after the last use, not after the login (docs/decisions/0017).
      // Renewal stops JWT_SESSION_MAX after the login: then the user signs in again.
      const now = Date.now() / 1000;
      const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : claims.iat;
      if (now - claims.iat >= app.config.jwtRenewAfterSeconds && now - authTime < app.config.jwtSessionMaxSeconds) {
        reply.header(RENEWED_TOKEN_HEADER, await app.issueToken(session, authTime));
      }
    });
  },
  { name: 'auth', dependencies: ['db', 'authTokens', 'settings'] },
);
