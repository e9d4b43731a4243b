import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { pushSubscriptions } from '../db/schema.js';

export interface PushTargetRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push subscriptions a message goes to (reminders, the test notification), and their bookkeeping. */
export function createPushTargetsRepository(db: Db) {
  return {
    list(userId: number): Promise<PushTargetRow[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.ownerId, userId));
    },

    /** The push service answered 404/410, or the endpoint rule refused it (decision 0030): gone for good. */
    async removeGone(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async markDelivered(id: number): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushTargetsRepository = ReturnType<typeof createPushTargetsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pushTargets: PushTargetsRepository;
  }
}

export default repositoryPlugin('pushTargets', (app) => createPushTargetsRepository(app.db));
