import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLogin } from '../api/login';
import { UnauthorizedError } from '../../../lib/api-errors';
import { germanMessage } from '../../../lib/api-errors';

export function LoginForm({
  onRegister,
  onForgot,
  onSuccess,
}: {
  onRegister: () => void;
  onForgot: () => void;
  onSuccess: () => void;
}) {
  const login = useLogin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : 'Bitte die E-Mail-Adresse angeben.'),
      password: (value) => (value ? null : 'Bitte das Passwort angeben.'),
    },
  });

  const error = login.error
    ? login.error instanceof UnauthorizedError
      ? 'Benutzername oder Passwort ist falsch.'
      : germanMessage(login.error, 'Benutzername oder Passwort ist falsch.')
    : null;

  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values, { onSuccess }))} noValidate aria-label="Anmelden">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="E-Mail Adresse"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <PasswordInput label="Passwort" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Passwort vergessen
          </Anchor>
          <Group gap="xs">
            <Button variant="default" type="button" onClick={onRegister}>
              Registrieren
            </Button>
            <Button type="submit" loading={login.isPending}>
              Anmelden
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
