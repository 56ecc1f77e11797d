import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, orderItems, orderStatusHistory, orders, productSkus, products } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { toDecimalText } from '../../money/money.ts';
import { OrderRejection, priceOrder } from './orders.priced.ts';
import { computeOrderTotals, salesChannel } from './orders.pricing.ts';
import { nextOrderNumber } from './orders.repository.ts';
import type { OrderActor } from './orders.status.ts';
import { StockShortage, takeStock } from './orders.stock.ts';

// Orders staff place by hand (Create Order): priced like a shopper's, with the payment staff took recorded.

/** Spec 2 §5: a manual order's payment methods. */
type ManualPaymentMethod = 'Cash' | 'Offline' | 'Credit Card';

interface ManualOrderInput {
  productId: string;
  /** The option to sell; the product's first option in stock when not given. */
  skuId: string | null;
  quantity: number;
  /** Percent off the items in hundredths (1250 is 12.5 %), 0 to 10000. */
  discountHundredths: number;
  paymentMethod: ManualPaymentMethod;
  address: { address: string; country: string };
  customer: { name: string | null; email: string | null; phone: string | null };
  staff: OrderActor & { id: string };
  now?: Date;
}

/** Names the customer of a manual order with no name given and no account found. */
const GUEST_CUSTOMER = 'Guest customer';

/**
 * `hundredths`/100 percent of an amount in minor units, rounded half up, in integers.
 * (1250 hundredths of a percent of 10,000 is 1,250.)
 */
function discountOf(itemsMinor: number, hundredths: number): number {
  return Number((BigInt(itemsMinor) * BigInt(hundredths) + 5_000n) / 10_000n);
}

/**
 * Places a manual order (spec 2 §5) in one transaction: the catalogue prices it in USD (the SKU's sale price
 * converted once), the discount comes off the items, shipping and tax follow the checkout's rule on what is left,
 * and the stock is taken like a shopper's order takes it. The order starts Placed and unpaid (staff confirm the
 * payment later), placed by the staff member. Answers the new order's id.
 */
export async function placeManualOrder(db: Database, input: ManualOrderInput): Promise<string> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new OrderRejection('not_found', 'Product not found.');
    const skuId = input.skuId ?? (await defaultSku(tx, product.id));
    if (skuId === null) throw new OrderRejection('not_found', 'This product has no options to sell.');

    const priced = await priceOrder(tx, [{ productId: product.id, skuId, quantity: input.quantity }], 'USD');
    const itemsMinor = priced.totals.itemsMinor;
    const discountMinor = discountOf(itemsMinor, input.discountHundredths);
    const { shippingMinor, taxMinor, totalMinor } = computeOrderTotals(
      [{ unitPriceMinor: itemsMinor - discountMinor, quantity: 1 }],
      undefined,
      priced.rules,
    );

    try {
      await takeStock(
        tx,
        priced.lines.map(({ line, product: item }) => ({
          productId: item.id,
          skuId: line.skuId,
          quantity: line.quantity,
          name: item.title,
        })),
        now,
      );
    } catch (error) {
      if (error instanceof StockShortage) throw new OrderRejection('out_of_stock', error.message);
      throw error;
    }

    const email = input.customer.email?.trim().toLowerCase() || null;
    const [account] = email
      ? await tx
          .select({ id: customers.id, name: customers.name, phone: customers.phone })
          .from(customers)
          .where(eq(customers.email, email))
      : [];
    const orderNumber = await nextOrderNumber(tx, now);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        customerId: account?.id ?? null,
        customerName: input.customer.name ?? account?.name ?? GUEST_CUSTOMER,
        customerEmail: email ?? '',
        customerPhone: input.customer.phone ?? account?.phone ?? null,
        channel: salesChannel(priced.lines.map(({ product: item }) => item.storeKind)),
        status: 'Placed',
        currency: priced.currency,
        rate: priced.rate,
        itemsMinor,
        discountMinor,
        discountPercent: toDecimalText(input.discountHundredths),
        shippingMinor,
        taxMinor,
        totalMinor,
        isPaid: false,
        isDelivered: false,
        paymentMethod: input.paymentMethod,
        shipAddress: input.address.address,
        shipCountry: input.address.country,
        placedByAdminId: input.staff.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned no row');
    await bindToIdempotencyKey(tx, `order:${order.id}`);
    await tx.insert(orderItems).values(
      priced.lines.map(({ line, product: item, sku, unitPriceMinor }, position) => ({
        orderId: order.id,
        productId: item.id,
        skuId: sku.skuId,
        name: item.title,
        image: sku.image ?? item.images[0] ?? null,
        quantity: line.quantity,
        unitPriceMinor,
        lineTotalMinor: unitPriceMinor * line.quantity,
        currency: priced.currency,
        position,
        storeId: item.storeId,
      })),
    );
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: 'Placed',
      by: input.staff.name,
      actorType: input.staff.type,
      note: 'Placed manually',
      at: now,
    });
    return order.id;
  });
}

/** The product's first option in stock, else its first option; null when it has none. */
async function defaultSku(tx: Database, productId: string): Promise<string | null> {
  const [sku] = await tx
    .select({ skuId: productSkus.skuId })
    .from(productSkus)
    .where(eq(productSkus.productId, productId))
    .orderBy(sql`${productSkus.stock} > 0 desc`, asc(productSkus.position))
    .limit(1);
  return sku?.skuId ?? null;
}
