import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { VendorSession } from '../lib/session';
import { routeTree } from '../routeTree.gen';

export type RouterContext = { queryClient: QueryClient; session: VendorSession };

/** Browser history: the panel's URLs are real paths under /manage-vandor. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({ routeTree, history, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
