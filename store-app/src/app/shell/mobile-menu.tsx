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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('shell');
  const thenClose = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Drawer opened={opened} onClose={onClose} title={t('menu')} size="xs" hiddenFrom="sm">
      <Stack gap="xs">
        <SearchBox onSearch={onClose} />
        <nav aria-label={t('mobileNav')}>
          <NavLinkLink
            to="/"
            activeOptions={{ exact: true }}
            label={t('home')}
            leftSection={<IconHome size={18} />}
            onClick={onClose}
          />
          <NavLink
            component="button"
            label={t('categories')}
            leftSection={<IconCategory size={18} />}
            defaultOpened
          >
            {CATEGORIES.map((category) => (
              <NavLinkLink
                key={category}
                to="/search/$id"
                params={{ id: category }}
                label={t(`common:category.${category}`)}
                onClick={onClose}
              />
            ))}
          </NavLink>
          <NavLinkLink
            to="/cart"
            label={t('cart')}
            leftSection={<IconShoppingCart size={18} />}
            onClick={onClose}
          />
          <Divider my="xs" />
          {user ? (
            <>
              <NavLinkLink
                to="/profile"
                label={t('profile')}
                leftSection={<IconUser size={18} />}
                onClick={onClose}
              />
              <NavLinkLink
                to="/profile/order"
                label={t('myOrders')}
                leftSection={<IconPackage size={18} />}
                onClick={onClose}
              />
              <NavLink
                component="button"
                label={t('logout')}
                leftSection={<IconLogout size={18} />}
                onClick={thenClose(onLogout)}
              />
            </>
          ) : (
            <>
              <NavLinkLink
                to="/login"
                label={t('login')}
                leftSection={<IconLogin size={18} />}
                onClick={onClose}
              />
              <NavLinkLink
                to="/register"
                label={t('register')}
                leftSection={<IconUserPlus size={18} />}
                onClick={onClose}
              />
            </>
          )}
          <NavLink
            component="button"
            label={t('settings')}
            leftSection={<IconSettings size={18} />}
            onClick={thenClose(onOpenSettings)}
          />
        </nav>
      </Stack>
    </Drawer>
  );
}
