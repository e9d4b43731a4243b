import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { TERMS } from '@streckenpass/contract/terms';
import { forgotPasswordSchema } from '@streckenpass/contract/users';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgotPassword } from '../api/password-reset';
import { FormError } from '../../../components/form-error';

/**
 * The contract's rule plus a check for typos: the server answers a malformed address like an unknown one (it does not
 * tell which addresses have an account), so only the form can point out a missing @ or domain.
 */
const forgotFormSchema = forgotPasswordSchema.extend({
  email: z
    .string()
    .trim()
    .regex(/^\S+@\S+\.\S+$/, 'Bitte eine gültige E-Mail-Adresse angeben.')
    .pipe(forgotPasswordSchema.shape.email),
});

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const { form, onSubmit, isPending, formError } = useContractForm(forgotFormSchema, forgot, {
    initialValues: { email: '' },
    errorMessage: () => 'Passwort konnte nicht zurückgesetzt werden.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Passwort vergessen">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Geben Sie die E-Mail-Adresse Ihres Kontos an. Sie erhalten einen Link, mit dem Sie ein neues Passwort
          vergeben.
        </Text>
        {forgot.isSuccess && (
          <Alert color="green" role="status">
            {forgot.data.message}
          </Alert>
        )}
        <FormError error={formError} />
        <TextInput label={TERMS.email} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" type="button" onClick={onBack}>
            Zurück zur Anmeldung
          </Button>
          <Button type="submit" loading={isPending}>
            Link anfordern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
