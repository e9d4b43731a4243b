import { Alert, Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useChangePassword } from '../../features/account/api/change-password';
import { changePasswordFormSchema, withoutRepeat } from '../../features/account/components/new-password-fields';
import { RevokeSharedAccessCheckbox } from '../../features/account/components/revoke-shared-access-checkbox';
import { ApiError } from '../../lib/api-errors';
import { useContractForm } from '../../lib/use-contract-form';
import { useTitle } from '../use-title';
import { FormError } from '../../components/form-error';

export function Component() {
  useTitle('Passwort ändern');
  const change = useChangePassword();
  const { form, onSubmit, isPending, formError } = useContractForm(changePasswordFormSchema, change, {
    initialValues: { current_password: '', new_password: '', repeat: '', revoke_shared_access: false },
    toVariables: withoutRepeat,
    onSuccess: (_result, _values, form) => form.reset(),
    // The server says what is wrong ("Das aktuelle Passwort ist falsch.", a common password).
    errorMessage: (error) => (error instanceof ApiError ? error.serverMessage : undefined),
    fallbackMessage: 'Es ist ein Fehler aufgetreten',
  });

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Passwort ändern</Title>
      <Card>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="sm">
            {change.isSuccess && (
              <Alert color="green" role="status">
                {change.data.message || 'Passwort erfolgreich geändert.'}
              </Alert>
            )}
            <FormError error={formError} />
            <PasswordInput
              label="Aktuelles Passwort"
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
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
              <Button component={Link} to={paths.account} variant="subtle">
                Zurück zum Konto
              </Button>
              <Button type="submit" loading={isPending}>
                Passwort ändern
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
