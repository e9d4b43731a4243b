import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCloudOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/dates';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** While offline: says so, and how old the data on screen is (the newest successful load). */
export function OfflineHint() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const newest = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.dataUpdatedAt),
  );
  return (
    <Alert color="gray" variant="light" radius={0} icon={<IconCloudOff aria-hidden />} role="status" py={6}>
      {newest > 0 ? `Offline — Stand vom ${formatDateTime(newest)}` : 'Offline — keine gespeicherten Daten'}
    </Alert>
  );
}
