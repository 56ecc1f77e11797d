import { MantineProvider, useMatches } from '@mantine/core';
import { accessibleCssVariables, theme } from '@shop/ui/theme';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { settingsColorSchemeManager } from '../features/settings/settings-store';
import { toastHost } from '../lib/toast';
import type { createAppRouter } from './router';
import { SITE_HEADER_HEIGHT } from './shell/header-height';

// See lib/toast.ts: the toast host is fetched and mounted with the first toast.
const AppNotifications = lazy(() =>
  import('@shop/ui/notifications').then((module) => ({ default: module.AppNotifications })),
);

type AppProps = {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  /** Mantine's test mode (no transitions, popovers shown without layout); component tests set it. */
  env?: 'default' | 'test';
};

/** The providers every screen relies on; tests mount the same tree with a memory history. */
export function App({ router, queryClient, env = 'default' }: AppProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleCssVariables}
      defaultColorScheme="light"
      colorSchemeManager={settingsColorSchemeManager}
      env={env}
    >
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

// A component of its own, so the first toast re-renders only it, not the whole app.
function DeferredNotifications() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, toastHost.wanted);
  // The header gains its categories row from `sm` up; the toasts open under whichever height it has.
  const belowHeader = useMatches(SITE_HEADER_HEIGHT);
  return wanted ? (
    <Suspense fallback={null}>
      <AppNotifications belowHeader={belowHeader} />
    </Suspense>
  ) : null;
}
