import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import {
  IconCategory,
  IconHome,
  IconLogin,
  IconLogout,
  IconPackage,
  IconSettings,
  IconShoppingCart,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { NavLinkLink } from '../../components/nav-link-link';
import type { SessionUser } from '../../lib/session';
import { CATEGORIES } from './categories';
import { SearchBox } from './search-box';

type MobileMenuProps = {
  opened: boolean;
  onClose: () => void;
  user: SessionUser | null;
  onOpenSettings: () => void;
  onLogout: () => void;
};

/** The small-screen menu: the header's search, links and account actions in a drawer. */
export function MobileMenu({ opened, onClose, user, onOpenSettings, onLogout }: MobileMenuProps) {
  const thenClose = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="xs" hiddenFrom="sm">
      <Stack gap="xs">
        <SearchBox onSearch={onClose} />
        <nav aria-label="Mobile">
          <NavLinkLink
            to="/"
            activeOptions={{ exact: true }}
            label="Home"
            leftSection={<IconHome size={18} />}
            onClick={onClose}
          />
          <NavLink
            component="button"
            label="Categories"
            leftSection={<IconCategory size={18} />}
            defaultOpened
          >
            {CATEGORIES.map((category) => (
              <NavLinkLink
                key={category}
                to="/search/$id"
                params={{ id: category }}
                label={category}
                onClick={onClose}
              />
            ))}
          </NavLink>
          <NavLinkLink
            to="/cart"
            label="Cart"
            leftSection={<IconShoppingCart size={18} />}
            onClick={onClose}
          />
          <Divider my="xs" />
          {user ? (
            <>
              <NavLinkLink
                to="/profile"
                label="Profile"
                leftSection={<IconUser size={18} />}
                onClick={onClose}
              />
              <NavLinkLink
                to="/profile/order"
                label="My Orders"
                leftSection={<IconPackage size={18} />}
                onClick={onClose}
              />
              <NavLink
                component="button"
                label="Logout"
                leftSection={<IconLogout size={18} />}
                onClick={thenClose(onLogout)}
              />
            </>
          ) : (
            <>
              <NavLinkLink
                to="/login"
                label="Login"
                leftSection={<IconLogin size={18} />}
                onClick={onClose}
              />
              <NavLinkLink
                to="/register"
                label="Register"
                leftSection={<IconUserPlus size={18} />}
                onClick={onClose}
              />
            </>
          )}
          <NavLink
            component="button"
            label="Settings"
            leftSection={<IconSettings size={18} />}
            onClick={thenClose(onOpenSettings)}
          />
        </nav>
      </Stack>
    </Drawer>
  );
}
