import type { NetworkGeometry } from '@streckenpass/contract/network';
import { project } from './map-layout';

/**
 * The rail network as the map draws it (issue 29 item 4, docs/decisions/0052): the server's compact geometry decoded
 * once and projected into the drawing's units (the viewBox of map-layout.ts, the same Mercator projection as
 * Germany's outline). A route's line sections are traced along it in track-trace.ts.
 */

export interface TrackEdge {
  from: number;
  to: number;
  /** Line number; 0 for a joint between loose line ends. */
  line: number;
  fromKm: number;
  toKm: number;
  /** The edge's polyline in drawing units, x, y, x, y, … from its from node to its to node. */
  xy: Float32Array;
  /** Length along the polyline at each of its vertices (0 at the from node), in drawing units. */
  along: Float32Array;
}

/** A polyline in drawing units, x, y, x, y, … (an edge's own array where a section takes the whole edge). */
export type Polyline = ArrayLike<number>;

export interface TrackPoint {
  code: string;
  name: string;
  kind: string;
  x: number;
  y: number;
}

export interface TrackNetwork {
  version: string;
  attribution: string;
  nodeX: Float32Array;
  nodeY: Float32Array;
  edges: TrackEdge[];
  /** Edge indices per line number. */
  edgesByLine: Map<number, number[]>;
  points: TrackPoint[];
  /** Every vertex of the network, for a quick count (and the draw's Path2D). */
  vertices: number;
}

/** Decodes and projects the geometry answer (~50,000 vertices for DB Netz's network: a few ms). */
export function decodeNetwork(geometry: NetworkGeometry): TrackNetwork {
  const count = geometry.nodes.length / 2;
  const nodeX = new Float32Array(count);
  const nodeY = new Float32Array(count);
  const lonLat = new Float64Array(geometry.nodes.length);
  let lon = 0;
  let lat = 0;
  for (let i = 0; i < count; i += 1) {
    lon += geometry.nodes[2 * i]!;
    lat += geometry.nodes[2 * i + 1]!;
    lonLat[2 * i] = lon;
    lonLat[2 * i + 1] = lat;
    const [x, y] = project({ lon: lon / 1e5, lat: lat / 1e5 }, false);
    nodeX[i] = x;
    nodeY[i] = y;
  }
  // All edges' vertices and lengths in one buffer each, every edge a view of its part: 27,000 edges with two buffers
  // of their own were 54,000 small ArrayBuffers, which the young-generation collections that fall into the page's
  // first draw had to copy and promote (with them, that draw took about twice as long).
  let floats = 0;
  for (const interior of geometry.interior) floats += interior.length + 4;
  const xyBuffer = new Float32Array(floats);
  const alongBuffer = new Float32Array(floats / 2);
  let offset = 0;
  const edges: TrackEdge[] = [];
  const edgesByLine = new Map<number, number[]>();
  let vertices = count;
  let to = 0;
  let line = 0;
  geometry.from.forEach((delta, i) => {
    const from = to + delta;
    to = from + geometry.to[i]!;
    line += geometry.line[i]!;
    const interior = geometry.interior[i]!;
    const xy = xyBuffer.subarray(offset, offset + interior.length + 4);
    const along = alongBuffer.subarray(offset / 2, (offset + xy.length) / 2);
    offset += xy.length;
    xy[0] = nodeX[from]!;
    xy[1] = nodeY[from]!;
    let x = lonLat[2 * from]!;
    let y = lonLat[2 * from + 1]!;
    for (let j = 0; j < interior.length; j += 2) {
      x += interior[j]!;
      y += interior[j + 1]!;
      const [px, py] = project({ lon: x / 1e5, lat: y / 1e5 }, false);
      xy[j + 2] = px;
      xy[j + 3] = py;
    }
    xy[interior.length + 2] = nodeX[to]!;
    xy[interior.length + 3] = nodeY[to]!;
    vertices += interior.length / 2;
    for (let j = 1; j < along.length; j += 1) {
      along[j] = along[j - 1]! + Math.hypot(xy[2 * j]! - xy[2 * j - 2]!, xy[2 * j + 1]! - xy[2 * j - 1]!);
    }
    const fromKm = geometry.fromKm[i]! / 1000;
    edges.push({ from, to, line, fromKm, toKm: fromKm + geometry.toKm[i]! / 1000, xy, along });
    const list = edgesByLine.get(line);
    if (list) list.push(i);
    else edgesByLine.set(line, [i]);
  });
  const points = geometry.points.map(([code, name, kind, node]) => ({
    code,
    name,
    kind,
    x: nodeX[node]!,
    y: nodeY[node]!,
  }));
  return {
    version: geometry.version,
    attribution: geometry.attribution,
    nodeX,
    nodeY,
    edges,
    edgesByLine,
    points,
    vertices,
  };
}

/** Distance from (x, y) to the nearest segment of a polyline, in drawing units. */
export function distanceToPolyline(xy: ArrayLike<number>, x: number, y: number): number {
  let best = Infinity;
  for (let i = 2; i < xy.length; i += 2) {
    const x1 = xy[i - 2]!;
    const y1 = xy[i - 1]!;
    const dx = xy[i]! - x1;
    const dy = xy[i + 1]! - y1;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / length));
    best = Math.min(best, Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)));
  }
  return best;
}
