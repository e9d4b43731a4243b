import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteRouteActivity } from '../api/delete-route-activity';

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
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Abbrechen
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(activityId, {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Dokumentation gelöscht.' }),
                  onSettled: () => {
                    close();
                    onSettled();
                  },
                })
              }
            >
              Endgültig löschen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
