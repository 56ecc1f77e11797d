import { eq, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export const ORDER_NOT_FOUND = 'Order not found.';

/** An order named by its `_id` or its order id (`ORD-...`). */
export function orderNamed(ref: string): SQL {
  return isUuid(ref) ? eq(orders.id, ref) : eq(orders.orderNumber, ref);
}
