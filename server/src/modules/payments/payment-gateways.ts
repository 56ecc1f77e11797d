import type { HostedMethod, HostedPaymentProvider } from './hosted.types.ts';
import { PaymentError } from './payment-error.ts';
import type { PaymentProvider, RefundRequest } from './payments.types.ts';

/**
 * Every way the store takes money: the direct provider (card details charged as the order is placed; the offline
 * test mode by default) and the hosted providers staff configured. A hosted payment's reference is kept as
 * `<provider>:<its own reference>`, so a refund finds the provider that took the money without a lookup.
 */
export interface PaymentGateways extends PaymentProvider {
  /** The hosted provider for a checkout method, when one is configured. */
  hostedFor(method: string): HostedPaymentProvider | undefined;
  /** The hosted provider of a return or notification address (`/payments/{provider}/...`). */
  hostedNamed(name: string): HostedPaymentProvider | undefined;
  readonly hosted: readonly HostedPaymentProvider[];
}

/** Whether a hosted provider takes payments in this currency from this ship-to country. */
export const providerTakes = (provider: HostedPaymentProvider, country: string, currency: string) =>
  provider.currencies.includes(currency) &&
  (provider.countries === null || provider.countries.includes(country.toUpperCase()));

export const hostedRef = (provider: HostedPaymentProvider, ref: string) => `${provider.name}:${ref}`;

export function createPaymentGateways(
  direct: PaymentProvider,
  hosted: readonly HostedPaymentProvider[],
): PaymentGateways {
  const byMethod = new Map<string, HostedPaymentProvider>(
    hosted.map((provider) => [provider.method, provider]),
  );
  const byName = new Map<string, HostedPaymentProvider>(hosted.map((provider) => [provider.name, provider]));
  const ownerOf = (gatewayRef: string) => {
    const colon = gatewayRef.indexOf(':');
    const provider = colon > 0 ? byName.get(gatewayRef.slice(0, colon)) : undefined;
    return provider ? { provider, ref: gatewayRef.slice(colon + 1) } : null;
  };
  return {
    name: direct.name,
    // A method a hosted provider takes (PayPal) is no longer charged directly.
    methods: direct.methods.filter((method) => !byMethod.has(method as HostedMethod)),
    hosted,
    hostedFor: (method) => byMethod.get(method),
    hostedNamed: (name) => byName.get(name),
    charge: (request) => direct.charge(request),
    async refund(request: RefundRequest) {
      const owner = ownerOf(request.gatewayRef);
      if (!owner) return direct.refund(request);
      const paid = await owner.provider.refund({
        providerRef: owner.ref,
        amountMinor: request.amountMinor,
        currency: request.currency,
        reference: request.gatewayRef,
      });
      if (!paid.gatewayRef) throw new PaymentError('the provider answered no refund reference');
      return paid;
    },
    ownsCharge: (gatewayRef) => ownerOf(gatewayRef) !== null || direct.ownsCharge(gatewayRef),
  };
}
