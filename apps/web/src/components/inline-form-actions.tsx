import { Button, Group } from '@mantine/core';
import { FormError } from './form-error';

/**
 * The end of a form that edits part of a record in place (a drive's dates, its way and time): the save's error in
 * words, "Abbrechen" and the save button, which spins while the request runs.
 */
export function InlineFormActions({
  error,
  pending,
  onCancel,
  submitLabel,
}: {
  error: string | null | undefined;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <>
      <FormError error={error} p="xs" />
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" onClick={onCancel} disabled={pending}>
          Abbrechen
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
