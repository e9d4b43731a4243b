import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginSchema } from '@streckenpass/contract/users';
import { z } from 'zod';
import { useLogin } from '../api/login';
import { UnauthorizedError } from '../../../lib/api-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { startPage } from '../../../content/public-pages';
import { FormError } from '../../../components/form-error';

const t = startPage.login;

/** The contract's rules on what `useLogin` sends: the address trimmed (blanks alone are no address). */
const loginFormSchema = loginSchema.extend({ username: z.string().trim().pipe(loginSchema.shape.username) });

/** Where the form leads: to registration, to the forgotten password, and on, once signed in. */
interface LoginFormProps {
  onRegister: () => void;
  onForgot: () => void;
  onSuccess: () => void;
}

export function LoginForm({ onRegister, onForgot, onSuccess }: LoginFormProps) {
  const { form, onSubmit, isPending, formError } = useContractForm(loginFormSchema, useLogin(), {
    initialValues: { username: '', password: '' },
    onSuccess,
    errorMessage: (error) => (error instanceof UnauthorizedError ? t.wrongCredentials : undefined),
    fallbackMessage: t.wrongCredentials,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Anmelden">
      <Stack gap="sm">
        <FormError error={formError} />
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
            <Button type="submit" loading={isPending}>
              {t.submit}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
