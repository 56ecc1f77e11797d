// The payments module's entry for other code; its handlers are wired in service.ts.
export { CASH_ON_DELIVERY, codFeeUsdMinor, codRefusal } from './cash-on-delivery.ts';
export { hostedProvidersFrom } from './configured-providers.ts';
export { createPaymentProvider } from './create-payment-provider.ts';
export type { HostedMethod, HostedPaymentProvider } from './hosted.types.ts';
export {
  abandonedCheckouts,
  type OpenedCheckout,
  openHostedCheckout,
  recordPendingPayment,
} from './hosted-checkout.ts';
export { PaymentError } from './payment-error.ts';
export { createPaymentGateways, type PaymentGateways, providerTakes } from './payment-gateways.ts';
export { recordCharge, recordProviderRefund, recordUncommittedCharge } from './payments.repository.ts';
export type { PaymentProvider, RefundRequest } from './payments.types.ts';
