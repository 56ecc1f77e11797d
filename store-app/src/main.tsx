import './app/mantine-styles';
import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followHashLinks, settleEntryAddress } from './app/entry-address';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startCartSync } from './features/cart/cart-sync';
import { startAccountSettingsSync } from './features/settings/account-settings-sync';
import { languageApplied } from './i18n/i18n';
import { customerSession } from './lib/session';

/** Ends the current task, so the browser can paint and answer input before the next step of starting up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  settleEntryAddress(window);
  // Evaluating the modules is one task; building the router (its route tree) and resolving the first page are
  // separate ones, so none of them holds the main thread for long.
  await yieldToBrowser();
  const queryClient = createAppQueryClient(customerSession);
  // A signed-in shopper's settings follow them from device to device.
  startAccountSettingsSync(customerSession);
  // A signed-in shopper's cart is kept on the server, so it follows them too (and cart reminders can find it).
  startCartSync(customerSession);
  // Path URLs (/products/{id}): the store's host answers each with the page's HTML for search engines (and
  // index.html for the app's other screens); a hash link from before is turned into its path first.
  const history = createBrowserHistory();
  followHashLinks(window, history);
  const router = createAppRouter(history, { queryClient, session: customerSession });
  await yieldToBrowser();
  // The first page is resolved before React renders it. Its render is then one transition, which React does in
  // small slices that let the browser paint and answer input between them; resolved by the mounted router
  // instead, it would be one long synchronous task.
  // A shopper who chose Bengali, Hindi or Spanish gets that language's texts (one small chunk) alongside the
  // page's data, so the first render is already in their language.
  await Promise.all([router.load().catch(console.error), languageApplied()]);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
void start(root);
