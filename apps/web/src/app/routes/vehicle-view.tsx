import { Card, Stack, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { DetailTable } from '../../components/detail-table';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { routeActivitiesQueryOptions, useRouteActivities } from '../../features/route-activities/api/route-activities';
import {
  useVehicleActivities,
  vehicleActivitiesQueryOptions,
} from '../../features/vehicle-activities/api/vehicle-activities';
import { lastDocumentedAt } from '../../features/vehicles/last-documented';
import { formatDate } from '../../lib/dates';
import { recordRoute } from '../record-route';
import { vehicleRecord } from '../record-routes';
import { useTitle } from '../use-title';
import { RecordActions } from '../../components/record-actions';

function VehicleView({ record: vehicle }: { record: Vehicle }) {
  const vehicleActivities = useVehicleActivities();
  const routeActivities = useRouteActivities();
  useTitle(vehicle.name);

  const activitiesError = vehicleActivities.error ?? routeActivities.error;
  const last =
    vehicleActivities.data && routeActivities.data
      ? lastDocumentedAt(toIri('vehicles', vehicle.id), vehicleActivities.data, routeActivities.data)
      : null;
  return (
    <Stack align="center">
      <Card maw={560} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h3">
            Stammdaten des Fahrzeugs
          </Title>
          <DetailTable
            rows={[
              { label: 'Name des Fahrzeugs', value: vehicle.name },
              {
                label: 'Zuletzt dokumentiert am',
                value: activitiesError
                  ? '–'
                  : !vehicleActivities.data || !routeActivities.data
                    ? '…'
                    : last
                      ? formatDate(last)
                      : 'Noch nicht dokumentiert',
              },
              {
                label: 'Gültigkeitsregel',
                value:
                  vehicle.validityDays != null
                    ? `${validityRuleLabel(vehicle.validityDays)} (eigene Regel des Fahrzeugs)`
                    : 'wie im Konto eingestellt',
              },
            ]}
          />
          {activitiesError && (
            <QueryError
              error={activitiesError}
              retry={() => {
                void vehicleActivities.refetch();
                void routeActivities.refetch();
              }}
            />
          )}
          <RecordActions edit={paths.vehicleEdit(vehicle.id)} label="Fahrzeug bearbeiten" />
        </Stack>
      </Card>
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...vehicleRecord,
  title: 'Fahrzeug',
  centered: true,
  shows: () => [vehicleActivitiesQueryOptions(), routeActivitiesQueryOptions()],
  Page: VehicleView,
});
