import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useForgotPassword } from '../api/password-reset';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Bitte eine gültige E-Mail-Adresse angeben.'),
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => forgot.mutate(values))} noValidate aria-label="Passwort vergessen">
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
        {forgot.isError && (
          <Alert color="red" role="alert">
            Passwort konnte nicht zurückgesetzt werden.
          </Alert>
        )}
        <TextInput label="E-Mail Adresse" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" type="button" onClick={onBack}>
            Zurück zur Anmeldung
          </Button>
          <Button type="submit" loading={forgot.isPending}>
            Link anfordern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
