import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { refundNumber } from '../refunds/index.ts';
import {
  type CodCarrierTotals,
  type CodOrderView,
  isPaidWithoutOrder,
  type MismatchView,
  type PaymentView,
  type ProviderStateTotals,
  type RefundReportView,
} from './payment-reports.repository.ts';

type Schemas = components['schemas'];

export function toPaymentRecord(view: PaymentView): Schemas['PaymentRecord'] {
  const { payment } = view;
  return {
    _id: payment.id,
    reference: payment.reference,
    orderId: payment.orderId,
    orderNumber: view.orderNumber,
    customer: view.customer,
    provider: payment.provider,
    method: payment.method,
    state: payment.state,
    amount: toAmount(payment.amountMinor),
    refunded: toAmount(payment.refundedMinor),
    currency: payment.currency,
    providerRef: payment.providerRef,
    failureMessage: payment.failureMessage,
    confirmedAt: payment.confirmedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
    mismatch: isPaidWithoutOrder(view) ? 'paid_without_order' : null,
  };
}

export function toPaymentMismatch(view: MismatchView): Schemas['PaymentMismatch'] {
  return {
    kind: view.kind,
    paymentId: view.paymentId,
    orderId: view.orderId,
    orderNumber: view.orderNumber,
    customer: view.customer,
    provider: view.provider,
    method: view.method,
    amount: toAmount(view.amountMinor),
    currency: view.currency,
    reference: view.reference,
    at: view.at.toISOString(),
  };
}

/** Folds the per-state totals into one entry per provider and currency. */
export function toProviderSummaries(
  rows: readonly ProviderStateTotals[],
): Schemas['PaymentProviderSummary'][] {
  const grouped = new Map<string, { provider: string; currency: string; states: ProviderStateTotals[] }>();
  for (const row of rows) {
    const key = `${row.provider}\u0000${row.currency}`;
    const group = grouped.get(key) ?? { provider: row.provider, currency: row.currency, states: [] };
    group.states.push(row);
    grouped.set(key, group);
  }
  return [...grouped.values()].map(({ provider, currency, states }) => ({
    provider,
    currency,
    count: states.reduce((sum, s) => sum + s.count, 0),
    amount: toAmount(states.reduce((sum, s) => sum + s.amountMinor, 0)),
    refunded: toAmount(states.reduce((sum, s) => sum + s.refundedMinor, 0)),
    states: states.map((s) => ({ state: s.state, count: s.count, amount: toAmount(s.amountMinor) })),
  }));
}

export function toPaymentRefund({
  refund,
  orderNumber,
  provider,
}: RefundReportView): Schemas['PaymentRefund'] {
  return {
    _id: refund.id,
    id: refundNumber(refund.number),
    orderId: refund.orderId,
    orderNumber,
    provider,
    status: refund.status,
    amount: toAmount(refund.amountMinor),
    currency: refund.currency,
    gatewayRef: refund.gatewayRef,
    createdAt: refund.createdAt.toISOString(),
    processedAt: refund.processedAt?.toISOString() ?? null,
  };
}

export function toCodOrder(view: CodOrderView): Schemas['CodOrder'] {
  return {
    _id: view.id,
    orderNumber: view.orderNumber,
    customer: view.customer,
    status: view.status,
    carrier: view.carrier,
    tracking: view.tracking,
    currency: view.currency,
    owed: toAmount(view.totalMinor),
    state: view.state,
    collectedAt: view.collectedAt?.toISOString() ?? null,
    collectedBy: view.collectedBy,
    remitted: view.remittedMinor === null ? null : toAmount(view.remittedMinor),
    remittedAt: view.remittedAt?.toISOString() ?? null,
    remittanceRef: view.remittanceRef,
    outstanding: toAmount(view.outstandingMinor),
  };
}

export function toCodCarrierSummary(row: CodCarrierTotals): Schemas['CodCarrierSummary'] {
  return {
    carrier: row.carrier,
    currency: row.currency,
    orders: row.orders,
    owed: toAmount(row.owedMinor),
    collected: toAmount(row.collectedMinor),
    remitted: toAmount(row.remittedMinor),
    outstanding: toAmount(row.outstandingMinor),
  };
}
