import type { components } from '@shop/sdk/types';
import type { disputes } from '../../db/schema.ts';
import type { FieldError } from '../../http/errors.ts';
import { minorStep, toMinor } from '../../money/money.ts';

// The dispute rules, free of I/O: which status moves staff may make, what a shopper may escalate, what a
// resolution needs, and how the response clock reads.

export type DisputeStatus = (typeof disputes.$inferSelect)['status'];
export type DisputePriority = (typeof disputes.$inferSelect)['priority'];
type ResolutionAction = NonNullable<(typeof disputes.$inferSelect)['resolutionAction']>;
type ResolutionInput = components['schemas']['DisputeResolutionInput'];
type StaffStatus = components['schemas']['UpdateDisputeStatusRequest']['status'];

/** The one table of status moves staff may make; escalation is the shopper's own move (ESCALATABLE). */
export const ALLOWED_STATUS_MOVES: Readonly<Record<DisputeStatus, readonly StaffStatus[]>> = {
  open: ['under_review', 'resolved', 'closed'],
  under_review: ['open', 'resolved', 'closed'],
  escalated: ['under_review', 'resolved', 'closed'],
  resolved: ['closed'],
  closed: [],
};

export const canMoveStatus = (from: DisputeStatus, to: StaffStatus): boolean =>
  ALLOWED_STATUS_MOVES[from].includes(to);

/** The statuses a shopper may escalate from. */
export const ESCALATABLE: readonly DisputeStatus[] = ['open', 'under_review'];

/** Statuses in which nobody waits for support any more. */
export const SETTLED: readonly DisputeStatus[] = ['resolved', 'closed'];

const PRIORITY_RANK: Record<DisputePriority, number> = { low: 0, medium: 1, high: 2, urgent: 3 };

/** Escalating raises the priority to high; an urgent dispute stays urgent. */
export const escalatedPriority = (current: DisputePriority): DisputePriority =>
  PRIORITY_RANK[current] >= PRIORITY_RANK.high ? current : 'high';

/** Actions that pay money back on the dispute's order. */
export const REFUNDING_ACTIONS: readonly ResolutionAction[] = ['refund', 'partial_refund'];

export const HOUR_MS = 60 * 60 * 1000;

/** Whole hours a dispute has waited for support, or null when nobody is waiting. */
export function waitingHours(waitingSince: Date | null, now: Date): number | null {
  if (waitingSince === null) return null;
  return Math.max(0, Math.floor((now.getTime() - waitingSince.getTime()) / HOUR_MS));
}

export const MOVE_NOT_ALLOWED = (from: DisputeStatus, to: StaffStatus) =>
  from === to ? `The dispute is already ${from}.` : `A dispute that is ${from} cannot be moved to ${to}.`;
export const CANNOT_ESCALATE = (status: DisputeStatus) =>
  status === 'escalated'
    ? 'This dispute has already been escalated.'
    : `A dispute that is ${status} cannot be escalated.`;
export const RESOLUTION_ONLY_WHEN_RESOLVING = 'A resolution can only be sent when resolving the dispute.';
export const RESOLUTION_MESSAGE = 'Please complete the resolution.';
export const REFUND_IN_ORDER_CURRENCY = (currency: string) =>
  `A refund is paid in the order's currency (${currency}).`;

/** A resolution as it will be stored: amounts in minor units of the resolution's currency. */
export interface ResolutionToRecord {
  action: ResolutionAction;
  amountMinor: number | null;
  currency: string | null;
  notes: string;
}

/**
 * Checks what staff send with a status change: a resolution is required to resolve and refused otherwise.
 * On a dispute linked to an order (`orderCurrency`), the amount's currency defaults to the order's, and a refund
 * in any other currency is refused: money goes back in the currency it was paid in.
 * Answers the resolution to record (null when the status is not `resolved`), or the field errors to show.
 */
export function checkResolution(
  status: StaffStatus,
  input: ResolutionInput | undefined,
  orderCurrency: string | null = null,
): { resolution: ResolutionToRecord | null } | { errors: FieldError[] } | { refused: string } {
  if (status !== 'resolved') {
    return input === undefined ? { resolution: null } : { refused: RESOLUTION_ONLY_WHEN_RESOLVING };
  }
  if (input === undefined) {
    return { errors: [{ path: '/resolution/action', message: 'Please choose a resolution action.' }] };
  }
  const errors: FieldError[] = [];
  const notes = input.notes?.trim() ?? '';
  if (notes === '')
    errors.push({ path: '/resolution/notes', message: 'Please add notes about the resolution.' });
  if (input.action === 'no_action') {
    return errors.length > 0
      ? { errors }
      : { resolution: { action: input.action, amountMinor: null, currency: null, notes } };
  }

  let amountMinor: number | null = null;
  if (input.amount === undefined) {
    errors.push({ path: '/resolution/amount', message: 'Please enter the amount.' });
  } else {
    amountMinor = toMinor(input.amount);
    if (amountMinor === null) {
      errors.push({ path: '/resolution/amount', message: 'The amount can have at most two decimals.' });
    } else if (REFUNDING_ACTIONS.includes(input.action) && amountMinor <= 0) {
      errors.push({ path: '/resolution/amount', message: 'A refund must be more than 0.' });
    }
  }
  const currency = input.currency ?? orderCurrency;
  if (currency === null) {
    errors.push({ path: '/resolution/currency', message: 'Please choose a currency.' });
  } else if (
    orderCurrency !== null &&
    currency !== orderCurrency &&
    REFUNDING_ACTIONS.includes(input.action)
  ) {
    errors.push({ path: '/resolution/currency', message: REFUND_IN_ORDER_CURRENCY(orderCurrency) });
  }
  if (amountMinor !== null && currency !== null && amountMinor % minorStep(currency) !== 0) {
    errors.push({ path: '/resolution/amount', message: `Amounts in ${currency} are whole units.` });
  }
  if (errors.length > 0 || amountMinor === null || currency === null) return { errors };
  return { resolution: { action: input.action, amountMinor, currency, notes } };
}
