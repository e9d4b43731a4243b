import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { idempotencyKeys } from '../db/schema.js';

/** A stored first answer is replayed for this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key claimed by a request that has not answered yet is "in progress" for at most this long; after that the
 * request is taken to have died with its process and a retry may run it (only for answers that are not stored in
 * the write's own transaction).
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;

export type Claim =
  | { state: 'claimed' }
  | { state: 'replay'; statusCode: number; body: string }
  | { state: 'in-progress'; retryAfterSeconds: number }
  | { state: 'other-request'; method: string; path: string };

export interface KeyedRequest {
  userId: number;
  key: string;
  method: string;
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyKeys: IdempotencyKeysRepository;
  }
}

export function createIdempotencyKeysRepository(db: Db) {
  const keyOf = (request: { userId: number; key: string }) =>
    and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key));

  async function existing(ex: Executor, request: KeyedRequest): Promise<Claim> {
    const [previous] = await ex.select().from(idempotencyKeys).where(keyOf(request));
    // Gone between the two statements (expired and purged): the caller may try again.
    if (!previous) return { state: 'in-progress', retryAfterSeconds: 1 };
    if (previous.method !== request.method || previous.path !== request.path) {
      return { state: 'other-request', method: previous.method, path: previous.path };
    }
    if (previous.statusCode !== null) {
      return { state: 'replay', statusCode: previous.statusCode, body: previous.body ?? '' };
    }
    const ageMs = Date.now() - previous.createdAt.getTime();
    return { state: 'in-progress', retryAfterSeconds: Math.max(1, Math.ceil((IDEMPOTENCY_LEASE_MS - ageMs) / 1000)) };
  }

  /**
   * Inside the write's transaction: claims the key, or finds the answer stored with it. A concurrent request with
   * the same key waits on the unique index until the first one commits (then it replays) or rolls back (then it
   * runs); a crash rolls the key back together with the write, so a retry is always answered or executed.
   */
  async function claimInTransaction(tx: Executor, request: KeyedRequest): Promise<Claim> {
    await tx
      .delete(idempotencyKeys)
      .where(and(keyOf(request), lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId: request.userId, key: request.key, method: request.method, path: request.path })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return inserted.length > 0 ? { state: 'claimed' } : existing(tx, request);
  }

  async function complete(
    ex: Executor,
    request: { userId: number; key: string },
    statusCode: number,
    body: string,
  ): Promise<void> {
    await ex.update(idempotencyKeys).set({ statusCode, body }).where(keyOf(request));
  }

  return {
    /**
     * One write and its answer under a key, in one transaction: claims the key and, when claimed, runs `answer`
     * (the write, returning the serialised answer) and stores that answer with the key. Otherwise nothing runs and
     * the claim says why (a stored answer to replay, a request in progress, another request with the same key).
     */
    runOnce(
      request: KeyedRequest,
      statusCode: number,
      answer: (tx: Executor) => Promise<string>,
    ): Promise<Exclude<Claim, { state: 'claimed' }> | { state: 'done'; body: string }> {
      return db.transaction(async (tx) => {
        const claim = await claimInTransaction(tx, request);
        if (claim.state !== 'claimed') return claim;
        const body = await answer(tx);
        await complete(tx, request, statusCode, body);
        return { state: 'done', body };
      });
    },

    /**
     * Outside a transaction (answers that are not a single database write): claims the key as a lease, or takes
     * over a lease whose request died; the answer is stored by `complete`.
     */
    async claimLease(request: KeyedRequest): Promise<Claim> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ userId: request.userId, key: request.key, method: request.method, path: request.path })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { state: 'claimed' };
      const [takenOver] = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            keyOf(request),
            eq(idempotencyKeys.method, request.method),
            eq(idempotencyKeys.path, request.path),
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_LEASE_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return takenOver ? { state: 'claimed' } : existing(db, request);
    },

    /** Stores the answer of a request that claimed its key as a lease. */
    completeLease: (request: { userId: number; key: string }, statusCode: number, body: string) =>
      complete(db, request, statusCode, body),

    /** The request failed in a way the client may retry (5xx, or an answer that cannot be replayed). */
    async release(request: { userId: number; key: string }): Promise<void> {
      await db.delete(idempotencyKeys).where(and(keyOf(request), isNull(idempotencyKeys.statusCode)));
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>;

export default repositoryPlugin('idempotencyKeys', (app) => createIdempotencyKeysRepository(app.db));
