import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@streckenpass/contract/format';
import { Link } from 'react-router';

export interface SummaryCounts {
  routes: number | undefined;
  tours: number | undefined;
  vehicles: number | undefined;
}

/** "Zusammenfassung": how many routes, tours and vehicles the user keeps. */
export function SummaryCard({ counts, routeNewPath }: { counts: SummaryCounts; routeNewPath: string }) {
  const rows: [string, number | undefined][] = [
    ['Anzahl der Strecken', counts.routes],
    ['Anzahl der Touren', counts.tours],
    ['Anzahl der Fahrzeuge', counts.vehicles],
  ];
  return (
    <Card component="section" aria-labelledby="summary-title">
      <Title order={2} size="h4" mb="xs" id="summary-title">
        Zusammenfassung
      </Title>
      <Stack gap={4} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap">
            <Text component="dt">{label}</Text>
            <Text component="dd" fw={600} m={0}>
              {value === undefined ? '–' : formatNumber(value)}
            </Text>
          </Group>
        ))}
      </Stack>
      {counts.routes === 0 && (
        <Button component={Link} to={routeNewPath} variant="light" mt="md">
          Erste Strecke anlegen
        </Button>
      )}
    </Card>
  );
}
