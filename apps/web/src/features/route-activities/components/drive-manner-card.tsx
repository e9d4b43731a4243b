import { Card, Table, Text } from '@mantine/core';
import { DIRECTION_WORDS, directionLabel, DRIVE_WAY_LABELS } from '@streckenpass/contract/drive-ways';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import { useState } from 'react';
import { mannerOf, routeEnds, type RouteEnds } from '../../../lib/drive-manner';
import { DriveMannerForm } from './drive-manner-form';
import { EditableCardHeader } from '../../../components/editable-card-header';

const NOT_GIVEN = 'nicht angegeben';

/**
 * "Art der Fahrt" of a drive's page (issue 41): its way, time, direction and darkness (computed by the server), what
 * it counts for when its routes' rule does not keep that way, and "Art und Uhrzeit bearbeiten".
 */
export function DriveMannerCard({
  activity,
  onlyRoute,
  firstOnly,
}: {
  activity: RouteActivity;
  /** The drive's route when it has exactly one: its direction is named by the route's ends. */
  onlyRoute: RouteEnds | null;
  /** `firstAcquisitionNote` of the drive: what it counts for, when not for the validity of every route. */
  firstOnly: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const { way, time, direction, dark } = mannerOf(activity);
  const directionText =
    direction === null
      ? NOT_GIVEN
      : onlyRoute
        ? directionLabel(direction, routeEnds(onlyRoute))
        : DIRECTION_WORDS[direction];
  const rows: [string, string][] = [
    ['Art der Fahrt', DRIVE_WAY_LABELS[way]],
    ['Uhrzeit', time ? `${time} Uhr` : NOT_GIVEN],
    // A place has no direction (issue 41 item 4).
    ...(onlyRoute && isPlace(onlyRoute) ? [] : [['Richtung', directionText] as [string, string]]),
    // Null without a time or without a station with coordinates: the server could not tell.
    ['Licht', dark === true ? 'bei Dunkelheit' : dark === false ? 'bei Tageslicht' : 'nicht bekannt'],
  ];

  return (
    <Card component="section" aria-label="Art der Fahrt">
      <EditableCardHeader
        title="Art der Fahrt"
        editing={editing}
        onEdit={() => setEditing(true)}
        editLabel="Art und Uhrzeit bearbeiten"
      />
      {editing ? (
        <DriveMannerForm activity={activity} onlyRoute={onlyRoute} onDone={() => setEditing(false)} />
      ) : (
        <Table variant="vertical" withTableBorder={false} layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {firstOnly && (
        <Text size="sm" fw={600} mt="sm">
          Diese Fahrt {firstOnly}.
        </Text>
      )}
    </Card>
  );
}
