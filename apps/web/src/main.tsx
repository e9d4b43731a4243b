import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { UpdatePrompt } from './app/update-prompt';
import { watchTokenExpiry } from './features/auth/session';
import { startOutbox } from './features/documentation/outbox';

watchTokenExpiry();
startOutbox();
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
