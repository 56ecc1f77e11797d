import type { components } from '@shop/sdk/types';

export type OrderStatus = components['schemas']['OrderStatus'];

/**
 * The order lifecycle: the statuses staff may move an order to from each status. Anything not listed is a
 * forbidden move (409). Cancelled returns to Placed only through Restore, which takes the stock again.
 */
export const ALLOWED_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Placed: ['Pending', 'Confirmed', 'Processing', 'Cancelled', 'Failed'],
  Pending: ['Confirmed', 'Processing', 'Cancelled', 'Failed'],
  Confirmed: ['Processing', 'Shipped', 'Cancelled', 'Failed'],
  Processing: ['Shipped', 'Cancelled', 'Failed'],
  Shipped: ['Delivered', 'Failed'],
  Delivered: ['Completed'],
  Completed: [],
  Cancelled: [],
  Failed: ['Processing', 'Cancelled'],
};

/** Statuses in which the shopper may still cancel: the order has not shipped. */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = ['Placed', 'Pending', 'Confirmed', 'Processing'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/** Statuses whose orders have given their stock back; moving out of them takes it again. */
const RELEASED_STOCK: readonly OrderStatus[] = ['Cancelled', 'Failed'];

export const holdsStock = (status: OrderStatus) => !RELEASED_STOCK.includes(status);

/** The order list's Pending card: orders not yet on their way. */
export const AWAITING_SHIPMENT: readonly OrderStatus[] = ['Placed', 'Pending', 'Confirmed', 'Processing'];

/** Once an order has left, its address is history and can no longer change. */
export const ADDRESS_LOCKED: readonly OrderStatus[] = ['Shipped', 'Delivered', 'Completed'];

/** Only orders that will never ship may be archived (hidden from the lists, kept for the books). */
export const ARCHIVABLE: readonly OrderStatus[] = ['Cancelled', 'Failed'];

/** The 409 message of a move the lifecycle forbids. */
export function forbiddenMoveMessage(from: OrderStatus, to: OrderStatus): string {
  return from === to ? `The order is already ${from}.` : `Cannot move an order from ${from} to ${to}.`;
}
