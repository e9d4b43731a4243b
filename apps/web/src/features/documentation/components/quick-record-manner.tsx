import { Anchor, Group, Text } from '@mantine/core';
import { driveMannerLabel, type DriveWay } from '@streckenpass/contract/drive-ways';
import { DriveWaySelect, TimeField } from '../../../components/drive-manner-fields';

/**
 * How "Heute gefahren" records the drive, one line under the choice: "selbst gefahren · 05:40 Uhr · ändern" – the
 * way used last and the time now, no tap needed. "ändern" opens the way and time fields in its place.
 */
export function QuickRecordManner({
  way,
  time,
  timeError,
  opened,
  onOpen,
  onWay,
  onTime,
}: {
  way: DriveWay;
  /** "HH:MM" as it will be sent; '' = none. */
  time: string;
  timeError?: string;
  opened: boolean;
  onOpen: () => void;
  onWay: (way: DriveWay) => void;
  onTime: (time: string) => void;
}) {
  if (opened) {
    return (
      <Group gap="xs" align="flex-start" wrap="wrap">
        {/* Side by side where there is room; on a phone the time goes below the way. */}
        <DriveWaySelect value={way} onChange={onWay} style={{ flex: '1 1 200px' }} maw={320} />
        <TimeField label="Uhrzeit" value={time} onChange={onTime} error={timeError} w={120} />
      </Group>
    );
  }
  return (
    <Text size="sm">
      {driveMannerLabel({ way, time: time || null, dark: null })} ·{' '}
      {/* Its name says what it changes; the visible word starts it (WCAG 2.5.3). */}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={onOpen}
        aria-label="ändern: Art und Uhrzeit der Fahrt"
      >
        ändern
      </Anchor>
    </Text>
  );
}
