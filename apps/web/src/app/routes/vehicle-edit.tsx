import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { useNavigate } from 'react-router';
import { EditRecordActions } from '../../components/record-actions';
import { paths } from '../../config/paths';
import { useDeleteVehicle, useUpdateVehicle } from '../../features/vehicles/api/vehicles';
import { VehicleForm } from '../../features/vehicles/components/vehicle-form';
import { vehicleInput, type VehicleFormValues } from '../../features/vehicles/vehicle-input';
import { recordRoute } from '../record-route';
import { vehicleRecord } from '../record-routes';
import { useDeleteAndLeave } from '../use-delete-and-leave';
import { useTitle } from '../use-title';

function EditVehicle({ record: vehicle }: { record: Vehicle }) {
  useTitle('Fahrzeug bearbeiten');
  const navigate = useNavigate();
  const update = useUpdateVehicle(vehicle.id);
  const remove = useDeleteVehicle();

  const save = async (values: VehicleFormValues) => {
    await update.mutateAsync(vehicleInput(values, vehicle.validityDays));
    notifications.show({ color: 'green', message: 'Fahrzeug gespeichert.' });
    navigate(paths.vehicle(vehicle.id));
  };

  const onDelete = useDeleteAndLeave(remove, vehicle.id, {
    deleted: 'Fahrzeug gelöscht.',
    failedTitle: 'Fahrzeug nicht gelöscht',
  });

  return (
    <Stack align="center">
      <VehicleForm
        heading="Fahrzeug bearbeiten"
        submitLabel="Fahrzeug speichern"
        initialName={vehicle.name}
        initialRuleDays={vehicle.validityDays ?? null}
        onSubmit={save}
        actions={
          <EditRecordActions back={paths.vehicle(vehicle.id)} onDelete={onDelete} deleteTitle="Fahrzeug löschen?">
            Soll das Fahrzeug „{vehicle.name}“ wirklich gelöscht werden?
          </EditRecordActions>
        }
      />
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(vehicleRecord.edit, EditVehicle, {
  centered: true,
});
