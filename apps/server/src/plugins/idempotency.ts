import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.js';
import { addRouteHook, routeHasMethod } from '../http/route-hooks.js';
import { HttpError } from '../lib/errors.js';
import type { Claim, KeyedRequest } from '../repositories/idempotency-keys.repository.js';

const HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** The key was claimed as a lease in preHandler; onSend stores the answer. */
    idempotencyLease: boolean;
  }
  interface FastifyContextConfig {
    /**
     * `in-transaction`: the handler writes through `app.idempotent`, which stores the key and the answer in the
     * write's own transaction. Otherwise the key is a lease claimed before the handler and settled on send.
     */
    idempotency?: 'in-transaction';
  }
  interface FastifyInstance {
    /**
     * Runs `work` (one database write) and answers `status` with its result. With an Idempotency-Key, key, write and
     * answer commit together: a retry gets the stored answer, a crash before the commit leaves nothing behind.
     */
    idempotent: <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      work: (tx: Executor | undefined) => Promise<T>,
    ) => Promise<FastifyReply>;
  }
}

function parseKey(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 100 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'Bad Request', 'Idempotency-Key: 1 bis 100 sichtbare ASCII-Zeichen.');
  }
  return key;
}

/** Answers a key that was not freshly claimed: the stored answer, "in progress" (409, retry later), or misuse. */
function answerClaim(reply: FastifyReply, claim: Exclude<Claim, { state: 'claimed' }>): FastifyReply {
  switch (claim.state) {
    case 'replay':
      return reply
        .status(claim.statusCode)
        .header('idempotent-replayed', 'true')
        .type(claim.statusCode >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8')
        .send(claim.body);
    case 'in-progress':
      reply.header('Retry-After', String(claim.retryAfterSeconds));
      throw new HttpError(409, 'Conflict', 'Die Anfrage wird bereits verarbeitet. Bitte gleich erneut senden.');
    case 'other-request':
      throw new HttpError(
        422,
        'An error occurred',
        'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
        [{ propertyPath: 'Idempotency-Key', message: `Bereits verwendet für ${claim.method} ${claim.path}.` }],
      );
  }
}

/**
 * `Idempotency-Key` on authenticated POSTs (API.md, General): the first answer for a key is stored, and the same key
 * from the same user within 24 hours gets that answer again without the write running twice, so a write replayed by
 * an offline queue creates nothing twice (docs/decisions/0016-crash-safe-idempotency.md).
 */
export default fp(
  async (app) => {
    app.decorateRequest('idempotencyKey', null);
    app.decorateRequest('idempotencyLease', false);
    const keyed = (request: FastifyRequest, key: string): KeyedRequest => ({
      userId: request.auth?.id ?? 0,
      key,
      method: request.method,
      path: request.url,
    });

    const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'POST' || !request.auth) return;
      const key = parseKey(request);
      if (key === null) return;
      request.idempotencyKey = key;
      if (request.routeOptions.config.idempotency === 'in-transaction') return;
      const claim = await app.idempotencyKeys.claimLease(keyed(request, key));
      if (claim.state === 'claimed') {
        request.idempotencyLease = true;
        return;
      }
      return answerClaim(reply, claim);
    };

    const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!request.idempotencyLease || !request.idempotencyKey || !request.auth) return payload;
      const key = { userId: request.auth.id, key: request.idempotencyKey };
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        // Not stored: the client may retry (5xx), and streams (exports) are not replayable.
        await app.idempotencyKeys.release(key);
      } else {
        await app.idempotencyKeys.completeLease(key, reply.statusCode, payload);
      }
      return payload;
    };

    // Only POST takes an Idempotency-Key: other routes do not pass through these hooks.
    app.addHook('onRoute', (route) => {
      if (!routeHasMethod(route, 'POST')) return;
      addRouteHook(route, 'preHandler', claimKey);
      addRouteHook(route, 'onSend', keepAnswer);
    });

    app.decorate(
      'idempotent',
      async <T>(
        request: FastifyRequest,
        reply: FastifyReply,
        status: number,
        work: (tx: Executor | undefined) => Promise<T>,
      ): Promise<FastifyReply> => {
        const key = request.idempotencyKey;
        if (!key) return reply.status(status).send(await work(undefined));
        const outcome = await app.idempotencyKeys.runOnce(keyed(request, key), status, async (tx) => {
          const result = await work(tx);
          reply.status(status);
          return String(reply.serialize(result));
        });
        if (outcome.state === 'done') {
          return reply.status(status).type('application/json; charset=utf-8').send(outcome.body);
        }
        return answerClaim(reply, outcome);
      },
    );
  },
  { name: 'idempotency', dependencies: ['auth', 'idempotencyKeys'] },
);
