import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLogin } from '../api/login';
import { UnauthorizedError } from '../../../lib/api-errors';
import { germanMessage } from '../../../lib/api-errors';
import { startPage } from '../../../content/public-pages';

const t = startPage.login;

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
      username: (value) => (value.trim() ? null : t.emailMissing),
      password: (value) => (value ? null : t.passwordMissing),
    },
  });

  const error = login.error
    ? login.error instanceof UnauthorizedError
      ? t.wrongCredentials
      : germanMessage(login.error, t.wrongCredentials)
    : null;

  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values, { onSuccess }))} noValidate aria-label="Anmelden">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t.email} type="email" autoComplete="username" required {...form.getInputProps('username')} />
        <PasswordInput
          label={t.password}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            {t.forgot}
          </Anchor>
          <Group gap="xs">
            <Button variant="default" type="button" onClick={onRegister}>
              {t.register}
            </Button>
            <Button type="submit" loading={login.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
