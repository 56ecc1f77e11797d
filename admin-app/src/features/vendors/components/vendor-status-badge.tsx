import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type VendorStatus = Schemas['VendorStoreStatus'];

export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

const STATUS_COLORS: Record<VendorStatus, string> = {
  pending: 'yellow',
  active: 'teal',
  rejected: 'gray',
  suspended: 'red',
};

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {VENDOR_STATUS_LABELS[status]}
    </Badge>
  );
}
