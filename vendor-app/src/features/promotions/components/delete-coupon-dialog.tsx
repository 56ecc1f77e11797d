import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useDeleteVendorCoupon } from '../api/vendor-coupons.mutations';

type VendorCoupon = Schemas['VendorCoupon'];

/** Asks before deleting; a coupon orders have used is refused by the server, whose reason is shown. */
export function DeleteCouponDialog({
  coupon,
  onClose,
}: {
  coupon: VendorCoupon | null;
  onClose: () => void;
}) {
  const remove = useDeleteVendorCoupon();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    onClose();
  };
  const confirm = async () => {
    if (!coupon) return;
    setServerError(null);
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: coupon._id } } });
      toast.success(answer.message ?? `Coupon ${coupon.code} deleted.`);
      close();
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to delete the coupon.'));
    }
  };
  return (
    <Modal opened={coupon !== null} onClose={close} title="Delete Coupon" centered>
      <Stack>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Text>Are you sure you want to delete the coupon {coupon?.code}?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
