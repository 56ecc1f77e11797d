import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../auth-texts';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

type LogoutDialogProps = { opened: boolean; onClose: () => void };

export function LogoutDialog({ opened, onClose }: LogoutDialogProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  const logout = async () => {
    onClose();
    // Leave first: the profile area, signed out under the shopper's feet, would send them to the login screen.
    await navigate({ to: '/' });
    // The server ends the session, so the token stops working even where it was copied. Signing out here goes
    // ahead whatever the answer: a token the server already ended answers 401, and a network failure changes nothing.
    await api.POST('/user/logout').catch(() => undefined);
    customerSession.signOut();
    toast.success(t('logout.done'));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('logout.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text>{t('logout.question')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" onClick={logout}>
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
