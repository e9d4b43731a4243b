import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { IconDoorExit } from '@tabler/icons-react';
import { germanMessage } from '../../../lib/api-errors';
import { useLeaveBetrieb } from '../api/betriebe';

/**
 * "Betrieb verlassen" with a confirmation: the Betrieb's access to the driver's data ends at once. The last admin is
 * refused while others remain (the server's sentence says what to do).
 */
export function LeaveBetriebButton({ betrieb, onLeft }: { betrieb: Betrieb; onLeft?: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const leave = useLeaveBetrieb();
  const dismiss = () => {
    leave.reset();
    close();
  };
  return (
    <>
      <Button
        color="red"
        variant="outline"
        leftSection={<IconDoorExit size={18} aria-hidden />}
        onClick={open}
        aria-label={`Betrieb „${betrieb.name}“ verlassen`}
      >
        Betrieb verlassen
      </Button>
      <Modal opened={opened} onClose={leave.isPending ? () => {} : dismiss} title="Betrieb verlassen?" centered>
        <Stack gap="md">
          <Text>
            Sie verlassen „{betrieb.name}“. Der Betrieb sieht Ihre Daten ab sofort nicht mehr. Um wieder beizutreten,
            brauchen Sie eine neue Einladung.
          </Text>
          {leave.isError && (
            <Alert color="red" role="alert">
              {germanMessage(leave.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} disabled={leave.isPending}>
              Abbrechen
            </Button>
            <Button
              color="red"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(betrieb.id, {
                  onSuccess: () => {
                    close();
                    onLeft?.();
                  },
                })
              }
            >
              Verlassen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
