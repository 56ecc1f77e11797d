import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { labelOf, PRIORITY_COLOR, STATUS_COLOR } from '../lib/dispute-values';

export function DisputeStatusBadge({ status }: { status: Schemas['DisputeStatus'] }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {labelOf(status)}
    </Badge>
  );
}

export function DisputePriorityBadge({ priority }: { priority: Schemas['DisputePriority'] }) {
  return (
    <Badge variant="outline" color={PRIORITY_COLOR[priority]}>
      {labelOf(priority)}
    </Badge>
  );
}
