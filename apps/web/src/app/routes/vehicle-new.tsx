import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCreateVehicle } from '../../features/vehicles/api/vehicles';
import { VehicleForm, vehicleRuleDays, type VehicleFormValues } from '../../features/vehicles/components/vehicle-form';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Fahrzeug erstellen');
  const navigate = useNavigate();
  const create = useCreateVehicle();

  const save = async (values: VehicleFormValues) => {
    const days = vehicleRuleDays(values);
    const vehicle = await create.mutateAsync({ name: values.name, ...(days !== null ? { validityDays: days } : {}) });
    navigate(paths.vehicle(vehicle.id));
  };

  return (
    <Stack align="center">
      <VehicleForm
        heading="Fahrzeug erstellen"
        submitLabel="Fahrzeug erstellen"
        onSubmit={save}
        actions={
          <Button component={Link} to={paths.documentation} variant="default" fullWidth>
            Zurück zur Dokumentation
          </Button>
        }
      />
    </Stack>
  );
}
