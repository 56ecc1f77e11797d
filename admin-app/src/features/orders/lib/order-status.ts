import type { Schemas } from '@shop/sdk/types';

export type OrderStatus = Schemas['OrderStatus'];
export type AdminOrder = Schemas['AdminOrder'];

/** Every status of the contract's OrderStatus (spec 2 §4), in lifecycle order. */
export const ORDER_STATUSES = [
  'Placed',
  'Pending',
  'Confirmed',
  'Processing',
  'Shipped',
  'Delivered',
  'Completed',
  'Cancelled',
  'Failed',
] as const satisfies readonly OrderStatus[];

export const STATUS_COLOR: Record<OrderStatus, string> = {
  Placed: 'gray',
  Pending: 'yellow',
  Confirmed: 'blue',
  Processing: 'indigo',
  Shipped: 'cyan',
  Delivered: 'teal',
  Completed: 'green',
  Cancelled: 'red',
  Failed: 'red',
};

/** Only these may be archived (the list's Delete). */
export const isArchivable = (status: OrderStatus) => status === 'Cancelled' || status === 'Failed';
