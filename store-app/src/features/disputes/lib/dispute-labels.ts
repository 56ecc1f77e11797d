import type { Schemas } from '@shop/sdk/types';
import {
  type Icon,
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClock,
} from '@tabler/icons-react';

type DisputeStatus = Schemas['DisputeStatus'];
type DisputePriority = Schemas['DisputePriority'];
type DisputeCategory = Schemas['DisputeCategory'];

/** Spec §4 categories, in the spec's order; their texts are `disputes:category.<value>`. */
export const CATEGORIES = [
  'order_issue',
  'delivery_problem',
  'product_quality',
  'payment_issue',
  'refund_request',
  'general_complaint',
  'appeal',
] as const satisfies readonly DisputeCategory[];

export function isCategory(value: string): value is DisputeCategory {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** How a status shows: its text is `disputes:status.<status>`. */
type StatusLook = { status: DisputeStatus; color: string; icon: Icon };

const STATUS_LOOKS: Record<DisputeStatus, StatusLook> = {
  open: { status: 'open', color: 'blue', icon: IconAlertCircle },
  under_review: { status: 'under_review', color: 'yellow', icon: IconClock },
  resolved: { status: 'resolved', color: 'green', icon: IconCircleCheck },
  closed: { status: 'closed', color: 'gray', icon: IconCircleX },
  escalated: { status: 'escalated', color: 'red', icon: IconAlertTriangle },
};

/** Spec §4: a status the screen does not know is shown in the open style. */
export function statusLook(status: string): StatusLook {
  return STATUS_LOOKS[status as DisputeStatus] ?? STATUS_LOOKS.open;
}

const PRIORITY_COLORS: Record<DisputePriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Spec §4: an unknown priority is treated as medium (its text is `disputes:priority.<priority>`). */
export function priorityLook(priority: string): { priority: DisputePriority; color: string } {
  const known = priority in PRIORITY_COLORS ? (priority as DisputePriority) : 'medium';
  return { priority: known, color: PRIORITY_COLORS[known] };
}

/** Spec §4: the shopper may escalate while support has not settled the case. */
export function canEscalate(status: string): boolean {
  return status === 'open' || status === 'under_review';
}
