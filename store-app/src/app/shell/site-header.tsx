import { ActionIcon, Box, Burger, Button, Container, Group } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../components/router-links';
import { useSessionUser } from '../../lib/session';
import { useLazyDisclosure } from '../../lib/use-lazy-disclosure';
import { AccountMenu } from './account-menu';
import { CartButton } from './cart-button';
import { CATEGORIES } from './categories';
import { SITE_HEADER_NAV, SITE_HEADER_ROW } from './header-height';
import { SearchBox } from './search-box';

// The drawer and the dialogs (with Mantine's modal, focus trap and scroll lock) are fetched on first open,
// keeping them out of every page's first load.
const SettingsModal = lazy(() =>
  import('../../features/settings/components/settings-modal').then((module) => ({
    default: module.SettingsModal,
  })),
);
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));
const LogoutDialog = lazy(() =>
  import('../../features/auth/components/logout-dialog').then((module) => ({ default: module.LogoutDialog })),
);

// The shell lives in app/ because it is where the cart, settings and auth features meet.
export function SiteHeader() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const menu = useLazyDisclosure();
  const settings = useLazyDisclosure();
  const logout = useLazyDisclosure();

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl">
        <Group h={SITE_HEADER_ROW} gap="md" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menu.opened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('openMenu')}
            />
            <AnchorLink to="/" fw={800} fz="xl" underline="never" aria-label={t('homeLink')}>
              {t('brand')}
            </AnchorLink>
          </Group>
          <Group flex={1} justify="center" visibleFrom="sm">
            <SearchBox />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="subtle" size="lg" aria-label={t('settings')} onClick={settings.open}>
              <IconSettings size={22} />
            </ActionIcon>
            {user ? (
              <Box visibleFrom="sm">
                <AccountMenu user={user} onLogout={logout.open} />
              </Box>
            ) : (
              <Group gap="xs" visibleFrom="sm">
                <Button component={Link} to="/login" variant="subtle">
                  {t('login')}
                </Button>
                <Button component={Link} to="/register">
                  {t('register')}
                </Button>
              </Group>
            )}
            <CartButton />
          </Group>
        </Group>
        <Group component="nav" aria-label={t('categories')} gap="lg" h={SITE_HEADER_NAV} visibleFrom="sm">
          {CATEGORIES.map((category) => (
            <AnchorLink key={category} to="/search/$id" params={{ id: category }} c="dimmed" fz="sm">
              {t(`common:category.${category}`)}
            </AnchorLink>
          ))}
        </Group>
      </Container>
      {menu.everOpened && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menu.opened}
            onClose={menu.close}
            user={user}
            onOpenSettings={settings.open}
            onLogout={logout.open}
          />
        </Suspense>
      )}
      {settings.everOpened && (
        <Suspense fallback={null}>
          <SettingsModal opened={settings.opened} onClose={settings.close} />
        </Suspense>
      )}
      {logout.everOpened && (
        <Suspense fallback={null}>
          <LogoutDialog opened={logout.opened} onClose={logout.close} />
        </Suspense>
      )}
    </Box>
  );
}
