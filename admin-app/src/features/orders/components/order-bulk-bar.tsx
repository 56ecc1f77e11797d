import { Button, NativeSelect } from '@mantine/core';
import { BulkBar } from '@shop/ui/list-kit/bulk-bar';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../lib/order-status';

type OrderBulkBarProps = {
  count: number;
  busy: boolean;
  onUpdateStatus: (status: OrderStatus) => void;
  onDelete: () => void;
};

const STATUS_OPTIONS = [{ value: '', label: 'Choose a status' }, ...ORDER_STATUSES];

/** Spec 2 §2 bulk actions, shown while rows are ticked: Update Status (a status and apply) and Delete. */
export function OrderBulkBar({ count, busy, onUpdateStatus, onDelete }: OrderBulkBarProps) {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  return (
    <BulkBar count={count}>
      <NativeSelect
        size="xs"
        aria-label="New status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as OrderStatus | '')}
      />
      <Button
        size="xs"
        disabled={busy || status === ''}
        onClick={() => {
          if (status !== '') onUpdateStatus(status);
        }}
      >
        Update Status
      </Button>
      <Button size="xs" color="red" onClick={onDelete} disabled={busy}>
        Delete
      </Button>
    </BulkBar>
  );
}
