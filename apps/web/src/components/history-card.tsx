import { Card, Group, List, Text, Title } from '@mantine/core';
import type { HistoryLine } from '../lib/record-history';
import { QueryContent, type ShownQuery } from './query-content';
import { BackdatedBadge } from './backdated-badge';

/**
 * "Verlauf": when a record was recorded and changed, and how (issue 27) – the lines of `historyLines`, newest
 * first, a drive recorded late marked "nachgetragen". Read only: nothing here changes the history.
 */
export function HistoryCard<Data>({
  query,
  lines,
  label,
}: {
  /** The history's query: its spinner and failure are the card's. */
  query: ShownQuery<Data>;
  lines: (data: Data) => HistoryLine[];
  /** The list's accessible name ("Verlauf der Strecke"). */
  label: string;
}) {
  return (
    <Card>
      <Title order={2} size="h4" mb="xs">
        Verlauf
      </Title>
      <QueryContent query={query}>
        {(data) => {
          const shown = lines(data);
          if (shown.length === 0) {
            return <Text c="dimmed">Für diesen Eintrag ist noch nichts aufgezeichnet.</Text>;
          }
          return (
            <List spacing={6} listStyleType="none" aria-label={label}>
              {shown.map((line) => (
                <List.Item key={line.key}>
                  <Group gap="xs" wrap="wrap">
                    <Text span size="sm">
                      {line.text}
                    </Text>
                    {line.backdated && <BackdatedBadge />}
                  </Group>
                </List.Item>
              ))}
            </List>
          );
        }}
      </QueryContent>
    </Card>
  );
}
