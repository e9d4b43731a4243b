import { Select } from '@mantine/core';
import { validityDaysSchema, validityRuleLabel } from '@streckenpass/contract/notifications';
import { accountRuleLabel } from '@streckenpass/contract/terms';
import { useAccountVehicleValidityDays } from '../../../lib/account-validity';
import { createVehicleSchema } from '@streckenpass/contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { RecordForm, type RecordFormTexts } from '../../../components/record-form';

export type VehicleFormValues = {
  name: string;
  /** 'account' = the account's vehicle rule; otherwise a number of days of its own. */
  rule: 'account' | 'custom';
  ruleDays: number | string;
};

/** The name field of the form. */
const VEHICLE_NAME = { label: 'Name des Fahrzeugs', placeholder: 'z. B. BR 146' };

/** The vehicle's own rule in days from the form; null = the account's. */
export function vehicleRuleDays(values: VehicleFormValues): number | null {
  if (values.rule === 'account') return null;
  return typeof values.ruleDays === 'number' ? values.ruleDays : Number.NaN;
}

/** The contract's rule for the name, plus the rule choice (its own days checked like the server's `validityDays`). */
const vehicleFormSchema = createVehicleSchema
  .pick({ name: true })
  .extend({ rule: z.enum(['account', 'custom']), ruleDays: z.union([z.number(), z.string()]) })
  .superRefine((values, context) => {
    if (values.rule !== 'custom') return;
    const checked = validityDaysSchema.safeParse(vehicleRuleDays(values));
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Bitte eine Zahl von Tagen angeben.';
      context.addIssue({ code: 'custom', path: ['ruleDays'], message });
    }
  });

/**
 * Name and rule of a vehicle (create and edit). `onSubmit` (the page's save) runs as a mutation, so its pending state
 * is the button's; when it throws, the input stays and a German message appears.
 */
export function VehicleForm({
  initialName = '',
  initialRuleDays = null,
  onSubmit,
  ...texts
}: RecordFormTexts & {
  initialName?: string;
  initialRuleDays?: number | null;
  onSubmit: (values: VehicleFormValues) => Promise<unknown>;
}) {
  // The page's save may be more than one step; the mutation inside it decides about the network.
  const save = useMutation({ mutationFn: onSubmit, networkMode: 'always' });
  const initialValues: VehicleFormValues = {
    name: initialName,
    rule: initialRuleDays === null ? 'account' : 'custom',
    ruleDays: initialRuleDays ?? 364,
  };
  const contract = useContractForm(vehicleFormSchema, save, { initialValues });
  const accountVehicleDays = useAccountVehicleValidityDays();
  const { form } = contract;

  return (
    <RecordForm narrow texts={texts} contract={contract} name={VEHICLE_NAME}>
      <Select
        label="Gültigkeitsregel"
        description="Wie lange eine Fahrt mit diesem Fahrzeug die Fahrzeugkunde erhält."
        data={[
          {
            value: 'account',
            label: accountRuleLabel(accountVehicleDays === undefined ? '…' : validityRuleLabel(accountVehicleDays)),
          },
          { value: 'custom', label: 'Eigene Anzahl Tage' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('rule')}
      />
      {form.values.rule === 'custom' && <ValidityDaysInput label="Tage" {...form.getInputProps('ruleDays')} />}
    </RecordForm>
  );
}
