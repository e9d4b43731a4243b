import { Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DELETE_ACCOUNT_CONFIRMATION, deleteAccountSchema } from '@streckenpass/contract/users';
import { IconTrash } from '@tabler/icons-react';
import { useContractForm } from '../../../lib/use-contract-form';
import { useDeleteAccount } from '../api/delete-account';
import { FormError } from '../../../components/form-error';

/**
 * "Konto löschen": the password and the typed confirmation, then a last question. On success every stored datum is
 * gone and the user is on the start page (see `useDeleteAccount`). The submit only checks and asks; the dialog's
 * button saves (`save`), so a failure shows on the form like any other.
 */
export function DeleteAccountCard() {
  const [opened, dialog] = useDisclosure(false);
  const { form, save, isPending, formError } = useContractForm(deleteAccountSchema, useDeleteAccount(), {
    initialValues: { password: '', confirmation: '' },
    // The server says what is wrong ("Das Passwort ist falsch.").
    fallbackMessage: 'Es ist ein Fehler aufgetreten',
    // Once the password is corrected, "Das Passwort ist falsch." no longer holds.
    formErrorFields: ['password'],
  });

  return (
    <Card withBorder style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <form noValidate onSubmit={form.onSubmit(() => dialog.open())}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Konto löschen
          </Title>
          <Text size="sm">
            Löscht Ihr Konto mit allen Strecken, Touren, Fahrzeugen, Fahrten, Freigabe-Links und Einstellungen. Laden
            Sie vorher eine Sicherung herunter, wenn Sie die Daten behalten möchten. Ausgestellte Nachweise lassen sich
            danach weiter als echt prüfen, zeigen aber nichts mehr von Ihnen. Sie erhalten eine Bestätigung per E-Mail.
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
          <FormError error={formError} />
          <Group>
            <Button type="submit" color="red.9" leftSection={<IconTrash size={18} aria-hidden />}>
              Konto löschen …
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={opened} onClose={isPending ? () => {} : dialog.close} title="Konto endgültig löschen?" centered>
        <Stack gap="md">
          <Text>
            Alle Ihre Daten werden gelöscht und Sie werden abgemeldet. Das lässt sich nicht rückgängig machen.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close} disabled={isPending}>
              Abbrechen
            </Button>
            <Button
              color="red.9"
              loading={isPending}
              onClick={() => save(form.getValues(), { onSettled: dialog.close })}
            >
              Endgültig löschen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
