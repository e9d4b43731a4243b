import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** What an empty list of the documentation page says, with the way to fill it where there is one. */
export function EmptyHint({ text, action }: { text: string; action?: { label: string; to: string } }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {action && (
        <Button component={Link} to={action.to} size="xs" variant="light">
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
