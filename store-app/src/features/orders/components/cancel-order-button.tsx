import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';

const ORDER_CANCELLED = 'Your order has been cancelled.';

/** Before the order ships the shopper may cancel it, after confirming; the stock goes back to the store. */
export function CancelOrderButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const cancel = useCancelOrder(orderId);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        close();
        toast.success(ORDER_CANCELLED);
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'The order could not be cancelled. Please try again.')),
    });

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        Cancel order
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Cancel this order?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>Order {orderNumber} will be cancelled and will not be shipped.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Keep order
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={confirm}>
            Yes, cancel order
          </Button>
        </Group>
      </Modal>
    </>
  );
}
