import { List, Stack, Text, Title } from '@mantine/core';
import {
  MEMBERSHIP_CHANGES_DAYS,
  type Betrieb,
  type MembershipChange,
  type MembershipEvent,
} from '@streckenpass/contract/betriebe';
import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { formatDateTime } from '@streckenpass/contract/format';
import { QueryContent } from '../../../components/query-content';
import { useMembershipChanges } from '../api/betriebe';
import { DriverLink } from './driver-link';

const EVENT_WORDS: Record<MembershipEvent, string> = {
  joined: 'beigetreten am',
  left: 'hat den Betrieb verlassen am',
  removed: 'vom Betrieb entfernt am',
};

/** What a change says after the name: "beigetreten am 03.12.2026, 07:12 Uhr". */
export function changeText(change: Pick<MembershipChange, 'event' | 'at'>): string {
  return `${EVENT_WORDS[change.event]} ${formatDateTime(change.at, DEFAULT_TIME_ZONE)} Uhr`;
}

/**
 * Who joined, left or was removed in the last 30 days, newest first (issue 40), as the server keeps it: a driver
 * still in the Betrieb is a link to their page, anyone else a name.
 */
export function RecentChanges({ betrieb }: { betrieb: Betrieb }) {
  const changes = useMembershipChanges(betrieb.id, true);
  return (
    <QueryContent query={changes}>
      {(list) => (
        <Stack gap={6}>
          <Title order={3} size="h5">
            Letzte Änderungen (letzte {MEMBERSHIP_CHANGES_DAYS} Tage)
          </Title>
          {list.length === 0 ? (
            <Text size="sm">
              In den letzten {MEMBERSHIP_CHANGES_DAYS} Tagen ist niemand beigetreten oder ausgetreten.
            </Text>
          ) : (
            <List spacing={4} size="sm" listStyleType="none" p={0} aria-label="Letzte Änderungen">
              {list.map((change, index) => (
                // Nothing in a change is unique by itself; the list is replaced whole, never reordered.
                <List.Item key={`${index}-${change.event}-${change.at}`}>
                  {change.membershipId === null ? (
                    <Text span fw={600} inherit>
                      {change.name}
                    </Text>
                  ) : (
                    <DriverLink betriebId={betrieb.id} membershipId={change.membershipId} name={change.name} fw={600} />
                  )}
                  {' · '}
                  {changeText(change)}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </QueryContent>
  );
}
