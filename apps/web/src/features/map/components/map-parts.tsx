import { ActionIcon, Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { IconFocusCentered, IconMinus, IconPlus } from '@tabler/icons-react';
import { KNOWLEDGE_STATUS_LABELS } from '@streckenpass/contract/status';
import { placeLabel } from '@streckenpass/contract/stations';
import { useMemo } from 'react';
import type { MapStation } from '../map-layout';
import classes from './map-parts.module.css';

/** What both maps (straight lines, along the tracks) offer beside the drawing. */

const collator = new Intl.Collator('de');

/** Zoom in, zoom out, show every route: 44-px buttons over the map's corner (the caller places them). */
export function MapZoomButtons({
  onZoomIn,
  onZoomOut,
  onReset,
}: {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
}) {
  return (
    <>
      <ActionIcon variant="default" size={44} onClick={onZoomIn} aria-label="Karte vergrößern">
        <IconPlus aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="default" size={44} onClick={onZoomOut} aria-label="Karte verkleinern">
        <IconMinus aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="default" size={44} onClick={onReset} aria-label="Alle Strecken zeigen">
        <IconFocusCentered aria-hidden="true" />
      </ActionIcon>
    </>
  );
}

/**
 * "Ort wählen": a station of the map by name (for those who cannot tap a small circle), and the routes beginning or
 * ending there, each opening its route.
 */
export function StationPicker({
  stations,
  selected,
  onSelect,
  onOpenRoute,
}: {
  stations: readonly MapStation[];
  selected: string | null;
  onSelect: (code: string | null) => void;
  onOpenRoute: (id: number) => void;
}) {
  const options = useMemo(
    () =>
      [...stations]
        .sort((a, b) => collator.compare(a.station.name, b.station.name))
        .map((entry) => ({ value: entry.station.code, label: placeLabel('', entry.station) })),
    [stations],
  );
  const chosen = stations.find((entry) => entry.station.code === selected) ?? null;
  if (stations.length === 0) return null;
  return (
    <>
      <Select
        label="Ort wählen"
        placeholder="Bahnhof auf der Karte"
        data={options}
        value={selected}
        onChange={onSelect}
        searchable
        clearable
        nothingFoundMessage="Kein Bahnhof auf der Karte"
      />
      {chosen && (
        <Card withBorder padding="sm" aria-live="polite">
          <Title order={2} size="h5" mb="xs">
            {placeLabel('', chosen.station)}
          </Title>
          <Stack gap="xs">
            {chosen.routes.map((route) => (
              <Button
                key={route.id}
                variant="default"
                justify="space-between"
                fullWidth
                classNames={{ root: classes.routeButton, label: classes.routeButtonLabel }}
                onClick={() => onOpenRoute(route.id)}
                rightSection={<Text size="xs">{KNOWLEDGE_STATUS_LABELS[route.status]}</Text>}
              >
                {route.name}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
    </>
  );
}
