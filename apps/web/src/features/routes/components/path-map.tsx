import { Text } from '@mantine/core';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { geoMercator, geoPath } from 'd3-geo';
import { useMemo } from 'react';

const WIDTH = 320;
const HEIGHT = 180;
const MARGIN = 14;

/**
 * A route's path along the tracks as a small drawing (d3-geo: Mercator, fitted to the path), start and end marked,
 * with the data's attribution under it (CC BY 4.0). It scales to the width it gets, from 360-px phones up.
 */
export function PathMap({ geometry, label }: { geometry: [number, number][]; label: string }) {
  const drawn = useMemo(() => {
    if (geometry.length < 2) return null;
    const line = { type: 'LineString' as const, coordinates: geometry };
    const projection = geoMercator().fitExtent(
      [
        [MARGIN, MARGIN],
        [WIDTH - MARGIN, HEIGHT - MARGIN],
      ],
      line,
    );
    const ends = [geometry[0]!, geometry.at(-1)!].map((point) => projection(point));
    return { d: geoPath(projection)(line) ?? '', ends };
  }, [geometry]);
  if (!drawn) return null;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={label}
        style={{
          display: 'block',
          maxWidth: 480,
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <path
          d={drawn.d}
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={3}
          strokeLinejoin="round"
        />
        {drawn.ends.map((point, i) =>
          point ? (
            <circle
              key={i}
              cx={point[0]}
              cy={point[1]}
              r={5}
              fill={i === 0 ? 'var(--mantine-color-body)' : 'var(--mantine-primary-color-filled)'}
              stroke="var(--mantine-primary-color-filled)"
              strokeWidth={2}
            />
          ) : null,
        )}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {RAIL_NETWORK_ATTRIBUTION}
      </Text>
    </figure>
  );
}
