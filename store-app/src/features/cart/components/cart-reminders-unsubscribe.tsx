import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unsubscribeCartReminders } from '../api/server-cart';
import '../cart-texts';

/** The page a cart reminder's unsubscribe link opens: it stops the reminders at once, no sign-in needed. */
export function CartRemindersUnsubscribe({ token }: { token: string | undefined }) {
  const { t } = useTranslation('cart');
  const { mutate, status } = useMutation({ mutationFn: (given: string) => unsubscribeCartReminders(given) });
  useEffect(() => {
    if (token && status === 'idle') mutate(token);
  }, [token, status, mutate]);

  return (
    <Stack align="center" py="xl" maw={560} mx="auto">
      <Title order={1}>{t('unsubscribe.title')}</Title>
      {!token || status === 'error' ? (
        <Alert color="red" w="100%">
          {t('unsubscribe.failed')}
        </Alert>
      ) : status === 'success' ? (
        <Alert color="green" w="100%">
          {t('unsubscribe.done')}
        </Alert>
      ) : (
        <Text c="dimmed" role="status">
          <Loader size="xs" mr="xs" />
          {t('unsubscribe.working')}
        </Text>
      )}
      <Button component={Link} to="/">
        {t('continueShopping')}
      </Button>
    </Stack>
  );
}
