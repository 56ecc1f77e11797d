import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createHashHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { customerSession } from './lib/session';

const queryClient = createAppQueryClient(customerSession);
// Hash URLs (/#/products/{id}) let the store be served as static files from any host.
const router = createAppRouter(createHashHistory(), { queryClient, session: customerSession });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
