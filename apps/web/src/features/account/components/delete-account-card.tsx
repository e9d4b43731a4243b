import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { DELETE_ACCOUNT_CONFIRMATION, deleteAccountSchema } from '@streckenpass/contract/users';
import { IconTrash } from '@tabler/icons-react';
import { ApiError, NetworkError, germanMessage } from '../../../lib/api-errors';
import { zodFieldValidator } from '../../../lib/form';
import { useDeleteAccount } from '../api/delete-account';

/**
 * "Konto löschen": the password and the typed confirmation, then a last question. On success every stored datum is
 * gone and the user is on the start page (see `useDeleteAccount`).
 */
export function DeleteAccountCard() {
  const remove = useDeleteAccount();
  const [opened, dialog] = useDisclosure(false);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: zodFieldValidator(deleteAccountSchema),
  });

  const errorMessage = remove.error
    ? remove.error instanceof NetworkError
      ? germanMessage(remove.error)
      : (remove.error instanceof ApiError && remove.error.serverMessage) || 'Es ist ein Fehler aufgetreten'
    : null;

  return (
    <Card withBorder style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <form noValidate onSubmit={form.onSubmit(() => dialog.open())}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Konto löschen
          </Title>
          <Text size="sm">
            Löscht Ihr Konto mit allen Strecken, Touren, Fahrzeugen, Fahrten, Freigabe-Links und Einstellungen. Laden
            Sie vorher eine Sicherung herunter, wenn Sie die Daten behalten möchten. Sie erhalten eine Bestätigung per
            E-Mail.
          </Text>
          <PasswordInput
            label="Passwort"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label={`Zur Bestätigung „${DELETE_ACCOUNT_CONFIRMATION}“ eingeben`}
            autoComplete="off"
            required
            {...form.getInputProps('confirmation')}
          />
          {errorMessage && (
            <Alert color="red" role="alert">
              {errorMessage}
            </Alert>
          )}
          <Group>
            <Button type="submit" color="red.9" leftSection={<IconTrash size={18} aria-hidden />}>
              Konto löschen …
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={opened}
        onClose={remove.isPending ? () => {} : dialog.close}
        title="Konto endgültig löschen?"
        centered
      >
        <Stack gap="md">
          <Text>
            Alle Ihre Daten werden gelöscht und Sie werden abgemeldet. Das lässt sich nicht rückgängig machen.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close} disabled={remove.isPending}>
              Abbrechen
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(form.getValues(), { onSettled: dialog.close })}
            >
              Endgültig löschen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
