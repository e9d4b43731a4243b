import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isBackdated } from '@streckenpass/contract/knowledge';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { HistoryCard } from '../../components/history-card';
import { LinkList } from '../../components/link-list';
import { paths } from '../../config/paths';
import { ActivityDatesForm } from '../../features/route-activities/components/activity-dates-form';
import { DriveMannerCard } from '../../features/route-activities/components/drive-manner-card';
import { accountValidityQueryOptions, useAccountKeepingWays } from '../../lib/account-validity';
import { firstAcquisitionNote } from '../../lib/drive-manner';
import { DeleteActivityButton } from '../../features/route-activities/components/delete-activity-button';
import {
  routeActivityHistoryQueryOptions,
  useRouteActivityHistory,
} from '../../features/route-activities/api/route-activities';
import { routeIdsOf, vehiclesByActivity } from '../../features/route-activities/route-activities';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import {
  useVehicleActivities,
  vehicleActivitiesQueryOptions,
} from '../../features/vehicle-activities/api/vehicle-activities';
import { AddVehiclesForm } from '../../features/vehicle-activities/components/add-vehicles-form';
import { useVehicles, vehiclesQueryOptions } from '../../features/vehicles/api/vehicles';
import { formatDate } from '../../lib/dates';
import { historyLines, historyTime } from '../../lib/record-history';
import { AllDocumentationsButton } from '../all-documentations-button';
import { recordRoute } from '../record-route';
import { routeActivityRecord } from '../record-routes';
import { useTitle } from '../use-title';
import { companyRouteNote } from '../../lib/record-labels';
import { BackdatedBadge } from '../../components/backdated-badge';
import { EditableCardHeader } from '../../components/editable-card-header';

/** One of the documentation's lists: a section named by its heading, which counts the entries. */
function CountedSection({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  return (
    <Card component="section" aria-label={label}>
      <Title order={2} size="h4" mb="sm">
        {label} ({count})
      </Title>
      {children}
    </Card>
  );
}

function RouteActivityView({ record: data }: { record: RouteActivity }) {
  const navigate = useNavigate();
  const routes = useRoutes();
  const vehicles = useVehicles();
  const vehicleActivities = useVehicleActivities();
  const changes = useRouteActivityHistory(data.id);
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
  const accountWays = useAccountKeepingWays();
  const drivenRoutes = routeIds.flatMap((routeId) => routeById.get(routeId) ?? []);

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <AllDocumentationsButton back />
      </div>
      <Title order={1}>Dokumentation vom {formatDate(data.acquiredAt)}</Title>
      <Card>
        <EditableCardHeader
          title="Zeitraum"
          editing={editing}
          onEdit={() => setEditing(true)}
          editLabel="Daten bearbeiten"
        />
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
              {data.recordedAt && (
                <Table.Tr>
                  <Table.Th w={140}>{TERMS.recordedOn}</Table.Th>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Text span inherit>
                        {historyTime(data.recordedAt)}
                        {data.imported ? ' (importiert)' : ''}
                      </Text>
                      {isBackdated(data.acquiredAt, data.recordedAt) && <BackdatedBadge />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <DriveMannerCard
        activity={data}
        onlyRoute={routeIds.length === 1 ? (drivenRoutes[0] ?? null) : null}
        firstOnly={firstAcquisitionNote(data, drivenRoutes, accountWays)}
      />
      <CountedSection label="Strecken" count={routeIds.length}>
        <LinkList
          links={routeIds.map((routeId) => {
            const route = routeById.get(routeId);
            return {
              key: routeId,
              to: paths.route(routeId),
              text: route ? route.name : `Strecke ${routeId}`,
              note: route?.companyRoute ? companyRouteNote(route.companyRoute) : undefined,
            };
          })}
        />
      </CountedSection>
      <CountedSection label="Fahrzeuge" count={vehicleIds.length}>
        <Stack gap="md">
          {vehicleIds.length === 0 ? (
            <Text size="sm" c="dimmed">
              Zu dieser Dokumentation sind keine Fahrzeuge erfasst.
            </Text>
          ) : (
            <LinkList
              links={vehicleIds.map((vehicleId) => ({
                key: vehicleId,
                to: paths.vehicle(vehicleId),
                text: vehicleById.get(vehicleId)?.name ?? `Fahrzeug ${vehicleId}`,
              }))}
            />
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
      </CountedSection>
      {/* The drive's own history with old and new values: a moved date stays visible (issue 38). */}
      <HistoryCard query={changes} label="Verlauf der Dokumentation" lines={(entries) => historyLines(entries)} />
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

export const { clientLoader, ErrorBoundary, Component } = recordRoute(routeActivityRecord.view, RouteActivityView, {
  shows: (id) => [
    routesQueryOptions(),
    vehiclesQueryOptions(),
    vehicleActivitiesQueryOptions(),
    routeActivityHistoryQueryOptions(id),
    accountValidityQueryOptions(),
  ],
});
