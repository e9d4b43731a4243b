import { servicePlugin } from '../../db/repository.js';
import type { Executor } from '../../db/client.js';
import { RailNetworkGraph } from '../../lib/rail-network/graph.js';
import { unpackNetwork } from '../../lib/rail-network/network-format.js';
import type { RailNetworkRepository } from './network.repository.js';

/**
 * The network an instance routes on: loaded on first use, and again when an import has stored another version
 * (one cheap query for the version per use; one load at a time).
 */
export function createNetworkCache(repository: RailNetworkRepository) {
  let loaded: Promise<RailNetworkGraph | null> | undefined;
  let loadedVersion: string | undefined;

  async function load(version: string, ex?: Executor): Promise<RailNetworkGraph | null> {
    const data = await repository.findData(version, ex);
    return data ? new RailNetworkGraph(version, unpackNetwork(data)) : null;
  }

  return {
    /**
     * The current network's graph, or null when none has been imported; `ex` = the transaction the caller runs in
     * (on PGlite a read outside it would wait for it).
     */
    async current(ex?: Executor): Promise<RailNetworkGraph | null> {
      const head = await repository.current(ex);
      if (!head) return null;
      if (!loaded || loadedVersion !== head.version) {
        loadedVersion = head.version;
        const attempt = load(head.version, ex);
        loaded = attempt;
        // A failed load is tried again on the next use.
        attempt.catch(() => {
          if (loaded === attempt) loaded = undefined;
        });
      }
      return loaded;
    },
  };
}

export type NetworkCache = ReturnType<typeof createNetworkCache>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rail network this instance routes on, loaded once per version (network-cache.plugin.ts). */
    railNetworkCache: NetworkCache;
  }
}

/**
 * One network cache per instance, shared by the path endpoint and the routes' paths (issue 29, decision 0051): the
 * graph of the real network holds some tens of MB and is built once per version, not once per user of it.
 */
export default servicePlugin('railNetworkCache', (app) => createNetworkCache(app.railNetworkRepository), [
  'railNetworkRepository',
]);
