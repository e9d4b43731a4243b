import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@streckenpass/contract/format';
import { KNOWLEDGE_STATUS_LABELS, type KnowledgeStatus } from '@streckenpass/contract/status';
import { pluralWord } from '@streckenpass/contract/plural';
import { placeLabel } from '@streckenpass/contract/stations';
import { useLayoutEffect, useMemo, useState } from 'react';
import { hitTest, MAP_HEIGHT, MAP_WIDTH, mapLayout, type MapRoute } from '../map-layout';
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
const collator = new Intl.Collator('de');

export function routeEnds(route: MapRoute): string {
  return `${placeLabel(route.startPoint, route.startStation)} – ${placeLabel(route.endPoint, route.endStation)}`;
}

/**
 * The drawing's name for screen readers: "Karte Deutschlands mit 2 Strecken zwischen 3 Bahnhöfen". The counts stay
 * digits without grouping (1000, not 1.000), as the map's e2e test reads them.
 */
export function mapLabel(routes: number, stations: number): string {
  return `Karte Deutschlands mit ${routes} ${pluralWord(routes, 'Strecke', 'Strecken')} zwischen ${stations} ${pluralWord(stations, 'Bahnhof', 'Bahnhöfen')}`;
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

/**
 * The user's routes as lines between their stations over Germany's outline, one class per state (colour and dash
 * pattern, see the legend). A click or tap on a line opens the route; on a station, lists the routes there (also
 * reachable by the "Ort wählen" field, for keyboards and screen readers). SVG attributes and CSS classes only: no
 * inline styles (strict CSP). Few DOM nodes: one path per state and one circle per station, taps hit-tested in
 * code, so that 1,000 routes draw in well under 100 ms (docs/quality.md).
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
  const [selected, setSelected] = useState<string | null>(null);
  const selectedStation = layout.stations.find((entry) => entry.station.code === selected) ?? null;
  const stationOptions = useMemo(
    () =>
      [...layout.stations]
        .sort((a, b) => collator.compare(a.station.name, b.station.name))
        .map((entry) => ({ value: entry.station.code, label: placeLabel('', entry.station) })),
    [layout.stations],
  );

  return (
    <Stack gap="sm">
      {/* A tap is hit-tested in code (nearest station, else nearest line, within a finger's width). */}
      {/* Keyboards and screen readers use "Ort wählen" and the lists beside instead of the drawing. */}
      <svg
        className={classes.svg}
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        aria-label={mapLabel(layout.lines.length, layout.stations.length)}
        onClick={(event) => {
          const svg = event.currentTarget;
          const matrix = svg.getScreenCTM();
          if (!matrix) return;
          const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
          // A finger's width (22 CSS pixels either side) in the drawing's units, at whatever size it is shown.
          const tolerance = (TAP_RADIUS_PX * MAP_WIDTH) / svg.getBoundingClientRect().width;
          const hit = hitTest(layout, point.x, point.y, tolerance);
          if (hit && 'station' in hit) setSelected(hit.station.station.code);
          else if (hit) onOpenRoute(hit.line.route.id);
        }}
      >
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
        {layout.stations.map(({ station, x, y }) => (
          <circle
            key={station.code}
            className={`${classes.station} ${station.code === selected ? classes.stationSelected : ''}`}
            data-station={station.code}
            cx={x}
            cy={y}
            r={6}
          />
        ))}
        {selectedStation && (
          <text
            className={classes.stationLabel}
            x={selectedStation.x}
            y={selectedStation.y - 12}
            textAnchor={
              selectedStation.x > MAP_WIDTH * 0.7 ? 'end' : selectedStation.x < MAP_WIDTH * 0.3 ? 'start' : 'middle'
            }
          >
            {selectedStation.station.name}
          </text>
        )}
      </svg>
      {layout.stations.length > 0 && (
        <Select
          label="Ort wählen"
          placeholder="Bahnhof auf der Karte"
          data={stationOptions}
          value={selected}
          onChange={setSelected}
          searchable
          clearable
          nothingFoundMessage="Kein Bahnhof auf der Karte"
        />
      )}
      {selectedStation && (
        <Card withBorder padding="sm" aria-live="polite">
          <Title order={2} size="h5" mb="xs">
            {placeLabel('', selectedStation.station)}
          </Title>
          <Stack gap="xs">
            {selectedStation.routes.map((route) => (
              <Button
                key={route.id}
                variant="default"
                justify="space-between"
                fullWidth
                onClick={() => onOpenRoute(route.id)}
                rightSection={<Text size="xs">{KNOWLEDGE_STATUS_LABELS[route.status]}</Text>}
              >
                {route.name}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
