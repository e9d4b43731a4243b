import { List, Stack, Text } from '@mantine/core';
import {
  acquisitionProgress,
  acquisitionProgressLabel,
  firstAcquisitionLabel,
  type AcquisitionDrive,
} from '@streckenpass/contract/first-acquisition';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import type { Route } from '@streckenpass/contract/routes';
import { formatDate, todayInput } from '../../../lib/dates';

/**
 * Where a route's first acquisition stands (issue 41 item 3): nothing without one; "Erfüllt am 03.12.2026" once the
 * server has found it met; otherwise "In Ausbildung" with the count per direction ("3 von 4 Fahrten Richtung
 * Mannheim Hbf, davon 1 von 2 bei Dunkelheit") from the drives of this route. In words, never by colour alone.
 */
export function FirstAcquisitionSummary({
  route,
  drives,
  today = todayInput(),
}: {
  route: Pick<Route, 'firstAcquisition' | 'acquiredOn' | 'startPoint' | 'endPoint'> &
    Partial<Pick<Route, 'startStation' | 'endStation'>>;
  /** The route's own drives (only those along this route alone have a direction that counts for it). */
  drives: readonly AcquisitionDrive[];
  today?: string;
}) {
  const rule = route.firstAcquisition;
  if (!rule) return null;
  // A place (Ortskunde) counts every drive, having no direction.
  const place = Boolean(route.startStation && isPlace(route));
  if (route.acquiredOn) {
    return (
      <Stack gap={2}>
        <Text size="sm">{firstAcquisitionLabel(rule, place)}</Text>
        <Text size="sm" fw={600}>
          Erfüllt am {formatDate(route.acquiredOn)}
        </Text>
      </Stack>
    );
  }
  const lines = acquisitionProgressLabel(rule, acquisitionProgress(rule, drives, today, place), {
    // The stations' names where chosen ("Richtung Hannover Hbf"), as the drive list says it; else the typed ends.
    start: route.startStation?.name ?? route.startPoint,
    end: route.endStation?.name ?? route.endPoint,
  });
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        In Ausbildung
      </Text>
      <Text size="sm">{firstAcquisitionLabel(rule, place)}</Text>
      <List size="sm" spacing={2} aria-label="Fortschritt des Ersterwerbs">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
