import './mantine-styles';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { cspNonce } from '../lib/csp';
import { queryClient } from '../lib/query-client';
import { dehydrateOptions, markCacheRestored, PERSIST_MAX_AGE_MS, queryPersister } from '../lib/query-persister';
import { colorSchemeManager, defaultColorScheme } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme()}
      getStyleNonce={cspNonce}
      cssVariablesResolver={cssVariablesResolver}
    >
      {/* At the bottom: a toast must never cover the navigation or the page title. */}
      <Notifications position="bottom-center" />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          maxAge: PERSIST_MAX_AGE_MS,
          dehydrateOptions,
        }}
        // Restored data is shown at once but is only a snapshot: refetch it whenever the network allows.
        onSuccess={() => {
          markCacheRestored();
          void queryClient.invalidateQueries();
        }}
        onError={markCacheRestored}
      >
        {children}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
