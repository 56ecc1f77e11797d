import { createOfflinePaymentProvider } from './offline-payment-provider.ts';
import type { PaymentProvider } from './payments.types.ts';

export type PaymentProviderName = 'offline';

export interface PaymentConfig {
  /** `offline` (default): a gateway's test mode that needs no network. */
  provider: PaymentProviderName;
  /** Clock for card expiry; tests pin it. */
  now?: () => Date;
}

export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  switch (config.provider) {
    case 'offline':
      return createOfflinePaymentProvider(config.now ? { now: config.now } : {});
    default:
      throw new Error(`Unknown payment provider "${String(config.provider)}"; use offline.`);
  }
}
