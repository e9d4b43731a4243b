import { Alert } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconCloudOff } from '@tabler/icons-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useBrowserOnline, useConnected } from '../../lib/connection';
import { formatDateTime } from '../../lib/dates';

/**
 * How old the data on screen is: the oldest successful load among the queries the page shows (a page is as old
 * as its oldest part); with none on screen, the newest stored one. 0 when nothing is stored.
 */
export function dataAsOf(queryClient: QueryClient): number {
  const withData = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined && query.state.dataUpdatedAt > 0);
  const shown = withData.filter((query) => query.getObserversCount() > 0);
  if (shown.length > 0) return Math.min(...shown.map((query) => query.state.dataUpdatedAt));
  return withData.length > 0 ? Math.max(...withData.map((query) => query.state.dataUpdatedAt)) : 0;
}

/** While offline (or while requests fail): says so, and how old the data on screen is. */
export function OfflineHint() {
  const connected = useConnected();
  const browserOnline = useBrowserOnline();
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const asOf = useSyncExternalStore(
    subscribe,
    () => dataAsOf(queryClient),
    () => 0,
  );
  if (connected) return null;
  const state = browserOnline ? 'Keine Verbindung' : 'Offline';
  return (
    <Alert color="gray" variant="light" radius={0} icon={<IconCloudOff aria-hidden />} role="status" py={6}>
      {asOf > 0 ? `${state} — Stand vom ${formatDateTime(asOf)}` : `${state} — keine gespeicherten Daten`}
    </Alert>
  );
}
