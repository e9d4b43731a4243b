import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './form-error';

/**
 * The frame of a form that is not a record's (`RecordForm` frames those): a `<form noValidate>` named by `label`, its
 * form-level message (`useContractForm`'s `formError`) above the fields, which stand in one stack.
 */
export function FormFrame({
  label,
  onSubmit,
  formError,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="sm">
        <FormError error={formError} />
        {children}
      </Stack>
    </form>
  );
}
