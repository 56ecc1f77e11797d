import { Box, Container } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { SiteFooter } from '../app/shell/site-footer';
import { SiteHeader } from '../app/shell/site-header';
import { NotFound } from '../components/not-found';
import { VisitTracker } from '../features/visits/visit-tracker';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Each navigation re-reads the token, so one that expired or was removed ends the session before any screen shows.
  beforeLoad: ({ context }) => context.session.restore(),
  component: RootLayout,
  notFoundComponent: () => (
    <NotFound
      title="Page Not Found"
      message="The page you are looking for does not exist or has moved."
      backTo="/"
      backLabel="Back to Home"
    />
  ),
});

function RootLayout() {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <VisitTracker />
      <SiteHeader />
      <Container component="main" size="xl" w="100%" py="lg" flex={1}>
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
