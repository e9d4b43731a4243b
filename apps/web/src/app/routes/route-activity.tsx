import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { plural } from '@streckenpass/contract/plural';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ActivityDatesForm } from '../../features/route-activities/components/activity-dates-form';
import { DeleteActivityButton } from '../../features/route-activities/components/delete-activity-button';
import { routeIdsOf, vehiclesByActivity } from '../../features/route-activities/route-activities';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import {
  useVehicleActivities,
  vehicleActivitiesQueryOptions,
} from '../../features/vehicle-activities/api/vehicle-activities';
import { AddVehiclesForm } from '../../features/vehicle-activities/components/add-vehicles-form';
import { useVehicles, vehiclesQueryOptions } from '../../features/vehicles/api/vehicles';
import { formatDate } from '../../lib/dates';
import { recordRoute } from '../record-route';
import { routeActivityRecord } from '../record-routes';
import { useTitle } from '../use-title';

function RouteActivityView({ record: data }: { record: RouteActivity }) {
  const navigate = useNavigate();
  const routes = useRoutes();
  const vehicles = useVehicles();
  const vehicleActivities = useVehicleActivities();
  const [editing, setEditing] = useState(false);
  useTitle(`Dokumentation vom ${formatDate(data.acquiredAt)}`);

  const routeIds = useMemo(() => routeIdsOf(data), [data]);
  const vehicleIds = useMemo(
    () => vehiclesByActivity(vehicleActivities.data ?? []).get(data.id) ?? [],
    [vehicleActivities.data, data.id],
  );
  const routeById = new Map((routes.data ?? []).map((route) => [route.id, route]));
  const vehicleById = new Map((vehicles.data ?? []).map((vehicle) => [vehicle.id, vehicle]));
  const addable = (vehicles.data ?? []).filter((vehicle) => !vehicleIds.includes(vehicle.id));

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Button
          component={Link}
          to={paths.routeActivities}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Alle Dokumentationen
        </Button>
      </div>
      <Title order={1}>Dokumentation vom {formatDate(data.acquiredAt)}</Title>
      <Card>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Zeitraum
          </Title>
          {!editing && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Daten bearbeiten
            </Button>
          )}
        </Group>
        {editing ? (
          <ActivityDatesForm activity={data} onDone={() => setEditing(false)} />
        ) : (
          <Table variant="vertical" withTableBorder={false} layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Gefahren am</Table.Th>
                <Table.Td>{formatDate(data.acquiredAt)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th w={140}>Gültig bis</Table.Th>
                <Table.Td>{formatDate(data.acquiredUntil)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card component="section" aria-label="Strecken">
        <Title order={2} size="h4" mb="sm">
          Strecken ({routeIds.length})
        </Title>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {routeIds.map((routeId) => {
            const route = routeById.get(routeId);
            return (
              <li key={routeId}>
                <Anchor component={Link} to={paths.route(routeId)}>
                  {route ? route.name : `Strecke ${routeId}`}
                </Anchor>
                {route?.companyRoute && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    → {route.companyRoute}
                  </Text>
                )}
              </li>
            );
          })}
        </Stack>
      </Card>
      <Card component="section" aria-label="Fahrzeuge">
        <Title order={2} size="h4" mb="sm">
          Fahrzeuge ({vehicleIds.length})
        </Title>
        <Stack gap="md">
          {vehicleIds.length === 0 ? (
            <Text size="sm" c="dimmed">
              Zu dieser Dokumentation sind keine Fahrzeuge erfasst.
            </Text>
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {vehicleIds.map((vehicleId) => (
                <li key={vehicleId}>
                  <Anchor component={Link} to={paths.vehicle(vehicleId)}>
                    {vehicleById.get(vehicleId)?.name ?? `Fahrzeug ${vehicleId}`}
                  </Anchor>
                </li>
              ))}
            </Stack>
          )}
          {vehicles.data && vehicles.data.length === 0 && (
            <Text size="sm">
              Sie haben noch keine Fahrzeuge angelegt.{' '}
              <Anchor component={Link} to={paths.vehicleNew}>
                Fahrzeug erstellen
              </Anchor>
            </Text>
          )}
          <AddVehiclesForm
            routeActivityId={data.id}
            vehicles={addable}
            onAdded={(count) =>
              notifications.show({
                color: 'green',
                title: 'Fahrzeuge hinzugefügt',
                message: `${plural(count, 'Fahrzeug', 'Fahrzeuge')} zur Dokumentation hinzugefügt.`,
              })
            }
          />
        </Stack>
      </Card>
      <Group justify="flex-end">
        <DeleteActivityButton
          activityId={data.id}
          description={`Die Dokumentation vom ${formatDate(data.acquiredAt)} mit ${plural(routeIds.length, 'Strecke', 'Strecken')} wird gelöscht. Die Gültigkeit dieser Strecken richtet sich danach nur noch nach Ihren übrigen Dokumentationen.`}
          onSettled={() => navigate(paths.routeActivities, { replace: true })}
        />
      </Group>
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...routeActivityRecord,
  title: 'Dokumentation',
  shows: () => [routesQueryOptions(), vehiclesQueryOptions(), vehicleActivitiesQueryOptions()],
  Page: RouteActivityView,
});
