import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { UpdatePrompt } from './app/update-prompt';
import { watchTokenExpiry } from './features/auth/session';

watchTokenExpiry();
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
