import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's submit button (its label as children), a way back to its left when there is one, and a dimmed note below.
 * Rendered inside the form's `Stack`.
 */
export function FormSubmit({
  loading,
  back,
  note,
  children,
}: {
  loading: boolean;
  /** A link back, at the other end of the row from the button. */
  back?: ReactNode;
  /** A sentence under the button on what submitting does. */
  note?: ReactNode;
  children: ReactNode;
}) {
  const button = (
    <Button type="submit" loading={loading}>
      {children}
    </Button>
  );
  return (
    <>
      {back ? (
        <Group justify="space-between">
          {back}
          {button}
        </Group>
      ) : (
        <div>{button}</div>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}
