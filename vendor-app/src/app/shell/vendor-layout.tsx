import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { toast } from '@shop/ui/notifications';
import {
  IconDiscount,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconPackage,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react';
import { Link, Outlet, useMatchRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { VENDOR_TOKEN_KEY } from '../../lib/storage-keys';

type NavEntry =
  | {
      label: string;
      icon: ReactNode;
      to:
        | '/manage-vandor/dashboard'
        | '/manage-vandor/products'
        | '/manage-vandor/orders'
        | '/manage-vandor/settings';
    }
  | { label: string; icon: ReactNode; to: null };

/** Spec §2 sidebar order. Message Center and Promotion & Coupons have no screen yet. */
const NAV: NavEntry[] = [
  { label: 'Dashboard', icon: <IconLayoutDashboard size={18} />, to: '/manage-vandor/dashboard' },
  { label: 'Message Center', icon: <IconMessages size={18} />, to: null },
  { label: 'Products', icon: <IconPackage size={18} />, to: '/manage-vandor/products' },
  { label: 'Orders', icon: <IconReceipt size={18} />, to: '/manage-vandor/orders' },
  { label: 'Promotion & Coupons', icon: <IconDiscount size={18} />, to: null },
  { label: 'Settings', icon: <IconSettings size={18} />, to: '/manage-vandor/settings' },
];

/** Spec §2 vendor layout: header 60px, sidebar 280px, footer 40px. */
export function VendorLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const matchRoute = useMatchRoute();

  // Vendor sign-in is not in the API yet; logging out drops any vendor token this browser holds.
  const logout = () => {
    localStorage.removeItem(VENDOR_TOKEN_KEY);
    toast.success('Logout successful.');
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      footer={{ height: 40 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text fw={700} fz="lg">
              Shop Vandor Dashboard
            </Text>
          </Group>
          <Button variant="light" leftSection={<IconLogout size={16} />} onClick={logout}>
            Logout
          </Button>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Vendor panel">
        {NAV.map((entry) =>
          entry.to ? (
            <NavLink
              key={entry.label}
              component={Link}
              to={entry.to}
              label={entry.label}
              leftSection={entry.icon}
              active={Boolean(matchRoute({ to: entry.to, fuzzy: true }))}
              onClick={nav.close}
            />
          ) : (
            <NavLink
              key={entry.label}
              component="button"
              label={entry.label}
              leftSection={entry.icon}
              description="Coming soon"
              disabled
              aria-disabled
            />
          ),
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" justify="center">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Vandor Panel
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
