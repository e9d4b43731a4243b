import { around } from 'geokdbush';
import { decodeKm, type PointRow } from './network-format.js';
import { JOIN_METRES, type Coord, type Segment, type Vertices } from './segments.js';

/** A point placed by line and km further than this from its own coordinates is placed by its coordinates instead. */
const KM_PLACEMENT_TRUST_METRES = 1000;

/** Where an operating point lies on a segment. */
export interface Placement {
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

type Located = Placement & { distance: number };

/**
 * Operating points: by line and km on that line's segments, checked against the point's coordinates; by the
 * coordinates (≤ 50 m from the tracks, its own line's where they pass that near) where the line or km does not fit.
 * Answers each code's name and kind (placed or not) and the placements (a code may lie on several lines).
 */
export function placePoints(
  rows: readonly PointRow[],
  segments: readonly Segment[],
  vertices: Vertices,
  byLine: ReadonlyMap<number, number[]>,
): { names: Map<string, { name: string; kind: string }>; placements: Placement[] } {
  const locate = (s: number, point: Coord): Located => {
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
    let best: Located | undefined;
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
    const near = around(vertices.index, coord[0], coord[1], 24, 2);
    const candidates = new Set(near.map((v) => vertices.segment[v]!));
    for (const s of byLine.get(row.STRECKE_NR) ?? []) candidates.add(s);
    let best: Located | undefined;
    let own: Located | undefined;
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
  return { names, placements };
}
