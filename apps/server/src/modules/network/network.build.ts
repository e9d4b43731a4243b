import CheapRuler from 'cheap-ruler';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import simplify from 'simplify-js';

/**
 * Builds the app's compact rail network from DB Netz's Geo-Streckennetz and Geo-Betriebsstellen (issue 29,
 * docs/decisions/0049): a routing graph whose nodes are where lines meet, where a loose line end was joined to a
 * neighbouring line (≤ 50 m) and where an operating point lies; whose edges carry the line number, the km at both
 * ends and the length measured on the full geometry; with each edge's geometry simplified (≈ 50 m). Pure: files in,
 * data out — the import tool stores it, the server routes on it.
 */

/** How far a loose line end may lie from another line to be joined to it, and a point from the tracks to be snapped. */
export const JOIN_METRES = 50;
/** The simplification's tolerance. */
export const SIMPLIFY_METRES = 50;
/** A point placed by line and km further than this from its own coordinates is placed by its coordinates instead. */
const KM_PLACEMENT_TRUST_METRES = 1000;

/** One segment of the Geo-Streckennetz (a GeoJSON feature). */
export interface LineFeature {
  properties: { strecke_nr: number; richtung: string | number; von_km_i: number; bis_km_i: number };
  geometry: { type: string; coordinates: number[][] };
}

/** One row of the Geo-Betriebsstellen. */
export interface PointRow {
  STRECKE_NR: number;
  KM_I: number | null;
  BEZEICHNUNG: string;
  STELLE_ART: string;
  KUERZEL: string;
  GEOGR_BREITE: number | null;
  GEOGR_LAENGE: number | null;
}

/** `[from node, to node, line (0 for a joint between loose ends), from km, to km, length in m, interior lon/lat flat]` */
export type CompactEdge = [number, number, number, number, number, number, number[]];
/** `[DS100 code, name, kind (Bf, Hp, Abzw, …), nodes the point lies at]` */
export type CompactPoint = [string, string, string, number[]];

export interface CompactNetwork {
  format: 1;
  /** Node coordinates, flat: lon, lat, lon, lat, … (5 decimals). */
  nodes: number[];
  edges: CompactEdge[];
  /** The operating points placed on the network, by code. */
  points: CompactPoint[];
}

export interface BuildStats {
  segments: number;
  droppedSegments: number;
  nodes: number;
  edges: number;
  joints: number;
  points: number;
  /** Codes of operating points that could not be placed (reported by the import, never guessed). */
  unplaced: string[];
}

/** `von_km_i`/`KM_I` as km: v = km_i − 100000000, km = floor(v / 1000) / 100 + (v mod 1000) / 1000. */
export function decodeKm(encoded: number): number {
  const v = encoded - 100_000_000;
  const metres = ((v % 1000) + 1000) % 1000;
  return Math.round((Math.floor(v / 1000) / 100 + metres / 1000) * 1000) / 1000;
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

type Coord = [number, number];

interface Segment {
  line: number;
  fromKm: number;
  toKm: number;
  coords: Coord[];
  /** Vertex ids of `coords`. */
  vertices: number[];
  ruler: CheapRuler;
  length: number;
}

interface Placement {
  code: string;
  segment: number;
  /** Index of the vertex before the point, and the fraction towards the next one. */
  index: number;
  t: number;
  point: Coord;
  /** DB's own km of the point on `line` (`KM_I`). */
  km?: number;
  line?: number;
}

/** A km known at a distance along a segment: its ends' (the line file's) and its operating points' (`KM_I`). */
interface Anchor {
  at: number;
  km: number;
  /** An operating point's km outweighs a segment end's where the two files disagree. */
  weight: number;
}

/**
 * The km along a segment, anchored on DB's own km of the operating points on it: linear between anchors, so that a
 * point's km on its line is the point file's `KM_I`. Where the two files disagree (a line drawn from km 0.513 whose
 * first station lies at km 0 of the point file), the km must still run one way along the segment: the anchors kept
 * are the heaviest chain that does (points count twice, ends once); beyond the first or last anchor kept, km runs on
 * at one km per km of track.
 */
function kmAlong(segment: Segment, points: readonly Anchor[]): (distance: number) => number {
  const ends: Anchor[] = [
    { at: 0, km: segment.fromKm, weight: 1 },
    { at: segment.length, km: segment.toKm, weight: 1 },
  ];
  const anchors = [...ends, ...points].sort((a, b) => a.at - b.at || b.weight - a.weight);
  const direction = segment.toKm >= segment.fromKm ? 1 : -1;
  // Heaviest chain whose km run in the segment's direction (a few anchors per segment: quadratic is fine).
  const best = anchors.map((anchor) => anchor.weight);
  const previous = anchors.map(() => -1);
  for (let i = 1; i < anchors.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const step = (anchors[i]!.km - anchors[j]!.km) * direction;
      if (step < 0 || (step === 0 && anchors[i]!.at > anchors[j]!.at + 1)) continue;
      if (best[j]! + anchors[i]!.weight > best[i]!) {
        best[i] = best[j]! + anchors[i]!.weight;
        previous[i] = j;
      }
    }
  }
  let last = 0;
  for (let i = 1; i < anchors.length; i += 1) if (best[i]! > best[last]!) last = i;
  const kept: Anchor[] = [];
  for (let i = last; i >= 0; i = previous[i]!) kept.unshift(anchors[i]!);
  return (distance) => {
    let km: number;
    const first = kept[0]!;
    const end = kept.at(-1)!;
    if (distance <= first.at) km = first.km - (direction * (first.at - distance)) / 1000;
    else if (distance >= end.at) km = end.km + (direction * (distance - end.at)) / 1000;
    else {
      let k = 1;
      while (kept[k]!.at < distance) k += 1;
      const a = kept[k - 1]!;
      const b = kept[k]!;
      km = b.at > a.at ? a.km + ((b.km - a.km) * (distance - a.at)) / (b.at - a.at) : a.km;
    }
    return Math.round(km * 1000) / 1000;
  };
}

/**
 * Where DB's file splits a stretch into pieces, every piece carries the whole stretch's km range (`von_km_i`,
 * `bis_km_i`, even `laenge`): 735 stretches in 1,725 pieces in the 2017 data, e.g. line 4010 km 29.280–56.000 in two.
 * Interpolated as if each piece covered the whole range, a point on the second piece got km from the first's range
 * (FSTR at 31.653 instead of 42.739, up to 101.5 km off on line 2690). The pieces of a stretch follow each other in
 * the file, from its start to its end (all but one of them touch end to start; 6269 km 4.720–6.600 has a 200 m gap):
 * each piece gets its own part of the range, in proportion to its length. Pieces are the segments of one line with
 * the same range, in file order.
 */
function spreadSplitStretches(segments: Segment[]) {
  const stretches = new Map<string, Segment[]>();
  for (const segment of segments) {
    const key = `${segment.line}|${segment.fromKm}|${segment.toKm}`;
    const pieces = stretches.get(key);
    if (pieces) pieces.push(segment);
    else stretches.set(key, [segment]);
  }
  for (const pieces of stretches.values()) {
    if (pieces.length < 2) continue;
    const { fromKm, toKm } = pieces[0]!;
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const kmAfter = (metres: number) =>
      Math.round((fromKm + (total > 0 ? ((toKm - fromKm) * metres) / total : 0)) * 1000) / 1000;
    let done = 0;
    for (const piece of pieces) {
      piece.fromKm = kmAfter(done);
      done += piece.length;
      piece.toKm = kmAfter(done);
    }
    pieces.at(-1)!.toKm = toKm;
  }
}

export function buildNetwork(features: readonly LineFeature[], rows: readonly PointRow[]) {
  // Segments: the second, separately drawn direction (`richtung` 2) duplicates its line and is dropped.
  const segments: Segment[] = [];
  let dropped = 0;
  for (const feature of features) {
    const { properties: p, geometry } = feature;
    if (String(p.richtung) === '2' || geometry?.type !== 'LineString' || typeof p.strecke_nr !== 'number') {
      dropped += 1;
      continue;
    }
    const coords: Coord[] = [];
    for (const [lon, lat] of geometry.coordinates) {
      if (typeof lon !== 'number' || typeof lat !== 'number') continue;
      const last = coords.at(-1);
      if (!last || last[0] !== lon || last[1] !== lat) coords.push([lon, lat]);
    }
    if (coords.length < 2) {
      dropped += 1;
      continue;
    }
    const ruler = new CheapRuler(coords[0]![1], 'meters');
    segments.push({
      line: p.strecke_nr,
      fromKm: decodeKm(p.von_km_i),
      toKm: decodeKm(p.bis_km_i),
      coords,
      vertices: [],
      ruler,
      length: ruler.lineDistance(coords),
    });
  }
  spreadSplitStretches(segments);

  // Vertices: one per distinct position (0.1 m); a vertex used by two segments (or twice) is where lines meet.
  const vertexIds = new Map<string, number>();
  const vLon: number[] = [];
  const vLat: number[] = [];
  const vSegment: number[] = [];
  const vUses: number[] = [];
  segments.forEach((segment, s) => {
    for (const [lon, lat] of segment.coords) {
      const key = `${Math.round(lon * 1e6)},${Math.round(lat * 1e6)}`;
      let id = vertexIds.get(key);
      if (id === undefined) {
        id = vLon.length;
        vertexIds.set(key, id);
        vLon.push(lon);
        vLat.push(lat);
        vSegment.push(s);
        vUses.push(0);
      }
      vUses[id]! += 1;
      segment.vertices.push(id);
    }
  });
  const isNode = new Uint8Array(vLon.length);
  for (const segment of segments) {
    isNode[segment.vertices[0]!] = 1;
    isNode[segment.vertices.at(-1)!] = 1;
  }
  for (let v = 0; v < vUses.length; v += 1) if (vUses[v]! > 1) isNode[v] = 1;

  const index = new KDBush(vLon.length);
  for (let v = 0; v < vLon.length; v += 1) index.add(vLon[v]!, vLat[v]!);
  index.finish();

  // Loose ends: a segment end no other segment touches is joined to the nearest vertex of another segment ≤ 50 m.
  const joints = new Map<string, [number, number, number]>();
  segments.forEach((segment, s) => {
    for (const end of [segment.vertices[0]!, segment.vertices.at(-1)!]) {
      if (vUses[end] !== 1) continue;
      const [target] = around(
        index,
        vLon[end]!,
        vLat[end]!,
        1,
        JOIN_METRES / 1000,
        (v) => v !== end && (vSegment[v] !== s || vUses[v]! > 1),
      );
      if (target === undefined) continue;
      const key = end < target ? `${end}-${target}` : `${target}-${end}`;
      if (joints.has(key)) continue;
      isNode[target] = 1;
      joints.set(key, [end, target, segment.ruler.distance([vLon[end]!, vLat[end]!], [vLon[target]!, vLat[target]!])]);
    }
  });

  // Operating points: by line and km on that line's segments, checked against the point's coordinates; by the
  // coordinates (≤ 50 m from the tracks, its own line's where they pass that near) where the line or km does not
  // fit. The km of the edges are anchored on the points' own km (`kmAlong`).
  const byLine = new Map<number, number[]>();
  segments.forEach((segment, s) => {
    const list = byLine.get(segment.line);
    if (list) list.push(s);
    else byLine.set(segment.line, [s]);
  });
  const locate = (s: number, point: Coord): Placement & { distance: number } => {
    const segment = segments[s]!;
    const on = segment.ruler.pointOnLine(segment.coords, point);
    return {
      code: '',
      segment: s,
      index: on.index,
      t: on.t,
      point: on.point,
      distance: segment.ruler.distance(on.point, point),
    };
  };
  const placeByKm = (row: PointRow, km: number, coord: Coord | undefined) => {
    let best: (Placement & { distance: number }) | undefined;
    for (const s of byLine.get(row.STRECKE_NR) ?? []) {
      const segment = segments[s]!;
      const low = Math.min(segment.fromKm, segment.toKm);
      const high = Math.max(segment.fromKm, segment.toKm);
      if (km < low - 0.001 || km > high + 0.001) continue;
      const fraction = segment.toKm === segment.fromKm ? 0 : (km - segment.fromKm) / (segment.toKm - segment.fromKm);
      const along = segment.ruler.along(segment.coords, Math.min(1, Math.max(0, fraction)) * segment.length);
      const placed = locate(s, along);
      placed.distance = coord ? segment.ruler.distance(along, coord) : 0;
      if (!best || placed.distance < best.distance) best = placed;
    }
    return best && best.distance <= KM_PLACEMENT_TRUST_METRES ? best : undefined;
  };
  const placeByCoordinates = (row: PointRow, coord: Coord) => {
    const near = around(index, coord[0], coord[1], 24, 2);
    const candidates = new Set(near.map((v) => vSegment[v]!));
    for (const s of byLine.get(row.STRECKE_NR) ?? []) candidates.add(s);
    let best: (Placement & { distance: number }) | undefined;
    let own: (Placement & { distance: number }) | undefined;
    for (const s of candidates) {
      const placed = locate(s, coord);
      if (!best || placed.distance < best.distance) best = placed;
      if (segments[s]!.line === row.STRECKE_NR && (!own || placed.distance < own.distance)) own = placed;
    }
    // The row names a point on its line: on that line's tracks where they pass within 50 m, so that its km is
    // anchored there (a station's throat where another line's track lies nearer otherwise takes it).
    if (own && own.distance <= JOIN_METRES) return own;
    return best && best.distance <= JOIN_METRES ? best : undefined;
  };

  const names = new Map<string, { name: string; kind: string }>();
  const placements: Placement[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const code = typeof row.KUERZEL === 'string' ? row.KUERZEL.trim().toUpperCase() : '';
    if (!code) continue;
    if (!names.has(code)) names.set(code, { name: String(row.BEZEICHNUNG ?? code).trim(), kind: row.STELLE_ART ?? '' });
    const key = `${code}|${row.STRECKE_NR}|${row.KM_I}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const coord: Coord | undefined =
      typeof row.GEOGR_LAENGE === 'number' && typeof row.GEOGR_BREITE === 'number'
        ? [row.GEOGR_LAENGE, row.GEOGR_BREITE]
        : undefined;
    const placed =
      (typeof row.KM_I === 'number' ? placeByKm(row, decodeKm(row.KM_I), coord) : undefined) ??
      (coord ? placeByCoordinates(row, coord) : undefined);
    if (!placed) continue;
    placements.push({
      ...placed,
      code,
      ...(typeof row.KM_I === 'number' ? { km: decodeKm(row.KM_I), line: row.STRECKE_NR } : {}),
    });
  }

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
  for (const [a, b, length] of joints.values()) {
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
    joints: joints.size,
    points: points.length,
    unplaced,
  };
  return { network, stats };
}
