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
