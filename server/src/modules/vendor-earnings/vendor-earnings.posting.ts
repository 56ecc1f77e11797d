import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, refunds, stores, vendorLedger } from '../../db/schema.ts';
import { BASE_CURRENCY, BASE_RATE, basisPointsOf, convertMinor } from '../../money/money.ts';
import { readStoreSettings } from '../settings/index.ts';
import { prorate, storeLinesPaid } from './vendor-earnings.figures.ts';

// How orders and refunds move a vendor's balance. Each delivered vendor line is posted once as a sale (what the
// shopper paid for it, in USD at the order's rate) and its commission; each paid refund of a delivered order takes
// back the vendor lines' share of it and the commission on that share. The ledger's partial unique indexes make
// every posting happen once, whatever calls it again.

/** Who posts rows the store's rules write (deliveries, refunds), as the ledger's `createdBy` keeps it. */
export const SYSTEM_POSTER = 'system';

type LedgerInsert = typeof vendorLedger.$inferInsert;

/** The order's amount in USD minor units at the order's own rate. */
const usdOf = (minor: number, rate: string) => convertMinor(minor, rate, BASE_RATE, BASE_CURRENCY);

/**
 * Posts the sale and the commission of every vendor line of a delivered order, at each store's commission (or
 * System Settings' default). Posting again adds nothing. Refunds paid before the delivery are taken back at once.
 */
export async function postDeliveredVendorLines(tx: Database, orderId: string, now: Date): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id,
      currency: orders.currency,
      rate: orders.rate,
      discountMinor: orders.discountMinor,
      campaignId: orders.campaignId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await tx
    .select({
      id: orderItems.id,
      storeId: stores.id,
      lineTotalMinor: orderItems.lineTotalMinor,
      storeBasisPoints: stores.commissionBasisPoints,
    })
    .from(orderItems)
    .innerJoin(stores, and(eq(stores.id, orderItems.storeId), eq(stores.kind, 'vendor')))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  if (lines.length === 0) return;
  const defaultBasisPoints = (await readStoreSettings(tx)).vendorCommissionBasisPoints;

  const rows: LedgerInsert[] = [];
  for (const storeId of new Set(lines.map((line) => line.storeId))) {
    const own = lines.filter((line) => line.storeId === storeId);
    const paid = (await storeLinesPaid(tx, storeId, [order])).get(order.id);
    // The coupon's share of the store's lines, spread over them so each line's sale is what was paid for it.
    const discounts = prorate(
      paid?.discountMinor ?? 0,
      own.map((line) => line.lineTotalMinor),
    );
    own.forEach((line, index) => {
      const basisPoints = line.storeBasisPoints ?? defaultBasisPoints;
      const paidMinor = line.lineTotalMinor - (discounts[index] ?? 0);
      const saleMinor = usdOf(paidMinor, order.rate);
      const common = {
        storeId,
        orderId: order.id,
        orderItemId: line.id,
        orderCurrency: order.currency,
        commissionBasisPoints: basisPoints,
        createdBy: SYSTEM_POSTER,
        createdAt: now,
      };
      rows.push(
        { ...common, kind: 'sale', amountMinor: saleMinor, orderAmountMinor: paidMinor },
        {
          ...common,
          kind: 'commission',
          amountMinor: -basisPointsOf(saleMinor, basisPoints),
          orderAmountMinor: -basisPointsOf(paidMinor, basisPoints, order.currency),
        },
      );
    });
  }
  // The partial unique index on (line, kind) turns a second posting into nothing.
  await tx.insert(vendorLedger).values(rows).onConflictDoNothing();

  const paidBack = await tx
    .select({ id: refunds.id, orderId: refunds.orderId, amountMinor: refunds.amountMinor })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'Completed')))
    .orderBy(asc(refunds.createdAt), asc(refunds.number));
  for (const refund of paidBack) await reverseRefundedVendorLines(tx, refund, now);
}

/** A paid refund as the reversal needs it (amount in the order's currency). */
export interface PaidRefund {
  id: string;
  orderId: string;
  amountMinor: number;
}

/**
 * Takes back the vendor lines' share of a paid refund of an order whose vendor sales are posted: each line's share
 * is proportional to its part of the order's items total, never more than the line still holds, and the commission
 * on it is given back. Once per refund; nothing for an order not yet delivered (its posting catches up).
 */
export async function reverseRefundedVendorLines(tx: Database, refund: PaidRefund, now: Date): Promise<void> {
  // The order's lock serialises reversals of two refunds of the same order: the second sees what the first took.
  const [order] = await tx
    .select({ id: orders.id, currency: orders.currency, rate: orders.rate })
    .from(orders)
    .where(eq(orders.id, refund.orderId))
    .for('update');
  if (!order) return;
  const [done] = await tx
    .select({ id: vendorLedger.id })
    .from(vendorLedger)
    .where(eq(vendorLedger.refundId, refund.id))
    .limit(1);
  if (done) return;
  const posted = await tx
    .select({
      orderItemId: vendorLedger.orderItemId,
      storeId: vendorLedger.storeId,
      kind: vendorLedger.kind,
      amountMinor: vendorLedger.amountMinor,
      commissionBasisPoints: vendorLedger.commissionBasisPoints,
    })
    .from(vendorLedger)
    .where(eq(vendorLedger.orderId, order.id));
  const sales = posted.filter((row) => row.kind === 'sale' && row.orderItemId !== null);
  if (sales.length === 0) return;

  const lines = await tx
    .select({ id: orderItems.id, lineTotalMinor: orderItems.lineTotalMinor })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const shares = prorate(
    refund.amountMinor,
    lines.map((line) => line.lineTotalMinor),
  );
  const sumOf = (itemId: string, kinds: readonly string[]) =>
    posted
      .filter((row) => row.orderItemId === itemId && kinds.includes(row.kind))
      .reduce((sum, row) => sum + row.amountMinor, 0);

  const rows: LedgerInsert[] = [];
  for (const sale of sales) {
    const itemId = sale.orderItemId as string;
    const shareMinor = shares[lines.findIndex((line) => line.id === itemId)] ?? 0;
    const heldMinor = sumOf(itemId, ['sale', 'refund']);
    const refundMinor = Math.min(usdOf(shareMinor, order.rate), heldMinor);
    if (refundMinor <= 0) continue;
    const commissionLeft = -sumOf(itemId, ['commission', 'commission_reversal']);
    // The line's last refund gives back all the commission left, so rounding never strands a cent.
    const reversalMinor =
      refundMinor === heldMinor
        ? commissionLeft
        : Math.min(basisPointsOf(refundMinor, sale.commissionBasisPoints ?? 0), commissionLeft);
    const orderShareMinor =
      refundMinor === usdOf(shareMinor, order.rate)
        ? shareMinor
        : convertMinor(refundMinor, BASE_RATE, order.rate, order.currency);
    const common = {
      storeId: sale.storeId,
      orderId: order.id,
      orderItemId: itemId,
      refundId: refund.id,
      orderCurrency: order.currency,
      commissionBasisPoints: sale.commissionBasisPoints,
      createdBy: SYSTEM_POSTER,
      createdAt: now,
    };
    rows.push({ ...common, kind: 'refund', amountMinor: -refundMinor, orderAmountMinor: -orderShareMinor });
    if (reversalMinor > 0) {
      rows.push({
        ...common,
        kind: 'commission_reversal',
        amountMinor: reversalMinor,
        orderAmountMinor: basisPointsOf(orderShareMinor, sale.commissionBasisPoints ?? 0, order.currency),
      });
    }
  }
  if (rows.length > 0) await tx.insert(vendorLedger).values(rows).onConflictDoNothing();
}
