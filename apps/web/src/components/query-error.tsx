import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { germanMessage } from '../lib/api-errors';

/** A failed load, in German, with a way to try again. */
export function QueryError({
  error,
  retry,
  title = 'Laden fehlgeschlagen',
}: {
  error: unknown;
  retry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm">
        <span>{germanMessage(error)}</span>
        {retry && (
          <Button size="xs" variant="light" color="red" onClick={retry}>
            Erneut versuchen
          </Button>
        )}
      </Group>
    </Alert>
  );
}
