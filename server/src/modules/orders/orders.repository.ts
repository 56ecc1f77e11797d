import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orderStatusHistory, orders, productSkus, products, refunds } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import {
  type HostedMethod,
  type HostedPaymentProvider,
  type OpenedCheckout,
  recordCharge,
  recordPendingPayment,
} from '../payments/index.ts';
import { DEFAULT_TAX_LABEL } from '../pricing/index.ts';
import { recordRedemption, withCoupon } from './orders.coupons.ts';
import type { DeliveryQuoter } from './orders.delivery.ts';
import {
  assertPaymentAllows,
  OrderRejection,
  type OrderRequestLine,
  outOfStockMessage,
  type PricedLine,
  priceOrder,
} from './orders.priced.ts';
import { salesChannel } from './orders.pricing.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentMethod = 'Credit Card' | 'PayPal' | 'Bank Transfer' | 'Cash on Delivery' | HostedMethod;

export interface OrderWithDetails {
  order: OrderRow;
  items: OrderItemRow[];
  history: StatusHistoryRow[];
  refunds: RefundRow[];
}

/** What the payment provider answered for a charge that went through. */
export interface Payment {
  gatewayRef: string;
  /** The provider that took it (its name), recorded in the Payments ledger. */
  provider: string;
}

export interface PlaceOrderInput {
  customer: { id: string; name: string; email: string };
  currency: string;
  paymentMethod: PaymentMethod;
  address: {
    fullName: string | null;
    address: string;
    city: string;
    province: string | null;
    postalCode: string;
    country: string;
    mobileNo: string | null;
    phoneCountry: string | null;
    /** The receiver's tax number where the destination's customs need one (Brazil's CPF). */
    taxNumber?: string | null;
    logisticsServiceName: string | null;
  };
  lines: ReadonlyArray<OrderRequestLine>;
  /**
   * Takes the payment once the order is priced and its stock reserved, before anything is committed: null when
   * the order is placed unpaid; throwing (a decline) rolls the whole order back.
   */
  pay?: (charge: { reference: string; amountMinor: number; currency: string }) => Promise<Payment | null>;
  /**
   * A hosted provider's checkout, opened for the priced amount before anything is committed (a provider that
   * cannot be reached rolls the order back); the order is placed unpaid with the payment pending.
   */
  hosted?: {
    provider: HostedPaymentProvider;
    open: (charge: { reference: string; amountMinor: number; currency: string }) => Promise<OpenedCheckout>;
  };
  /** A campaign's coupon code: applied, or the order is refused (CouponRefused). */
  couponCode?: string;
  /** The marketplace's freight quote: supplier delivery is priced with it when the store's policy says so. */
  quoteDelivery?: DeliveryQuoter;
  now?: Date;
}

/**
 * A new `ORD-YYYYMMDD-NNNN` for the day of `at` (UTC): the number comes from a database sequence, unique across
 * days and instances, so no order is scanned and nothing waits on another order (at least four digits).
 */
export async function nextOrderNumber(tx: Database, at: Date): Promise<string> {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  const [row] = await tx
    .select({ n: sql<string>`nextval('order_number_seq')::text` })
    .from(sql`(select 1) as one`);
  const next = row?.n;
  if (!next) throw new Error('order_number_seq gave no number');
  return `ORD-${day}-${next.padStart(4, '0')}`;
}

/**
 * The delivery service the order records: the services its lines ship with (one name when they share it), or the
 * one the shopper named when no line ships with a supplier service.
 */
function recordedService(named: string | null, lines: ReadonlyArray<PricedLine>): string | null {
  const services = [...new Set(lines.flatMap(({ delivery }) => (delivery ? [delivery.company] : [])))];
  return services.length > 0 ? services.join(', ') : named;
}

/**
 * Places a shopper's order in one transaction: prices it (priceOrder), reserves the stock with conditional
 * updates (so concurrent orders can never take more than there is), takes the payment, and writes the order, its
 * items and its first status. Throws OrderRejection, rolling everything back, when an item is unknown, not for
 * sale or short of stock, and rolls back too when the payment throws. Answers the new order's id.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<OrderWithDetails & { checkout?: OpenedCheckout }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const {
      lines: priced,
      totals,
      rate,
      currency,
      coupon,
      rules,
    } = await withCoupon(
      tx,
      await priceOrder(tx, input.lines, input.currency, {
        country: input.address.country,
        customerId: input.customer.id,
        service: input.address.logisticsServiceName,
        paymentMethod: input.paymentMethod,
        ...(input.quoteDelivery ? { quoteDelivery: input.quoteDelivery } : {}),
      }),
      input.couponCode === undefined
        ? undefined
        : { code: input.couponCode, customerId: input.customer.id, now },
    );
    assertPaymentAllows({ totals, rules, rate, currency }, input.paymentMethod, input.address.country);

    // The order, its lines and its first status are written before the stock is taken, and the stock as late as
    // the payment allows: shoppers buying the same product wait on its row lock, which is held from the stock
    // update to the commit, so as little as possible runs in between.
    const { address } = input;
    const phone = [address.phoneCountry, address.mobileNo].filter(Boolean).join(' ');
    const [placed] = await tx
      .insert(orders)
      .values({
        // The number comes from its sequence within this insert (one statement fewer than nextOrderNumber).
        orderNumber: orderNumberSql(now),
        customerId: input.customer.id,
        customerName: input.customer.name,
        customerEmail: input.customer.email,
        customerPhone: phone === '' ? null : phone,
        channel: salesChannel(priced.map(({ product }) => product.storeKind)),
        status: 'Placed',
        currency,
        rate,
        ...totals,
        taxBasisPoints: rules.taxBasisPoints,
        taxInclusive: rules.taxInclusive ?? false,
        taxLabel: rules.taxLabel ?? DEFAULT_TAX_LABEL,
        dutyLabel: rules.duty?.label ?? null,
        couponCode: coupon?.code ?? null,
        campaignId: coupon?.campaignId ?? null,
        // Paid below, once the stock is held.
        isPaid: false,
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
        shipTaxNumber: address.taxNumber ?? null,
        logisticsServiceName: recordedService(address.logisticsServiceName, priced),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!placed) throw new Error('order insert returned no row');
    const { orderNumber } = placed;
    await bindToIdempotencyKey(tx, `order:${placed.id}`);
    // What was written comes back from the writes themselves: no reading the order again.
    const items = await tx
      .insert(orderItems)
      .values(
        priced.map(({ line, product, sku, unitPriceMinor, delivery }, position) => ({
          orderId: placed.id,
          productId: product.id,
          skuId: sku.skuId,
          name: product.title,
          image: sku.image ?? product.images[0] ?? null,
          quantity: line.quantity,
          unitPriceMinor,
          lineTotalMinor: unitPriceMinor * line.quantity,
          currency,
          position,
          storeId: product.storeId,
          deliveryCode: delivery?.code ?? null,
          deliveryCompany: delivery?.company ?? null,
          deliveryFeeMinor: delivery?.feeMinor ?? null,
        })),
      )
      .returning();
    if (coupon) await recordRedemption(tx, coupon, placed);
    const history = await tx
      .insert(orderStatusHistory)
      .values({
        orderId: placed.id,
        status: 'Placed',
        by: input.customer.name,
        actorType: 'customer',
        at: now,
      })
      .returning();

    await reserveStock(tx, priced, now);

    // Charged only now, for the amount just priced, while the stock is held; a decline throws and nothing stays.
    const payment = input.pay
      ? await input.pay({ reference: orderNumber, amountMinor: totals.totalMinor, currency })
      : null;
    const checkout = input.hosted
      ? await input.hosted.open({ reference: orderNumber, amountMinor: totals.totalMinor, currency })
      : undefined;
    let order = placed;
    if (payment) {
      const [paid] = await tx
        .update(orders)
        .set({ isPaid: true, paidAt: now, paymentRef: payment.gatewayRef })
        .where(eq(orders.id, placed.id))
        .returning();
      if (!paid) throw new Error('order update returned no row');
      order = paid;
      await recordCharge(tx, {
        orderId: order.id,
        reference: orderNumber,
        provider: payment.provider,
        method: input.paymentMethod,
        amountMinor: totals.totalMinor,
        currency,
        providerRef: payment.gatewayRef,
        now,
      });
    }
    if (checkout && input.hosted) {
      await recordPendingPayment(tx, input.hosted.provider, checkout, {
        id: order.id,
        reference: orderNumber,
        amountMinor: totals.totalMinor,
        currency,
        now,
      });
    }
    return { order, items, history, refunds: [], ...(checkout ? { checkout } : {}) };
  });
}

/** `ORD-YYYYMMDD-NNNN` for the day of `at`, as nextOrderNumber makes it, computed by the insert that uses it. */
function orderNumberSql(at: Date) {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return sql<string>`(select 'ORD-' || ${day}::text || '-' || lpad(n.v, greatest(4, length(n.v)), '0')
    from (select nextval('order_number_seq')::text as v) n)`;
}

/**
 * Takes the order's stock with conditional updates, so concurrent orders can never take more than there is.
 * A one-line order (the usual one) takes its option's and its product's stock in one statement; larger orders
 * lock their rows in one fixed order (options, then products, each by id) so two orders sharing items wait for
 * each other instead of deadlocking. Throws OrderRejection (out of stock), rolling the order back.
 */
async function reserveStock(tx: Database, priced: ReadonlyArray<PricedLine>, now: Date): Promise<void> {
  const productSet = (quantity: number) => ({
    stock: sql`greatest(${products.stock} - ${quantity}, 0)`,
    // SET expressions read the row's old values: the status flips when this order takes the last unit.
    status: sql`case when ${products.stock} - ${quantity} <= 0 and ${products.status} = 'published' then 'out_of_stock'::product_status else ${products.status} end`,
    salesCount: sql`${products.salesCount} + ${quantity}`,
    updatedAt: now,
  });
  const shortage = async (title: string, skuId: string) => {
    const [current] = await tx
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(eq(productSkus.id, skuId));
    return new OrderRejection('out_of_stock', outOfStockMessage(title, current?.stock ?? 0));
  };

  const [only, ...others] = priced;
  if (only && others.length === 0) {
    const { line, product, sku } = only;
    const taken = tx.$with('taken').as(
      tx
        .update(productSkus)
        .set({ stock: sql`${productSkus.stock} - ${line.quantity}` })
        .where(and(eq(productSkus.id, sku.id), gte(productSkus.stock, line.quantity)))
        .returning({ productId: productSkus.productId }),
    );
    const updated = await tx
      .with(taken)
      .update(products)
      .set(productSet(line.quantity))
      .where(and(eq(products.id, product.id), sql`exists (select 1 from ${taken})`))
      .returning({ id: products.id });
    if (updated.length === 0) throw await shortage(product.title, sku.id);
    return;
  }

  for (const { line, product, sku } of [...priced].sort((a, b) => compare(a.sku.id, b.sku.id))) {
    const taken = await tx
      .update(productSkus)
      .set({ stock: sql`${productSkus.stock} - ${line.quantity}` })
      .where(and(eq(productSkus.id, sku.id), gte(productSkus.stock, line.quantity)))
      .returning({ stock: productSkus.stock });
    if (taken.length === 0) throw await shortage(product.title, sku.id);
  }
  const quantityByProduct = new Map<string, number>();
  for (const { line } of priced) {
    quantityByProduct.set(line.productId, (quantityByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  for (const productId of [...quantityByProduct.keys()].sort(compare)) {
    await tx
      .update(products)
      .set(productSet(quantityByProduct.get(productId) ?? 0))
      .where(eq(products.id, productId));
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function withDetails(db: Database, rows: OrderRow[]): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, history, refundRows] = await Promise.all([
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
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.orderId), asc(refunds.createdAt), asc(refunds.number)),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
    refunds: refundRows.filter((refund) => refund.orderId === order.id),
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
