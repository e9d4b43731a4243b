import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Executor } from '../../db/client.js';
import type { CompactNetwork } from './network.build.js';
import { RailNetworkGraph } from './network.graph.js';
import type { RailNetworkRepository, StoredNetwork } from './network.repository.js';

/** The stored form of a compact network: gzipped JSON, named by the first 16 hex digits of its SHA-256. */
export function packNetwork(network: CompactNetwork, attribution: string): StoredNetwork {
  const json = JSON.stringify(network);
  const version = createHash('sha256').update(json).update(attribution).digest('hex').slice(0, 16);
  return { version, attribution, data: gzipSync(json, { level: 9 }) };
}

export function unpackNetwork(data: Uint8Array): CompactNetwork {
  const network = JSON.parse(gunzipSync(data).toString('utf8')) as CompactNetwork;
  if (network.format !== 1) throw new Error(`Unbekanntes Format des Streckennetzes: ${String(network.format)}`);
  return network;
}

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
