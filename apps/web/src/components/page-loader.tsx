import { Center, Loader, Stack, Text } from '@mantine/core';
import { useConnected } from '../lib/connection';

/** A spinner; without a connection it says why nothing arrives instead of spinning silently. */
export function PageLoader() {
  const connected = useConnected();
  return (
    <Center py="xl" role="status" aria-label={connected ? 'Wird geladen' : 'Keine Verbindung'}>
      <Stack align="center" gap="xs">
        <Loader />
        {!connected && (
          <Text size="sm" c="dimmed" ta="center">
            Keine Verbindung – diese Daten wurden auf diesem Gerät noch nicht geladen. Sie erscheinen, sobald wieder
            eine Verbindung besteht.
          </Text>
        )}
      </Stack>
    </Center>
  );
}
