import { Stack } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { accountRuleLabel } from '@streckenpass/contract/terms';
import { useAccountVehicleValidityDays } from '../../lib/account-validity';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { MasterDataCard } from '../../components/master-data-card';
import { QueryError } from '../../components/query-error';
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

function VehicleView({ record: vehicle }: { record: Vehicle }) {
  const vehicleActivities = useVehicleActivities();
  const routeActivities = useRouteActivities();
  const accountVehicleDays = useAccountVehicleValidityDays();
  useTitle(vehicle.name);

  const activitiesError = vehicleActivities.error ?? routeActivities.error;
  const last =
    vehicleActivities.data && routeActivities.data
      ? lastDocumentedAt(toIri('vehicles', vehicle.id), vehicleActivities.data, routeActivities.data)
      : null;
  return (
    <Stack align="center">
      <MasterDataCard
        maw={560}
        w="100%"
        {...vehicleRecord.master(vehicle.id, [
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
                : accountRuleLabel(accountVehicleDays === undefined ? '…' : validityRuleLabel(accountVehicleDays)),
          },
        ])}
      >
        {activitiesError && (
          <QueryError
            error={activitiesError}
            retry={() => {
              void vehicleActivities.refetch();
              void routeActivities.refetch();
            }}
          />
        )}
      </MasterDataCard>
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(vehicleRecord.view, VehicleView, {
  centered: true,
  shows: () => [vehicleActivitiesQueryOptions(), routeActivitiesQueryOptions()],
});
