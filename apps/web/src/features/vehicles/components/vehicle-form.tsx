import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createVehicleSchema } from '@streckenpass/contract/vehicles';
import { useState, type ReactNode } from 'react';
import { submitErrors } from '../../../lib/form-errors';
import { zodFieldValidator } from '../../../lib/form';

export type VehicleFormValues = {
  name: string;
};

/** Name of a vehicle (create and edit). When `onSubmit` throws, the input stays and a German message appears. */
export function VehicleForm({
  heading,
  submitLabel,
  initialName = '',
  onSubmit,
  actions,
}: {
  heading: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (values: VehicleFormValues) => Promise<unknown>;
  actions?: ReactNode;
}) {
  const form = useForm<VehicleFormValues>({
    initialValues: { name: initialName },
    validate: zodFieldValidator<VehicleFormValues>(createVehicleSchema),
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
