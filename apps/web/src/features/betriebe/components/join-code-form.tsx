import { Button, Group, Stack } from '@mantine/core';
import { CodeInput } from '../../../components/code-input';
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
        <CodeInput label="Code der Einladung" placeholder="z. B. K7QXM-2PAHD" {...form.getInputProps('code')} />
        <Group>
          <Button type="submit" variant="light">
            Einladung öffnen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
