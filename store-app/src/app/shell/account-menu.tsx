import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconPackage, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { SessionUser } from '../../lib/session';

type AccountMenuProps = { user: SessionUser; onLogout: () => void };

export function AccountMenu({ user, onLogout }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconUser size={18} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.username}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/order" leftSection={<IconPackage size={16} />}>
          My Orders
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
