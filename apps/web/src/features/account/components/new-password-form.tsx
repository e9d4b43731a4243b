import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import type { ContractForm } from '../../../lib/use-contract-form';
import { RevokeSharedAccessCheckbox } from './revoke-shared-access-checkbox';

type NewPasswordField = 'new_password' | 'repeat' | 'revoke_shared_access';

/**
 * The form of a new password (change and reset): the password, its repetition, the choice to end the shared access,
 * a way back and the submit button. The page owns the form (`useContractForm`): what it checks and sends differs.
 */
export function NewPasswordForm({
  contractForm: { form, onSubmit, formError, isPending },
  intro,
  children,
  back,
  submitLabel,
}: {
  /** The page's `useContractForm(…)`: its values hold the three fields. */
  contractForm: Pick<ContractForm<object>, 'onSubmit' | 'formError' | 'isPending'> & {
    form: { getInputProps: (path: NewPasswordField, options?: { type: 'checkbox' }) => GetInputPropsReturnType };
  };
  /** Above the form's error: a hint or the message of a save. */
  intro: ReactNode;
  /** Fields before the new password (the current one). */
  children?: ReactNode;
  back: { to: string; label: string };
  submitLabel: string;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {intro}
        <FormError error={formError} />
        {children}
        <PasswordInput
          label="Neues Passwort"
          description="Mindestens 8 Zeichen"
          autoComplete="new-password"
          required
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Neues Passwort wiederholen"
          autoComplete="new-password"
          required
          {...form.getInputProps('repeat')}
        />
        <RevokeSharedAccessCheckbox {...form.getInputProps('revoke_shared_access', { type: 'checkbox' })} />
        <Group justify="space-between" mt="xs">
          <Button component={Link} to={back.to} variant="subtle">
            {back.label}
          </Button>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
