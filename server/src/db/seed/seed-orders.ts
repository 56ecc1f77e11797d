import { SETTLED } from '../../modules/disputes/disputes.workflow.ts';
import { computeOrderTotals } from '../../modules/orders/orders.pricing.ts';
import { nextOrderNumber } from '../../modules/orders/orders.repository.ts';
import { paymentConfirmedNote } from '../../modules/orders/orders.status.ts';
import { BASE_CURRENCY, BASE_RATE, convertMinor } from '../../money/money.ts';
import type { Database } from '../client.ts';
import {
  disputeMessages,
  disputes,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  refunds,
} from '../schema.ts';
import { DEMO_ADMIN } from './accounts.ts';
import { CURRENCY_RATES } from './currencies.ts';
import { ADDRESSES, SEED_DISPUTES, SEED_ORDERS, statusPath } from './orders.ts';
import { DAY, HOUR, type SeedContext, type SeededOrders, SUPPORT_NAME } from './seed-context.ts';

function rateOf(code: string): string {
  const rate = CURRENCY_RATES.find((row) => row.code === code)?.rate;
  if (rate === undefined) throw new Error(`no seeded rate for ${code}`);
  return rate;
}

/**
 * Inserts the demo orders with their items, status history and, for a paid order that was cancelled, its refund.
 * `storePrices` holds each SKU's store price in minor units, keyed `${productId}:${skuId}`.
 */
export async function seedOrders(
  tx: Database,
  context: SeedContext,
  storePrices: ReadonlyMap<string, number>,
): Promise<SeededOrders> {
  const { now, ago, customerByKey, storeId, product } = context;
  // Orders, numbered as the store numbers them (ORD-YYYYMMDD-NNNN from the order number sequence).
  const orderByRef: SeededOrders = new Map();
  for (const spec of SEED_ORDERS) {
    const placedAt = ago(spec.hoursAgo);
    const orderNumber = await nextOrderNumber(tx, placedAt);
    // Priced as a shopper's order is: each unit price converted once into the order's currency at the seeded
    // rate, which the order keeps.
    const currency = spec.currency ?? BASE_CURRENCY;
    const rate = rateOf(currency);
    const priced = spec.items.map(({ product: key, quantity }) => {
      const { id, seed } = product(key);
      const sku = seed.normalized.skus.find((s) => s.stock > 0) ?? seed.normalized.skus[0];
      if (!sku) throw new Error(`seed product ${key} has no SKU`);
      // At the store's price, not the marketplace's: imported items were marked up above.
      const storePrice = storePrices.get(`${id}:${sku.skuId}`);
      if (storePrice === undefined) throw new Error(`seed SKU ${sku.skuId} missing`);
      const productRate = rateOf(seed.normalized.currency);
      const unitPriceMinor = convertMinor(storePrice, productRate, rate, currency);
      return {
        usdUnitPriceMinor: convertMinor(storePrice, productRate, BASE_RATE),
        line: {
          productId: id,
          storeId: seed.fields.store ? storeId(seed.fields.store) : null,
          skuId: sku.skuId,
          name: seed.normalized.title,
          image: sku.image ?? seed.normalized.images[0] ?? null,
          quantity,
          unitPriceMinor,
          lineTotalMinor: unitPriceMinor * quantity,
          currency,
        },
      };
    });
    const lines = priced.map(({ line }) => line);
    const totals = computeOrderTotals(
      priced.map(({ line, usdUnitPriceMinor }) => ({
        unitPriceMinor: line.unitPriceMinor,
        usdUnitPriceMinor,
        quantity: line.quantity,
      })),
      rate,
      undefined,
      undefined,
      currency,
    );
    const customer = customerByKey(spec.customer);
    const address = ADDRESSES[spec.customer];
    const path = statusPath(spec.status);
    const delivered = spec.status === 'Delivered' || spec.status === 'Completed';
    const shipped = path.includes('Shipped');
    // Bank transfers are paid outside the store: staff confirmed the payment when they confirmed the order.
    const confirmedByHand = spec.paymentMethod === 'Bank Transfer' && spec.paid;
    // Each step a day after the previous one, never later than now.
    const stepAt = (step: number) =>
      new Date(Math.min(placedAt.getTime() + step * DAY, now.getTime() - HOUR));
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        customerId: customer.id,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        channel: spec.channel,
        status: spec.status,
        currency,
        rate,
        ...totals,
        refundedMinor: spec.status === 'Cancelled' && spec.paid ? totals.totalMinor : 0,
        refundedAt: spec.status === 'Cancelled' && spec.paid ? stepAt(2) : null,
        isPaid: spec.paid,
        paidAt: !spec.paid
          ? null
          : confirmedByHand
            ? stepAt(path.indexOf('Confirmed'))
            : new Date(placedAt.getTime() + 10 * 60 * 1000),
        isDelivered: delivered,
        deliveredAt: delivered ? stepAt(path.indexOf('Delivered')) : null,
        paymentMethod: spec.paymentMethod,
        paymentRef: spec.paid ? orderNumber.replace('ORD-', 'PAY-') : null,
        shipFullName: address.fullName,
        shipAddress: address.address,
        shipCity: address.city,
        shipProvince: address.province,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        shipMobileNo: address.mobileNo,
        shipPhoneCountry: address.phoneCountry,
        logisticsServiceName: spec.logistics,
        trackingNumber: shipped ? `LP00${orderNumber.slice(4).replace('-', '')}CN` : null,
        carrier: shipped ? 'Cainiao' : null,
        shippedAt: shipped ? stepAt(path.indexOf('Shipped')) : null,
        reason: spec.reason ?? null,
        createdAt: placedAt,
        updatedAt: stepAt(path.length - 1),
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    orderByRef.set(spec.ref, order);
    // Card and PayPal orders were charged through the payment provider (its test mode), as checkout records it.
    if (spec.paid && spec.paymentMethod !== 'Bank Transfer' && order.paymentRef && order.paidAt) {
      await tx.insert(payments).values({
        orderId: order.id,
        reference: order.orderNumber,
        provider: 'offline',
        method: order.paymentMethod,
        state: order.refundedMinor >= order.totalMinor ? 'refunded' : 'paid',
        amountMinor: order.totalMinor,
        refundedMinor: order.refundedMinor,
        currency: order.currency,
        providerRef: order.paymentRef,
        confirmedAt: order.paidAt,
        createdAt: order.paidAt,
        updatedAt: order.updatedAt,
      });
    }
    await tx
      .insert(orderItems)
      .values(lines.map((line, position) => ({ ...line, orderId: order.id, position })));
    await tx.insert(orderStatusHistory).values(
      path.map((status, step) => {
        const actorType = step === 0 ? 'customer' : status === 'Failed' ? 'system' : 'admin';
        return {
          orderId: order.id,
          status,
          by: actorType === 'customer' ? customer.name : actorType === 'system' ? 'system' : SUPPORT_NAME,
          actorType,
          note:
            status === 'Cancelled' || status === 'Failed'
              ? (spec.reason ?? null)
              : status === 'Confirmed' && confirmedByHand && order.paymentRef
                ? paymentConfirmedNote(order.paymentRef)
                : null,
          at: step === 0 ? placedAt : stepAt(step),
        } as const;
      }),
    );
    // A paid order that was cancelled was paid back in full.
    if (spec.status === 'Cancelled' && spec.paid) {
      await tx.insert(refunds).values({
        orderId: order.id,
        amountMinor: order.totalMinor,
        currency: order.currency,
        status: 'Completed',
        reason: spec.reason ?? 'Order cancelled',
        createdBy: SUPPORT_NAME,
        processedBy: SUPPORT_NAME,
        gatewayRef: `RE-${order.paymentRef ?? order.orderNumber}`,
        createdAt: stepAt(path.length - 1),
        processedAt: stepAt(path.length - 1),
      });
    }
  }
  return orderByRef;
}

/** Inserts the demo disputes, each on its seeded order (when it has one), with its conversation. */
export async function seedDisputes(
  tx: Database,
  context: SeedContext,
  orderByRef: SeededOrders,
): Promise<void> {
  const { ago, customerByKey, adminByName } = context;
  for (const spec of SEED_DISPUTES) {
    const openedAt = ago(spec.hoursAgo);
    const order = spec.order ? orderByRef.get(spec.order) : undefined;
    const lastMessageHours = Math.max(0, ...spec.messages.map((m) => m.afterHours));
    // As the workflow keeps it: the shopper waits from their first message after support last replied.
    let waitingHours: number | null = null;
    for (const m of [...spec.messages].sort((a, b) => a.afterHours - b.afterHours)) {
      waitingHours = m.sender === 'user' ? (waitingHours ?? m.afterHours) : null;
    }
    const waitingSince =
      waitingHours === null || SETTLED.includes(spec.status)
        ? null
        : new Date(openedAt.getTime() + waitingHours * HOUR);
    const [dispute] = await tx
      .insert(disputes)
      .values({
        customerId: customerByKey(spec.customer).id,
        orderId: order?.id ?? null,
        orderRef: order?.orderNumber ?? null,
        subject: spec.subject,
        description: spec.description,
        category: spec.category,
        priority: spec.priority,
        status: spec.status,
        evidence: [],
        waitingSince,
        ...(spec.resolution
          ? {
              resolutionAction: spec.resolution.action,
              resolutionAmountMinor: spec.resolution.amountMinor ?? order?.totalMinor ?? null,
              resolutionCurrency: spec.resolution.currency,
              resolutionNotes: spec.resolution.notes,
              resolvedAt: new Date(openedAt.getTime() + (lastMessageHours + 1) * HOUR),
            }
          : {}),
        createdAt: openedAt,
        updatedAt: new Date(openedAt.getTime() + lastMessageHours * HOUR),
      })
      .returning();
    if (!dispute) throw new Error('dispute insert returned no row');
    await tx.insert(disputeMessages).values(
      spec.messages.map((m) => ({
        disputeId: dispute.id,
        sender: m.sender,
        adminId:
          m.sender === 'user'
            ? null
            : (adminByName(m.sender === 'admin' ? DEMO_ADMIN.name : SUPPORT_NAME)?.id ?? null),
        message: m.message,
        createdAt: new Date(openedAt.getTime() + m.afterHours * HOUR),
      })),
    );
  }
}
