import type { CreateVehicleInput } from '@streckenpass/contract/vehicles';
import { vehicleRuleDays, type VehicleFormValues } from './components/vehicle-form';

/** What the vehicle form sends, new or edited: the rule only when it differs from the saved one (`savedDays`). */
export function vehicleInput(values: VehicleFormValues, savedDays: number | null | undefined): CreateVehicleInput {
  const days = vehicleRuleDays(values);
  return { name: values.name, ...(days !== savedDays ? { validityDays: days } : {}) };
}
