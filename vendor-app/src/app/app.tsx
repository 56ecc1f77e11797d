import { MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { theme } from '@shop/ui/theme';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';

type AppProps = { router: ReturnType<typeof createAppRouter> };

/** The providers every screen relies on; tests mount the same tree with a memory history. */
export function App({ router }: AppProps) {
  return (
    <MantineProvider theme={theme}>
      <AppNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
