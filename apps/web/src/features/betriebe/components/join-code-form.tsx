import { Button, Group, Stack, TextInput } from '@mantine/core';
import { invitationCodeSchema } from '@streckenpass/contract/betriebe';
import { useContractForm, type FormMutation } from '../../../lib/use-contract-form';

/**
 * "Mit Code beitreten": a typed code opens the invitation's page, where the driver reads the consent before joining.
 * Nothing is sent from here: `open` leads to the page (`/beitreten/{code}`).
 */
export function JoinCodeForm({ open }: { open: (code: string) => void }) {
  const opening: FormMutation<{ code: string }, void> = {
    mutate: ({ code }, callbacks) => {
      open(code);
      callbacks?.onSuccess?.();
    },
    isPending: false,
  };
  const { form, onSubmit } = useContractForm(invitationCodeSchema, opening, { initialValues: { code: '' } });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Mit Code beitreten">
      <Stack gap="sm">
        <TextInput
          label="Code der Einladung"
          placeholder="z. B. K7QXM-2PAHD"
          autoCapitalize="characters"
          autoComplete="off"
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" variant="light">
            Einladung öffnen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
