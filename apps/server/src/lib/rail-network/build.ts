import simplify from 'simplify-js';
import { kmAlong, type Anchor } from './km-along.js';
import type { BuildStats, CompactEdge, CompactNetwork, CompactPoint, LineFeature, PointRow } from './network-format.js';
import { placePoints, type Placement } from './place-points.js';
import { indexVertices, joinLooseEnds, readSegments, type Coord } from './segments.js';

/*
 * Builds the app's compact rail network from DB Netz's Geo-Streckennetz and Geo-Betriebsstellen (issue 29,
 * docs/decisions/0049): a routing graph whose nodes are where lines meet, where a loose line end was joined to a
 * neighbouring line (≤ 50 m) and where an operating point lies; whose edges carry the line number, the km at both
 * ends and the length measured on the full geometry; with each edge's geometry simplified (≈ 50 m). Pure: files in,
 * data out — the import tool stores it, the server routes on it.
 */

/** The simplification's tolerance. */
export const SIMPLIFY_METRES = 50;

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

export function buildNetwork(
  features: readonly LineFeature[],
  rows: readonly PointRow[],
): { network: CompactNetwork; stats: BuildStats } {
  const { segments, dropped } = readSegments(features);
  const vertices = indexVertices(segments);
  const { lon: vLon, lat: vLat, isNode } = vertices;
  const joints = joinLooseEnds(segments, vertices);

  // The km of the edges are anchored on the operating points' own km (`kmAlong`).
  const byLine = new Map<number, number[]>();
  segments.forEach((segment, s) => {
    const list = byLine.get(segment.line);
    if (list) list.push(s);
    else byLine.set(segment.line, [s]);
  });
  const { names, placements } = placePoints(rows, segments, vertices, byLine);

  // Nodes, and each segment cut into edges at them (points inserted where they lie).
  const nodes: number[] = [];
  const nodeOfVertex = new Map<number, number>();
  const addNode = (lon: number, lat: number) => {
    nodes.push(round5(lon), round5(lat));
    return nodes.length / 2 - 1;
  };
  const vertexNode = (v: number) => {
    let node = nodeOfVertex.get(v);
    if (node === undefined) {
      node = addNode(vLon[v]!, vLat[v]!);
      nodeOfVertex.set(v, node);
    }
    return node;
  };
  const pointNodes = new Map<string, Set<number>>();
  const placeAt = (code: string, node: number) => {
    const set = pointNodes.get(code);
    if (set) set.add(node);
    else pointNodes.set(code, new Set([node]));
  };
  const insertions = new Map<number, Placement[]>();
  // DB's km of the points, by segment: where a point lies on a vertex, on every segment of its line through it.
  const anchors = new Map<number, Anchor[]>();
  const cumulative = new Map<number, number[]>();
  const distanceAt = (s: number, index: number, t: number) => {
    const segment = segments[s]!;
    let sums = cumulative.get(s);
    if (!sums) {
      sums = [0];
      for (let i = 1; i < segment.coords.length; i += 1) {
        sums.push(sums[i - 1]! + segment.ruler.distance(segment.coords[i - 1]!, segment.coords[i]!));
      }
      cumulative.set(s, sums);
    }
    return t > 0 ? sums[index]! + (sums[index + 1]! - sums[index]!) * t : sums[index]!;
  };
  const anchor = (s: number, at: number, km: number) => {
    const list = anchors.get(s);
    if (list) list.push({ at, km, weight: 2 });
    else anchors.set(s, [{ at, km, weight: 2 }]);
  };
  for (const placement of placements) {
    const segment = segments[placement.segment]!;
    // At a vertex: that vertex becomes a node; between two: a new vertex is inserted there.
    if (placement.t <= 1e-9 || placement.t >= 1 - 1e-9) {
      const v = segment.vertices[placement.t <= 1e-9 ? placement.index : placement.index + 1]!;
      isNode[v] = 1;
      placeAt(placement.code, vertexNode(v));
      if (placement.km !== undefined) {
        for (const s of byLine.get(placement.line!) ?? []) {
          segments[s]!.vertices.forEach((vertex, i) => {
            if (vertex === v) anchor(s, distanceAt(s, i, 0), placement.km!);
          });
        }
      }
      continue;
    }
    if (placement.km !== undefined && placement.line === segment.line) {
      anchor(placement.segment, distanceAt(placement.segment, placement.index, placement.t), placement.km);
    }
    const list = insertions.get(placement.segment);
    if (list) list.push(placement);
    else insertions.set(placement.segment, [placement]);
  }

  const edges: CompactEdge[] = [];
  segments.forEach((segment, s) => {
    type Step = { coord: Coord; node: number | undefined };
    const steps: Step[] = [];
    const inserted = (insertions.get(s) ?? []).sort((a, b) => a.index - b.index || a.t - b.t);
    let next = 0;
    segment.coords.forEach((coord, i) => {
      const v = segment.vertices[i]!;
      steps.push({ coord, node: isNode[v] ? vertexNode(v) : undefined });
      while (next < inserted.length && inserted[next]!.index === i) {
        const placement = inserted[next]!;
        const node = addNode(placement.point[0], placement.point[1]);
        placeAt(placement.code, node);
        steps.push({ coord: placement.point, node });
        next += 1;
      }
    });
    const kmAt = kmAlong(segment, anchors.get(s) ?? []);
    let start = 0;
    let startDistance = 0;
    let distance = 0;
    for (let i = 1; i < steps.length; i += 1) {
      distance += segment.ruler.distance(steps[i - 1]!.coord, steps[i]!.coord);
      if (steps[i]!.node === undefined) continue;
      const piece = steps.slice(start, i + 1).map((step) => step.coord);
      const { kx, ky } = segment.ruler;
      const simplified = simplify(
        piece.map(([lon, lat]) => ({ x: lon * kx, y: lat * ky })),
        SIMPLIFY_METRES,
        true,
      );
      const interior: number[] = [];
      for (const { x, y } of simplified.slice(1, -1)) interior.push(round5(x / kx), round5(y / ky));
      const from = steps[start]!.node!;
      const to = steps[i]!.node!;
      if (from !== to || distance - startDistance > 1) {
        edges.push([
          from,
          to,
          segment.line,
          kmAt(startDistance),
          kmAt(distance),
          Math.round((distance - startDistance) * 10) / 10,
          interior,
        ]);
      }
      start = i;
      startDistance = distance;
    }
  });
  for (const [a, b, length] of joints) {
    edges.push([vertexNode(a), vertexNode(b), 0, 0, 0, Math.round(length * 10) / 10, []]);
  }

  const points: CompactPoint[] = [...pointNodes.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, set]) => {
      const { name, kind } = names.get(code)!;
      return [code, name, kind, [...set].sort((a, b) => a - b)];
    });
  const unplaced = [...names.keys()].filter((code) => !pointNodes.has(code)).sort();
  const network: CompactNetwork = { format: 1, nodes, edges, points };
  const stats: BuildStats = {
    segments: segments.length,
    droppedSegments: dropped,
    nodes: nodes.length / 2,
    edges: edges.length,
    joints: joints.length,
    points: points.length,
    unplaced,
  };
  return { network, stats };
}
