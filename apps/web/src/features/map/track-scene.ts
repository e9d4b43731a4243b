import type { LineSection } from '@streckenpass/contract/network';
import type { KnowledgeStatus } from '@streckenpass/contract/status';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import type { MapLayout, MapRoute } from './map-layout';
import { distanceToPolyline, type Polyline, type TrackNetwork } from './track-network';
import { traceSections } from './track-trace';

/** What the map draws of a route: its sections, stored with the route (decision 0051) or found for its stations. */
export interface TrackRoute extends MapRoute {
  sections?: readonly LineSection[] | null;
}

export interface RouteTrack {
  route: TrackRoute;
  polylines: Polyline[];
  /** Drawn straight between its stations: no sections, or none that the network knows. */
  straight: boolean;
}

/** The states in the order they are drawn (the valid ones below, the unrecorded on top). */
export const STATUS_ORDER: KnowledgeStatus[] = ['valid', 'soon', 'expired', 'unrecorded'];

/** The key under which the sections found for a pair of stations are kept. */
export const pairKey = (from: string, to: string) => `${from}\u0000${to}`;

/** The station pairs of routes without a stored path: their shortest paths are asked for, once per pair. */
export function missingPairs(routes: readonly TrackRoute[]): [string, string][] {
  const keys = new Set<string>();
  for (const route of routes) {
    // A place has no path to ask for (issue 41 item 4).
    if (!route.sections && route.startStation && route.endStation && !isPlace(route)) {
      keys.add(pairKey(route.startStation.code, route.endStation.code));
    }
  }
  return [...keys].map((key) => key.split('\u0000') as [string, string]);
}

/**
 * Each route along the tracks: its stored sections, else those found for its stations (`found`), traced through the
 * network; a route the network cannot trace is drawn straight between its stations, one without both not at all.
 */
export function traceTracks(
  network: TrackNetwork,
  routes: readonly TrackRoute[],
  layout: MapLayout,
  found: ReadonlyMap<string, readonly LineSection[] | null>,
): RouteTrack[] {
  const result: RouteTrack[] = [];
  const at = new Map(layout.stations.map((entry) => [entry.station.code, [entry.x, entry.y] as const]));
  for (const route of routes) {
    // A place is drawn as a ring at its station (`drawTrackMap`), not as a track.
    if (isPlace(route)) continue;
    const start = route.startStation ? at.get(route.startStation.code) : undefined;
    const end = route.endStation ? at.get(route.endStation.code) : undefined;
    const sections =
      route.sections ??
      (route.startStation && route.endStation
        ? found.get(pairKey(route.startStation.code, route.endStation.code))
        : null);
    const polylines = sections?.length ? traceSections(network, sections, start) : [];
    if (polylines.length > 0) result.push({ route, polylines, straight: false });
    else if (start && end) result.push({ route, polylines: [[start[0], start[1], end[0], end[1]]], straight: true });
  }
  return result;
}

/** The network's drawing: once per network, not again with each new set of tracks (46,000 vertices). */
export function networkPathOf(network: TrackNetwork): Path2D {
  const net = new Path2D();
  for (const edge of network.edges) {
    net.moveTo(edge.xy[0]!, edge.xy[1]!);
    for (let i = 2; i < edge.xy.length; i += 2) net.lineTo(edge.xy[i]!, edge.xy[i + 1]!);
  }
  return net;
}

type Box = readonly [number, number, number, number];

export interface TrackScene {
  net: Path2D;
  /** The tracks of each state as one path. */
  byStatus: Record<KnowledgeStatus, Path2D>;
  outline: Path2D;
  /** Each track's bounding box (in the order of the tracks), for the tap's hit test and the view that shows all. */
  boxes: Box[];
}

const perStatus = <T>(make: () => T) =>
  Object.fromEntries(STATUS_ORDER.map((status) => [status, make()])) as Record<KnowledgeStatus, T>;

/** The routes' drawing: built once per set of tracks; drawn per frame with the view. */
export function trackScene(net: Path2D, tracks: readonly RouteTrack[], outline: string): TrackScene {
  const byStatus = perStatus(() => new Path2D());
  // An edge that several routes of one state take whole is the same array in each: drawn once.
  const drawn = perStatus(() => new Set<Polyline>());
  // Routes of the same path share one traced array of polylines (traceSections): each is looked at once per state
  // and once for its box, not once per route (1,000 routes of 18 paths: 172,000 polylines and 490,000 vertices).
  const paths = perStatus(() => new Set<readonly Polyline[]>());
  for (const { route, polylines } of tracks) {
    if (paths[route.status].has(polylines)) continue;
    paths[route.status].add(polylines);
    const path = byStatus[route.status];
    for (const line of polylines) {
      if (drawn[route.status].has(line)) continue;
      drawn[route.status].add(line);
      path.moveTo(line[0]!, line[1]!);
      for (let i = 2; i < line.length; i += 2) path.lineTo(line[i]!, line[i + 1]!);
    }
  }
  const boxOf = new Map<readonly Polyline[], Box>();
  const boxes = tracks.map(({ polylines }) => {
    const kept = boxOf.get(polylines);
    if (kept) return kept;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const line of polylines) {
      for (let i = 0; i < line.length; i += 2) {
        x0 = Math.min(x0, line[i]!);
        x1 = Math.max(x1, line[i]!);
        y0 = Math.min(y0, line[i + 1]!);
        y1 = Math.max(y1, line[i + 1]!);
      }
    }
    const box = [x0, y0, x1, y1] as const;
    boxOf.set(polylines, box);
    return box;
  });
  return { net, byStatus, outline: new Path2D(outline), boxes };
}

/**
 * What a tap at (`px`, `py`) in drawing units hits within `tolerance`: a station first (its routes), else the
 * nearest route; null for neither.
 */
export function tappedTrack(
  input: { stations: MapLayout['stations']; tracks: readonly RouteTrack[]; boxes: readonly Box[] },
  px: number,
  py: number,
  tolerance: number,
): { station: string } | { route: number } | null {
  let best = tolerance;
  let station: string | null = null;
  for (const entry of input.stations) {
    const distance = Math.hypot(entry.x - px, entry.y - py);
    if (distance <= best) {
      best = distance;
      station = entry.station.code;
    }
  }
  if (station) return { station };
  let hit: number | null = null;
  best = tolerance;
  input.tracks.forEach((track, i) => {
    const box = input.boxes[i]!;
    if (px < box[0] - best || px > box[2] + best || py < box[1] - best || py > box[3] + best) return;
    for (const line of track.polylines) {
      const distance = distanceToPolyline(line, px, py);
      if (distance <= best) {
        best = distance;
        hit = track.route.id;
      }
    }
  });
  return hit === null ? null : { route: hit };
}
