import type { PaymentSettings } from '../../config.ts';
import { createBkashProvider } from './bkash/bkash-provider.ts';
import type { HostedPaymentProvider } from './hosted.types.ts';
import { createPayPalProvider } from './paypal/paypal-provider.ts';
import { createRazorpayProvider } from './razorpay/razorpay-provider.ts';
import { createSslcommerzProvider } from './sslcommerz/sslcommerz-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';

/** The hosted providers the server's settings switch on (each only with all of its credentials). */
export function hostedProvidersFrom(settings: PaymentSettings): HostedPaymentProvider[] {
  return [
    ...(settings.sslcommerz ? [createSslcommerzProvider(settings.sslcommerz)] : []),
    ...(settings.bkash ? [createBkashProvider(settings.bkash)] : []),
    ...(settings.paypal ? [createPayPalProvider(settings.paypal)] : []),
    ...(settings.stripe ? [createStripeProvider(settings.stripe)] : []),
    ...(settings.razorpay ? [createRazorpayProvider(settings.razorpay)] : []),
  ];
}
