import { Button, Select, SimpleGrid, Stack } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { IconPlus } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from '../../../components/form-error';

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
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="sm">
        <FormError error={formError} />
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
      </Stack>
    </form>
  );
}
