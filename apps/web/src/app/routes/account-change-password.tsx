import { Alert, Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useChangePassword } from '../../features/account/api/change-password';
import { validateNewPassword, validateRepeat } from '../../features/account/components/new-password-fields';
import { RevokeSharedAccessCheckbox } from '../../features/account/components/revoke-shared-access-checkbox';
import { ApiError, NetworkError, germanMessage } from '../../lib/api-errors';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Passwort ändern');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', new_password: '', repeat: '', revoke_shared_access: false },
    validate: {
      current_password: (value) => (value ? null : 'Bitte das aktuelle Passwort angeben.'),
      new_password: validateNewPassword,
      repeat: validateRepeat,
    },
  });

  const errorMessage = change.error
    ? change.error instanceof NetworkError
      ? germanMessage(change.error)
      : (change.error instanceof ApiError && change.error.serverMessage) || 'Es ist ein Fehler aufgetreten'
    : null;

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Passwort ändern</Title>
      <Card>
        <form
          noValidate
          onSubmit={form.onSubmit(({ current_password, new_password, revoke_shared_access }) =>
            change.mutate({ current_password, new_password, revoke_shared_access }, { onSuccess: () => form.reset() }),
          )}
        >
          <Stack gap="sm">
            {change.isSuccess && (
              <Alert color="green" role="status">
                {change.data.message || 'Passwort erfolgreich geändert.'}
              </Alert>
            )}
            {errorMessage && (
              <Alert color="red" role="alert">
                {errorMessage}
              </Alert>
            )}
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
              <Button type="submit" loading={change.isPending}>
                Passwort ändern
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
