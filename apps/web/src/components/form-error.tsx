import { Alert, type AlertProps } from '@mantine/core';

/**
 * The form-level message of a form (`useContractForm`'s `formError`): nothing while there is none, otherwise a red
 * alert that screen readers announce. One place for how every form says "not saved".
 */
export function FormError({ error, ...props }: { error: string | null | undefined } & Omit<AlertProps, 'children'>) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" {...props}>
      {error}
    </Alert>
  );
}
