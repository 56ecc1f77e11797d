import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { balanceOf, type EarningsFigures, type LedgerEntryRow } from './vendor-earnings.repository.ts';

type VendorEarnings = components['schemas']['VendorEarnings'];
type VendorLedgerEntry = components['schemas']['VendorLedgerEntry'];

/** The figures as the contract gives them: what took money away is shown as a positive amount. */
export function toVendorEarnings(figures: EarningsFigures): VendorEarnings {
  const { totals } = figures;
  return {
    balance: toAmount(balanceOf(totals)),
    earned: toAmount(totals.sale),
    commission: toAmount(-(totals.commission + totals.commission_reversal)),
    refunded: toAmount(-totals.refund),
    paidOut: toAmount(-totals.payout),
    currency: 'USD',
    commissionPercent: figures.commissionBasisPoints / 100,
    commissionIsDefault: figures.commissionIsDefault,
  };
}

export function toLedgerEntry(row: LedgerEntryRow): VendorLedgerEntry {
  return {
    _id: row.id,
    date: row.createdAt.toISOString(),
    kind: row.kind,
    orderNumber: row.orderNumber,
    lineName: row.lineName,
    amount: toAmount(row.amountMinor),
    orderAmount: row.orderAmountMinor === null ? null : toAmount(row.orderAmountMinor),
    orderCurrency: row.orderCurrency,
    reference: row.reference,
    note: row.note,
  };
}
