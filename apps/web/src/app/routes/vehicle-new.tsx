import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCreateVehicle } from '../../features/vehicles/api/vehicles';
import { VehicleForm } from '../../features/vehicles/components/vehicle-form';
import { vehicleInput, type VehicleFormValues } from '../../features/vehicles/vehicle-input';
import { NewRecordPage } from '../new-record-page';

export function Component() {
  const navigate = useNavigate();
  const create = useCreateVehicle();

  const save = async (values: VehicleFormValues) => {
    const vehicle = await create.mutateAsync(vehicleInput(values, null));
    notifications.show({ color: 'green', message: `Fahrzeug „${vehicle.name}“ erstellt.` });
    navigate(paths.vehicle(vehicle.id));
  };

  return (
    <NewRecordPage title="Fahrzeug erstellen">{(form) => <VehicleForm {...form} onSubmit={save} />}</NewRecordPage>
  );
}
