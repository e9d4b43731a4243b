import { Button, Card, Stack, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { Link } from 'react-router';
import { DetailTable } from '../../components/detail-table';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { isMissingRecord, RecordNotFound } from '../../components/record-not-found';
import { paths } from '../../config/paths';
import { useRouteActivities } from '../../features/route-activities/api/get-route-activities';
import { useVehicleActivities } from '../../features/vehicle-activities/api/get-vehicle-activities';
import { useVehicle } from '../../features/vehicles/api/vehicles';
import { lastDocumentedAt } from '../../features/vehicles/last-documented';
import { formatDate } from '../../lib/dates';
import { useIdParam } from '../use-id-param';
import { useTitle } from '../use-title';

export function Component() {
  const id = useIdParam();
  const vehicle = useVehicle(id ?? 0);
  const vehicleActivities = useVehicleActivities();
  const routeActivities = useRouteActivities();
  useTitle(vehicle.data ? vehicle.data.name : 'Fahrzeug');

  let content;
  if (id === null || (vehicle.isError && isMissingRecord(vehicle.error))) {
    content = (
      <RecordNotFound
        title="Fahrzeug nicht gefunden"
        text="Dieses Fahrzeug gibt es nicht (mehr), oder es gehört zu einem anderen Konto."
        backTo={paths.documentation}
        backLabel="Zurück zur Dokumentation"
      />
    );
  } else if (vehicle.isError) {
    content = <QueryError error={vehicle.error} retry={() => void vehicle.refetch()} />;
  } else if (!vehicle.data) {
    content = <PageLoader />;
  } else {
    const activitiesError = vehicleActivities.error ?? routeActivities.error;
    const last =
      vehicleActivities.data && routeActivities.data
        ? lastDocumentedAt(toIri('vehicles', vehicle.data.id), vehicleActivities.data, routeActivities.data)
        : null;
    content = (
      <Card maw={560} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h3">
            Stammdaten des Fahrzeugs
          </Title>
          <DetailTable
            rows={[
              { label: 'Name des Fahrzeugs', value: vehicle.data.name },
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
                  vehicle.data.validityDays != null
                    ? `${validityRuleLabel(vehicle.data.validityDays)} (eigene Regel des Fahrzeugs)`
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
          <Button component={Link} to={paths.vehicleEdit(vehicle.data.id)} fullWidth>
            Fahrzeug bearbeiten
          </Button>
          <Button component={Link} to={paths.documentation} variant="default" fullWidth>
            Zurück zur Dokumentation
          </Button>
        </Stack>
      </Card>
    );
  }
  return <Stack align="center">{content}</Stack>;
}
