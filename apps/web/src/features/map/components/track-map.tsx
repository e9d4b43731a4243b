import { TERMS } from '@streckenpass/contract/terms';
import { Loader, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { LineSection } from '@streckenpass/contract/network';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { networkGeometryQueryOptions, pathSectionsQueryOptions } from '../api/network';
import { fitView, mapLayout, MAP_WIDTH, pointOnSurface, type MapView } from '../map-layout';
import { drawTrackMap, PALETTE, type Palette } from '../track-draw';
import { decodeNetwork, type TrackNetwork } from '../track-network';
import {
  missingPairs,
  networkPathOf,
  pairKey,
  tappedTrack,
  traceTracks,
  trackScene,
  type RouteTrack,
  type TrackRoute,
} from '../track-scene';
import { useTrackZoom } from '../use-track-zoom';
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

const TAP_RADIUS_PX = 22;

export function trackMapLabel(routes: number, points: number, places = 0): string {
  const placed = places > 0 ? `, ${places} ${TERMS.place}${places === 1 ? '' : 'n'}` : '';
  return `Karte Deutschlands mit ${routes} ${routes === 1 ? 'Strecke' : 'Strecken'} entlang der Gleise${placed} und ${points} Betriebsstellen`;
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
  const pairs = useMemo(() => missingPairs(routes), [routes]);
  // Stable, so that TanStack Query keeps the combined answer while the queries' answers stay the same.
  const combine = useCallback(
    (results: { data?: { sections: LineSection[] }; isError: boolean; isPending: boolean }[]) => {
      const found = new Map<string, readonly LineSection[] | null>();
      results.forEach((result, i) => {
        const [from, to] = pairs[i]!;
        if (result.data) found.set(pairKey(from, to), result.data.sections);
        else if (result.isError) found.set(pairKey(from, to), null);
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
    return traceTracks(network, routes, layout, paths.found);
  }, [network, paths, routes, layout]);

  const size = useElementSize<HTMLCanvasElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const canvasRefs = useMergedRef(canvasRef, size.ref);
  const surfaceRef = useRef<HTMLDivElement>(null);
  /** The view the canvas's bitmap was drawn at; null before the first draw. */
  const drawnView = useRef<MapView | null>(null);
  const paletteRef = useRef<HTMLDivElement>(null);
  const view = useRef<MapView>({ k: 1, x: 0, y: 0 });
  const [selected, setSelected] = useState<string | null>(null);
  const stationAt = (code: string) => layout.stations.find((entry) => entry.station.code === code);
  /** The chosen station's place, which the zoom buttons zoom about (else the routes' middle). */
  const chosenStation = () => (selected ? stationAt(selected) : undefined);
  const drawRef = useRef<(measure?: string) => void>(() => {});

  const networkPath = useMemo(
    () => (network && typeof Path2D !== 'undefined' ? networkPathOf(network) : null),
    [network],
  );
  const scene = useMemo(
    () => (networkPath && tracks ? trackScene(networkPath, tracks, layout.outline) : null),
    [networkPath, tracks, layout.outline],
  );

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
    const colours = Object.fromEntries(
      [...(paletteRef.current?.querySelectorAll<HTMLElement>('[data-colour]') ?? [])].map((el) => [
        el.dataset.colour,
        getComputedStyle(el).color,
      ]),
    ) as Palette;
    const named = drawTrackMap(canvas, ctx, {
      scene,
      network,
      stations: layout.stations,
      places: layout.places,
      selected,
      colours,
      view: view.current,
      scale,
    });
    const { k, x, y } = view.current;
    canvas.dataset.zoom = k.toFixed(2);
    canvas.dataset.named = String(named);
    // For the e2e test (issue 40: the map centres on the chosen place and zooms about it): the view the bitmap is
    // drawn at, "k,x,y" (d3-zoom's transform, x and y in CSS pixels), and the chosen station's place on it, "x,y" in
    // CSS pixels from the canvas's top left corner, where its circle is drawn; none when no station is chosen.
    canvas.dataset.view = `${k.toFixed(4)},${x.toFixed(1)},${y.toFixed(1)}`;
    const chosen = chosenStation();
    const at = chosen ? pointOnSurface(view.current, chosen.x, chosen.y, scale) : null;
    if (at) canvas.dataset.chosen = at.map((v) => v.toFixed(1)).join(',');
    else delete canvas.dataset.chosen;
    drawnView.current = { k, x, y };
    canvas.style.transform = '';
    if (measure) performance.measure(measure, { start: started, end: performance.now() });
  };
  drawRef.current = draw;
  const redrawRef = useRef(() => drawRef.current(TRACK_REDRAW_MEASURE));

  /**
   * During a gesture: the bitmap drawn at `drawnView` shown at the current view (scaled by the zoom's ratio about the
   * top left corner, then moved). Set through the CSSOM, which the Content-Security-Policy allows (no inline style).
   */
  const moveRef = useRef(() => {
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
  });
  const { zoomBy, centreOn, reset } = useTrackZoom({
    surface: surfaceRef,
    view,
    scale,
    fit,
    move: moveRef,
    draw: redrawRef,
  });

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
            aria-label={
              ready
                ? trackMapLabel(tracks?.length ?? 0, network?.points.length ?? 0, layout.places.length)
                : 'Karte wird geladen'
            }
            aria-busy={!ready}
            data-tracks={tracks?.filter((track) => !track.straight).length ?? 0}
            data-straight={tracks?.filter((track) => track.straight).length ?? 0}
            onClick={(event) => {
              if (!tracks || !scene) return;
              // The frame's box: the canvas's own may still be moved by a gesture's transform.
              const rect = (event.currentTarget.parentElement ?? event.currentTarget).getBoundingClientRect();
              const { k, x, y } = view.current;
              const unit = scale * k;
              // A station first (its routes), else the nearest route within a finger's width.
              const hit = tappedTrack(
                { stations: layout.stations, tracks, boxes: scene.boxes },
                (event.clientX - rect.left - x) / unit,
                (event.clientY - rect.top - y) / unit,
                TAP_RADIUS_PX / unit,
              );
              if (hit && 'station' in hit) setSelected(hit.station);
              else if (hit) onOpenRoute(hit.route);
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
          <MapZoomButtons
            onZoomIn={() => zoomBy(2, chosenStation())}
            onZoomOut={() => zoomBy(0.5, chosenStation())}
            onReset={reset}
          />
        </div>
      </div>
      {/* The data's licence asks for its attribution wherever it is shown (decision 0049). */}
      <Text size="xs" c="dimmed" data-testid="network-attribution">
        {network?.attribution}
      </Text>
      <StationPicker
        stations={layout.stations}
        selected={selected}
        onSelect={(code) => {
          setSelected(code);
          // "Ort wählen" moves the map to the station, not only marks it (issue 40).
          const station = code ? stationAt(code) : undefined;
          if (station) centreOn(station.x, station.y);
        }}
        onOpenRoute={onOpenRoute}
      />
    </Stack>
  );
}
