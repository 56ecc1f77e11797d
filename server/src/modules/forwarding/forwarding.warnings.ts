import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderForwardings, orderItems, orders, products, variantSuppliers } from '../../db/schema.ts';
import { raiseAlert } from '../suppliers/index.ts';

/** A supplier link lapsing within this many days while orders wait for it is worth a warning. */
export const LINK_WARNING_DAYS = 14;

/** Paid orders not forwarded yet, still to ship: what the suppliers must still be able to send. */
const openOrder = and(
  eq(orders.isPaid, true),
  sql`${orders.status} not in ('Cancelled', 'Failed', 'Shipped', 'Delivered', 'Completed')`,
  sql`not exists (select 1 from ${orderForwardings} where ${orderForwardings.orderId} = ${orders.id})`,
);

/**
 * Warnings ahead, before an order fails: a mapped supplier whose marketplace link lapses within 14 days while it
 * has open orders, and a supplier whose stock is below what its open orders need. One open alert each.
 */
export async function raiseWarningsAhead(
  db: Database,
  now: Date,
): Promise<{ lapsing: number; short: number }> {
  const result = { lapsing: 0, short: 0 };
  const horizon = new Date(now.getTime() + LINK_WARNING_DAYS * 86_400_000);
  const needs = db
    .select({
      productId: orderItems.productId,
      skuId: orderItems.skuId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`.as('quantity'),
      orders: sql<number>`count(distinct ${orders.id})::int`.as('orders'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, and(eq(products.id, orderItems.productId), eq(products.source, 'aliexpress')))
    .where(openOrder)
    .groupBy(orderItems.productId, orderItems.skuId)
    .as('needs');
  const rows = await db
    .select({
      supplier: variantSuppliers,
      title: products.title,
      quantity: needs.quantity,
      orders: needs.orders,
    })
    .from(variantSuppliers)
    .innerJoin(
      needs,
      and(eq(needs.productId, variantSuppliers.productId), eq(needs.skuId, variantSuppliers.skuId)),
    )
    .innerJoin(products, eq(products.id, variantSuppliers.productId))
    .where(eq(variantSuppliers.role, 'primary'));
  for (const { supplier, title, quantity, orders: count } of rows) {
    const lapses = supplier.linkExpiresAt;
    if (lapses && lapses <= horizon) {
      const raised = await raiseAlert(db, {
        kind: 'supplier.link_expiring',
        dedupeKey: `supplier.link_expiring:${supplier.id}`,
        message: `The AliExpress link of ${title} (item ${supplier.aeProductId}) lapses on ${lapses.toISOString().slice(0, 10)} while ${count} open order${count === 1 ? '' : 's'} wait for it.`,
        productId: supplier.productId,
        skuId: supplier.skuId,
        details: { linkExpiresAt: lapses.toISOString(), openOrders: count },
        now,
      });
      if (raised) result.lapsing += 1;
    }
    if (supplier.stock !== null && supplier.stock < quantity) {
      const raised = await raiseAlert(db, {
        kind: 'supplier.stock_short',
        dedupeKey: `supplier.stock_short:${supplier.productId}:${supplier.skuId}`,
        message: `The supplier of ${title} has ${supplier.stock} left, but open orders need ${quantity}.`,
        productId: supplier.productId,
        skuId: supplier.skuId,
        details: { stock: supplier.stock, needed: quantity },
        now,
      });
      if (raised) result.short += 1;
    }
  }
  return result;
}
