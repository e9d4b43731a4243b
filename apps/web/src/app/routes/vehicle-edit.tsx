import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { isMissingRecord, RecordNotFound } from '../../components/record-not-found';
import { paths } from '../../config/paths';
import { useDeleteVehicle, useUpdateVehicle, useVehicle } from '../../features/vehicles/api/vehicles';
import { VehicleForm, vehicleRuleDays, type VehicleFormValues } from '../../features/vehicles/components/vehicle-form';
import { germanMessage } from '../../lib/api-errors';
import { useIdParam } from '../use-id-param';
import { useTitle } from '../use-title';

function EditVehicle({ vehicle }: { vehicle: Vehicle }) {
  const navigate = useNavigate();
  const update = useUpdateVehicle(vehicle.id);
  const remove = useDeleteVehicle();

  const save = async (values: VehicleFormValues) => {
    const days = vehicleRuleDays(values);
    await update.mutateAsync({ name: values.name, ...(days !== vehicle.validityDays ? { validityDays: days } : {}) });
    notifications.show({ color: 'green', message: 'Fahrzeug gespeichert.' });
    navigate(paths.vehicle(vehicle.id));
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(vehicle.id);
      navigate(paths.documentation);
      notifications.show({ color: 'green', message: 'Fahrzeug gelöscht.' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Fahrzeug nicht gelöscht', message: germanMessage(error) });
    }
  };

  return (
    <VehicleForm
      heading="Fahrzeug bearbeiten"
      submitLabel="Fahrzeug speichern"
      initialName={vehicle.name}
      initialRuleDays={vehicle.validityDays ?? null}
      onSubmit={save}
      actions={
        <>
          <Button component={Link} to={paths.vehicle(vehicle.id)} variant="default" fullWidth>
            Zurück zur Ansicht
          </Button>
          <ConfirmDeleteButton onConfirm={onDelete} title="Fahrzeug löschen?">
            Soll das Fahrzeug „{vehicle.name}“ wirklich gelöscht werden?
          </ConfirmDeleteButton>
        </>
      }
    />
  );
}

export function Component() {
  useTitle('Fahrzeug bearbeiten');
  const id = useIdParam();
  const vehicle = useVehicle(id ?? 0);

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
    content = <EditVehicle key={vehicle.data.id} vehicle={vehicle.data} />;
  }
  return <Stack align="center">{content}</Stack>;
}
