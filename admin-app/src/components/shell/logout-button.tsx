import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../lib/api';

type LogoutButtonProps = { onLogout: () => void };

/**
 * Asks first (spec 2 §8: 'Confirm Logout'); only the dialog's Logout ends the session, on the server first
 * (POST /admin/logout, so the token stops working even where it was copied), then here.
 */
export function LogoutButton({ onLogout }: LogoutButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    // Signing out here goes ahead whatever the answer: a session the server already ended answers 401, and a
    // network failure must not keep anyone signed in on this screen.
    await api.POST('/admin/logout').catch(() => undefined);
    setLeaving(false);
    close();
    onLogout();
  };

  return (
    <>
      <Button variant="default" leftSection={<IconLogout size={16} />} onClick={open}>
        Logout
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Confirm Logout"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="lg">Are you sure you want to logout?</Text>
        <Group justify="flex-end">
          {/* The dialog opens on Cancel, the safe choice, rather than on its unlabelled corner button. */}
          <Button variant="default" onClick={close} disabled={leaving} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={logout} loading={leaving}>
            Logout
          </Button>
        </Group>
      </Modal>
    </>
  );
}
