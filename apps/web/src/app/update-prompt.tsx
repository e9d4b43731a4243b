import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { watchForNewBuild } from '../lib/build-check';
import { useIdleAfterLoad } from '../lib/use-idle-after-load';

/**
 * The service worker (offline copy of the app) is registered once the first page has loaded and the browser is
 * idle: its precache downloads the whole app and must not slow down the first page on a slow connection.
 */
export function UpdatePrompt() {
  return useIdleAfterLoad() ? <ServiceWorkerUpdatePrompt /> : null;
}

/**
 * Offers "Neue Version verfügbar — neu laden" when a new build is deployed. It never reloads on its own,
 * so nothing typed into a form is lost; the user decides when.
 */
function ServiceWorkerUpdatePrompt() {
  const [newBuild, setNewBuild] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.addEventListener('focus', () => void registration.update().catch(() => {}));
    },
  });

  useEffect(() => {
    if (import.meta.env.DEV) return;
    return watchForNewBuild(() => {
      setNewBuild(true);
      void navigator.serviceWorker?.getRegistration().then((registration) => registration?.update().catch(() => {}));
    });
  }, []);

  if (!newBuild && !needRefresh) return null;

  const reload = () => {
    if (needRefresh) void updateServiceWorker(true);
    else window.location.reload();
  };

  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={400}>
      <Paper shadow="lg" p="sm" withBorder maw={520} mx="auto" role="status" aria-live="polite">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" fw={500}>
            Neue Version verfügbar
          </Text>
          <Button size="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reload}>
            Neue Version verfügbar — neu laden
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
