import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { IconDoorExit } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
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
      <ConfirmDialog
        opened={opened}
        onClose={leave.isPending ? () => {} : dismiss}
        title="Betrieb verlassen?"
        confirmLabel="Verlassen"
        gap="sm"
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(betrieb.id, {
            onSuccess: () => {
              close();
              onLeft?.();
            },
          })
        }
      >
        <Text>
          Sie verlassen „{betrieb.name}“. Der Betrieb sieht Ihre Daten ab sofort nicht mehr. Um wieder beizutreten,
          brauchen Sie eine neue Einladung.
        </Text>
        <ErrorAlert call={leave} />
      </ConfirmDialog>
    </>
  );
}
