import { CURRENCIES } from '@shop/sdk/choices';
import type { Schemas } from '@shop/sdk/types';

export type Dispute = Schemas['Dispute'];
type DisputeStatus = Schemas['DisputeStatus'];

/** Spec 2 §4: the statuses, categories, priorities, resolution actions and currencies, in the spec's order. */
export const DISPUTE_STATUSES = [
  'open',
  'under_review',
  'resolved',
  'closed',
  'escalated',
] as const satisfies readonly DisputeStatus[];

/** The statuses staff may set; escalated belongs to the shopper. */
export const SETTABLE_STATUSES = [
  'open',
  'under_review',
  'resolved',
  'closed',
] as const satisfies readonly Schemas['UpdateDisputeStatusRequest']['status'][];

export const DISPUTE_CATEGORIES = [
  'order_issue',
  'delivery_problem',
  'product_quality',
  'payment_issue',
  'refund_request',
  'general_complaint',
  'appeal',
] as const satisfies readonly Schemas['DisputeCategory'][];

export const DISPUTE_PRIORITIES = [
  'low',
  'medium',
  'high',
  'urgent',
] as const satisfies readonly Schemas['DisputePriority'][];

export const RESOLUTION_ACTIONS = [
  'refund',
  'partial_refund',
  'replacement',
  'compensation',
  'no_action',
  'other',
] as const satisfies readonly Schemas['ResolutionAction'][];

export const RESOLUTION_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'BDT',
] as const satisfies readonly Schemas['ResolutionCurrency'][];

/** The currency of the order a dispute is about (one the store sells in), or null without an order. */
export function orderCurrencyOf(dispute: Dispute): Schemas['ShopperCurrency'] | null {
  const code = dispute.order?.currency;
  return CURRENCIES.find((currency) => currency === code) ?? null;
}

// The spec names one label itself (refund is 'Full Refund'); the other values read as words.
const LABELS: Record<string, string> = { refund: 'Full Refund' };

/** 'under_review' → 'Under Review'; 'refund' → 'Full Refund'. */
export function labelOf(value: string): string {
  return (
    LABELS[value] ??
    value
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

export const STATUS_COLOR: Record<DisputeStatus, string> = {
  open: 'blue',
  under_review: 'yellow',
  resolved: 'teal',
  closed: 'gray',
  escalated: 'red',
};

export const PRIORITY_COLOR: Record<Schemas['DisputePriority'], string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Select options for a list of values, labelled as above. */
export const optionsOf = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: labelOf(value) }));
