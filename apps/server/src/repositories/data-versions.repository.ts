import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { dataVersions } from '../db/schema.js';
import { listenAtStart } from '../plugins/start-up-work.js';

/** NOTIFY channel: `userId:version` after a write of that user commits. */
export const DATA_VERSION_CHANNEL = 'sp_data_version';
/** How long a version read from the database is trusted without a notification (bound for a lost listener). */
export const VERSION_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersionsRepository;
  }
}

/**
 * The per-user data version behind ETags (docs/decisions/0015-request-path-auth-cache-and-etags.md). Writes bump it in their own
 * transaction (`bump`); reads (`current`) come from a small in-process cache that is dropped for the user on every
 * local write and updated by NOTIFY from other instances, with a 5 s bound if notifications are lost.
 */
export function createDataVersionsRepository(db: Executor) {
  const cache = new Map<number, { version: number; until: number }>();
  // Bumped by every write, notification and reset: a read that raced one of them is answered but not cached, so a
  // version read before a write can never outlive it in the cache.
  let epoch = 0;
  const read = db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.userId, sql.placeholder('userId')))
    .prepare('data_version_current');

  function remember(userId: number, version: number, ttl = VERSION_TTL_MS) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as number);
    cache.delete(userId);
    cache.set(userId, { version, until: Date.now() + ttl });
  }

  return {
    /** The user's current version (0 before the first write). */
    async current(userId: number): Promise<number> {
      const hit = cache.get(userId);
      if (hit && hit.until > Date.now()) return hit.version;
      const started = epoch;
      const [row] = await read.execute({ userId });
      const version = Number(row?.version ?? 0);
      if (started === epoch) remember(userId, version);
      return version;
    },

    /** In the write's transaction: the next version, announced to every instance when the transaction commits. */
    async bump(tx: Executor, userId: number): Promise<void> {
      await tx.execute(sql`
        with bumped as (
          insert into ${dataVersions} (user_id, version) values (${userId}, 1)
          on conflict (user_id) do update set version = ${dataVersions.version} + 1
          returning version
        )
        select pg_notify(${DATA_VERSION_CHANNEL}, ${userId}::text || ':' || version::text) from bumped`);
    },

    /** After a local write (committed or not): the next read asks the database. */
    forget(userId: number): void {
      epoch += 1;
      cache.delete(userId);
    },

    /** A notification `userId:version` from any instance. */
    notified(payload: string): void {
      const [user, version] = payload.split(':').map(Number);
      if (!Number.isSafeInteger(user) || !Number.isSafeInteger(version)) return;
      epoch += 1;
      const hit = cache.get(user as number);
      if (!hit || hit.version < (version as number)) remember(user as number, version as number);
    },

    /** Notifications may have been missed: trust nothing cached. */
    reset(): void {
      epoch += 1;
      cache.clear();
    },
  };
}

export type DataVersionsRepository = ReturnType<typeof createDataVersionsRepository>;

export default repositoryPlugin('dataVersions', async (app) => {
  const repository = createDataVersionsRepository(app.db);
  listenAtStart(app, () => app.database.listen(DATA_VERSION_CHANNEL, repository.notified, repository.reset));
  return repository;
});
