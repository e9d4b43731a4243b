import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authTokens, users } from '../db/schema.js';
import { HttpError } from '../lib/errors.js';
import { resolveJwtSecret, signToken, verifyToken } from '../lib/jwt.js';

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  jti: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless a valid, unrevoked bearer token is sent. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken: (user: { id: number; email: string; roles: string[] }) => Promise<string>;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

const unauthorized = () => new HttpError(401, 'Unauthorized', 'Anmeldung erforderlich oder abgelaufen.');

export default fp(
  async (app) => {
    const secret = await resolveJwtSecret(app.db, app.config.jwtSecret);
    app.decorateRequest('auth', null);

    app.decorate('issueToken', async (user: { id: number; email: string; roles: string[] }) => {
      const signed = await signToken(secret, user, app.config.jwtTtlSeconds);
      await app.db.insert(authTokens).values({
        jti: signed.jti,
        userId: user.id,
        issuedAt: signed.issuedAt,
        expiresAt: signed.expiresAt,
      });
      return signed.token;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+([A-Za-z0-9_\-.]{10,4096})$/.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      const claims = await verifyToken(secret, match[1]);
      if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.jti)) throw unauthorized();
      const userId = Number(claims.sub);
      // One query: the token must be known, unrevoked and unexpired, and its user must still exist.
      const [row] = await app.db
        .select({ id: users.id, email: users.email, roles: users.roles })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(
          and(
            eq(authTokens.jti, claims.jti),
            eq(authTokens.userId, userId),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        );
      if (!row) throw unauthorized();
      request.auth = { id: row.id, email: row.email, roles: row.roles, jti: claims.jti };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The authenticated caller; only for handlers behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
