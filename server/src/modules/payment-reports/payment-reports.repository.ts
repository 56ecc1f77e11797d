import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { orders, payments, refunds } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { minorStep } from '../../money/money.ts';
import { ORDER_NOT_FOUND, orderNamed } from '../order-lifecycle/index.ts';
import { CASH_ON_DELIVERY } from '../payments/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentState = PaymentRow['state'];
export type MismatchKind = 'paid_without_order' | 'paid_without_confirmation';
export type CodState = 'awaiting_delivery' | 'collected' | 'remitted' | 'short';

/** States in which the provider holds the customer's money. */
const PROVIDER_HOLDS: PaymentState[] = ['paid', 'partially_refunded'];
/** States of a charge the provider confirmed at some point (a refunded one was paid first). */
const CONFIRMED: PaymentState[] = ['paid', 'partially_refunded', 'refunded'];
/** Methods whose money only a provider takes; every other method is recorded by staff. */
const PROVIDER_METHODS = ['Credit Card', 'PayPal'];

interface Page {
  page: number;
  limit: number;
}

const offset = ({ page, limit }: Page) => (page - 1) * limit;

/** A charge with what the Payments table shows of its order (null when the order never committed). */
export interface PaymentView {
  payment: PaymentRow;
  orderNumber: string | null;
  customer: string | null;
  orderIsPaid: boolean | null;
}

/** The provider has the money but no paid order stands behind it. */
export const isPaidWithoutOrder = (view: PaymentView) =>
  PROVIDER_HOLDS.includes(view.payment.state) && view.orderIsPaid !== true;

export async function listPayments(
  db: Database,
  query: Page & { provider?: string | undefined; state?: PaymentState | undefined; q?: string | undefined },
): Promise<{ rows: PaymentView[]; total: number }> {
  const text = query.q?.trim();
  const pattern = text ? containsPattern(text) : null;
  const where = and(
    query.provider ? eq(payments.provider, query.provider) : undefined,
    query.state ? eq(payments.state, query.state) : undefined,
    pattern
      ? or(
          ilike(payments.reference, pattern),
          ilike(payments.providerRef, pattern),
          ilike(orders.orderNumber, pattern),
          ilike(orders.customerName, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        payment: payments,
        orderNumber: orders.orderNumber,
        customer: orders.customerName,
        orderIsPaid: orders.isPaid,
      })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(offset(query)),
    db.select({ n: count() }).from(payments).leftJoin(orders, eq(orders.id, payments.orderId)).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export interface MismatchView {
  kind: MismatchKind;
  paymentId: string | null;
  orderId: string | null;
  orderNumber: string;
  customer: string | null;
  provider: string | null;
  method: string;
  amountMinor: number;
  currency: string;
  reference: string | null;
  at: Date;
}

/** A charge the provider holds whose order never committed or is not paid (the query joins orders on the left). */
const paidWithoutOrder = and(
  inArray(payments.state, PROVIDER_HOLDS),
  or(isNull(payments.orderId), eq(orders.isPaid, false)),
);

/** A storefront order marked paid by a provider's method with no charge the provider confirmed. */
const paidWithoutConfirmation = and(
  eq(orders.isPaid, true),
  inArray(orders.paymentMethod, PROVIDER_METHODS),
  // Staff record the card payments of the manual orders they place themselves.
  isNull(orders.placedByAdminId),
  sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${inArray(payments.state, CONFIRMED)})`,
);

/** Both kinds of mismatch, newest first. */
export async function listMismatches(
  db: Database,
  query: Page,
): Promise<{ rows: MismatchView[]; total: number }> {
  const withoutOrder = db
    .select({
      kind: sql<MismatchKind>`'paid_without_order'`.as('kind'),
      paymentId: sql<string | null>`${payments.id}`.as('payment_id'),
      orderId: sql<string | null>`${payments.orderId}`.as('order_id'),
      orderNumber: sql<string>`coalesce(${orders.orderNumber}, ${payments.reference})`.as('order_number'),
      customer: sql<string | null>`${orders.customerName}`.as('customer'),
      provider: sql<string | null>`${payments.provider}`.as('provider'),
      method: sql<string>`${payments.method}`.as('method'),
      amountMinor: sql<string>`${payments.amountMinor}`.as('amount_minor'),
      currency: sql<string>`${payments.currency}`.as('currency'),
      reference: sql<string | null>`${payments.providerRef}`.as('reference'),
      at: sql<string>`coalesce(${payments.confirmedAt}, ${payments.createdAt})`.as('at'),
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(paidWithoutOrder);
  const withoutConfirmation = db
    .select({
      kind: sql<MismatchKind>`'paid_without_confirmation'`.as('kind'),
      paymentId: sql<string | null>`null::uuid`.as('payment_id'),
      orderId: sql<string | null>`${orders.id}`.as('order_id'),
      orderNumber: sql<string>`${orders.orderNumber}`.as('order_number'),
      customer: sql<string | null>`${orders.customerName}`.as('customer'),
      provider: sql<string | null>`null::text`.as('provider'),
      method: sql<string>`${orders.paymentMethod}`.as('method'),
      amountMinor: sql<string>`${orders.totalMinor}`.as('amount_minor'),
      currency: sql<string>`${orders.currency}`.as('currency'),
      reference: sql<string | null>`${orders.paymentRef}`.as('reference'),
      at: sql<string>`coalesce(${orders.paidAt}, ${orders.createdAt})`.as('at'),
    })
    .from(orders)
    .where(paidWithoutConfirmation);

  const [rows, [withoutOrderCount], [withoutConfirmationCount]] = await Promise.all([
    unionAll(withoutOrder, withoutConfirmation)
      .orderBy(sql`at desc`, sql`order_number desc`)
      .limit(query.limit)
      .offset(offset(query)),
    db
      .select({ n: count() })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .where(paidWithoutOrder),
    db.select({ n: count() }).from(orders).where(paidWithoutConfirmation),
  ]);
  return {
    // Raw union rows come back as the driver gives them: bigint and timestamps as text.
    rows: rows.map((row) => ({ ...row, amountMinor: Number(row.amountMinor), at: new Date(row.at) })),
    total: (withoutOrderCount?.n ?? 0) + (withoutConfirmationCount?.n ?? 0),
  };
}

export interface ProviderStateTotals {
  provider: string;
  currency: string;
  state: PaymentState;
  count: number;
  amountMinor: number;
  refundedMinor: number;
}

/** Count, amount and refunded amount of the charges per provider, currency and state. */
export async function paymentTotals(db: Database): Promise<ProviderStateTotals[]> {
  const rows = await db
    .select({
      provider: payments.provider,
      currency: payments.currency,
      state: payments.state,
      count: count(),
      amountMinor: sql<string>`sum(${payments.amountMinor})`,
      refundedMinor: sql<string>`sum(${payments.refundedMinor})`,
    })
    .from(payments)
    .groupBy(payments.provider, payments.currency, payments.state)
    .orderBy(payments.provider, payments.currency, payments.state);
  return rows.map((row) => ({
    ...row,
    amountMinor: Number(row.amountMinor),
    refundedMinor: Number(row.refundedMinor),
  }));
}

export interface RefundReportView {
  refund: typeof refunds.$inferSelect;
  orderNumber: string;
  provider: string | null;
}

/** Refunds newest first, each with the provider that paid it back ('manual' when staff pay it back by hand). */
export async function listRefundReport(
  db: Database,
  query: Page,
): Promise<{ rows: RefundReportView[]; total: number }> {
  // The charge a gateway refund went back through: the order's confirmed charge, the latest if there were several.
  const chargeProvider = sql<string | null>`(select ${payments.provider} from ${payments}
    where ${payments.orderId} = ${refunds.orderId} and ${inArray(payments.state, CONFIRMED)}
    order by ${payments.confirmedAt} desc nulls last, ${payments.createdAt} desc limit 1)`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        refund: refunds,
        orderNumber: orders.orderNumber,
        provider: sql<
          string | null
        >`case when ${refunds.gatewayRef} is null then 'manual' else ${chargeProvider} end`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .orderBy(desc(refunds.createdAt), desc(refunds.number))
      .limit(query.limit)
      .offset(offset(query)),
    db.select({ n: count() }).from(refunds),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

// ---- Cash on delivery ------------------------------------------------------------------------------------------

/** Cash on delivery orders a courier will or did collect: cancelled and failed ones only once cash was taken. */
const codScope = and(
  eq(orders.paymentMethod, CASH_ON_DELIVERY),
  or(isNotNull(orders.codCollectedAt), notInArray(orders.status, ['Cancelled', 'Failed'])),
);

const codStateOf = sql<CodState>`case
  when ${orders.codCollectedAt} is null then 'awaiting_delivery'
  when ${orders.codRemittedMinor} is null then 'collected'
  when ${orders.codRemittedMinor} < ${orders.totalMinor} then 'short'
  else 'remitted' end`;

/** What a courier still holds of an order's cash: nothing before collection, never below nothing. */
const outstandingOf = sql<string>`case when ${orders.codCollectedAt} is null then 0
  else greatest(${orders.totalMinor} - coalesce(${orders.codRemittedMinor}, 0), 0) end`;

const codColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customer: orders.customerName,
  status: orders.status,
  carrier: orders.carrier,
  tracking: orders.trackingNumber,
  currency: orders.currency,
  totalMinor: orders.totalMinor,
  paymentMethod: orders.paymentMethod,
  collectedAt: orders.codCollectedAt,
  collectedBy: orders.codCollectedBy,
  remittedMinor: orders.codRemittedMinor,
  remittedAt: orders.codRemittedAt,
  remittanceRef: orders.codRemittanceRef,
  state: codStateOf,
  outstandingMinor: outstandingOf,
};

/** A cash on delivery order as the reconciliation table shows it. */
export interface CodOrderView {
  id: string;
  orderNumber: string;
  customer: string;
  status: string;
  carrier: string | null;
  tracking: string | null;
  currency: string;
  totalMinor: number;
  paymentMethod: string;
  collectedAt: Date | null;
  collectedBy: 'courier' | 'staff' | null;
  remittedMinor: number | null;
  remittedAt: Date | null;
  remittanceRef: string | null;
  state: CodState;
  outstandingMinor: number;
}

type CodSelected = Omit<CodOrderView, 'outstandingMinor'> & { outstandingMinor: string | number };

/** The computed outstanding amount comes back as text (a bigint expression). */
const toCodView = (row: CodSelected): CodOrderView => ({
  ...row,
  outstandingMinor: Number(row.outstandingMinor),
});

export interface CodCarrierTotals {
  carrier: string | null;
  currency: string;
  orders: number;
  owedMinor: number;
  collectedMinor: number;
  remittedMinor: number;
  outstandingMinor: number;
}

export async function listCashOnDelivery(
  db: Database,
  query: Page & { carrier?: string | undefined; state?: CodState | undefined },
): Promise<{ rows: CodOrderView[]; total: number; summary: CodCarrierTotals[] }> {
  const byCarrier = and(codScope, query.carrier ? eq(orders.carrier, query.carrier) : undefined);
  const where = and(byCarrier, query.state ? sql`${codStateOf} = ${query.state}` : undefined);
  const [rows, [totals], summary] = await Promise.all([
    db
      .select(codColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(offset(query)),
    db.select({ n: count() }).from(orders).where(where),
    db
      .select({
        carrier: orders.carrier,
        currency: orders.currency,
        orders: count(),
        owedMinor: sql<string>`sum(${orders.totalMinor})`,
        collectedMinor: sql<string>`coalesce(sum(${orders.totalMinor}) filter (where ${orders.codCollectedAt} is not null), 0)`,
        remittedMinor: sql<string>`coalesce(sum(${orders.codRemittedMinor}), 0)`,
        outstandingMinor: sql<string>`sum(${outstandingOf})`,
      })
      .from(orders)
      .where(byCarrier)
      .groupBy(orders.carrier, orders.currency)
      .orderBy(sql`${orders.carrier} asc nulls last`, orders.currency),
  ]);
  return {
    rows: rows.map(toCodView),
    total: totals?.n ?? 0,
    summary: summary.map((row) => ({
      ...row,
      owedMinor: Number(row.owedMinor),
      collectedMinor: Number(row.collectedMinor),
      remittedMinor: Number(row.remittedMinor),
      outstandingMinor: Number(row.outstandingMinor),
    })),
  };
}

export const NOT_COD_ORDER = 'This order is not paid by cash on delivery.';
export const COD_NOT_COLLECTED = 'The cash for this order has not been collected yet.';
export const ALREADY_REMITTED = 'A remittance is already recorded for this order. Replace it to change it.';
export const wholeUnitsOnly = (currency: string) => `Amounts in ${currency} are in whole units.`;

/** Why a remittance cannot be recorded; the handler turns each kind into its HTTP answer. */
export class RemittanceRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'unprocessable' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'RemittanceRejection';
  }
}

/**
 * Records what the courier handed over for a collected cash on delivery order, its row locked so two staff
 * recording at once are served one after the other (the second sees the first and gets 409 unless replacing).
 * Answers the order before and after.
 */
export async function recordRemittance(
  tx: Database,
  input: { orderRef: string; amountMinor: number; reference: string; replace: boolean; now?: Date },
): Promise<{ before: CodOrderView; after: CodOrderView }> {
  const [before] = await tx.select(codColumns).from(orders).where(orderNamed(input.orderRef)).for('update');
  if (!before) throw new RemittanceRejection('not_found', ORDER_NOT_FOUND);
  const order = toCodView(before);
  if (order.paymentMethod !== CASH_ON_DELIVERY) throw new RemittanceRejection('unprocessable', NOT_COD_ORDER);
  if (order.collectedAt === null) throw new RemittanceRejection('unprocessable', COD_NOT_COLLECTED);
  if (order.remittedMinor !== null && !input.replace)
    throw new RemittanceRejection('conflict', ALREADY_REMITTED);
  if (input.amountMinor % minorStep(order.currency) !== 0) {
    throw new RemittanceRejection('invalid', wholeUnitsOnly(order.currency));
  }
  const now = input.now ?? new Date();
  const [after] = await tx
    .update(orders)
    .set({
      codRemittedMinor: input.amountMinor,
      codRemittedAt: now,
      codRemittanceRef: input.reference,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning(codColumns);
  if (!after) throw new Error('order update returned no row');
  return { before: order, after: toCodView(after) };
}
