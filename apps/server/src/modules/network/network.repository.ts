import { desc, eq, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { railNetwork } from '../../db/schema.js';
import type { StoredNetwork } from '../../lib/rail-network/network-format.js';

declare module 'fastify' {
  interface FastifyInstance {
    railNetworkRepository: RailNetworkRepository;
  }
}

/**
 * The imported rail network: one row, replaced whole by each import (docs/decisions/0049). Reads take the executor of
 * a transaction they run in (a route's write finds its path, decision 0051): PGlite has one connection only.
 */
export function createRailNetworkRepository(db: Db) {
  return {
    /** The version and attribution of the network served, or null when none has been imported. */
    async current(ex: Executor = db): Promise<{ version: string; attribution: string } | null> {
      const [row] = await ex
        .select({ version: railNetwork.version, attribution: railNetwork.attribution })
        .from(railNetwork)
        .orderBy(desc(railNetwork.createdAt), desc(railNetwork.id))
        .limit(1);
      return row ?? null;
    },

    /** The stored data of one version, or null when it has been replaced in the meantime. */
    async findData(version: string, ex: Executor = db): Promise<Uint8Array | null> {
      const [row] = await ex
        .select({ data: railNetwork.data })
        .from(railNetwork)
        .where(eq(railNetwork.version, version))
        .limit(1);
      return row?.data ?? null;
    },

    /**
     * Stores a network and removes the ones before it, in one transaction: every instance sees the old network or the
     * new one. Answers false when this version was already the one stored.
     */
    async replace(network: StoredNetwork): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(railNetwork).where(ne(railNetwork.version, network.version));
        const inserted = await tx
          .insert(railNetwork)
          .values({ version: network.version, attribution: network.attribution, data: network.data })
          .onConflictDoNothing()
          .returning({ id: railNetwork.id });
        return inserted.length > 0;
      });
    },
  };
}

export type RailNetworkRepository = ReturnType<typeof createRailNetworkRepository>;

export default repositoryPlugin('railNetworkRepository', (app) => createRailNetworkRepository(app.db));
