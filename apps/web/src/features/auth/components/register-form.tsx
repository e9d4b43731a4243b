import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerSchema } from '@streckenpass/contract/users';
import { ApiError } from '../../../lib/api-errors';
import { germanMessage } from '../../../lib/api-errors';
import { zodFieldValidator } from '../../../lib/form';
import { RegistrationFailed, useRegister } from '../api/register';

export function RegisterForm({ onBack, onSuccess }: { onBack: () => void; onSuccess: () => void }) {
  const register = useRegister();
  const form = useForm({
    initialValues: { email: '', firstname: '', lastname: '', password: '' },
    validate: zodFieldValidator(registerSchema),
  });

  let error: string | null = null;
  if (register.error) {
    if (register.error instanceof RegistrationFailed) error = register.error.message;
    else if (register.error instanceof ApiError && register.error.serverMessage) error = register.error.serverMessage;
    else error = germanMessage(register.error, 'Der Benutzer konnte nicht registriert werden.');
    if (error === 'Es ist ein Fehler aufgetreten') error = 'Der Benutzer konnte nicht registriert werden.';
  }

  return (
    <form
      onSubmit={form.onSubmit((values) => register.mutate(values, { onSuccess }))}
      noValidate
      aria-label="Registrieren"
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="E-Mail Adresse" type="email" autoComplete="email" required {...form.getInputProps('email')} />
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
          <Button type="submit" loading={register.isPending}>
            Registrieren
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
