import type { CreateVehicleInput } from '@streckenpass/contract/vehicles';

export type VehicleFormValues = {
  name: string;
  /** 'account' = the account's vehicle rule; otherwise a number of days of its own. */
  rule: 'account' | 'custom';
  ruleDays: number | string;
};

/** The vehicle's own rule in days from the form; null = the account's. */
export function vehicleRuleDays(values: VehicleFormValues): number | null {
  if (values.rule === 'account') return null;
  return typeof values.ruleDays === 'number' ? values.ruleDays : Number.NaN;
}

/**
 * What the vehicle form sends, new or edited: the rule only when it differs from the saved one (`savedDays`;
 * undefined sends it always, as the form's check does).
 */
export function vehicleInput(values: VehicleFormValues, savedDays: number | null | undefined): CreateVehicleInput {
  const days = vehicleRuleDays(values);
  return { name: values.name, ...(days !== savedDays ? { validityDays: days } : {}) };
}
