// First: CSP settings (zod without eval, nonce for injected styles) must be in place before any other module runs.
import './lib/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { UpdatePrompt } from './app/update-prompt';
import { watchTokenExpiry } from './features/auth/session';
import { queryClient } from './lib/query-client';
import { persistOnPageHide } from './lib/query-persister';

watchTokenExpiry();
persistOnPageHide(queryClient);
// The offline outbox pulls in the contract's schemas; loading it after start keeps them off the start page.
void import('./features/documentation/outbox').then(({ startOutbox }) => startOutbox());
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>
  </StrictMode>,
);
