import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { KNOWLEDGE_STATUS_LABELS, type KnowledgeStatus } from '@streckenpass/contract/knowledge';
import { placeLabel } from '@streckenpass/contract/stations';
import { useLayoutEffect, useMemo, useState } from 'react';
import { MAP_HEIGHT, MAP_WIDTH, mapLayout, type MapRoute } from '../map-layout';
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

export function routeEnds(route: MapRoute): string {
  return `${placeLabel(route.startPoint, route.startStation)} – ${placeLabel(route.endPoint, route.endStation)}`;
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
            {KNOWLEDGE_STATUS_LABELS[status]} ({PATTERN[status]}): {counts[status]}
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
 * inline styles (strict CSP).
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
    return mapLayout(routes);
  }, [routes]);
  useLayoutEffect(() => {
    try {
      performance.measure(MAP_DRAW_MEASURE, MAP_DRAW_MARK);
    } catch {
      // No mark (a re-render without new data): nothing to measure.
    }
  }, [layout]);

  const [selected, setSelected] = useState<string | null>(null);
  const selectedStation = layout.stations.find((entry) => entry.station.code === selected) ?? null;
  const stationOptions = useMemo(
    () =>
      [...layout.stations]
        .sort((a, b) => a.station.name.localeCompare(b.station.name, 'de'))
        .map((entry) => ({ value: entry.station.code, label: placeLabel('', entry.station) })),
    [layout.stations],
  );

  return (
    <Stack gap="sm">
      <svg
        className={classes.svg}
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        aria-label={`Karte Deutschlands mit ${layout.lines.length} ${layout.lines.length === 1 ? 'Strecke' : 'Strecken'} zwischen ${layout.stations.length} Bahnhöfen`}
      >
        <path className={classes.land} d={layout.outline} />
        <g>
          {layout.lines.map(({ route, x1, y1, x2, y2 }) => (
            <g
              key={route.id}
              className={classes.route}
              data-route={route.id}
              data-status={route.status}
              onClick={() => onOpenRoute(route.id)}
            >
              <title>{`${route.name}: ${routeEnds(route)} – ${KNOWLEDGE_STATUS_LABELS[route.status]}`}</title>
              <line className={classes.hit} x1={x1} y1={y1} x2={x2} y2={y2} />
              <line className={`${classes.line} ${classes[route.status]}`} x1={x1} y1={y1} x2={x2} y2={y2} />
            </g>
          ))}
        </g>
        <g>
          {layout.stations.map(({ station, x, y }) => (
            <g key={station.code} data-station={station.code} onClick={() => setSelected(station.code)}>
              <title>{placeLabel('', station)}</title>
              <circle className={classes.stationHit} cx={x} cy={y} r={16} />
              <circle
                className={`${classes.station} ${station.code === selected ? classes.stationSelected : ''}`}
                cx={x}
                cy={y}
                r={5}
              />
            </g>
          ))}
        </g>
        {selectedStation && (
          <text
            className={classes.stationLabel}
            x={selectedStation.x}
            y={selectedStation.y - 12}
            textAnchor={selectedStation.x > MAP_WIDTH * 0.7 ? 'end' : selectedStation.x < MAP_WIDTH * 0.3 ? 'start' : 'middle'}
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
