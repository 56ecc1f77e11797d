import { AppShell, Avatar, Box, Button, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LogoutButton } from './logout-button';
import { MobileOverlay } from './mobile-overlay';
import { SidebarNav } from './sidebar-nav';

// Spec 1 §9: sidebar width 64 units (Tailwind's w-64, 256px).
const NAVBAR_WIDTH = 256;
const HEADER_HEIGHT = 64;

type AdminShellProps = { displayName: string; onLogout: () => void; children: ReactNode };

/** Sidebar plus header around every /manage-admin screen. Below `md` only an overlay is shown. */
export function AdminShell({ displayName, onLogout, children }: AdminShellProps) {
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });

  if (!isDesktop) return <MobileOverlay />;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'md' }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconBuildingStore size={26} color="var(--mantine-primary-color-filled)" />
            <Text fw={700} size="lg">
              Shop Admin
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Button
              component={Link}
              to="/manage-admin/products/add-product"
              leftSection={<IconPlus size={16} />}
            >
              Add Product
            </Button>
            <Group gap="sm" wrap="nowrap">
              <Avatar name={displayName} color="initials" radius="xl" />
              <Stack gap={0}>
                <Text size="sm" fw={600} lh={1.2}>
                  {displayName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  Super Admin
                </Text>
              </Stack>
            </Group>
            <LogoutButton onLogout={onLogout} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SidebarNav />
        <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text component={Link} to="/manage-admin/about" size="xs" c="dimmed" px="sm">
            About
          </Text>
        </Box>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">{children}</AppShell.Main>
    </AppShell>
  );
}
