import { Alert, Button, Card, Select, Stack, TextInput, Title } from '@mantine/core';
import { validityDaysSchema } from '@streckenpass/contract/notifications';
import { useForm } from '@mantine/form';
import { createVehicleSchema } from '@streckenpass/contract/vehicles';
import { useState, type ReactNode } from 'react';
import { submitErrors } from '../../../lib/form-errors';
import { zodFieldValidator } from '../../../lib/form';
import { ValidityDaysInput } from '../../../components/validity-days-input';

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

/** Name of a vehicle (create and edit). When `onSubmit` throws, the input stays and a German message appears. */
const validateName = (values: VehicleFormValues) =>
  zodFieldValidator<{ name: string }>(createVehicleSchema)({ name: values.name });

export function VehicleForm({
  heading,
  submitLabel,
  initialName = '',
  initialRuleDays = null,
  onSubmit,
  actions,
}: {
  heading: string;
  submitLabel: string;
  initialName?: string;
  initialRuleDays?: number | null;
  onSubmit: (values: VehicleFormValues) => Promise<unknown>;
  actions?: ReactNode;
}) {
  const form = useForm<VehicleFormValues>({
    initialValues: {
      name: initialName,
      rule: initialRuleDays === null ? 'account' : 'custom',
      ruleDays: initialRuleDays ?? 364,
    },
    validate: (values) => {
      const errors = validateName(values);
      if (values.rule === 'custom') {
        const checked = validityDaysSchema.safeParse(vehicleRuleDays(values));
        if (!checked.success)
          errors.ruleDays = checked.error.issues[0]?.message ?? 'Bitte eine Zahl von Tagen angeben.';
      }
      return errors;
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (values: VehicleFormValues) => {
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const { fields, message } = submitErrors(error, ['name']);
      form.setErrors(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card maw={560} w="100%">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {heading}
          </Title>
          {failure && (
            <Alert color="red" role="alert" title="Nicht gespeichert">
              {failure}
            </Alert>
          )}
          <TextInput label="Name des Fahrzeugs" placeholder="z. B. BR 146" required {...form.getInputProps('name')} />
          <Select
            label="Gültigkeitsregel"
            description="Wie lange eine Fahrt mit diesem Fahrzeug die Fahrzeugkunde erhält."
            data={[
              { value: 'account', label: 'Wie im Konto eingestellt' },
              { value: 'custom', label: 'Eigene Anzahl Tage' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('rule')}
          />
          {form.values.rule === 'custom' && <ValidityDaysInput label="Tage" {...form.getInputProps('ruleDays')} />}
          <Stack gap="xs" mt="xs">
            {actions}
            <Button type="submit" fullWidth loading={saving}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
