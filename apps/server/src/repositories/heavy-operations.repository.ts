import { and, eq, sql } from 'drizzle-orm';
import { repositoryPlugin } from '../db/repository.js';
import type { Executor } from '../db/client.js';
import { heavyOperations } from '../db/schema.js';

/**
 * Leases of heavy operations (plugins/heavy-operations.ts): at most one per account, shared by every instance on
 * the database. A lease names its run by a random token; one past `expires_at` (left by a crashed process) is
 * taken over.
 */
export function createHeavyOperationsRepository(db: Executor) {
  return {
    /** Takes the account's lease for `seconds`; false when another run holds it. */
    async acquire(userId: number, kind: string, token: string, seconds: number): Promise<boolean> {
      const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
      const rows = await db
        .insert(heavyOperations)
        .values({ userId, kind, token, expiresAt })
        .onConflictDoUpdate({
          target: heavyOperations.userId,
          set: { kind, token, startedAt: sql`now()`, expiresAt },
          setWhere: sql`${heavyOperations.expiresAt} < now()`,
        })
        .returning({ token: heavyOperations.token });
      return rows.length > 0;
    },

    /** What the run holding the account's lease is, if any. */
    async runningKind(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ kind: heavyOperations.kind })
        .from(heavyOperations)
        .where(eq(heavyOperations.userId, userId));
      return row?.kind;
    },

    async release(userId: number, token: string): Promise<void> {
      await db.delete(heavyOperations).where(and(eq(heavyOperations.userId, userId), eq(heavyOperations.token, token)));
    },
  };
}

export type HeavyOperationsRepository = ReturnType<typeof createHeavyOperationsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    heavyOperations: HeavyOperationsRepository;
  }
}

export default repositoryPlugin('heavyOperations', (app) => createHeavyOperationsRepository(app.db));
