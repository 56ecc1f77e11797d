import { Box, Container } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RouterContext } from '../app/router';
import { SiteFooter } from '../app/shell/site-footer';
import { SiteHeader } from '../app/shell/site-header';
import { NotFound } from '../components/not-found';
import { MarketingLayer } from '../features/marketing/components/marketing-layer';
import { VisitTracker } from '../features/visits/visit-tracker';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Each navigation re-reads the token, so one that expired or was removed ends the session before any screen shows.
  beforeLoad: ({ context }) => context.session.restore(),
  component: RootLayout,
  notFoundComponent: PageNotFound,
});

function PageNotFound() {
  const { t } = useTranslation();
  return (
    <NotFound
      title={t('notFound.title')}
      message={t('notFound.message')}
      backTo="/"
      backLabel={t('notFound.back')}
    />
  );
}

function RootLayout() {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <VisitTracker />
      <MarketingLayer />
      <SiteHeader />
      <Container component="main" size="xl" w="100%" py="lg" flex={1}>
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
