import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { carts, orders, recoveredOrders } from '../../db/schema.ts';
import { BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';

/** An order placed within a week of its shopper opening a reminder's link counts as recovered. */
export const RECOVERY_WINDOW_DAYS = 7;

/**
 * Marks a just-placed order recovered when its shopper opened a cart reminder's link within the week before; the
 * link then counts once, for this order.
 */
export async function markRecoveredOrder(
  db: Database,
  order: { id: string; customerId: string; placedAt: Date },
): Promise<boolean> {
  const since = new Date(order.placedAt.getTime() - RECOVERY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const [cart] = await tx
      .select({ restoredAt: carts.restoredAt })
      .from(carts)
      .where(and(eq(carts.customerId, order.customerId), gte(carts.restoredAt, since)))
      .for('update');
    if (!cart?.restoredAt) return false;
    await tx.update(carts).set({ restoredAt: null }).where(eq(carts.customerId, order.customerId));
    await tx
      .insert(recoveredOrders)
      .values({ orderId: order.id, customerId: order.customerId, restoredAt: cart.restoredAt })
      .onConflictDoNothing();
    return true;
  });
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
