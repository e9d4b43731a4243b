import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { LineSection } from '@streckenpass/contract/network';
import {
  formatLineKm,
  pointCodeOf,
  sectionsKm,
  type RoutePath,
  type RoutePathInput,
} from '@streckenpass/contract/route-paths';
import type { Executor } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import { routes } from '../../db/schema.js';
import { NoPathError, type RailNetworkGraph } from '../network/network.graph.js';
import type { NetworkCache } from '../network/network.store.js';

/** What of a route decides its path: its start and end, as linked stations or as typed text. */
export interface RouteEnds {
  startPoint: string;
  endPoint: string;
  startStation: string | null;
  endStation: string | null;
}

/** The shortest path of a route's ends on `graph` (optionally over `via`), or null when an end is off the network. */
export function shortestPathOf(graph: RailNetworkGraph, ends: RouteEnds, via?: string | null): RoutePath | null {
  const from = pointCodeOf(ends.startStation, ends.startPoint);
  const to = pointCodeOf(ends.endStation, ends.endPoint);
  if (!from || !to) return null;
  try {
    const path = graph.path(from, to, via ?? undefined);
    return { km: path.km, sections: path.sections, via: via ?? null };
  } catch (error) {
    if (error instanceof NoPathError) return null;
    throw error;
  }
}

/** A path as a client sent it, as stored. */
export function storedPath(input: RoutePathInput | null): RoutePath | null {
  if (!input) return null;
  return {
    km: Math.round(input.km * 10) / 10,
    sections: input.sections.map(({ line, fromKm, toKm }) => ({ line, fromKm, toKm })),
    via: input.via ? input.via.trim().toUpperCase() : null,
  };
}

/** How far a section's km may lie outside its line's km on the network: a km typed to one decimal. */
export const LINE_KM_TOLERANCE = 0.1;

/** A contradiction between a path and the network, at a field of the path (`sections.0.line`, `km`). */
export interface PathViolation {
  propertyPath: string;
  message: string;
}

/**
 * A path given by a client, a CSV file or a backup, checked on the network (issue 38): each section on a line the
 * network has, within that line's km; its length computed here — along the tracks when the sections are the
 * network's path between the route's ends (over its via point), else the sum of the sections' km spans. Answers the
 * path with that length, and what contradicts the network — with `checkKm` (a client's path) also a `km` that differs
 * from the computed one by more than its rounding; a file's or a backup's km is simply replaced. Without a network
 * nothing is checked (the caller does not call this).
 */
export function checkPath(
  graph: RailNetworkGraph,
  ends: RouteEnds,
  path: RoutePath,
  { checkKm }: { checkKm: boolean },
): { path: RoutePath; violations: PathViolation[] } {
  const violations: PathViolation[] = [];
  path.sections.forEach((section, i) => {
    const line = graph.linePoints(section.line);
    if (!line) {
      violations.push({
        propertyPath: `sections.${i}.line`,
        message: `Die Strecke ${section.line} ist im Streckennetz nicht bekannt.`,
      });
      return;
    }
    for (const field of ['fromKm', 'toKm'] as const) {
      const km = section[field];
      if (km >= line.fromKm - LINE_KM_TOLERANCE && km <= line.toKm + LINE_KM_TOLERANCE) continue;
      violations.push({
        propertyPath: `sections.${i}.${field}`,
        message:
          `km ${formatLineKm(km)} liegt nicht auf der Strecke ${section.line}: Sie reicht im Streckennetz von ` +
          `km ${formatLineKm(line.fromKm)} bis km ${formatLineKm(line.toKm)}.`,
      });
    }
  });
  const network = shortestPathOf(graph, ends, path.via);
  const km = network && sameSections(network.sections, path.sections) ? network.km : sectionsKm(path.sections);
  if (checkKm && violations.length === 0 && Math.abs(km - path.km) > 0.05) {
    violations.push({
      propertyPath: 'km',
      message: `Der Weg ist nach seinen Streckenabschnitten ${formatLineKm(km)} km lang, nicht ${formatLineKm(path.km)} km.`,
    });
  }
  return { path: { ...path, km }, violations };
}

/**
 * A path read from a CSV file or a backup (by line; its km the file's), checked on the network: the path with the
 * length computed there, or the network's objections as one German sentence.
 */
export function checkedFilePath(graph: RailNetworkGraph, ends: RouteEnds, path: RoutePath): RoutePath | string {
  const checked = checkPath(graph, ends, path, { checkKm: false });
  return checked.violations.length > 0 ? checked.violations.map(({ message }) => message).join(' ') : checked.path;
}

/**
 * A backup's path as a restore writes it: as it was, with the length computed on the network where one is imported;
 * a path the network contradicts (a line it lacks, a km off its line) is left out, and the route gets the shortest
 * path after the restore (`fill`), as a station code the data set lacks is dropped.
 */
export function restoredPath(graph: RailNetworkGraph | null, ends: RouteEnds, path: RoutePath | null) {
  if (!path || !graph) return path;
  const checked = checkedFilePath(graph, ends, path);
  return typeof checked === 'string' ? null : checked;
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
 * Gives every route without a path (of one owner, or of all) the shortest path between its ends, where both lie on
 * the network: routes created before a network was imported, by the CSV import or by a restore. Answers the owners
 * whose routes changed (to bump their data versions) and how many routes got a path. Derived data, not a change by
 * the driver: no history entry.
 */
export async function fillMissingPaths(
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
}

/** Whether two lists of line sections are the same, to the metre. */
function sameSections(a: readonly LineSection[], b: readonly LineSection[]): boolean {
  const metre = (km: number) => Math.round(km * 1000);
  return (
    a.length === b.length &&
    a.every(
      (section, i) =>
        section.line === b[i]!.line &&
        metre(section.fromKm) === metre(b[i]!.fromKm) &&
        metre(section.toKm) === metre(b[i]!.toKm),
    )
  );
}

/**
 * After a new network is imported: every route whose stored path is the shortest path between its ends (over its via
 * point) on the network before — found by the server or shown by the form, not given by line — gets the shortest
 * path on the new one (`after`). A path given by line, or one the old network would not give for its ends, stays as
 * it is; so does a path whose ends the new network does not place (never guessed). Answers the owners whose routes
 * changed (to bump their data versions). Derived data, not a change by the driver: no history entry.
 */
export async function recomputeShortestPaths(
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
}

/** The routes' paths on the network this instance routes on (`app.routePaths`). */
export function createRoutePaths(cache: NetworkCache, bump: (tx: Executor, userId: number) => Promise<void>) {
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
      const { filled } = await fillMissingPaths(ex, graph, ownerId);
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

export default fp(
  async (app) => {
    app.decorate('routePaths', createRoutePaths(app.railNetworkCache, app.dataVersions.bump));
  },
  { name: 'routePaths', dependencies: ['railNetworkCache', 'dataVersions'] },
);
