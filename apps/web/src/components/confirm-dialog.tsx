import { Button, Group, Modal, Stack, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog that asks before something that cannot be undone (revoke a proof or a link, leave a Betrieb): what will
 * happen (`children`), "Abbrechen", and the red button that does it – busy, and the way out closed, while it runs.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  busy,
  color = 'red',
  gap,
  children,
}: {
  opened: boolean;
  /** Closes the dialog: the modal's own close and "Abbrechen". */
  onClose: () => void;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  color?: MantineColor;
  /** Between the two buttons (Mantine's default when not given). */
  gap?: MantineSpacing;
  /** What will happen, and anything that went wrong. */
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap={gap}>
          <Button variant="default" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
