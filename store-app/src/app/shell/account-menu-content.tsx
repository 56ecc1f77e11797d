import { Menu } from '@mantine/core';
import { IconLogout, IconPackage, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../lib/session';
import { AccountButton } from './account-button';

type AccountMenuContentProps = { user: SessionUser; onLogout: () => void; defaultOpened: boolean };

/** The account menu itself; account-menu.tsx fetches it, with Mantine's popover, apart from the first download. */
export function AccountMenuContent({ user, onLogout, defaultOpened }: AccountMenuContentProps) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" width={220} defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('signedInAs', { username: user.username })}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/order" leftSection={<IconPackage size={16} />}>
          {t('myOrders')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
