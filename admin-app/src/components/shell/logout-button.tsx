import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';

type LogoutButtonProps = { onLogout: () => void };

/** Asks first (spec 2 §8: 'Confirm Logout'); only the dialog's Logout ends the session. */
export function LogoutButton({ onLogout }: LogoutButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconLogout size={16} />} onClick={open}>
        Logout
      </Button>
      <Modal opened={opened} onClose={close} title="Confirm Logout" centered>
        <Text mb="lg">Are you sure you want to logout?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </Button>
        </Group>
      </Modal>
    </>
  );
}
