import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cspNonce } from '../lib/csp';
import { queryClient } from '../lib/query-client';
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
      {/* The stored copy is restored before the first render and kept written (main.tsx, lib/query-persister.ts). */}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
