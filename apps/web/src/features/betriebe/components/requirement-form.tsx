import { Button, Select, SimpleGrid } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { IconPlus } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import type { z } from 'zod';
import { FormFrame } from '../../../components/form-frame';
import { sentValuesSchema, useContractForm, type FormMutation } from '../../../lib/use-contract-form';

/**
 * The frame of an admin's add form for a requirement (route knowledge or a vehicle type): the fields, then the depot
 * it applies to (when the Betrieb has depots; none is the whole Betrieb), then the button named like the form.
 */
export function RequirementForm({
  label,
  betrieb,
  depotLabel,
  depotProps,
  onSubmit,
  isPending,
  formError,
  children,
}: {
  label: string;
  betrieb: Betrieb;
  depotLabel: string;
  /** The form's input props of the depot field. */
  depotProps: object;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  formError: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <FormFrame label={label} onSubmit={onSubmit} formError={formError}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {children}
        {betrieb.depots.length > 0 && (
          <Select
            label={depotLabel}
            placeholder="Ganzer Betrieb"
            clearable
            data={betrieb.depots.map((depot) => ({ value: String(depot.id), label: depot.name }))}
            {...depotProps}
          />
        )}
      </SimpleGrid>
      <div>
        <Button type="submit" loading={isPending} leftSection={<IconPlus size={18} aria-hidden />}>
          {label}
        </Button>
      </div>
    </FormFrame>
  );
}

/**
 * An add form's state (`form`) and the props of its frame: the values checked by `schema` as `toSent` makes them, sent
 * with `create`, the form emptied after each add.
 */
export function useRequirementForm<Values extends { depot: string | null }, Sent>(
  schema: z.ZodType,
  toSent: (values: Values) => Sent,
  create: FormMutation<Sent, unknown>,
  initialValues: Values,
) {
  const { form, onSubmit, isPending, formError } = useContractForm(sentValuesSchema(schema, toSent), create, {
    initialValues,
    toVariables: toSent,
    onSuccess: (_result, _values, contractForm) => contractForm.reset(),
  } as Parameters<typeof useContractForm<Values, Sent>>[2]);
  return { form, frame: { onSubmit, isPending, formError, depotProps: form.getInputProps('depot') } };
}
