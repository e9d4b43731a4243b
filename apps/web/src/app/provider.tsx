import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { PERSIST_MAX_AGE_MS, queryPersister } from '../lib/query-persister';
import { colorSchemeManager, defaultColorScheme } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

/** The per-response nonce the server writes into index.html; Mantine's <style> tags carry it (strict CSP). */
function styleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  const value = meta?.content ?? '';
  return value.startsWith('__') ? '' : value;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme()}
      getStyleNonce={styleNonce}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications position="top-center" />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          maxAge: PERSIST_MAX_AGE_MS,
          dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
        }}
        // Restored data is shown at once but is only a snapshot: refetch it whenever the network allows.
        onSuccess={() => void queryClient.invalidateQueries()}
      >
        {children}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
