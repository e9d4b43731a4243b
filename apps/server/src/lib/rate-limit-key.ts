import type { FastifyRequest } from 'fastify';

/**
 * The key of the general rate limit: a signed-in user's requests count for that user, wherever they come from;
 * everything else per client address (`request.ip`, which honours TRUST_PROXY). Twelve drivers behind one depot
 * NAT then each have their own budget, and a driver switching networks keeps theirs.
 *
 * The token is only *decoded* here, never trusted: the limiter runs before authentication, and a forged or
 * revoked token is refused with 401 by `app.authenticate` right after. Forging `sub`s to spread one's requests
 * over many budgets buys nothing but 401s (the signature check costs one HMAC, no database query).
 */
export function rateLimitKey(request: FastifyRequest): string {
  const subject = bearerSubject(request.headers.authorization);
  return subject ? `user:${subject}` : `addr:${request.ip}`;
}

/** The `sub` claim of a bearer JWT, unverified; null when there is none or it is not a user id. */
export function bearerSubject(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]{2,4096})\.[A-Za-z0-9_-]*$/.exec(header) : null;
  if (!match?.[1]) return null;
  try {
    const claims = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { sub?: unknown };
    const sub = typeof claims.sub === 'number' ? String(claims.sub) : claims.sub;
    return typeof sub === 'string' && /^[1-9][0-9]{0,9}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}
