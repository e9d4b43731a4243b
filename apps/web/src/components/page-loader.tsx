import { Center, Loader, Stack, Text, Title } from '@mantine/core';
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

/** A page's title over the spinner: what a page shows while it waits to be painted once with its data. */
export function TitledPageLoader({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <PageLoader />
    </Stack>
  );
}
