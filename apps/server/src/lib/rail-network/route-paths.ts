import type { LineSection } from '@streckenpass/contract/network';
import {
  formatLineKm,
  pointCodeOf,
  sectionsKm,
  type RoutePath,
  type RoutePathInput,
} from '@streckenpass/contract/route-paths';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import { NoPathError, type RailNetworkGraph } from './graph.js';

/*
 * A route's path on the rail network (decision 0051, issue 38), pure: the shortest path between its ends, a client's,
 * a file's or a backup's path checked on the network. The routes module stores them (`app.routePaths`), the CSV import
 * and the restore check theirs with these functions.
 */

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
  // A place (one station at both ends, issue 41 item 4) has no path: the network would answer one of 0 km.
  if (!from || !to || (isPlace(ends) && !via)) return null;
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

/** Whether two lists of line sections are the same, to the metre. */
export function sameSections(a: readonly LineSection[], b: readonly LineSection[]): boolean {
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
