import { Select } from '@mantine/core';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { accountRuleLabel } from '@streckenpass/contract/terms';
import { useAccountVehicleValidityDays } from '../../../lib/account-validity';
import { createVehicleSchema, type Vehicle } from '@streckenpass/contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { renamedFields, sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { vehicleInput, type VehicleFormValues } from '../vehicle-input';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { RecordForm, type RecordKindFormProps } from '../../../components/record-form';

/** The name field of the form. */
const VEHICLE_NAME = { label: 'Name des Fahrzeugs', placeholder: 'z. B. BR 146' };

/** The contract's rules on what the form sends (`vehicleInput`): the name, and the rule's days on "Tage". */
const vehicleFormSchema = sentValuesSchema<VehicleFormValues>(
  createVehicleSchema,
  (values) => vehicleInput(values, undefined),
  renamedFields({ validityDays: 'ruleDays' }),
);

/**
 * Name and rule of a vehicle (create and edit). `onSubmit` (the page's save) runs as a mutation, so its pending state
 * is the button's; when it throws, the input stays and a German message appears.
 */
export function VehicleForm({ record, onSubmit, ...texts }: RecordKindFormProps<Vehicle, VehicleFormValues>) {
  // The page's save may be more than one step; the mutation inside it decides about the network.
  const save = useMutation({ mutationFn: onSubmit, networkMode: 'always' });
  const ruleDays = record?.validityDays ?? null;
  const initialValues: VehicleFormValues = {
    name: record?.name ?? '',
    rule: ruleDays === null ? 'account' : 'custom',
    ruleDays: ruleDays ?? 364,
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
