import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../features/auth/auth-texts';

/** Asked of a signed-out shopper who taps a wishlist heart. */
export function SignInPrompt({ onClose }: { onClose: () => void }) {
  // After signing in the shopper comes back to the page they were on.
  const { t } = useTranslation('auth');
  const here = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  const signIn = () => {
    onClose();
    void navigate({ to: '/login', search: { redirect: here } });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('prompt.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text>{t('prompt.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={signIn}>{t('prompt.signIn')}</Button>
      </Group>
    </Modal>
  );
}
