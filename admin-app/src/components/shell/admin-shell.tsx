import { AppShell, Avatar, Box, Button, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ADMIN_HEADER_HEIGHT } from './header-height';
import { LogoutButton } from './logout-button';
import { MobileOverlay } from './mobile-overlay';
import { requirementOf } from './nav-groups';
import { NoPermission } from './no-permission';
import { SidebarNav } from './sidebar-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useStaffMember } from './staff-member';

// Spec 1 §9: sidebar width 64 units (Tailwind's w-64, 256px).
const NAVBAR_WIDTH = 256;

type AdminShellProps = { displayName: string; onLogout: () => void; children: ReactNode };

/**
 * Sidebar plus header around every /manage-admin screen. Below `md` an overlay covers it. It shows the
 * signed-in staff member and only what their permissions open; a screen they may not see gives way to a notice.
 */
export function AdminShell({ displayName, onLogout, children }: AdminShellProps) {
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });
  const pathname = useLocation({ select: (location) => location.pathname });
  const staff = useStaffMember();
  const name = staff?.name ?? displayName;
  const can = staff?.can ?? (() => false);

  // Below md the overlay covers the panel, which stays mounted (hidden and inert): a half-filled form is still
  // there when the window is widened again.
  return (
    <>
      {isDesktop ? null : <MobileOverlay />}
      <Box style={isDesktop ? undefined : { display: 'none' }} inert={!isDesktop}>
        <SkipLink />
        <AppShell
          header={{ height: ADMIN_HEADER_HEIGHT }}
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
                {can(['products']) ? (
                  <Button
                    component={Link}
                    to="/manage-admin/products/add-product"
                    leftSection={<IconPlus size={16} />}
                  >
                    Add Product
                  </Button>
                ) : null}
                <Group gap="sm" wrap="nowrap">
                  <Avatar name={name} color="initials" radius="xl" />
                  <Stack gap={0}>
                    <Text size="sm" fw={600} lh={1.2}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed" lh={1.2}>
                      {staff?.roleLabel}
                    </Text>
                  </Stack>
                </Group>
                <ColorSchemeToggle />
                <LogoutButton onLogout={onLogout} />
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="xs">
            <SidebarNav can={can} />
            <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Text component={Link} to="/manage-admin/about" size="xs" c="dimmed" px="sm">
                About
              </Text>
            </Box>
          </AppShell.Navbar>
          <AppShell.Main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
          >
            {can(requirementOf(pathname)) ? children : <NoPermission />}
          </AppShell.Main>
        </AppShell>
      </Box>
    </>
  );
}
