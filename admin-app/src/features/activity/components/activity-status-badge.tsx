import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

const STATUS_COLOR: Record<Schemas['ActivityStatus'], string> = {
  success: 'teal',
  failed: 'red',
  warning: 'yellow',
};

export function ActivityStatusBadge({ status }: { status: Schemas['ActivityStatus'] }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {status}
    </Badge>
  );
}
