import { Badge } from '@mantine/core';
import type { DisplayStatus } from '../lib/product-rows';

const STATUS_COLOR: Record<DisplayStatus, string> = {
  published: 'teal',
  draft: 'gray',
  out_of_stock: 'orange',
  disabled: 'dark',
  error: 'red',
};

export function ProductStatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {status}
    </Badge>
  );
}
