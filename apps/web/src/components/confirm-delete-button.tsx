import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/**
 * "Eintrag löschen" with a confirmation dialog. `onConfirm` does the deleting; whatever it throws is the caller's
 * business (seed section 8: some delete failures are only logged) — the dialog closes and the button works again.
 */
export function ConfirmDeleteButton({
  children,
  onConfirm,
  label = 'Eintrag löschen',
  title = 'Eintrag löschen?',
}: {
  /** What exactly will be deleted, in a sentence. */
  children: ReactNode;
  onConfirm: () => Promise<void>;
  label?: string;
  title?: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      close();
    }
  };

  return (
    <>
      <Button color="red" variant="outline" fullWidth leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={busy ? () => {} : close} title={title} centered>
        <Stack gap="md">
          <Text>{children}</Text>
          <Text size="sm" c="dimmed">
            Das lässt sich nicht rückgängig machen.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Abbrechen
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              Endgültig löschen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
