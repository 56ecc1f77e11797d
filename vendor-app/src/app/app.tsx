import { MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { theme } from '@shop/ui/theme';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';
import { VENDOR_HEADER_HEIGHT } from './shell/header-height';

type AppProps = {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  /** Mantine's test mode (no transitions); component tests set it. */
  env?: 'default' | 'test';
};

/** The providers every screen relies on; tests mount the same tree with a memory history. */
export function App({ router, queryClient, env = 'default' }: AppProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <AppNotifications belowHeader={VENDOR_HEADER_HEIGHT} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
