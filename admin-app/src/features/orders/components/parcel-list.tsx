import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { ButtonLink } from '../../../components/router-links';
import { usePlaceOrderParcel } from '../api/orders.mutations';
import { ParcelAddressDialog } from './parcel-address-dialog';

type Parcel = Schemas['SupplierParcel'];
type FailureClass = Schemas['ForwardingFailureClass'];

export const FAILURE_LABEL: Record<FailureClass, string> = {
  sku_changed: 'SKU changed',
  out_of_stock: 'Out of stock',
  cannot_ship: 'Cannot ship to the country',
  price_above_floor: 'Price above the floor',
  address_rejected: 'Address rejected',
  link_expired: 'Link expired',
  payment_failed: 'Payment failed',
  unreachable: 'Marketplace unreachable',
  other: 'Other',
};

/** Failures fixed on the product: remap the variant or switch it to its backup supplier, then retry. */
const FIXED_ON_PRODUCT: readonly FailureClass[] = [
  'sku_changed',
  'out_of_stock',
  'cannot_ship',
  'price_above_floor',
  'link_expired',
];

const STATUS_COLOR: Record<Parcel['status'], string> = {
  Pending: 'gray',
  Forwarded: 'blue',
  Shipped: 'teal',
  Delivered: 'green',
  Failed: 'red',
  Cancelled: 'gray',
};

/** An order's supplier parcels: supplier, status, supplier order, tracking, and a failed one's fixes. */
export function ParcelList({ orderId, parcels }: { orderId: string; parcels: Parcel[] }) {
  const placeParcel = usePlaceOrderParcel();
  const [editing, setEditing] = useState<Parcel | null>(null);

  const retry = async (parcel: Parcel) => {
    try {
      await placeParcel.mutateAsync({ params: { path: { id: orderId, parcelId: parcel.id } } });
      toast.success(`Parcel ${parcel.number} placed with AliExpress.`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to place parcel ${parcel.number}.`));
    }
  };

  if (parcels.length === 0) return <Text c="dimmed">Not split into parcels yet.</Text>;
  return (
    <Stack gap="xs">
      {parcels.map((parcel) => {
        const productId = parcel.items.find((item) => item.productId)?.productId;
        return (
          <Stack key={parcel.id} gap={4} aria-label={`Parcel ${parcel.number}`}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Parcel {parcel.number}
              </Text>
              <Badge variant="light" color={STATUS_COLOR[parcel.status]}>
                {parcel.status}
              </Badge>
              <Text size="sm">{parcel.supplierName ?? 'Supplier unknown'}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {parcel.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}
              {parcel.aeOrderId ? ` · AE order ${parcel.aeOrderId}` : ''}
              {parcel.trackingNumber ? ` · ${parcel.carrier ?? 'Carrier'} ${parcel.trackingNumber}` : ''}
            </Text>
            {parcel.status === 'Failed' && parcel.failureClass ? (
              <Group gap="xs">
                <Badge color="red" variant="outline">
                  {FAILURE_LABEL[parcel.failureClass]}
                </Badge>
                {parcel.retryAt ? (
                  <Text size="xs" c="dimmed">
                    Retries on its own at {new Date(parcel.retryAt).toLocaleString()}
                  </Text>
                ) : null}
                {FIXED_ON_PRODUCT.includes(parcel.failureClass) && productId ? (
                  <ButtonLink
                    size="compact-xs"
                    variant="light"
                    to="/manage-admin/products/edit-product/$id"
                    params={{ id: productId }}
                  >
                    Remap or switch to backup
                  </ButtonLink>
                ) : null}
                {parcel.failureClass === 'address_rejected' ? (
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(parcel)}>
                    Edit address
                  </Button>
                ) : null}
                <Button size="compact-xs" disabled={placeParcel.isPending} onClick={() => void retry(parcel)}>
                  Retry parcel {parcel.number}
                </Button>
              </Group>
            ) : null}
            {parcel.status === 'Failed' && parcel.lastError ? (
              <Text size="xs" c="red">
                {parcel.lastError}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {editing ? (
        <ParcelAddressDialog orderId={orderId} parcel={editing} opened onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
