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
type ResolutionAction = Schemas['ResolutionAction'];

export const CATEGORY_LABELS: Record<DisputeCategory, string> = {
  order_issue: 'Order Issue',
  delivery_problem: 'Delivery Problem',
  product_quality: 'Product Quality',
  payment_issue: 'Payment Issue',
  refund_request: 'Refund Request',
  general_complaint: 'General Complaint',
  appeal: 'Appeal',
};

export const CATEGORY_OPTIONS = Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label }));

type StatusLook = { label: string; color: string; icon: Icon };

const STATUS_LOOKS: Record<DisputeStatus, StatusLook> = {
  open: { label: 'Open', color: 'blue', icon: IconAlertCircle },
  under_review: { label: 'Under Review', color: 'yellow', icon: IconClock },
  resolved: { label: 'Resolved', color: 'green', icon: IconCircleCheck },
  closed: { label: 'Closed', color: 'gray', icon: IconCircleX },
  escalated: { label: 'Escalated', color: 'red', icon: IconAlertTriangle },
};

/** Spec §4: a status the screen does not know is shown in the open style. */
export function statusLook(status: string): StatusLook {
  return STATUS_LOOKS[status as DisputeStatus] ?? STATUS_LOOKS.open;
}

const PRIORITY_LOOKS: Record<DisputePriority, { label: string; color: string }> = {
  low: { label: 'Low', color: 'gray' },
  medium: { label: 'Medium', color: 'blue' },
  high: { label: 'High', color: 'orange' },
  urgent: { label: 'Urgent', color: 'red' },
};

/** Spec §4: an unknown priority is treated as medium. */
export function priorityLook(priority: string): { label: string; color: string } {
  return PRIORITY_LOOKS[priority as DisputePriority] ?? PRIORITY_LOOKS.medium;
}

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as DisputeCategory] ?? category;
}

export const RESOLUTION_ACTION_LABELS: Record<ResolutionAction, string> = {
  refund: 'Full Refund',
  partial_refund: 'Partial Refund',
  replacement: 'Replacement',
  compensation: 'Compensation',
  no_action: 'No Action',
  other: 'Other',
};

/** Spec §4: the shopper may escalate while support has not settled the case. */
export function canEscalate(status: string): boolean {
  return status === 'open' || status === 'under_review';
}
