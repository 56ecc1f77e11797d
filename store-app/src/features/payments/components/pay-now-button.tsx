import { Button } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import '../payments-texts';
import { useStartPayment } from '../api/start-payment';

/** An unpaid order paid on a provider's page: pay there again. */
export function PayNowButton({ orderId, label }: { orderId: string; label?: string }) {
  const { t } = useTranslation('payments');
  const start = useStartPayment();
  return (
    <Button
      loading={start.isPending || start.isSuccess}
      onClick={() =>
        start.mutate(orderId, { onError: (error) => toast.error(errorMessage(error, t('startFailed'))) })
      }
    >
      {label ?? t('payNow')}
    </Button>
  );
}
