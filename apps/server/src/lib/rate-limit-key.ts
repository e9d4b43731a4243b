import type { FastifyRequest } from 'fastify';

/**
 * The key of the rate limits: a signed-in user's requests count for that user, wherever they come from; everything
 * else per client address (`request.ip`, which honours TRUST_PROXY). Twelve drivers behind one depot NAT then each
 * have their own budget, and a driver switching networks keeps theirs.
 *
 * Only a *verified* identity opens a budget of its own: `request.auth`, which the `/api` scope's authentication sets
 * (instance hooks run before the limiter's route hooks) after checking the token's signature and its `jti`. Public
 * routes (`security: []`) and the pages outside `/api` never check a token, so there every request counts for its
 * address – a made-up bearer token with a new `sub` each time must not buy a fresh budget for guessing invitation
 * codes, share links or passwords (issue 38). A forged token on an authenticated route is refused with 401 before
 * the limiter runs.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.id}` : `addr:${request.ip}`;
}
