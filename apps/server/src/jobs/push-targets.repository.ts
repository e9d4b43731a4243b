import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema.js';

/** The push service answered 404/410, or the endpoint rule refused it (decision 0030): gone for good. */
export async function deleteGoneTarget(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markTargetDelivered(db: Db, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}
