import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { validateNewPassword, validateRepeat } from '../../features/account/components/new-password-fields';
import { RevokeSharedAccessCheckbox } from '../../features/account/components/revoke-shared-access-checkbox';
import { useResetPassword } from '../../features/auth/api/password-reset';
import { ApiError, germanMessage } from '../../lib/api-errors';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Neues Passwort');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { new_password: '', repeat: '', revoke_shared_access: false },
    validate: { new_password: validateNewPassword, repeat: validateRepeat },
  });

  const errorMessage = reset.error
    ? (reset.error instanceof ApiError && reset.error.serverMessage) || germanMessage(reset.error)
    : null;

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Neues Passwort vergeben</Title>
      <Card>
        {!token ? (
          <Stack>
            <Alert color="red" role="alert">
              Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen
              neuen an.
            </Alert>
            <Button component={Link} to={paths.home} variant="light">
              Zur Anmeldung
            </Button>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={form.onSubmit(({ new_password, revoke_shared_access }) =>
              reset.mutate(
                { token, new_password, revoke_shared_access },
                { onSuccess: () => navigate(`${paths.home}?reset=1`, { replace: true }) },
              ),
            )}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                Vergeben Sie ein neues Passwort für Ihr Konto. Danach melden Sie sich damit an; alle anderen Anmeldungen
                werden beendet.
              </Text>
              {errorMessage && (
                <Alert color="red" role="alert">
                  {errorMessage}
                </Alert>
              )}
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
                <Button component={Link} to={paths.home} variant="subtle">
                  Zur Anmeldung
                </Button>
                <Button type="submit" loading={reset.isPending}>
                  Passwort speichern
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </Stack>
  );
}
