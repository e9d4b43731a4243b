import type { KnowledgeStatus } from '@streckenpass/contract/status';
import type { MapPlace, MapStation, MapView } from './map-layout';
import type { TrackNetwork } from './track-network';
import { STATUS_ORDER, type TrackScene } from './track-scene';

/** The colours the map draws with, read from CSS (light and dark scheme), in this order. */
export const PALETTE = [
  'land',
  'coast',
  'network',
  'valid',
  'soon',
  'expired',
  'unrecorded',
  'text',
  'halo',
  'point',
] as const;
export type Palette = Record<(typeof PALETTE)[number], string>;

/** Dash patterns in CSS pixels, as the legend's (knowledge-map.module.css). */
const DASH: Record<KnowledgeStatus, number[]> = {
  valid: [],
  soon: [10, 5],
  expired: [2, 5],
  unrecorded: [12, 4, 2, 4],
};
/** CSS pixels per drawing unit (≈ 1.1 km) from which the operating points are drawn and named. */
const POINT_SCALE = 8;
/** … and the user's stations named (or when at most FEW_STATIONS are in view). */
const STATION_LABEL_SCALE = 2;
const FEW_STATIONS = 12;

type Box = [number, number, number, number];

/**
 * Draws the map onto `canvas` at `view` (in CSS pixels; `scale` CSS pixels per drawing unit at zoom 1): the land, the
 * network, the tracks by state, then in screen units the user's stations (named when close or few) and at close zoom
 * the operating points, names never overlapping. Returns how many operating points were named.
 */
export function drawTrackMap(
  canvas: HTMLCanvasElement,
  ctx: CanvasRenderingContext2D,
  input: {
    scene: TrackScene;
    network: TrackNetwork;
    stations: readonly MapStation[];
    /** Places (issue 41 item 4): a ring each around its station, in its state's colour and pattern. */
    places: readonly MapPlace[];
    selected: string | null;
    colours: Palette;
    view: MapView;
    scale: number;
  },
): number {
  const { scene, network, colours, selected } = input;
  const dpr = window.devicePixelRatio || 1;
  const cssWidth = canvas.clientWidth;
  const cssHeight = canvas.clientHeight;
  if (canvas.width !== Math.round(cssWidth * dpr) || canvas.height !== Math.round(cssHeight * dpr)) {
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
  }
  const { k, x, y } = input.view;
  const unit = input.scale * k; // CSS pixels per drawing unit
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, cssWidth, cssHeight);
  ctx.setTransform(dpr * unit, 0, 0, dpr * unit, dpr * x, dpr * y);
  ctx.fillStyle = colours.land;
  ctx.fill(scene.outline);
  ctx.lineJoin = 'round';
  ctx.lineWidth = 1 / unit;
  ctx.strokeStyle = colours.coast;
  ctx.stroke(scene.outline);
  ctx.strokeStyle = colours.network;
  ctx.lineWidth = (unit >= POINT_SCALE ? 1.5 : 1) / unit;
  ctx.stroke(scene.net);
  ctx.lineWidth = 3 / unit;
  for (const status of STATUS_ORDER) {
    ctx.strokeStyle = colours[status];
    ctx.lineCap = DASH[status].length > 0 && status !== 'expired' ? 'butt' : 'round';
    ctx.setLineDash(DASH[status].map((value) => value / unit));
    ctx.stroke(scene.byStatus[status]);
  }
  ctx.setLineDash([]);

  // Screen units from here: points, stations and names keep their size at any zoom.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const toScreen = (px: number, py: number) => [px * unit + x, py * unit + y] as const;
  const inView = (sx: number, sy: number) => sx >= -40 && sx <= cssWidth + 40 && sy >= -20 && sy <= cssHeight + 20;
  const taken: Box[] = [];
  const label = (text: string, sx: number, sy: number, size: number, weight: number) => {
    ctx.font = `${weight} ${size}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width;
    const box: Box = [sx - w / 2 - 2, sy - size - 8, sx + w / 2 + 2, sy - 4];
    if (taken.some((t) => box[0] < t[2] && box[2] > t[0] && box[1] < t[3] && box[3] > t[1])) return;
    taken.push(box);
    ctx.textAlign = 'center';
    ctx.lineWidth = 3;
    ctx.strokeStyle = colours.halo;
    ctx.strokeText(text, sx, sy - 7);
    ctx.fillStyle = colours.text;
    ctx.fillText(text, sx, sy - 7);
  };
  const stations = input.stations
    .map((entry) => ({ entry, at: toScreen(entry.x, entry.y) }))
    .filter(({ at }) => inView(at[0], at[1]));
  const nameStations = unit >= STATION_LABEL_SCALE || stations.length <= FEW_STATIONS;
  ctx.lineWidth = 4;
  for (const place of input.places) {
    const [sx, sy] = toScreen(place.x, place.y);
    if (!inView(sx, sy)) continue;
    ctx.beginPath();
    ctx.arc(sx, sy, 11, 0, 2 * Math.PI);
    ctx.strokeStyle = colours[place.route.status];
    ctx.setLineDash(DASH[place.route.status]);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  for (const { entry, at } of stations) {
    ctx.beginPath();
    ctx.arc(at[0], at[1], entry.station.code === selected ? 7 : 5, 0, 2 * Math.PI);
    ctx.fillStyle = entry.station.code === selected ? colours.valid : colours.halo;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = colours.text;
    ctx.stroke();
    if (nameStations || entry.station.code === selected) label(entry.station.name, at[0], at[1], 14, 600);
  }
  let named = 0;
  if (unit >= POINT_SCALE) {
    ctx.fillStyle = colours.point;
    const visible = network.points.filter((point) => {
      const [sx, sy] = toScreen(point.x, point.y);
      return inView(sx, sy);
    });
    for (const point of visible) {
      const [sx, sy] = toScreen(point.x, point.y);
      ctx.fillStyle = colours.point;
      ctx.fillRect(sx - 2, sy - 2, 4, 4);
    }
    // Stations and halts before junctions and sidings, where names would crowd.
    const rank = (kind: string) => (kind === 'Bf' ? 0 : kind === 'Hp' ? 1 : 2);
    visible.sort((a, b) => rank(a.kind) - rank(b.kind));
    for (const point of visible) {
      const [sx, sy] = toScreen(point.x, point.y);
      const before = taken.length;
      label(point.name, sx, sy, 12, 400);
      if (taken.length > before) named += 1;
    }
  }
  return named;
}
