import { Group, Stack, Text } from '@mantine/core';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { formatNumber } from '@streckenpass/contract/format';
import { KNOWLEDGE_STATUS_LABELS, type KnowledgeStatus } from '@streckenpass/contract/status';
import { pluralWord } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  fitView,
  hitTest,
  LABEL_ZOOM,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_ZOOM,
  mapLayout,
  middleOf,
  pointOnSurface,
  viewCentredOn,
  type MapRoute,
  type MapView,
} from '../map-layout';
import { MapZoomButtons, StationPicker } from './map-parts';
import classes from './knowledge-map.module.css';

const STATUS_ORDER: KnowledgeStatus[] = ['valid', 'soon', 'expired', 'unrecorded'];
const PATTERN: Record<KnowledgeStatus, string> = {
  valid: 'durchgezogen',
  soon: 'gestrichelt',
  expired: 'gepunktet',
  unrecorded: 'Strich-Punkt',
};

/** The User Timing names the e2e test reads: from layout to drawn DOM (docs/quality.md, "Karte"). */
export const MAP_DRAW_MARK = 'map-draw-start';
export const MAP_DRAW_MEASURE = 'map-draw';
/** The projection and grouping alone, within the draw. */
export const MAP_LAYOUT_MEASURE = 'map-layout';
const TAP_RADIUS_PX = 22;
/** Up to this many stations in view, all carry their names whatever the zoom. */
const FEW_STATIONS = 12;

/**
 * The drawing's name for screen readers: "Karte Deutschlands mit 2 Strecken zwischen 3 Bahnhöfen". The counts stay
 * digits without grouping (1000, not 1.000), as the map's e2e test reads them.
 */
export function mapLabel(routes: number, stations: number, places = 0): string {
  const placed = places > 0 ? ` und ${places} ${TERMS.place}${places === 1 ? '' : 'n'}` : '';
  return `Karte Deutschlands mit ${routes} ${pluralWord(routes, 'Strecke', 'Strecken')} zwischen ${stations} ${pluralWord(stations, 'Bahnhof', 'Bahnhöfen')}${placed}`;
}

function Swatch({ status }: { status: KnowledgeStatus }) {
  return (
    <svg className={classes.legendSwatch} width="40" height="12" viewBox="0 0 40 12" aria-hidden="true">
      <line className={`${classes.line} ${classes[status]}`} x1="2" y1="6" x2="38" y2="6" />
    </svg>
  );
}

/** The legend: each state with its line (colour and dash pattern), name, pattern in words and count. */
export function MapLegend({ counts }: { counts: Record<KnowledgeStatus, number> }) {
  return (
    <Stack gap={4} component="ul" aria-label="Legende" className={classes.legend}>
      {STATUS_ORDER.map((status) => (
        <Group key={status} gap="xs" wrap="nowrap" component="li">
          <Swatch status={status} />
          <Text size="sm">
            {KNOWLEDGE_STATUS_LABELS[status]} ({PATTERN[status]}): {formatNumber(counts[status])}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Whether a touch gesture is the map's (two fingers: pinch and pan) or the page's (one finger: scroll). */
function isMapGesture(event: Event): boolean {
  if (event.type === 'touchstart') return (event as TouchEvent).touches.length > 1;
  return !(event as MouseEvent).button;
}

/** d3-zoom on the drawing: wheel, two-finger pinch and pan, drag with a mouse; the view as React state. */
function useMapZoom(fit: MapView) {
  const svgRef = useRef<SVGSVGElement>(null);
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [view, setView] = useState<MapView>(fit);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const zoomer = zoom<SVGSVGElement, unknown>()
      .extent([
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ])
      .scaleExtent([1, MAX_ZOOM])
      .translateExtent([
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ])
      .filter(isMapGesture)
      .on('zoom', (event: { transform: MapView }) => {
        const { k, x, y } = event.transform;
        setView({ k, x, y });
      });
    behaviour.current = zoomer;
    select(svg).call(zoomer);
    return () => {
      select(svg).on('.zoom', null);
    };
  }, []);
  // A new set of stations (data loaded, a route added): show them all.
  useEffect(() => {
    const svg = svgRef.current;
    if (svg && behaviour.current) {
      select(svg).call(behaviour.current.transform, zoomIdentity.translate(fit.x, fit.y).scale(fit.k));
    }
  }, [fit]);
  /** Zooms by `factor` about the drawing's point `about` (the chosen station, else the routes' middle). */
  const by = (factor: number, about: { x: number; y: number }) => {
    if (svgRef.current && behaviour.current) {
      select(svgRef.current).call(behaviour.current.scaleBy, factor, pointOnSurface(view, about.x, about.y));
    }
  };
  const show = (next: MapView) => {
    if (svgRef.current && behaviour.current) {
      select(svgRef.current).call(behaviour.current.transform, zoomIdentity.translate(next.x, next.y).scale(next.k));
    }
  };
  /** Moves the drawing's point (`x`, `y`) to the middle, zoomed in at least as far as the fitted view. */
  const centreOn = (x: number, y: number) => show(viewCentredOn(x, y, Math.max(view.k, fit.k), MAP_WIDTH, MAP_HEIGHT));
  const routesMiddle = middleOf(fit, MAP_WIDTH, MAP_HEIGHT);
  return {
    svgRef,
    view,
    zoomIn: (about = routesMiddle) => by(2, about),
    zoomOut: (about = routesMiddle) => by(0.5, about),
    reset: () => show(fit),
    centreOn,
  };
}

/**
 * The user's routes as lines between their stations over Germany's outline, one class per state (colour and dash
 * pattern, see the legend). It opens fitted to the user's stations and zooms and pans (wheel, two-finger pinch,
 * mouse drag, the buttons); stations carry their names from `LABEL_ZOOM` on, or when few are in view. A click or tap on a line opens the
 * route; on a station, lists the routes there (also reachable by the "Ort wählen" field, for keyboards and screen
 * readers). SVG attributes and CSS classes only: no inline styles (strict CSP). Few DOM nodes: one path per state
 * and one circle per station, taps hit-tested in code, so that 1,000 routes draw in well under 100 ms
 * (docs/quality.md).
 */
export function KnowledgeMap({
  routes,
  onOpenRoute,
}: {
  routes: readonly MapRoute[];
  onOpenRoute: (id: number) => void;
}) {
  const layout = useMemo(() => {
    performance.mark(MAP_DRAW_MARK);
    const result = mapLayout(routes);
    performance.measure(MAP_LAYOUT_MEASURE, MAP_DRAW_MARK);
    return result;
  }, [routes]);
  useLayoutEffect(() => {
    try {
      performance.measure(MAP_DRAW_MEASURE, MAP_DRAW_MARK);
    } catch {
      // No mark (a re-render without new data): nothing to measure.
    }
  }, [layout]);

  const [paths, counts] = useMemo(() => {
    const d: Record<KnowledgeStatus, string> = { valid: '', soon: '', expired: '', unrecorded: '' };
    const n: Record<KnowledgeStatus, number> = { valid: 0, soon: 0, expired: 0, unrecorded: 0 };
    for (const { route, x1, y1, x2, y2 } of layout.lines) {
      d[route.status] += `M${x1},${y1}L${x2},${y2}`;
      n[route.status] += 1;
    }
    return [d, n];
  }, [layout]);
  const stationKey = layout.stations.map((entry) => entry.station.code).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the set of stations changes
  const fit = useMemo(() => fitView(layout.stations), [stationKey]);
  const { svgRef, view, zoomIn, zoomOut, reset, centreOn } = useMapZoom(fit);
  // One CSS pixel in the drawing's units: names and station circles keep their size on a phone's narrow map.
  const frame = useElementSize();
  const unit = frame.width > 0 ? Math.max(1, MAP_WIDTH / frame.width) : 1;
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = layout.stations.find((entry) => entry.station.code === selected) ?? null;
  // Stations as they appear on screen (in the drawing's units): circles and names keep their size at any zoom.
  const onScreen = layout.stations
    .map((entry) => ({ ...entry, sx: entry.x * view.k + view.x, sy: entry.y * view.k + view.y }))
    .filter(({ sx, sy }) => sx >= -20 && sx <= MAP_WIDTH + 20 && sy >= -20 && sy <= MAP_HEIGHT + 20);
  // Names where they do not crowd: zoomed in, or few stations in view; else the selected station's only.
  const labelAll = view.k >= LABEL_ZOOM || onScreen.length <= FEW_STATIONS;
  const labelled = new Set(
    onScreen.filter((entry) => labelAll || entry.station.code === selected).map((entry) => entry.station.code),
  );
  const anchor = (sx: number) => (sx > MAP_WIDTH * 0.7 ? 'end' : sx < MAP_WIDTH * 0.3 ? 'start' : 'middle');

  return (
    <Stack gap="sm">
      <div className={classes.frame} ref={frame.ref}>
        {/* A tap is hit-tested in code (nearest station, else nearest line, within a finger's width). */}
        {/* Keyboards and screen readers use "Ort wählen" and the lists beside instead of the drawing. */}
        <svg
          ref={svgRef}
          className={classes.svg}
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          role="img"
          aria-label={mapLabel(layout.lines.length, layout.stations.length, layout.places.length)}
          data-zoom={view.k.toFixed(2)}
          onClick={(event) => {
            const svg = event.currentTarget;
            const matrix = svg.getScreenCTM();
            if (!matrix) return;
            const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
            // A finger's width (22 CSS pixels either side) in the drawing's units, at whatever size it is shown.
            const tolerance = (TAP_RADIUS_PX * MAP_WIDTH) / svg.getBoundingClientRect().width / view.k;
            const hit = hitTest(layout, (point.x - view.x) / view.k, (point.y - view.y) / view.k, tolerance);
            if (hit && 'station' in hit) setSelected(hit.station.station.code);
            else if (hit) onOpenRoute(hit.line.route.id);
          }}
        >
          <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
            <path className={classes.land} d={layout.outline} />
            {/* One path per state draws every line of that state: four elements however many routes there are. */}
            {STATUS_ORDER.map((status) => (
              <path
                key={status}
                className={`${classes.line} ${classes[status]}`}
                data-status={status}
                data-lines={counts[status]}
                d={paths[status]}
              />
            ))}
          </g>
          {/* A place is a ring in its state's colour and pattern around its station (issue 41 item 4). */}
          {layout.places.map(({ route, x, y }) => (
            <circle
              key={`place-${route.id}`}
              className={`${classes.line} ${classes.place} ${classes[route.status]}`}
              data-place={route.id}
              data-status={route.status}
              cx={x * view.k + view.x}
              cy={y * view.k + view.y}
              r={11 * unit}
            />
          ))}
          {onScreen.map(({ station, sx, sy }) => {
            const chosen = station.code === selected;
            return (
              <g key={station.code}>
                <circle
                  className={`${classes.station} ${chosen ? classes.stationSelected : ''}`}
                  data-station={station.code}
                  cx={sx}
                  cy={sy}
                  r={6 * unit}
                />
                {labelled.has(station.code) && (
                  <text
                    className={`${classes.stationLabel} ${chosen ? classes.stationLabelSelected : ''}`}
                    data-label={station.code}
                    x={sx}
                    y={sy - 12 * unit}
                    fontSize={(chosen ? 16 : 13) * unit}
                    textAnchor={anchor(sx)}
                  >
                    {station.name}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <div className={classes.controls}>
          <MapZoomButtons
            onZoomIn={() => zoomIn(chosen ?? undefined)}
            onZoomOut={() => zoomOut(chosen ?? undefined)}
            onReset={reset}
          />
        </div>
      </div>
      <StationPicker
        stations={layout.stations}
        selected={selected}
        onSelect={(code) => {
          setSelected(code);
          // "Ort wählen" moves the map to the station, not only marks it (issue 40).
          const station = code ? layout.stations.find((entry) => entry.station.code === code) : undefined;
          if (station) centreOn(station.x, station.y);
        }}
        onOpenRoute={onOpenRoute}
      />
    </Stack>
  );
}
