import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmDeleteActions } from '../../../components/confirm-delete-button';
import { useDeleteRouteActivity } from '../api/route-activities';

/**
 * "Dokumentation löschen" with a confirmation. Whatever the answer, `onSettled` runs: a failure is only logged
 * (seed section 8) and the refetched list shows what the server really holds.
 */
export function DeleteActivityButton({
  activityId,
  description,
  onSettled,
}: {
  activityId: number;
  description: string;
  onSettled: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteRouteActivity();
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
        Dokumentation löschen
      </Button>
      <Modal opened={opened} onClose={close} title="Dokumentation löschen?" centered>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          <ConfirmDeleteActions
            busy={remove.isPending}
            onCancel={close}
            gap="xs"
            focusCancel
            onConfirm={() =>
              remove.mutate(activityId, {
                onSuccess: () => notifications.show({ color: 'green', message: 'Dokumentation gelöscht.' }),
                onSettled: () => {
                  close();
                  onSettled();
                },
              })
            }
          />
        </Stack>
      </Modal>
    </>
  );
}
