import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { errorMessage } from '@shop/sdk/client';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import '../orders-texts';
import { useCancelOrder } from '../api/cancel-order';

/** Before the order ships the shopper may cancel it, after confirming; the stock goes back to the store. */
export function CancelOrderButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { t } = useTranslation('orders');
  const [opened, { open, close }] = useDisclosure(false);
  const cancel = useCancelOrder(orderId);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ data: cancelled }) => {
        close();
        // A paid order is refunded as it is cancelled: paid back at once, or pending until the store pays it.
        const pending = cancelled.refunds.some((refund) => refund.status === 'Pending');
        toast.success(
          pending
            ? t('cancel.doneRefundPending')
            : cancelled.paymentStatus === 'Refunded'
              ? t('cancel.doneRefunded')
              : t('cancel.done'),
        );
      },
      onError: (error) => toast.error(errorMessage(error, t('cancel.failed'))),
    });

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        {t('cancel.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('cancel.title')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Text>{t('cancel.text', { order: orderNumber })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t('cancel.keep')}
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={confirm}>
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
