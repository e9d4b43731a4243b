import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { pointCodeOf, type RoutePath } from '@streckenpass/contract/route-paths';
import type { Db, Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes } from '../../db/schema.js';
import type { RailNetworkGraph } from '../../lib/rail-network/graph.js';
import { sameSections, shortestPathOf, type RouteEnds } from '../../lib/rail-network/route-paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    routePathsRepository: RoutePathsRepository;
  }
}

/** A route's id, owner and ends: what its shortest path is found from. */
const endColumns = {
  id: routes.id,
  ownerId: routes.ownerId,
  startPoint: routes.startPoint,
  endPoint: routes.endPoint,
  startStation: routes.startStation,
  endStation: routes.endStation,
};

/**
 * The routes' paths as derived data (decision 0051): filled where a route has none, recomputed after a new network.
 * Each write runs in the caller's transaction (`ex`); the owners whose routes changed are answered, for their data
 * versions. Used by `app.routePaths` (route-paths.ts) and by the network import (cli/network-import.ts).
 */
export function createRoutePathsRepository(db: Db) {
  return {
    /**
     * Gives every route without a path (of one owner, or of all) the shortest path between its ends, where both lie on
     * the network: routes created before a network was imported, by the CSV import or by a restore. Answers the owners
     * whose routes changed (to bump their data versions) and how many routes got a path. Derived data, not a change by
     * the driver: no history entry.
     */
    async fillMissing(
      ex: Executor,
      graph: RailNetworkGraph,
      ownerId?: number,
    ): Promise<{ filled: number; owners: number[] }> {
      const rows = await ex
        .select(endColumns)
        .from(routes)
        .where(and(isNull(routes.path), ownerId === undefined ? undefined : eq(routes.ownerId, ownerId)));
      const owners = new Set<number>();
      let filled = 0;
      for (const row of rows) {
        const path = shortestPathOf(graph, row);
        if (!path) continue;
        // Only while it still has none: a path written in the meantime (by the driver) wins.
        const updated = await ex
          .update(routes)
          .set({ path })
          .where(and(eq(routes.id, row.id), isNull(routes.path)))
          .returning({ id: routes.id });
        if (updated.length > 0) {
          filled += 1;
          owners.add(row.ownerId);
        }
      }
      return { filled, owners: [...owners] };
    },

    /**
     * After a new network is imported: every route whose stored path is the shortest path between its ends (over its via
     * point) on the network before — found by the server or shown by the form, not given by line — gets the shortest
     * path on the new one (`after`). A path given by line, or one the old network would not give for its ends, stays as
     * it is; so does a path whose ends the new network does not place (never guessed). Answers the owners whose routes
     * changed (to bump their data versions). Derived data, not a change by the driver: no history entry.
     */
    async recompute(
      ex: Executor,
      before: RailNetworkGraph,
      after: RailNetworkGraph,
    ): Promise<{ recomputed: number; owners: number[] }> {
      const rows = await ex
        .select({ ...endColumns, path: routes.path })
        .from(routes)
        .where(isNotNull(routes.path));
      // A driver's routes share their ends: each pair (and via point) is routed once per network.
      const memo = new Map<string, RoutePath | null>();
      const shortest = (graph: RailNetworkGraph, ends: RouteEnds, via: string | null) => {
        const key = `${graph === before ? 'before' : 'after'}|${pointCodeOf(ends.startStation, ends.startPoint)}|${pointCodeOf(ends.endStation, ends.endPoint)}|${via ?? ''}`;
        if (!memo.has(key)) memo.set(key, shortestPathOf(graph, ends, via));
        return memo.get(key)!;
      };
      const owners = new Set<number>();
      let recomputed = 0;
      for (const row of rows) {
        const stored = row.path!;
        const old = shortest(before, row, stored.via);
        if (!old || !sameSections(old.sections, stored.sections)) continue;
        const next = shortest(after, row, stored.via);
        if (!next || (next.km === stored.km && sameSections(next.sections, stored.sections))) continue;
        // Only while it is still the path read: one the driver wrote in the meantime wins.
        const updated = await ex
          .update(routes)
          .set({ path: next })
          .where(and(eq(routes.id, row.id), sql`${routes.path} = ${JSON.stringify(stored)}::jsonb`))
          .returning({ id: routes.id });
        if (updated.length > 0) {
          recomputed += 1;
          owners.add(row.ownerId);
        }
      }
      return { recomputed, owners: [...owners] };
    },

    /** Whether any route has no path yet, and whether any has one: the network import builds graphs only for them. */
    async pathStates(ex: Executor = db): Promise<{ withoutPath: boolean; withPath: boolean }> {
      const [waiting] = await ex.select({ id: routes.id }).from(routes).where(isNull(routes.path)).limit(1);
      const [routed] = await ex.select({ id: routes.id }).from(routes).where(isNotNull(routes.path)).limit(1);
      return { withoutPath: waiting !== undefined, withPath: routed !== undefined };
    },
  };
}

export type RoutePathsRepository = ReturnType<typeof createRoutePathsRepository>;

export default repositoryPlugin('routePathsRepository', (app) => createRoutePathsRepository(app.db));
