import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TERMS } from '@streckenpass/contract/terms';
import { registerSchema } from '@streckenpass/contract/users';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRegister } from '../api/register';
import { FormError } from '../../../components/form-error';

export function RegisterForm({ onBack, onSuccess }: { onBack: () => void; onSuccess: () => void }) {
  const { form, onSubmit, isPending, formError } = useContractForm(registerSchema, useRegister(), {
    initialValues: { email: '', firstname: '', lastname: '', password: '' },
    onSuccess,
    // The server's own sentence wins (409 "bereits registriert"; a declined registration's message): germanMessage.
    fallbackMessage: 'Der Benutzer konnte nicht registriert werden.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Registrieren">
      <Stack gap="sm">
        <FormError error={formError} />
        <TextInput label={TERMS.email} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Vorname" autoComplete="given-name" required {...form.getInputProps('firstname')} />
          <TextInput label="Nachname" autoComplete="family-name" required {...form.getInputProps('lastname')} />
        </SimpleGrid>
        <PasswordInput
          label="Passwort"
          description="Mindestens 8 Zeichen"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" type="button" onClick={onBack}>
            Zurück zur Anmeldung
          </Button>
          <Button type="submit" loading={isPending}>
            Registrieren
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
