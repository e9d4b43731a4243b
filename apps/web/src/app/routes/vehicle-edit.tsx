import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button';
import { paths } from '../../config/paths';
import { useDeleteVehicle, useUpdateVehicle } from '../../features/vehicles/api/vehicles';
import { VehicleForm, vehicleRuleDays, type VehicleFormValues } from '../../features/vehicles/components/vehicle-form';
import { germanMessage } from '../../lib/api-errors';
import { recordRoute } from '../record-route';
import { vehicleRecord } from '../record-routes';
import { useTitle } from '../use-title';

function EditVehicle({ record: vehicle }: { record: Vehicle }) {
  useTitle('Fahrzeug bearbeiten');
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
    <Stack align="center">
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
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...vehicleRecord,
  title: 'Fahrzeug bearbeiten',
  centered: true,
  Page: EditVehicle,
});
