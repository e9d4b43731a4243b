import fp from 'fastify-plugin';
import { createNetworkCache, type NetworkCache } from './network.store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rail network this instance routes on, loaded once per version (network.store.ts). */
    railNetworkCache: NetworkCache;
  }
}

/**
 * One network cache per instance, shared by the path endpoint and the routes' paths (issue 29, decision 0051): the
 * graph of the real network holds some tens of MB and is built once per version, not once per user of it.
 */
export default fp(
  async (app) => {
    app.decorate('railNetworkCache', createNetworkCache(app.railNetworkRepository));
  },
  { name: 'railNetworkCache', dependencies: ['railNetworkRepository'] },
);
