// First: CSP settings (zod without eval, nonce for injected styles) must be in place before any other module runs.
import './lib/csp';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { UpdatePrompt } from './app/update-prompt';
import { watchTokenExpiry } from './features/auth/session';
import { enableDeferredStyles } from './lib/deferred-styles';
import { queryClient } from './lib/query-client';
import { persistOnPageHide } from './lib/query-persister';

watchTokenExpiry();
persistOnPageHide(queryClient);
// The offline outbox pulls in the contract's schemas; loading it after start keeps them off the start page.
void import('./features/documentation/outbox').then(({ startOutbox }) => startOutbox());
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// A transition lets React yield while it renders the first screen: the public pages are already painted from their
// prerendered copy (src/content/prerender.ts), and one long task would block the page's input meanwhile.
void enableDeferredStyles().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </AppProvider>
      </StrictMode>,
    );
  }),
);
