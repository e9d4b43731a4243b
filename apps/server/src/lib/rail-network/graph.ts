import { distance as greatCircleKm } from 'geokdbush';
import createGraph, { type Graph } from 'ngraph.graph';
import { aStar } from 'ngraph.path';
import type { LineSection, NetworkLinePoint, NetworkPath } from '@streckenpass/contract/network';
import type { CompactNetwork } from './network-format.js';

/** Why no path could be given: a code without a point on the network, or two points the network does not join. */
export class NoPathError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const SOURCE = 'source';
/**
 * A stretch of another line shorter than this, between two sections or at a path's end, is where lines cross or a
 * station's throat: not a line the path runs over, so not listed (its metres still count).
 */
export const MIN_SECTION_METRES = 300;
const TARGET = 'target';

/**
 * The routing graph over a compact network (build.ts), built once per version: shortest paths between
 * operating points along the tracks (A* with the great-circle distance as its estimate), as line sections, km and
 * geometry.
 */
export class RailNetworkGraph {
  private readonly graph: Graph<unknown, number>;
  /**
   * The graph's links: runs of edges between nodes that matter (junctions, ends, operating points), through nodes
   * where one edge only meets the next — half the network's nodes, which the search then need not visit.
   */
  private readonly chains: { from: number; edges: number[]; metres: number }[] = [];
  private readonly chainOfPair = new Map<number, number>();
  private readonly points = new Map<string, { name: string; nodes: number[] }>();
  /** The operating points of each line with their km, built on first use (the route form's choice by line). */
  private pointsByLine: Map<number, { fromKm: number; toKm: number; points: NetworkLinePoint[] }> | undefined;

  constructor(
    readonly version: string,
    private readonly data: CompactNetwork,
  ) {
    this.graph = createGraph<unknown, number>();
    const count = data.nodes.length / 2;
    const pairKey = (a: number, b: number) => (a < b ? a * count + b : b * count + a);
    // Of parallel edges between two nodes (a line's two directions, a joint beside a line) the shortest counts.
    const edgeOfPair = new Map<number, number>();
    data.edges.forEach(([a, b, , , , length], e) => {
      if (a === b) return;
      const key = pairKey(a, b);
      const known = edgeOfPair.get(key);
      if (known !== undefined && data.edges[known]![5] <= length) return;
      edgeOfPair.set(key, e);
    });
    const incident: number[][] = Array.from({ length: count }, () => []);
    for (const e of edgeOfPair.values()) {
      incident[data.edges[e]![0]]!.push(e);
      incident[data.edges[e]![1]]!.push(e);
    }
    const isPoint = new Uint8Array(count);
    for (const [code, name, , nodes] of data.points) {
      this.points.set(code, { name, nodes });
      for (const node of nodes) isPoint[node] = 1;
    }
    const kept = (node: number) => isPoint[node] === 1 || incident[node]!.length !== 2;
    const other = (e: number, node: number) => (data.edges[e]![0] === node ? data.edges[e]![1] : data.edges[e]![0]);
    for (let start = 0; start < count; start += 1) {
      if (!kept(start)) continue;
      for (const first of incident[start]!) {
        const chain = [first];
        let metres = data.edges[first]![5];
        let node = other(first, start);
        while (!kept(node)) {
          const [x, y] = incident[node]!;
          const next = x === chain.at(-1) ? y! : x!;
          chain.push(next);
          metres += data.edges[next]![5];
          node = other(next, node);
        }
        // Each chain is met from both of its ends: added from the lower one; a loop is never on a shortest path.
        if (node <= start) continue;
        const key = pairKey(start, node);
        const known = this.chainOfPair.get(key);
        if (known !== undefined && this.chains[known]!.metres <= metres) continue;
        this.chainOfPair.set(key, this.chains.length);
        this.chains.push({ from: start, edges: chain, metres });
      }
    }
    for (const [key, c] of this.chainOfPair) this.graph.addLink(Math.floor(key / count), key % count, c);
  }

  /** The operating point of a code, or undefined when it has no place on the network. */
  point(code: string) {
    const found = this.points.get(code);
    return found ? { code, name: found.name } : undefined;
  }

  /**
   * The operating points on a line in the order of their km, and the line's km range on the network; undefined for a
   * line the network does not have. A point lies on a line where one of the line's edges ends at one of its nodes
   * (a junction's point so lies on every line that meets there); its km is that edge end's.
   */
  linePoints(line: number) {
    this.pointsByLine ??= this.indexLinePoints();
    return this.pointsByLine.get(line);
  }

  private indexLinePoints() {
    const codesAt = new Map<number, number[]>();
    this.data.points.forEach(([, , , nodes], p) => {
      for (const node of nodes) {
        const list = codesAt.get(node);
        if (list) list.push(p);
        else codesAt.set(node, [p]);
      }
    });
    type Entry = { fromKm: number; toKm: number; points: NetworkLinePoint[]; kmsOf: Map<string, number[]> };
    const byLine = new Map<number, Entry>();
    for (const [from, to, line, fromKm, toKm] of this.data.edges) {
      if (line === 0) continue;
      let entry = byLine.get(line);
      if (!entry) {
        entry = { fromKm: Math.min(fromKm, toKm), toKm: Math.max(fromKm, toKm), points: [], kmsOf: new Map() };
        byLine.set(line, entry);
      }
      entry.fromKm = Math.min(entry.fromKm, fromKm, toKm);
      entry.toKm = Math.max(entry.toKm, fromKm, toKm);
      for (const [node, km] of [
        [from, fromKm],
        [to, toKm],
      ] as const) {
        for (const p of codesAt.get(node) ?? []) {
          const [code, name, kind] = this.data.points[p]!;
          // The edges on both sides of a point meet at it with (nearly) the same km: listed once within 100 m.
          const kms = entry.kmsOf.get(code) ?? [];
          if (kms.some((known) => Math.abs(known - km) < 0.1)) continue;
          kms.push(km);
          entry.kmsOf.set(code, kms);
          entry.points.push({ code, name, kind, km });
        }
      }
    }
    const index = new Map<number, { fromKm: number; toKm: number; points: NetworkLinePoint[] }>();
    for (const [line, { fromKm, toKm, points }] of byLine) {
      points.sort((a, b) => a.km - b.km || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      index.set(line, { fromKm, toKm, points });
    }
    return index;
  }

  /** The shortest path from one point over an optional third to another; throws NoPathError. */
  path(from: string, to: string, via?: string): Omit<NetworkPath, 'version'> {
    const codes = via ? [from, via, to] : [from, to];
    const places = codes.map((code) => {
      const place = this.points.get(code);
      if (!place) throw new NoPathError(`Für ${code} ist kein Punkt im Streckennetz bekannt.`, code);
      return place;
    });
    // Each leg described on its own: a path that turns back at the via point on the same line keeps two sections.
    const sections: LineSection[] = [];
    const geometry: [number, number][] = [];
    let metres = 0;
    for (let i = 0; i + 1 < places.length; i += 1) {
      const leg = this.leg(places[i]!.nodes, places[i + 1]!.nodes);
      if (!leg) {
        throw new NoPathError(
          `Zwischen ${codes[i]} und ${codes[i + 1]} ist im Streckennetz keine Verbindung bekannt.`,
          undefined,
        );
      }
      const described = this.describe(leg);
      sections.push(...described.sections);
      geometry.push(...(geometry.length > 0 ? described.geometry.slice(1) : described.geometry));
      metres += described.metres;
    }
    const pointOf = (i: number) => ({ code: codes[i]!, name: places[i]!.name });
    return {
      from: pointOf(0),
      to: pointOf(codes.length - 1),
      ...(via ? { via: pointOf(1) } : {}),
      km: Math.round(metres / 100) / 10,
      sections,
      lines: sections.map((section) => section.line),
      geometry,
    };
  }

  /** Node ids of the shortest path from any of `starts` to any of `ends`, or undefined. */
  private leg(starts: number[], ends: number[]): number[] | undefined {
    const shared = starts.find((node) => ends.includes(node));
    if (shared !== undefined) return [shared];
    const { nodes } = this.data;
    // The estimate must never exceed the distance along the tracks: the great-circle distance to the centre of the
    // end's nodes less their spread, a little shortened against rounding. The search runs from the source (A*).
    const centre = (ids: number[]) => {
      let lon = 0;
      let lat = 0;
      for (const id of ids) {
        lon += nodes[id * 2]!;
        lat += nodes[id * 2 + 1]!;
      }
      lon /= ids.length;
      lat /= ids.length;
      const spread = Math.max(...ids.map((id) => greatCircleKm(lon, lat, nodes[id * 2]!, nodes[id * 2 + 1]!)));
      return { lon, lat, spread };
    };
    const centres = { [SOURCE]: centre(starts), [TARGET]: centre(ends) };
    const graph = this.graph;
    for (const node of starts) graph.addLink(SOURCE, node, -1);
    for (const node of ends) graph.addLink(node, TARGET, -1);
    try {
      const finder = aStar<unknown, number>(graph, {
        distance: (_a, _b, link) => (link.data < 0 ? 0 : this.chains[link.data]!.metres),
        heuristic: (a, b) => {
          if (typeof a.id === 'string' || typeof b.id !== 'string') return 0;
          const end = centres[b.id as typeof SOURCE | typeof TARGET];
          const km = greatCircleKm(nodes[a.id * 2]!, nodes[a.id * 2 + 1]!, end.lon, end.lat) - end.spread;
          return Math.max(0, km * 1000 * 0.995);
        },
      });
      const found = finder.find(SOURCE, TARGET);
      if (found.length === 0) return undefined;
      // ngraph.path answers from the target back to the source.
      return found
        .reverse()
        .map((node) => node.id)
        .filter((id): id is number => typeof id === 'number');
    } finally {
      graph.removeNode(SOURCE);
      graph.removeNode(TARGET);
    }
  }

  /** Line sections, geometry and length of a path given as the ids of the nodes it links. */
  private describe(path: number[]) {
    const { nodes, edges } = this.data;
    const count = nodes.length / 2;
    const runs: (LineSection & { metres: number })[] = [];
    const geometry: [number, number][] = [];
    const add = (lon: number, lat: number) => {
      const last = geometry.at(-1);
      if (!last || last[0] !== lon || last[1] !== lat) geometry.push([lon, lat]);
    };
    if (path.length > 0) add(nodes[path[0]! * 2]!, nodes[path[0]! * 2 + 1]!);
    let metres = 0;
    const walk: [number, number][] = [];
    for (let i = 0; i + 1 < path.length; i += 1) {
      const a = path[i]!;
      const b = path[i + 1]!;
      const chain = this.chains[this.chainOfPair.get(a < b ? a * count + b : b * count + a)!]!;
      const ordered = chain.from === a ? chain.edges : [...chain.edges].reverse();
      let at = a;
      for (const e of ordered) {
        walk.push([e, at]);
        at = edges[e]![0] === at ? edges[e]![1] : edges[e]![0];
      }
    }
    for (const [e, a] of walk) {
      const [from, to, line, fromKm, toKm, length, interior] = edges[e]!;
      const forward = from === a;
      const b = forward ? to : from;
      metres += length;
      const coords: [number, number][] = [];
      for (let k = 0; k < interior.length; k += 2) coords.push([interior[k]!, interior[k + 1]!]);
      if (!forward) coords.reverse();
      for (const [lon, lat] of coords) add(lon, lat);
      add(nodes[b * 2]!, nodes[b * 2 + 1]!);
      // A joint between loose ends belongs to no line: the section goes on across it.
      if (line === 0) continue;
      const [startKm, endKm] = forward ? [fromKm, toKm] : [toKm, fromKm];
      const last = runs.at(-1);
      if (last && last.line === line) {
        last.toKm = endKm;
        last.metres += length;
      } else runs.push({ line, fromKm: startKm, toKm: endKm, metres: length });
    }
    const sections: LineSection[] = [];
    const kept = runs.some((run) => run.metres >= MIN_SECTION_METRES)
      ? runs.filter((run) => run.metres >= MIN_SECTION_METRES)
      : runs;
    for (const { line, fromKm, toKm } of kept) {
      const last = sections.at(-1);
      if (last && last.line === line) last.toKm = toKm;
      else sections.push({ line, fromKm, toKm });
    }
    return { sections, geometry, metres };
  }
}
