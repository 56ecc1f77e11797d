import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  currencyRates,
  orderItems,
  orderStatusHistory,
  orders,
  productSkus,
  products,
} from '../../db/schema.ts';
import { computeOrderTotals, convertMinor } from './orders.pricing.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type PaymentMethod = 'Credit Card' | 'PayPal' | 'Bank Transfer';

export interface OrderWithDetails {
  order: OrderRow;
  items: OrderItemRow[];
  history: StatusHistoryRow[];
}

/** Why an order cannot be placed; the handler turns each kind into its HTTP answer. */
export class OrderRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'not_for_sale' | 'out_of_stock' | 'no_rate',
    message: string,
  ) {
    super(message);
    this.name = 'OrderRejection';
  }
}

export const outOfStockMessage = (name: string, available: number) =>
  available > 0 ? `Only ${available} left in stock for ${name}.` : `${name} is out of stock.`;

export interface PlaceOrderInput {
  customer: { id: string; name: string; email: string };
  currency: string;
  paymentMethod: PaymentMethod;
  address: {
    fullName: string;
    address: string;
    city: string;
    province: string;
    postalCode: string;
    country: string;
    mobileNo: string;
    phoneCountry: string;
    logisticsServiceName: string | null;
  };
  /** One line per product and SKU (the handler combines repeats). */
  lines: ReadonlyArray<{ productId: string; skuId: string; quantity: number }>;
  now?: Date;
}

/** Products a shopper may buy or see; drafts and disabled products are hidden from them. */
export const SHOPPER_VISIBLE_STATUSES = ['published', 'out_of_stock'] as const;

/** The stored rates (units per 1 USD) of the given currencies, as exact decimal text. */
export async function findRates(db: Database, codes: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ code: currencyRates.code, rate: currencyRates.rate })
          .from(currencyRates)
          .where(inArray(currencyRates.code, wanted));
  return new Map(rows.map((row) => [row.code, row.rate]));
}

/** Converts with the loaded rates; a currency into itself needs no rate at all. */
export function converterFor(rates: Map<string, string>, to: string) {
  return (minor: number, from: string): number | null => {
    if (from === to) return minor;
    const fromRate = rates.get(from);
    const toRate = rates.get(to);
    return fromRate === undefined || toRate === undefined ? null : convertMinor(minor, fromRate, toRate);
  };
}

/**
 * The next free `ORD-YYYYMMDD-NNNN` for the day of `at` (UTC). Must run inside the transaction that inserts the
 * order: the advisory lock, held until that transaction ends, keeps two orders from taking the same number.
 */
export async function nextOrderNumber(tx: Database, at: Date): Promise<string> {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop:order-number:${day}`}))`);
  const [row] = await tx
    .select({ last: sql<number | null>`max(split_part(${orders.orderNumber}, '-', 3)::int)`.mapWith(Number) })
    .from(orders)
    .where(sql`${orders.orderNumber} ~ ${`^ORD-${day}-[0-9]+$`}`);
  const next = (row?.last ?? 0) + 1;
  return `ORD-${day}-${String(next).padStart(4, '0')}`;
}

/**
 * Places a shopper's order in one transaction: prices every line from the catalogue in the order's currency,
 * reserves the stock with conditional updates (so concurrent orders can never take more than there is), and
 * writes the order, its items and its first status. Throws OrderRejection, rolling everything back, when an item
 * is unknown, not for sale or short of stock. Answers the new order's id.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<string> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const productIds = [...new Set(input.lines.map((line) => line.productId))];
    const productRows = await tx
      .select({
        id: products.id,
        title: products.title,
        status: products.status,
        currency: products.currency,
        images: products.images,
      })
      .from(products)
      .where(inArray(products.id, productIds));
    const skuRows = await tx
      .select({
        id: productSkus.id,
        productId: productSkus.productId,
        skuId: productSkus.skuId,
        salePriceMinor: productSkus.salePriceMinor,
        stock: productSkus.stock,
        image: productSkus.image,
      })
      .from(productSkus)
      .where(
        and(
          inArray(productSkus.productId, productIds),
          inArray(
            productSkus.skuId,
            input.lines.map((line) => line.skuId),
          ),
        ),
      );

    const resolved = input.lines.map((line) => {
      const product = productRows.find((row) => row.id === line.productId);
      if (!product) throw new OrderRejection('not_found', 'A product in your order no longer exists.');
      if (product.status === 'draft' || product.status === 'disabled') {
        throw new OrderRejection('not_for_sale', `${product.title} is not for sale.`);
      }
      const sku = skuRows.find((row) => row.productId === product.id && row.skuId === line.skuId);
      if (!sku) {
        throw new OrderRejection('not_found', `The chosen option of ${product.title} is not available.`);
      }
      // A first look without locks, so an obvious shortage is refused before anything is locked.
      const available = product.status === 'out_of_stock' ? 0 : sku.stock;
      if (line.quantity > available) {
        throw new OrderRejection('out_of_stock', outOfStockMessage(product.title, available));
      }
      return { line, product, sku };
    });

    const rates = await findRates(tx, [input.currency, ...productRows.map((row) => row.currency)]);
    const convert = converterFor(rates, input.currency);
    const priced = resolved.map(({ line, product, sku }) => {
      const unitPriceMinor = convert(sku.salePriceMinor, product.currency);
      if (unitPriceMinor === null) {
        throw new OrderRejection('no_rate', `Prices cannot be shown in ${input.currency} right now.`);
      }
      return { line, product, sku, unitPriceMinor };
    });
    const totals = computeOrderTotals(
      priced.map(({ line, unitPriceMinor }) => ({ unitPriceMinor, quantity: line.quantity })),
    );

    // Reserve stock. Rows are locked in one fixed order (SKUs, then products, each by id) so two orders
    // sharing items wait for each other instead of deadlocking.
    for (const { line, product, sku } of [...priced].sort((a, b) => compare(a.sku.id, b.sku.id))) {
      const taken = await tx
        .update(productSkus)
        .set({ stock: sql`${productSkus.stock} - ${line.quantity}` })
        .where(and(eq(productSkus.id, sku.id), gte(productSkus.stock, line.quantity)))
        .returning({ stock: productSkus.stock });
      if (taken.length === 0) {
        const [current] = await tx
          .select({ stock: productSkus.stock })
          .from(productSkus)
          .where(eq(productSkus.id, sku.id));
        throw new OrderRejection('out_of_stock', outOfStockMessage(product.title, current?.stock ?? 0));
      }
    }
    const quantityByProduct = new Map<string, number>();
    for (const { line } of priced) {
      quantityByProduct.set(line.productId, (quantityByProduct.get(line.productId) ?? 0) + line.quantity);
    }
    for (const productId of [...quantityByProduct.keys()].sort(compare)) {
      const quantity = quantityByProduct.get(productId) ?? 0;
      // SET expressions read the row's old values: the status flips when this order takes the last unit.
      await tx
        .update(products)
        .set({
          stock: sql`greatest(${products.stock} - ${quantity}, 0)`,
          status: sql`case when ${products.stock} - ${quantity} <= 0 and ${products.status} = 'published' then 'out_of_stock'::product_status else ${products.status} end`,
          salesCount: sql`${products.salesCount} + ${quantity}`,
          updatedAt: now,
        })
        .where(eq(products.id, productId));
    }

    const paid = input.paymentMethod !== 'Bank Transfer';
    const { address } = input;
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: await nextOrderNumber(tx, now),
        customerId: input.customer.id,
        customerName: input.customer.name,
        customerEmail: input.customer.email,
        customerPhone: `${address.phoneCountry} ${address.mobileNo}`,
        channel: 'b2c',
        status: 'Placed',
        currency: input.currency,
        ...totals,
        isPaid: paid,
        paidAt: paid ? now : null,
        isDelivered: false,
        paymentMethod: input.paymentMethod,
        shipFullName: address.fullName,
        shipAddress: address.address,
        shipCity: address.city,
        shipProvince: address.province,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        shipMobileNo: address.mobileNo,
        shipPhoneCountry: address.phoneCountry,
        logisticsServiceName: address.logisticsServiceName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned no row');
    await tx.insert(orderItems).values(
      priced.map(({ line, product, sku, unitPriceMinor }, position) => ({
        orderId: order.id,
        productId: product.id,
        skuId: sku.skuId,
        name: product.title,
        image: sku.image ?? product.images[0] ?? null,
        quantity: line.quantity,
        unitPriceMinor,
        lineTotalMinor: unitPriceMinor * line.quantity,
        currency: input.currency,
        position,
      })),
    );
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: order.id, status: 'Placed', by: input.customer.name, at: now });
    return order.id;
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function withDetails(db: Database, rows: OrderRow[]): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.at)),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
  }));
}

/** One of the shopper's own orders; another shopper's order is treated as missing. */
export async function findCustomerOrder(
  db: Database,
  customerId: string,
  orderId: string,
): Promise<OrderWithDetails | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  const [found] = await withDetails(db, rows);
  return found ?? null;
}

/** One page of the shopper's orders, newest first, and how many there are in all. */
export async function listCustomerOrders(
  db: Database,
  customerId: string,
  page: { page: number; limit: number },
): Promise<{ rows: OrderWithDetails[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return { rows: await withDetails(db, rows), total: counted?.total ?? 0 };
}
