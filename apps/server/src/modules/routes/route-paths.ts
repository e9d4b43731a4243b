import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../db/repository.js';
import type { RoutePath } from '@streckenpass/contract/route-paths';
import type { Executor } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import { checkPath, shortestPathOf, type RouteEnds } from '../../lib/rail-network/route-paths.js';
import type { RoutePathsRepository } from './route-paths.repository.js';

/** The routes' paths on the network this instance routes on (`app.routePaths`). */
export function createRoutePaths(
  // The network module's cache, by its decorator's type: a module imports no other module.
  cache: FastifyInstance['railNetworkCache'],
  repository: RoutePathsRepository,
  bump: (tx: Executor, userId: number) => Promise<void>,
) {
  return {
    /**
     * The shortest path between a route's ends, or null (no network, an end off it, free text); `ex` = the write's
     * transaction.
     */
    async shortest(ends: RouteEnds, ex?: Executor): Promise<RoutePath | null> {
      const graph = await cache.current(ex);
      return graph ? shortestPathOf(graph, ends) : null;
    },

    /**
     * A path a client gave for a route with these ends, as stored: checked on the network and with the length
     * computed there (`checkPath`); 422 at `path.…` when the network contradicts it. Without a network as given.
     */
    async checked(ends: RouteEnds, path: RoutePath, ex?: Executor): Promise<RoutePath> {
      const graph = await cache.current(ex);
      if (!graph) return path;
      const checked = checkPath(graph, ends, path, { checkKm: true });
      if (checked.violations.length > 0) {
        throw unprocessable(
          checked.violations.map(({ propertyPath, message }) => ({ propertyPath: `path.${propertyPath}`, message })),
        );
      }
      return checked.path;
    },

    /** The current network's graph, or null (the restore checks a backup's paths on it). */
    graph: (ex?: Executor) => cache.current(ex),

    /** Paths for an owner's routes that have none (after a CSV import or a restore); a no-op without a network. */
    async fill(ex: Executor, ownerId: number): Promise<number> {
      const graph = await cache.current(ex);
      if (!graph) return 0;
      const { filled } = await repository.fillMissing(ex, graph, ownerId);
      if (filled > 0) await bump(ex, ownerId);
      return filled;
    },
  };
}

export type RoutePaths = ReturnType<typeof createRoutePaths>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes' paths on the rail network (route-paths.ts). */
    routePaths: RoutePaths;
  }
}

export default servicePlugin(
  'routePaths',
  (app) => createRoutePaths(app.railNetworkCache, app.routePathsRepository, app.dataVersions.bump),
  ['railNetworkCache', 'routePathsRepository', 'dataVersions'],
);
