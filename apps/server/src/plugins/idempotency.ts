import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from '../lib/errors.js';

const HEADER = 'idempotency-key';
const TTL_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/**
 * `Idempotency-Key` on authenticated POSTs (API.md, General): the first answer for a key is stored, and the
 * same key from the same user within 24 hours gets that answer again without the handler running, so a
 * write replayed by an offline queue creates nothing twice. A 5xx answer is not stored (the client may retry).
 */
export default fp(
  async (app) => {
    app.decorateRequest('idempotencyKey', null);

    const claim: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.headers[HEADER];
      if (raw === undefined || !request.auth) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || key.length > 100 || !/^[\x21-\x7e]+$/.test(key)) {
        throw new HttpError(400, 'Bad Request', 'Idempotency-Key: 1 bis 100 sichtbare ASCII-Zeichen.');
      }
      const userId = request.auth.id;
      const path = request.routeOptions.url ?? request.url;
      const now = Date.now();
      await app.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - TTL_MS)));
      const inserted = await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, method: request.method, path: request.url })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        request.idempotencyKey = key;
        return;
      }
      const [previous] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!previous) throw new HttpError(409, 'Conflict', 'Die Anfrage wird bereits verarbeitet.');
      if (previous.method !== request.method || previous.path !== request.url) {
        throw new HttpError(
          422,
          'An error occurred',
          'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
          [{ propertyPath: 'Idempotency-Key', message: `Bereits verwendet für ${previous.method} ${path}.` }],
        );
      }
      if (previous.statusCode === null) throw new HttpError(409, 'Conflict', 'Die Anfrage wird bereits verarbeitet.');
      return reply
        .status(previous.statusCode)
        .header('idempotent-replayed', 'true')
        .type(previous.statusCode >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8')
        .send(previous.body ?? '');
    };

    app.addHook('onRoute', (route) => {
      if (route.method !== 'POST' && !(Array.isArray(route.method) && route.method.includes('POST'))) return;
      const list = <T>(value: T | T[] | undefined): T[] =>
        value === undefined ? [] : Array.isArray(value) ? value : [value];
      const authenticated = [...list(route.onRequest), ...list(route.preHandler)].some(
        (hook) => hook === app.authenticate,
      );
      if (!authenticated) return;
      // Runs after the route's own authentication, so the key is scoped to the user.
      route.preHandler = [...list(route.preHandler), claim];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (!key || !request.auth) return payload;
      const where = and(eq(idempotencyKeys.userId, request.auth.id), eq(idempotencyKeys.key, key));
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        // Not stored: the client may retry (5xx), and streams (exports) are not replayable.
        await app.db.delete(idempotencyKeys).where(where);
      } else {
        await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, body: payload }).where(where);
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
