import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import type { KnowledgeStatus } from '@streckenpass/contract/status';
import type { Station } from '@streckenpass/contract/stations';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import germany from './germany.json';

/** The drawing's coordinate system (the SVG viewBox); the SVG scales to the width it gets. */
export const MAP_WIDTH = 600;
export const MAP_HEIGHT = 800;
const MARGIN = 12;

/** What the map needs of a route. */
export interface MapRoute {
  id: number;
  name: string;
  status: KnowledgeStatus;
  startPoint: string;
  endPoint: string;
  startStation: Station | null;
  endStation: Station | null;
}

export interface MapLine {
  route: MapRoute;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface MapStation {
  station: Station;
  x: number;
  y: number;
  /** The routes beginning or ending here. */
  routes: MapRoute[];
}

/** A place (Ortskunde, issue 41 item 4): drawn as a ring in its state around its station, not as a line. */
export interface MapPlace {
  route: MapRoute;
  x: number;
  y: number;
}

export interface MapLayout {
  /** SVG path data of Germany's outline. */
  outline: string;
  lines: MapLine[];
  places: MapPlace[];
  stations: MapStation[];
  /** Routes of which at least one end has no station (no coordinates): listed beside the map. */
  unplaced: MapRoute[];
}

// Fixed for the fixed outline: fitted once, so that every drawing of every user uses the same projection.
const projection = geoMercator().fitExtent(
  [
    [MARGIN, MARGIN],
    [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
  ],
  germany as GeoPermissibleObjects,
);
const outline = geoPath(projection)(germany as GeoPermissibleObjects) ?? '';

const round = (value: number) => Math.round(value * 10) / 10;

/** Screen position of a station in the viewBox; unrounded for the rail network, which is drawn up to zoom 40. */
export function project(station: Pick<Station, 'lat' | 'lon'>, rounded = true): [number, number] {
  const point = projection([station.lon, station.lat]);
  if (!point) return [0, 0];
  return rounded ? [round(point[0]), round(point[1])] : [point[0], point[1]];
}

/**
 * Routes as straight lines between their stations, places as rings at theirs, the stations once each, and the routes
 * that cannot be placed.
 */
export function mapLayout(routes: readonly MapRoute[]): MapLayout {
  const lines: MapLine[] = [];
  const places: MapPlace[] = [];
  const stations = new Map<string, MapStation>();
  const unplaced: MapRoute[] = [];
  const at = (station: Station, route: MapRoute) => {
    let entry = stations.get(station.code);
    if (!entry) {
      const [x, y] = project(station);
      entry = { station, x, y, routes: [] };
      stations.set(station.code, entry);
    }
    if (!entry.routes.includes(route)) entry.routes.push(route);
    return entry;
  };
  for (const route of routes) {
    if (!route.startStation || !route.endStation) {
      unplaced.push(route);
      continue;
    }
    const start = at(route.startStation, route);
    if (isPlace(route)) {
      places.push({ route, x: start.x, y: start.y });
      continue;
    }
    const end = at(route.endStation, route);
    lines.push({ route, x1: start.x, y1: start.y, x2: end.x, y2: end.y });
  }
  return { outline, lines, places, stations: [...stations.values()], unplaced };
}

/** Distance from (x, y) to the segment of a line, in viewBox units. */
function distanceToLine(line: MapLine, x: number, y: number): number {
  const dx = line.x2 - line.x1;
  const dy = line.y2 - line.y1;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - line.x1) * dx + (y - line.y1) * dy) / length));
  return Math.hypot(x - (line.x1 + t * dx), y - (line.y1 + t * dy));
}

/**
 * What a tap at (x, y) (viewBox units) hits: the nearest station within `tolerance`, else the nearest line within
 * it, else nothing. Done in code rather than with an invisible element per line, which keeps 1,000 routes cheap.
 */
export function hitTest(
  layout: Pick<MapLayout, 'lines' | 'stations'>,
  x: number,
  y: number,
  tolerance: number,
): { station: MapStation } | { line: MapLine } | null {
  let station: MapStation | null = null;
  let best = tolerance;
  for (const entry of layout.stations) {
    const distance = Math.hypot(entry.x - x, entry.y - y);
    if (distance <= best) {
      best = distance;
      station = entry;
    }
  }
  if (station) return { station };
  let line: MapLine | null = null;
  best = tolerance;
  for (const entry of layout.lines) {
    const distance = distanceToLine(entry, x, y);
    if (distance <= best) {
      best = distance;
      line = entry;
    }
  }
  return line ? { line } : null;
}

/** The view of the drawing: scale `k` and translation (x, y), as d3-zoom's transform holds it. */
export interface MapView {
  k: number;
  x: number;
  y: number;
}

/** How far the map zooms in: a station pair 2 km apart still reads as a line. */
export const MAX_ZOOM = 40;
/** From this scale on, the stations carry their names. */
export const LABEL_ZOOM = 2.5;

/**
 * The view that shows every station of the layout with a margin, as large as fits (at most `maxZoom`); the whole
 * outline when there are none. Köln–Düsseldorf alone fills the drawing instead of being a 14-px stub on Germany.
 */
export function fitView(stations: readonly Pick<MapStation, 'x' | 'y'>[], maxZoom = 12): MapView {
  if (stations.length === 0) return { k: 1, x: 0, y: 0 };
  const xs = stations.map((s) => s.x);
  const ys = stations.map((s) => s.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // The stations take at most 70 % of either side: names and finger-sized targets fit around them.
  const k = Math.max(1, Math.min(maxZoom, (0.7 * MAP_WIDTH) / (maxX - minX), (0.7 * MAP_HEIGHT) / (maxY - minY)));
  const centre = [(minX + maxX) / 2, (minY + maxY) / 2] as const;
  // Centred on the stations, but never showing beyond the drawing's edges.
  const clamp = (value: number, size: number) => Math.min(0, Math.max(size - size * k, value));
  return {
    k,
    x: clamp(MAP_WIDTH / 2 - centre[0] * k, MAP_WIDTH),
    y: clamp(MAP_HEIGHT / 2 - centre[1] * k, MAP_HEIGHT),
  };
}

/**
 * Where a point of the drawing (`x`, `y`, in the drawing's units) lies on the zoomed surface at `view` (`unit`: the
 * surface's units per drawing unit – 1 for the SVG map, CSS pixels for the canvas): the point a zoom button zooms
 * about, so that what the driver looks at stays in view (issue 40: "+" zoomed on the middle and the routes left).
 */
export function pointOnSurface(view: MapView, x: number, y: number, unit = 1): [number, number] {
  return [x * unit * view.k + view.x, y * unit * view.k + view.y];
}

/** The drawing's point in the middle of `view` on a surface `width` × `height` (the fitted view: the routes' middle). */
export function middleOf(view: MapView, width: number, height: number, unit = 1): { x: number; y: number } {
  return { x: (width / 2 - view.x) / view.k / unit, y: (height / 2 - view.y) / view.k / unit };
}

/**
 * The view with the drawing's point (`x`, `y`) in the middle of a surface `width` × `height`, at zoom `k` ("Ort wählen"
 * moves the map to the chosen station).
 */
export function viewCentredOn(x: number, y: number, k: number, width: number, height: number, unit = 1): MapView {
  return { k, x: width / 2 - x * unit * k, y: height / 2 - y * unit * k };
}
