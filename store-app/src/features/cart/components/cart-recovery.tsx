import { Alert, Loader, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recoverCart } from '../api/server-cart';
import { adoptRecoveredCart } from '../cart-sync';
import '../cart-texts';

type CartRecoveryProps = {
  /** The signed token of a cart reminder's link. */
  token: string;
  currency: Schemas['StoreCurrency'];
};

/**
 * Opened from a cart reminder's link (`/#/cart?recover=…`): the cart the reminder was about fills this device's
 * cart, on any device and without a sign-in, and the cart page below shows it.
 */
export function CartRecovery({ token, currency }: CartRecoveryProps) {
  const { t } = useTranslation('cart');
  const { mutate, status } = useMutation({
    mutationFn: () => recoverCart(token, currency),
    onSuccess: (items) => adoptRecoveredCart(items),
  });
  // Once per link; the mutation's state survives React's development double effects.
  useEffect(() => {
    if (status === 'idle') mutate();
  }, [status, mutate]);

  if (status === 'error') {
    return (
      <Alert color="red" title={t('recovery.failedTitle')} mb="md">
        {t('recovery.failed')}
      </Alert>
    );
  }
  if (status === 'success') {
    return (
      <Alert color="green" title={t('recovery.restoredTitle')} mb="md">
        {t('recovery.restored')}
      </Alert>
    );
  }
  return (
    <Text c="dimmed" mb="md" role="status">
      <Loader size="xs" mr="xs" />
      {t('recovery.restoring')}
    </Text>
  );
}
