import { Stack } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { accountRuleLabel } from '@streckenpass/contract/terms';
import { useAccountVehicleValidityDays } from '../../lib/account-validity';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { DetailRow } from '../../components/detail-table';
import { MasterDataCard } from '../../components/master-data-card';
import { QueryError } from '../../components/query-error';
import { routeActivitiesQueryOptions, useRouteActivities } from '../../features/route-activities/api/route-activities';
import {
  useVehicleActivities,
  vehicleActivitiesQueryOptions,
} from '../../features/vehicle-activities/api/vehicle-activities';
import { lastDocumentedAt } from '../../features/vehicles/last-documented';
import { formatDate } from '../../lib/dates';
import { vehicleApi } from '../../features/vehicles/api/vehicles';
import { VehicleForm } from '../../features/vehicles/components/vehicle-form';
import { vehicleInput } from '../../features/vehicles/vehicle-input';
import { recordKindPages, type MasterData } from '../record-kind-pages';
import { useTitle } from '../use-title';

/*
 * The vehicles' pages (`/vehicle/:id`, `/vehicle/edit/:id`, `/vehicle/new`): the view's card, and the create and edit
 * pages of `VehicleForm` as every kind without pages of its own has them (app/record-kind-pages.tsx).
 */

/** A vehicle's "Stammdaten": its name, when it was last documented, and the rule its validity follows. */
function VehicleView({ record: vehicle, master }: { record: Vehicle; master: (rows: DetailRow[]) => MasterData }) {
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
        {...master([
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

export const { view, edit, create } = recordKindPages(RECORD_KINDS.vehicles, vehicleApi, {
  View: VehicleView,
  Form: VehicleForm,
  input: (values, saved) => vehicleInput(values, saved ? saved.validityDays : null),
  view: { centered: true, shows: () => [vehicleActivitiesQueryOptions(), routeActivitiesQueryOptions()] },
});
