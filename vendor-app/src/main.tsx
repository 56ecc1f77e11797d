import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { vendorSession } from './lib/session';

const queryClient = createAppQueryClient();
const router = createAppRouter({ queryClient, session: vendorSession });
// Signing out (the Logout button, a 401, another tab) forgets the store's data and leaves the panel.
vendorSession.subscribe(() => {
  if (vendorSession.isSignedIn()) return;
  queryClient.clear();
  void router.invalidate();
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
