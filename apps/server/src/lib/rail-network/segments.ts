import CheapRuler from 'cheap-ruler';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { decodeKm, type LineFeature } from './network-format.js';

/*
 * The first steps of the network's build (build.ts): the Geo-Streckennetz's segments, their vertices (where lines
 * meet) and the joints of loose line ends.
 */

/** How far a loose line end may lie from another line to be joined to it, and a point from the tracks to be snapped. */
export const JOIN_METRES = 50;

export type Coord = [number, number];

export interface Segment {
  line: number;
  fromKm: number;
  toKm: number;
  coords: Coord[];
  /** Vertex ids of `coords`. */
  vertices: number[];
  ruler: CheapRuler;
  length: number;
}

/** The segments' vertices: one per distinct position, with the segment that first used it and how often it is used. */
export interface Vertices {
  lon: number[];
  lat: number[];
  segment: number[];
  uses: number[];
  /** 1 where a vertex becomes a node of the graph (segment ends, crossings, joints, operating points). */
  isNode: Uint8Array;
  /** The vertices' positions, for the nearest-neighbour searches. */
  index: KDBush;
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

/** The segments of the line file: the second, separately drawn direction (`richtung` 2) duplicates its line and is dropped. */
export function readSegments(features: readonly LineFeature[]): { segments: Segment[]; dropped: number } {
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
  return { segments, dropped };
}

/** Vertices: one per distinct position (0.1 m); a vertex used by two segments (or twice) is where lines meet. */
export function indexVertices(segments: Segment[]): Vertices {
  const ids = new Map<string, number>();
  const lon: number[] = [];
  const lat: number[] = [];
  const segment: number[] = [];
  const uses: number[] = [];
  segments.forEach((each, s) => {
    for (const [x, y] of each.coords) {
      const key = `${Math.round(x * 1e6)},${Math.round(y * 1e6)}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = lon.length;
        ids.set(key, id);
        lon.push(x);
        lat.push(y);
        segment.push(s);
        uses.push(0);
      }
      uses[id]! += 1;
      each.vertices.push(id);
    }
  });
  const isNode = new Uint8Array(lon.length);
  for (const each of segments) {
    isNode[each.vertices[0]!] = 1;
    isNode[each.vertices.at(-1)!] = 1;
  }
  for (let v = 0; v < uses.length; v += 1) if (uses[v]! > 1) isNode[v] = 1;

  const index = new KDBush(lon.length);
  for (let v = 0; v < lon.length; v += 1) index.add(lon[v]!, lat[v]!);
  index.finish();
  return { lon, lat, segment, uses, isNode, index };
}

/**
 * Loose ends: a segment end no other segment touches is joined to the nearest vertex of another segment ≤ 50 m (that
 * vertex becomes a node). Answers the joints as `[end, target, metres]`.
 */
export function joinLooseEnds(segments: readonly Segment[], vertices: Vertices): [number, number, number][] {
  const { lon, lat, uses, isNode, index } = vertices;
  const joints = new Map<string, [number, number, number]>();
  segments.forEach((segment, s) => {
    for (const end of [segment.vertices[0]!, segment.vertices.at(-1)!]) {
      if (uses[end] !== 1) continue;
      const [target] = around(
        index,
        lon[end]!,
        lat[end]!,
        1,
        JOIN_METRES / 1000,
        (v) => v !== end && (vertices.segment[v] !== s || uses[v]! > 1),
      );
      if (target === undefined) continue;
      const key = end < target ? `${end}-${target}` : `${target}-${end}`;
      if (joints.has(key)) continue;
      isNode[target] = 1;
      joints.set(key, [end, target, segment.ruler.distance([lon[end]!, lat[end]!], [lon[target]!, lat[target]!])]);
    }
  });
  return [...joints.values()];
}
