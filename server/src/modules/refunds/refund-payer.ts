import type { PaymentProvider } from '../payments/index.ts';
import type { PayBack } from './refunds.repository.ts';

/**
 * Pays back through the provider the charges it made. A payment staff confirmed by hand (a bank transfer's
 * reference, cash) is paid back outside the store: null.
 */
export function payBackThrough(payments: PaymentProvider): PayBack {
  return async (refund) => {
    if (refund.paymentRef === null || !payments.ownsCharge(refund.paymentRef)) return null;
    const paid = await payments.refund({
      gatewayRef: refund.paymentRef,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
    });
    return paid.gatewayRef;
  };
}
