import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { theme } from '@shop/ui/theme';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ADMIN_HEADER_HEIGHT } from '../components/shell/header-height';
import type { createAppRouter } from './router';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'shop-admin-color-scheme' });

type AppProps = { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient };

/** Providers around the router; main.tsx mounts it and the tests render the same tree. */
export function App({ router, queryClient }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
      <AppNotifications belowHeader={ADMIN_HEADER_HEIGHT} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
