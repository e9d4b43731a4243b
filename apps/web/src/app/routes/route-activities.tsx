import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { daysBetween } from '@streckenpass/contract/knowledge';
import { IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { useRouteActivities } from '../../features/route-activities/api/get-route-activities';
import { countText, routeIdsOf, vehiclesByActivity } from '../../features/route-activities/route-activities';
import { useVehicleActivities } from '../../features/vehicle-activities/api/get-vehicle-activities';
import { formatDate, todayInput } from '../../lib/dates';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Alle Dokumentationen');
  const activities = useRouteActivities();
  const vehicleActivities = useVehicleActivities();
  const vehicles = useMemo(() => vehiclesByActivity(vehicleActivities.data ?? []), [vehicleActivities.data]);
  // The server answers newest first already; sorting here keeps the order whatever the cache holds.
  const sorted = useMemo(() => [...(activities.data ?? [])].sort((a, b) => b.id - a.id), [activities.data]);
  const today = todayInput();

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="center">
        <Title order={1}>Alle Dokumentationen</Title>
        <Button component={Link} to={paths.documentation} variant="default">
          Zur Dokumentation
        </Button>
      </Group>
      {activities.isPending && <PageLoader />}
      {activities.isError && <QueryError error={activities.error} retry={() => void activities.refetch()} />}
      {activities.data && sorted.length === 0 && (
        <Card>
          <Stack gap="sm" align="flex-start">
            <Text>
              Noch keine Dokumentationen. Wählen Sie auf der Seite „Dokumentation“ die Strecken aus, die Sie gefahren
              sind, und speichern Sie sie – dann erscheinen sie hier.
            </Text>
            <Button component={Link} to={paths.documentation}>
              Strecken dokumentieren
            </Button>
          </Stack>
        </Card>
      )}
      {sorted.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {sorted.map((activity) => {
            const expired = daysBetween(today, activity.acquiredUntil) < 0;
            const vehicleCount = vehicles.get(activity.id)?.length ?? 0;
            return (
              <li key={activity.id}>
                <Card
                  component={Link}
                  to={paths.routeActivity(activity.id)}
                  padding="sm"
                  aria-label={`Dokumentation vom ${formatDate(activity.acquiredAt)}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Group gap="xs">
                        <Text fw={600}>Gefahren am {formatDate(activity.acquiredAt)}</Text>
                        <Badge color={expired ? 'red' : 'green'} variant="light" size="sm">
                          {expired ? 'abgelaufen' : 'gültig'}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        Gültig bis {formatDate(activity.acquiredUntil)} ·{' '}
                        {countText(routeIdsOf(activity).length, 'Strecke', 'Strecken')} ·{' '}
                        {countText(vehicleCount, 'Fahrzeug', 'Fahrzeuge')}
                      </Text>
                    </div>
                    <IconChevronRight size={20} aria-hidden />
                  </Group>
                </Card>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
