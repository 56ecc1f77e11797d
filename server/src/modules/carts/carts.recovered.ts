import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { carts, orders, recoveredOrders } from '../../db/schema.ts';
import { BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';

/** An order placed within a week of its shopper opening a reminder's link counts as recovered. */
export const RECOVERY_WINDOW_DAYS = 7;

/**
 * Marks a just-placed order recovered when its shopper opened a cart reminder's link within the week before; the
 * link then counts once, for this order. One statement, run after every order: the cart's row lock makes two orders
 * placed at once count the link once, and an order without a recent link costs one index probe.
 */
export async function markRecoveredOrder(
  db: Database,
  order: { id: string; customerId: string; placedAt: Date },
): Promise<boolean> {
  const since = new Date(order.placedAt.getTime() - RECOVERY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  // The cart's restored time before the update (RETURNING gives the new row, so the old one is joined in). The test
  // on the updated row itself is what a second order waiting on the lock sees again, and then finds cleared.
  const result = await db.execute(sql`with taken as (
      update ${carts} set restored_at = null
      from ${carts} as before
      where ${carts.customerId} = ${order.customerId} and ${carts.restoredAt} >= ${since}
        and before.customer_id = ${carts.customerId}
      returning before.restored_at as restored_at)
    insert into ${recoveredOrders} (order_id, customer_id, restored_at)
      select ${order.id}, ${order.customerId}, restored_at from taken
    on conflict do nothing
    returning order_id`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length > 0;
}

/**
 * Recovered orders placed in [from, to) that stayed sold (not cancelled or failed): how many, and their totals in
 * USD minor units, each converted at its order's stored rate.
 */
export async function recoveredTotals(
  db: Database,
  range: { from: Date; to: Date },
): Promise<{ count: number; revenue: number }> {
  const rows = await db
    .select({
      rate: orders.rate,
      orders: sql<number>`count(*)::int`,
      minor: sql<string>`sum(${orders.totalMinor})`,
    })
    .from(recoveredOrders)
    .innerJoin(orders, eq(orders.id, recoveredOrders.orderId))
    .where(
      and(
        gte(orders.createdAt, range.from),
        lt(orders.createdAt, range.to),
        notInArray(orders.status, ['Cancelled', 'Failed']),
      ),
    )
    .groupBy(orders.rate);
  let count = 0;
  let usdMinor = 0;
  for (const row of rows) {
    count += Number(row.orders);
    usdMinor += convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE);
  }
  return { count, revenue: toAmount(usdMinor) };
}
