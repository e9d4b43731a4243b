import { Loader, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import type { LineSection } from '@streckenpass/contract/network';
import type { KnowledgeStatus } from '@streckenpass/contract/status';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { networkGeometryQueryOptions, pathSectionsQueryOptions } from '../api/network';
import { fitView, mapLayout, MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM, type MapRoute, type MapView } from '../map-layout';
import { decodeNetwork, distanceToPolyline, traceSections, type Polyline, type TrackNetwork } from '../track-network';
import { MapZoomButtons, StationPicker } from './map-parts';
import classes from './track-map.module.css';

/** The User Timing names the e2e test reads (docs/quality.md, "Karte entlang der Gleise"). */
export const TRACK_DRAW_MARK = 'track-map-draw-start';
/** From the routes' sections to the first frame drawn: tracing, building the paths, drawing. */
export const TRACK_DRAW_MEASURE = 'track-map-draw';
/** One frame while panning or zooming: the drawn bitmap moved (a CSS transform), nothing drawn. */
export const TRACK_FRAME_MEASURE = 'track-map-frame';
/** A full draw at the view a gesture ended (or paused) at. */
export const TRACK_REDRAW_MEASURE = 'track-map-redraw';
/** A gesture that rests this long is drawn in full at its view, as at its end. */
const PAUSE_MS = 200;

/** What the map draws of a route: its sections, stored with the route (decision 0051) or found for its stations. */
export interface TrackRoute extends MapRoute {
  sections?: readonly LineSection[] | null;
}

const STATUS_ORDER: KnowledgeStatus[] = ['valid', 'soon', 'expired', 'unrecorded'];
/** Dash patterns in CSS pixels, as the legend's (knowledge-map.module.css). */
const DASH: Record<KnowledgeStatus, number[]> = {
  valid: [],
  soon: [10, 5],
  expired: [2, 5],
  unrecorded: [12, 4, 2, 4],
};
const TAP_RADIUS_PX = 22;
/** CSS pixels per drawing unit (≈ 1.1 km) from which the operating points are drawn and named. */
const POINT_SCALE = 8;
/** … and the user's stations named (or when at most FEW_STATIONS are in view). */
const STATION_LABEL_SCALE = 2;
const FEW_STATIONS = 12;
const PALETTE = [
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
type Palette = Record<(typeof PALETTE)[number], string>;

export function trackMapLabel(routes: number, points: number): string {
  return `Karte Deutschlands mit ${routes} ${routes === 1 ? 'Strecke' : 'Strecken'} entlang der Gleise und ${points} Betriebsstellen`;
}

interface RouteTrack {
  route: TrackRoute;
  polylines: Polyline[];
  /** Drawn straight between its stations: no sections, or none that the network knows. */
  straight: boolean;
}

/** Whether a touch gesture is the map's (two fingers) or the page's (one finger scrolls), as on the map without tracks. */
function isMapGesture(event: Event): boolean {
  if (event.type === 'touchstart') return (event as TouchEvent).touches.length > 1;
  return !(event as MouseEvent).button;
}

/**
 * The user's routes along the tracks (issue 29 item 4, docs/decisions/0052): DB Netz's network drawn faintly on a
 * canvas, each route along its path in its state's colour and dash pattern, zoom and pan with d3-zoom (wheel, drag,
 * two-finger pinch, the buttons), the operating points named at close zoom, a tap on a route opens it, a tap on a
 * station lists its routes. The view lives in a ref, without a React render. During a gesture (drag, pinch, wheel)
 * the canvas is not drawn: its bitmap is moved and scaled by a CSS transform, at most once per animation frame, as
 * map libraries move their tiles; it is drawn in full when the gesture ends or rests (decision 0052). Panning so
 * costs the compositor a layer's move per frame, not a draw of 46,000 vertices (which a phone's CPU cannot keep at
 * 20 frames a second).
 */
export default function TrackMap({
  routes,
  version,
  onOpenRoute,
}: {
  routes: readonly TrackRoute[];
  version: string;
  onOpenRoute: (id: number) => void;
}) {
  const geometry = useQuery(networkGeometryQueryOptions(version));
  const network = useMemo<TrackNetwork | null>(
    () => (geometry.data ? decodeNetwork(geometry.data) : null),
    [geometry.data],
  );

  // Routes without a stored path: the shortest path between their stations, once per pair.
  const pairs = useMemo(() => {
    const keys = new Set<string>();
    for (const route of routes) {
      if (!route.sections && route.startStation && route.endStation) {
        keys.add(`${route.startStation.code}\u0000${route.endStation.code}`);
      }
    }
    return [...keys].map((key) => key.split('\u0000') as [string, string]);
  }, [routes]);
  // Stable, so that TanStack Query keeps the combined answer while the queries' answers stay the same.
  const combine = useCallback(
    (results: { data?: { sections: LineSection[] }; isError: boolean; isPending: boolean }[]) => {
      const found = new Map<string, readonly LineSection[] | null>();
      results.forEach((result, i) => {
        const [from, to] = pairs[i]!;
        if (result.data) found.set(`${from}\u0000${to}`, result.data.sections);
        else if (result.isError) found.set(`${from}\u0000${to}`, null);
      });
      return { found, pending: results.some((result) => result.isPending) };
    },
    [pairs],
  );
  const paths = useQueries({
    queries: pairs.map(([from, to]) => ({ ...pathSectionsQueryOptions(version, from, to), retry: false })),
    combine,
  });

  const layout = useMemo(() => mapLayout(routes), [routes]);
  const tracks = useMemo<RouteTrack[] | null>(() => {
    if (!network || paths.pending) return null;
    performance.mark(TRACK_DRAW_MARK);
    const result: RouteTrack[] = [];
    const at = new Map(layout.stations.map((entry) => [entry.station.code, [entry.x, entry.y] as const]));
    for (const route of routes) {
      const start = route.startStation ? at.get(route.startStation.code) : undefined;
      const end = route.endStation ? at.get(route.endStation.code) : undefined;
      const sections =
        route.sections ??
        (route.startStation && route.endStation
          ? paths.found.get(`${route.startStation.code}\u0000${route.endStation.code}`)
          : null);
      const polylines = sections?.length ? traceSections(network, sections, start) : [];
      if (polylines.length > 0) result.push({ route, polylines, straight: false });
      else if (start && end) result.push({ route, polylines: [[start[0], start[1], end[0], end[1]]], straight: true });
    }
    return result;
  }, [network, paths, routes, layout]);

  const size = useElementSize<HTMLCanvasElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const canvasRefs = useMergedRef(canvasRef, size.ref);
  const surfaceRef = useRef<HTMLDivElement>(null);
  /** The view the canvas's bitmap was drawn at; null before the first draw. */
  const drawnView = useRef<MapView | null>(null);
  const paletteRef = useRef<HTMLDivElement>(null);
  const view = useRef<MapView>({ k: 1, x: 0, y: 0 });
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const pending = useRef(0);
  const [selected, setSelected] = useState<string | null>(null);
  const drawRef = useRef<(measure?: string) => void>(() => {});

  // The network's drawing: once per network, not again with each new set of tracks (46,000 vertices).
  const networkPath = useMemo(() => {
    if (!network || typeof Path2D === 'undefined') return null;
    const net = new Path2D();
    for (const edge of network.edges) {
      net.moveTo(edge.xy[0]!, edge.xy[1]!);
      for (let i = 2; i < edge.xy.length; i += 2) net.lineTo(edge.xy[i]!, edge.xy[i + 1]!);
    }
    return net;
  }, [network]);

  // The routes' drawing: built once per set of tracks; drawn per frame with the view.
  const scene = useMemo(() => {
    if (!networkPath || !tracks) return null;
    const byStatus = Object.fromEntries(STATUS_ORDER.map((status) => [status, new Path2D()])) as Record<
      KnowledgeStatus,
      Path2D
    >;
    // An edge that several routes of one state take whole is the same array in each: drawn once.
    const drawn = Object.fromEntries(STATUS_ORDER.map((status) => [status, new Set<Polyline>()])) as Record<
      KnowledgeStatus,
      Set<Polyline>
    >;
    // Routes of the same path share one traced array of polylines (traceSections): each is looked at once per state
    // and once for its box, not once per route (1,000 routes of 18 paths: 172,000 polylines and 490,000 vertices).
    const paths = Object.fromEntries(STATUS_ORDER.map((status) => [status, new Set<readonly Polyline[]>()])) as Record<
      KnowledgeStatus,
      Set<readonly Polyline[]>
    >;
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
    // Boxes per track for the tap's hit test.
    const boxOf = new Map<readonly Polyline[], readonly [number, number, number, number]>();
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
    return { net: networkPath, byStatus, outline: new Path2D(layout.outline), boxes };
  }, [networkPath, tracks, layout.outline]);

  const scale = size.width / MAP_WIDTH; // CSS pixels per drawing unit at zoom 1

  // Everything the route ends and the routes' tracks cover, with a margin (fitView of map-layout, in CSS pixels).
  const fit = useMemo<MapView>(() => {
    const ends: { x: number; y: number }[] = layout.stations.map(({ x, y }) => ({ x, y }));
    for (const box of scene?.boxes ?? []) ends.push({ x: box[0], y: box[1] }, { x: box[2], y: box[3] });
    const unit = fitView(ends);
    return { k: unit.k, x: unit.x * scale, y: unit.y * scale };
  }, [layout.stations, scene, scale]);

  const draw = (measure?: string) => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !scene || !network || !tracks || scale === 0) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const cssWidth = canvas.clientWidth;
    const cssHeight = canvas.clientHeight;
    if (canvas.width !== Math.round(cssWidth * dpr) || canvas.height !== Math.round(cssHeight * dpr)) {
      canvas.width = Math.round(cssWidth * dpr);
      canvas.height = Math.round(cssHeight * dpr);
    }
    const colours = Object.fromEntries(
      [...(paletteRef.current?.querySelectorAll<HTMLElement>('[data-colour]') ?? [])].map((el) => [
        el.dataset.colour,
        getComputedStyle(el).color,
      ]),
    ) as Palette;
    const { k, x, y } = view.current;
    const unit = scale * k; // CSS pixels per drawing unit
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
    const taken: [number, number, number, number][] = [];
    const label = (text: string, sx: number, sy: number, size: number, weight: number) => {
      ctx.font = `${weight} ${size}px system-ui, sans-serif`;
      const w = ctx.measureText(text).width;
      const box: [number, number, number, number] = [sx - w / 2 - 2, sy - size - 8, sx + w / 2 + 2, sy - 4];
      if (taken.some((t) => box[0] < t[2] && box[2] > t[0] && box[1] < t[3] && box[3] > t[1])) return;
      taken.push(box);
      ctx.textAlign = 'center';
      ctx.lineWidth = 3;
      ctx.strokeStyle = colours.halo;
      ctx.strokeText(text, sx, sy - 7);
      ctx.fillStyle = colours.text;
      ctx.fillText(text, sx, sy - 7);
    };
    const stations = layout.stations
      .map((entry) => ({ entry, at: toScreen(entry.x, entry.y) }))
      .filter(({ at }) => inView(at[0], at[1]));
    const nameStations = unit >= STATION_LABEL_SCALE || stations.length <= FEW_STATIONS;
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
    canvas.dataset.zoom = k.toFixed(2);
    canvas.dataset.named = String(named);
    drawnView.current = { k, x, y };
    canvas.style.transform = '';
    if (measure) performance.measure(measure, { start: started, end: performance.now() });
  };
  drawRef.current = draw;

  /**
   * During a gesture: the bitmap drawn at `drawnView` shown at the current view (scaled by the zoom's ratio about the
   * top left corner, then moved). Set through the CSSOM, which the Content-Security-Policy allows (no inline style).
   */
  const moveBitmap = () => {
    const canvas = canvasRef.current;
    const drawn = drawnView.current;
    if (!canvas || !drawn) {
      drawRef.current(TRACK_REDRAW_MEASURE);
      return;
    }
    const started = performance.now();
    const { k, x, y } = view.current;
    const ratio = k / drawn.k;
    canvas.style.transform = `translate(${x - ratio * drawn.x}px, ${y - ratio * drawn.y}px) scale(${ratio})`;
    performance.measure(TRACK_FRAME_MEASURE, { start: started, end: performance.now() });
  };
  const moveRef = useRef(moveBitmap);
  moveRef.current = moveBitmap;

  // d3-zoom on the canvas's frame (not the canvas, which the transform moves under the pointer), in CSS pixels: each
  // change shown in the next animation frame, at most one per frame; a full draw when the gesture ends or rests.
  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || scale === 0) return;
    let frame: 'move' | 'draw' | null = null;
    let gesture = false;
    let pause = 0;
    const show = (kind: 'move' | 'draw') => {
      if (frame === 'draw') return;
      frame = kind;
      if (pending.current) return;
      pending.current = requestAnimationFrame(() => {
        pending.current = 0;
        const what = frame;
        frame = null;
        if (what === 'draw') drawRef.current(TRACK_REDRAW_MEASURE);
        else moveRef.current();
      });
    };
    const w = MAP_WIDTH * scale;
    const h = MAP_HEIGHT * scale;
    const zoomer = zoom<HTMLDivElement, unknown>()
      .extent([
        [0, 0],
        [w, h],
      ])
      .scaleExtent([1, MAX_ZOOM])
      .translateExtent([
        [0, 0],
        [w, h],
      ])
      .filter(isMapGesture)
      .on('start', () => {
        gesture = true;
      })
      .on('zoom', (event: { transform: MapView }) => {
        const { k, x, y } = event.transform;
        view.current = { k, x, y };
        show(gesture ? 'move' : 'draw');
        window.clearTimeout(pause);
        if (gesture) pause = window.setTimeout(() => show('draw'), PAUSE_MS);
      })
      .on('end', () => {
        gesture = false;
        window.clearTimeout(pause);
        show('draw');
      });
    behaviour.current = zoomer;
    select(surface).call(zoomer);
    return () => {
      select(surface).on('.zoom', null);
      window.clearTimeout(pause);
      cancelAnimationFrame(pending.current);
      pending.current = 0;
    };
  }, [scale]);

  // A new set of tracks or another width: show them all.
  useEffect(() => {
    const surface = surfaceRef.current;
    if (surface && behaviour.current) {
      select(surface).call(behaviour.current.transform, zoomIdentity.translate(fit.x, fit.y).scale(fit.k));
    }
  }, [fit]);

  // The first frame of a new set of tracks completes the draw's measure (from the sections to the pixels).
  useLayoutEffect(() => {
    drawRef.current();
    try {
      performance.measure(TRACK_DRAW_MEASURE, TRACK_DRAW_MARK);
      performance.clearMarks(TRACK_DRAW_MARK);
    } catch {
      // Not a new set of tracks: nothing to measure.
    }
  }, [scene, scale, selected]);

  const by = (factor: number) => {
    if (surfaceRef.current && behaviour.current) select(surfaceRef.current).call(behaviour.current.scaleBy, factor);
  };
  const reset = () => {
    if (surfaceRef.current && behaviour.current) {
      select(surfaceRef.current).call(behaviour.current.transform, zoomIdentity.translate(fit.x, fit.y).scale(fit.k));
    }
  };

  if (geometry.isError) {
    return (
      <Text size="sm" c="dimmed">
        Das Streckennetz konnte nicht geladen werden. Bitte später erneut versuchen.
      </Text>
    );
  }
  const ready = Boolean(scene);
  return (
    <Stack gap="sm">
      <div className={classes.frame}>
        <div ref={paletteRef} className={classes.palette} aria-hidden="true">
          {PALETTE.map((key) => (
            <span key={key} data-colour={key} className={classes[key]} />
          ))}
        </div>
        <div ref={surfaceRef} className={classes.surface}>
          <canvas
            ref={canvasRefs}
            className={classes.canvas}
            role="img"
            aria-label={ready ? trackMapLabel(tracks?.length ?? 0, network?.points.length ?? 0) : 'Karte wird geladen'}
            aria-busy={!ready}
            data-tracks={tracks?.filter((track) => !track.straight).length ?? 0}
            data-straight={tracks?.filter((track) => track.straight).length ?? 0}
            onClick={(event) => {
              if (!tracks || !scene) return;
              // The frame's box: the canvas's own may still be moved by a gesture's transform.
              const rect = (event.currentTarget.parentElement ?? event.currentTarget).getBoundingClientRect();
              const { k, x, y } = view.current;
              const unit = scale * k;
              const px = (event.clientX - rect.left - x) / unit;
              const py = (event.clientY - rect.top - y) / unit;
              const tolerance = TAP_RADIUS_PX / unit;
              // A station first (its routes), else the nearest route within a finger's width.
              let station: string | null = null;
              let best = tolerance;
              for (const entry of layout.stations) {
                const distance = Math.hypot(entry.x - px, entry.y - py);
                if (distance <= best) {
                  best = distance;
                  station = entry.station.code;
                }
              }
              if (station) {
                setSelected(station);
                return;
              }
              let hit: number | null = null;
              best = tolerance;
              tracks.forEach((track, i) => {
                const box = scene.boxes[i]!;
                if (px < box[0] - best || px > box[2] + best || py < box[1] - best || py > box[3] + best) return;
                for (const line of track.polylines) {
                  const distance = distanceToPolyline(line, px, py);
                  if (distance <= best) {
                    best = distance;
                    hit = track.route.id;
                  }
                }
              });
              if (hit !== null) onOpenRoute(hit);
            }}
          />
        </div>
        {!ready && (
          <Stack align="center" gap="xs" p="md">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Streckennetz wird geladen …
            </Text>
          </Stack>
        )}
        <div className={classes.controls}>
          <MapZoomButtons onZoomIn={() => by(2)} onZoomOut={() => by(0.5)} onReset={reset} />
        </div>
      </div>
      {/* The data's licence asks for its attribution wherever it is shown (decision 0049). */}
      <Text size="xs" c="dimmed" data-testid="network-attribution">
        {network?.attribution}
      </Text>
      <StationPicker stations={layout.stations} selected={selected} onSelect={setSelected} onOpenRoute={onOpenRoute} />
    </Stack>
  );
}
