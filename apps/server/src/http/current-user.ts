import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.js';

/** The caller a valid bearer token names (set by plugins/auth.ts for the `/api` scope). */
export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  jti: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** The 401 of a missing, invalid, revoked or expired token. */
export const unauthenticated = () => new HttpError(401, 'Unauthorized', 'Anmeldung erforderlich oder abgelaufen.');

/** The authenticated caller; only for handlers of the authenticated scope. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
