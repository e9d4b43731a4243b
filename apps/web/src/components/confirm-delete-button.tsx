import { Button, Group, Modal, Stack, Text, type MantineSpacing } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBusy } from '../lib/use-busy';

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
  const [busy, whileBusy] = useBusy();
  const confirm = () => whileBusy(onConfirm).finally(close);

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
          <ConfirmDeleteActions busy={busy} onCancel={close} onConfirm={() => void confirm()} />
        </Stack>
      </Modal>
    </>
  );
}

/** The buttons of a delete dialog: cancel, or delete for good (busy while deleting). */
export function ConfirmDeleteActions({
  busy,
  onCancel,
  onConfirm,
  gap = 'sm',
  focusCancel = false,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  gap?: MantineSpacing;
  /** The dialog opens with "Abbrechen" focused. */
  focusCancel?: boolean;
}) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={focusCancel || undefined}>
        Abbrechen
      </Button>
      <Button color="red" onClick={onConfirm} loading={busy}>
        Endgültig löschen
      </Button>
    </Group>
  );
}
