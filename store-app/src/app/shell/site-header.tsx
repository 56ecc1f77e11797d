import { ActionIcon, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { AnchorLink } from '../../components/router-links';
import { LogoutDialog } from '../../features/auth/components/logout-dialog';
import { useSessionUser } from '../../lib/session';
import { AccountMenu } from './account-menu';
import { CartButton } from './cart-button';
import { CATEGORIES } from './categories';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';

// The settings form (selects, form state) is fetched on first open, keeping it out of every page's first load.
const SettingsModal = lazy(() =>
  import('../../features/settings/components/settings-modal').then((module) => ({
    default: module.SettingsModal,
  })),
);

// The shell lives in app/ because it is where the cart, settings and auth features meet.
export function SiteHeader() {
  const user = useSessionUser();
  const [menuOpened, menu] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const openSettings = () => {
    setSettingsLoaded(true);
    settings.open();
  };
  const [logoutOpened, logout] = useDisclosure(false);

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl">
        <Group h={64} gap="md" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open menu"
            />
            <AnchorLink to="/" fw={800} fz="xl" underline="never" aria-label="Shop home">
              Shop
            </AnchorLink>
          </Group>
          <Group flex={1} justify="center" visibleFrom="sm">
            <SearchBox />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="subtle" size="lg" aria-label="Settings" onClick={openSettings}>
              <IconSettings size={22} />
            </ActionIcon>
            {user ? (
              <Box visibleFrom="sm">
                <AccountMenu user={user} onLogout={logout.open} />
              </Box>
            ) : (
              <Group gap="xs" visibleFrom="sm">
                <Button component={Link} to="/login" variant="subtle">
                  Login
                </Button>
                <Button component={Link} to="/register">
                  Register
                </Button>
              </Group>
            )}
            <CartButton />
          </Group>
        </Group>
        <Group component="nav" aria-label="Categories" gap="lg" h={40} visibleFrom="sm">
          {CATEGORIES.map((category) => (
            <AnchorLink key={category} to="/search/$id" params={{ id: category }} c="dimmed" fz="sm">
              {category}
            </AnchorLink>
          ))}
        </Group>
      </Container>
      <MobileMenu
        opened={menuOpened}
        onClose={menu.close}
        user={user}
        onOpenSettings={openSettings}
        onLogout={logout.open}
      />
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsModal opened={settingsOpened} onClose={settings.close} />
        </Suspense>
      )}
      <LogoutDialog opened={logoutOpened} onClose={logout.close} />
    </Box>
  );
}
