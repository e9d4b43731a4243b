import type { LineSection } from '@streckenpass/contract/network';
import type { Polyline, TrackEdge, TrackNetwork } from './track-network';

// A route's line sections traced along the decoded network (issue 29 item 4, docs/decisions/0052).

/** The point at a fraction of an edge's length (0 = its from node, 1 = its to node). */
function pointOn(edge: TrackEdge, t: number): [number, number] {
  const { xy, along } = edge;
  const n = along.length;
  const d = t * along[n - 1]!;
  let lo = 1;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (along[mid]! < d) lo = mid + 1;
    else hi = mid;
  }
  const span = along[lo]! - along[lo - 1]!;
  const f = span > 0 ? Math.min(1, Math.max(0, (d - along[lo - 1]!) / span)) : 0;
  return [
    xy[2 * lo - 2]! + f * (xy[2 * lo]! - xy[2 * lo - 2]!),
    xy[2 * lo - 1]! + f * (xy[2 * lo + 1]! - xy[2 * lo - 1]!),
  ];
}

/**
 * The part of an edge's polyline between two fractions of its length (0 = its from node, 1 = its to node): the edge's
 * own array when that is all of it (most edges of a section), else a new one.
 */
function slice(edge: TrackEdge, t0: number, t1: number): Polyline {
  const [lo, hi] = t0 <= t1 ? [t0, t1] : [t1, t0];
  if (lo <= 0 && hi >= 1) return edge.xy;
  const { xy, along } = edge;
  const total = along[along.length - 1]!;
  const out = pointOn(edge, lo);
  for (let i = 1; i < along.length - 1; i += 1) {
    const t = total > 0 ? along[i]! / total : 0;
    if (t > lo && t < hi) out.push(xy[2 * i]!, xy[2 * i + 1]!);
  }
  out.push(...pointOn(edge, hi));
  return out;
}

/**
 * A connected run of a line's edges; `ambiguous` when it has more than one way over the section's km, which shows as
 * more km than the section's: a branch with the same km, or km that repeat along it (a km jump back).
 */
interface Run {
  edges: number[];
  ambiguous: boolean;
  /** The run's edges at each of its nodes, for walking it: built at the first walk, kept with the run. */
  incident?: Map<number, number[]>;
}

/** Runs per network and (line, from km, to km): a driver's routes share most of their sections. */
const runCache = new WeakMap<TrackNetwork, Map<string, Run[]>>();

/**
 * The connected runs (union–find over their nodes) of a line's edges that cover part of [lo, hi] km: one per branch or
 * km range where the line's km repeat.
 */
function runsOf(network: TrackNetwork, line: number, lo: number, hi: number): Run[] {
  let cache = runCache.get(network);
  if (!cache) runCache.set(network, (cache = new Map()));
  const key = `${line}:${lo}:${hi}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const candidates = (network.edgesByLine.get(line) ?? []).filter((i) => {
    const edge = network.edges[i]!;
    return Math.max(edge.fromKm, edge.toKm) > lo + 1e-4 && Math.min(edge.fromKm, edge.toKm) < hi - 1e-4;
  });
  const parent = new Map<number, number>();
  const find = (node: number): number => {
    let root = node;
    for (let up = parent.get(root)!; up !== root; up = parent.get(root)!) root = up;
    // Every node on the way then points at the root: without it, a long line's unions chain its nodes one by one and
    // each find walks the chain (up to 11 ms of the first draw on DB Netz's network).
    for (let at = node; at !== root;) {
      const up = parent.get(at)!;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  for (const i of candidates) {
    const edge = network.edges[i]!;
    if (!parent.has(edge.from)) parent.set(edge.from, edge.from);
    if (!parent.has(edge.to)) parent.set(edge.to, edge.to);
    parent.set(find(edge.from), find(edge.to));
  }
  const byRoot = new Map<number, { edges: number[]; km: number }>();
  for (const i of candidates) {
    const edge = network.edges[i]!;
    const root = find(edge.from);
    const km = Math.min(hi, Math.max(edge.fromKm, edge.toKm)) - Math.max(lo, Math.min(edge.fromKm, edge.toKm));
    const run = byRoot.get(root);
    if (run) {
      run.edges.push(i);
      run.km += km;
    } else byRoot.set(root, { edges: [i], km });
  }
  const runs = [...byRoot.values()].map(({ edges, km }) => ({ edges, ambiguous: km > hi - lo + 0.01 }));
  cache.set(key, runs);
  return runs;
}

/**
 * A route's path drawn from its line sections (line, from km, to km in the order driven), as polylines in drawing
 * units. A line's km do not name one place: a third of DB's track-km lie on lines whose km ranges overlap (branches,
 * curves, km jumps). So each section takes, among the connected runs of its line's edges that cover its km, the run
 * that begins nearest to where the path is (the route's start, then the previous section's end); its end edges are
 * cut at the section's km. Runs of other lines shorter than 300 m (crossings, a station's throat), which the
 * sections do not list, stay out: gaps of at most that. Traced once per network, start and sections; an edge the
 * section takes whole is the edge's own array, so that the map draws an edge shared by many routes once.
 */
export function traceSections(
  network: TrackNetwork,
  sections: readonly LineSection[],
  start?: readonly [number, number],
): Polyline[] {
  let cache = traceCache.get(network);
  if (!cache) traceCache.set(network, (cache = new Map()));
  const key = `${start ? `${start[0]},${start[1]}` : '-'}|${sections.map((s) => `${s.line}:${s.fromKm}:${s.toKm}`).join('|')}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const polylines = trace(network, sections, start);
  cache.set(key, polylines);
  return polylines;
}

/** Traced paths per network, by start and sections: routes of the same path are traced once. */
const traceCache = new WeakMap<TrackNetwork, Map<string, Polyline[]>>();

function trace(
  network: TrackNetwork,
  sections: readonly LineSection[],
  start: readonly [number, number] | undefined,
): Polyline[] {
  const polylines: Polyline[] = [];
  let anchor: readonly [number, number] | undefined = start;
  const pointAt = (i: number, km: number): [number, number] => {
    const edge = network.edges[i]!;
    const span = edge.toKm - edge.fromKm;
    return pointOn(edge, span === 0 ? 0 : Math.min(1, Math.max(0, (km - edge.fromKm) / span)));
  };
  const covers = (i: number, km: number) => {
    const edge = network.edges[i]!;
    return km >= Math.min(edge.fromKm, edge.toKm) - 1e-4 && km <= Math.max(edge.fromKm, edge.toKm) + 1e-4;
  };
  sections.forEach(({ line, fromKm, toKm }, s) => {
    const lo = Math.min(fromKm, toKm);
    const hi = Math.max(fromKm, toKm);
    const runs = runsOf(network, line, lo, hi);
    if (runs.length === 0) return;
    // The run nearest to where the path is (its point at the section's from km); else the one covering most km.
    let chosen: Run | undefined;
    let best = Infinity;
    for (const run of runs) {
      let score: number;
      if (anchor) {
        score = Infinity;
        for (const i of run.edges) {
          if (!covers(i, fromKm)) continue;
          const [x, y] = pointAt(i, fromKm);
          score = Math.min(score, Math.hypot(x - anchor[0], y - anchor[1]));
        }
      } else {
        score = -run.edges.reduce((sum, i) => sum + Math.abs(network.edges[i]!.toKm - network.edges[i]!.fromKm), 0);
      }
      if (score < best) {
        best = score;
        chosen = run;
      }
    }
    if (!chosen) return;
    // A run with one way over the km is the section's edges; another one is walked. No walk from the from km to the
    // to km inside the run: all of the run.
    const walk = chosen.ambiguous
      ? walkRun(network, chosen, fromKm, toKm, anchor, sections[s + 1], pointAt, covers)
      : undefined;
    const edges = walk ?? chosen.edges;
    for (const i of edges) {
      const edge = network.edges[i]!;
      const span = edge.toKm - edge.fromKm;
      const t0 = span === 0 ? 0 : Math.min(1, Math.max(0, (lo - edge.fromKm) / span));
      const t1 = span === 0 ? 1 : Math.min(1, Math.max(0, (hi - edge.fromKm) / span));
      polylines.push(slice(edge, t0, t1));
    }
    const last = walk ? walk.at(-1) : chosen.edges.find((i) => covers(i, toKm));
    if (last !== undefined) anchor = pointAt(last, toKm);
  });
  return polylines;
}

/**
 * The edges of a section inside its run, in the order driven: from the edges at its from km nearest to where the path
 * is, a breadth-first walk over the run's nodes to an edge at its to km. Of several such edges (a branch of the line
 * with the same km), the one whose end lies nearest to where the next section begins; else the nearest in the walk.
 * Undefined when the run does not lead from the one km to the other.
 */
function walkRun(
  network: TrackNetwork,
  run: Run,
  fromKm: number,
  toKm: number,
  anchor: readonly [number, number] | undefined,
  next: LineSection | undefined,
  pointAt: (i: number, km: number) => [number, number],
  covers: (i: number, km: number) => boolean,
): number[] | undefined {
  const { edges } = network;
  const rising = toKm >= fromKm;
  // The sources: the edges at the from km (nearest to the anchor, within a metre or so), left towards the to km.
  const entries = run.edges.filter((i) => covers(i, fromKm));
  if (entries.length === 0) return undefined;
  let sources = entries;
  if (anchor) {
    const distance = entries.map((i) => {
      const [x, y] = pointAt(i, fromKm);
      return Math.hypot(x - anchor[0], y - anchor[1]);
    });
    const nearest = Math.min(...distance);
    sources = entries.filter((_, k) => distance[k]! <= nearest + 0.01);
  }
  if (!run.incident) {
    run.incident = new Map();
    for (const i of run.edges) {
      for (const node of [edges[i]!.from, edges[i]!.to]) {
        const list = run.incident.get(node);
        if (list) list.push(i);
        else run.incident.set(node, [i]);
      }
    }
  }
  const { incident } = run;
  // Per node reached: the edge it was reached over and the node before (-1: a source edge's own end).
  const reachedBy = new Map<number, { edge: number; from: number }>();
  const targets: { edge: number; from: number }[] = [];
  const queue: number[] = [];
  for (const i of sources) {
    const edge = edges[i]!;
    if (covers(i, toKm)) targets.push({ edge: i, from: -1 });
    const exit = edge.toKm >= edge.fromKm === rising ? edge.to : edge.from;
    if (reachedBy.has(exit)) continue;
    reachedBy.set(exit, { edge: i, from: -1 });
    queue.push(exit);
  }
  const targeted = new Set(targets.map((target) => target.edge));
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head]!;
    for (const i of incident.get(node) ?? []) {
      if (reachedBy.get(node)?.edge === i) continue;
      if (!targeted.has(i) && covers(i, toKm)) {
        targeted.add(i);
        targets.push({ edge: i, from: node });
      }
      const other = edges[i]!.from === node ? edges[i]!.to : edges[i]!.from;
      if (reachedBy.has(other)) continue;
      reachedBy.set(other, { edge: i, from: node });
      queue.push(other);
    }
  }
  if (targets.length === 0) return undefined;
  let target = targets[0]!;
  if (targets.length > 1 && next) {
    const ahead = (network.edgesByLine.get(next.line) ?? []).filter((i) => covers(i, next.fromKm));
    const places = ahead.map((i) => pointAt(i, next.fromKm));
    let best = Infinity;
    for (const candidate of targets) {
      const [x, y] = pointAt(candidate.edge, toKm);
      for (const [px, py] of places) {
        const distance = Math.hypot(x - px, y - py);
        if (distance < best - 1e-6) {
          best = distance;
          target = candidate;
        }
      }
    }
  }
  const walk = [target.edge];
  for (let node = target.from; node !== -1;) {
    const step = reachedBy.get(node)!;
    walk.push(step.edge);
    node = step.from;
  }
  return walk.reverse();
}
