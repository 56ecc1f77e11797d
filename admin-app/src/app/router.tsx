import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '../components/not-found';
import { routeTree } from '../routeTree.gen';
import type { AdminSession } from './session';

export type RouterContext = { queryClient: QueryClient; session: AdminSession };

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context,
    defaultPreload: 'intent',
    // Fresh data is the query cache's job; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
