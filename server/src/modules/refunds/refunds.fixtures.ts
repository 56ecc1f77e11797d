import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';

type OrderInsert = typeof orders.$inferInsert;

export interface TestOrderLine {
  /** The product's `_id` (null for a product deleted since). */
  productId: string | null;
  skuId?: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
}

/**
 * Puts an order straight into the database, paid by card unless told otherwise, for tests of what staff do with
 * orders (refunds, forwarding, dashboard figures) without going through checkout.
 */
export async function insertTestOrder(
  db: Database,
  options: Partial<OrderInsert> & { lines?: TestOrderLine[] } = {},
) {
  const { lines = [], ...values } = options;
  const currency = values.currency ?? 'USD';
  const itemsMinor = lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  const totalMinor = values.totalMinor ?? itemsMinor;
  const paid = values.isPaid ?? true;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${randomUUID().slice(0, 8).toUpperCase()}`,
      customerName: 'Nusrat Jahan',
      customerEmail: 'nusrat@example.com',
      status: 'Confirmed',
      itemsMinor,
      shippingMinor: 0,
      taxMinor: 0,
      paymentMethod: 'Credit Card',
      paymentRef: null,
      isPaid: paid,
      paidAt: paid ? new Date() : null,
      shipFullName: 'Nusrat Jahan',
      shipAddress: 'House 7, Road 2, Banani',
      shipCity: 'Dhaka',
      shipProvince: 'Dhaka Division',
      shipPostalCode: '1213',
      shipCountry: 'BD',
      shipMobileNo: '1711000000',
      shipPhoneCountry: '+880',
      logisticsServiceName: 'CAINIAO_STANDARD',
      ...values,
      currency,
      totalMinor,
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  if (lines.length > 0) {
    await db.insert(orderItems).values(
      lines.map((line, position) => ({
        orderId: order.id,
        productId: line.productId,
        skuId: line.skuId ?? null,
        name: line.name,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        lineTotalMinor: line.unitPriceMinor * line.quantity,
        currency,
        position,
      })),
    );
  }
  return order;
}
