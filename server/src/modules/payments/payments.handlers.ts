import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ApiError, notFound, serviceUnavailable, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { BASE_CURRENCY, BASE_RATE, convertMinor, loadRates, toAmount, toMinor } from '../../money/money.ts';
import { loadCheckoutRules } from '../settings/index.ts';
import { CASH_ON_DELIVERY, codMaximumIn, codRefusal } from './cash-on-delivery.ts';
import type { HostedPaymentProvider, ProviderMessage } from './hosted.types.ts';
import { findHostedPayment, pendingOf, type SettleOutcome, settleHostedPayment } from './hosted-checkout.ts';
import { PaymentError } from './payment-error.ts';
import { type PaymentGateways, providerTakes } from './payment-gateways.ts';

/** Spec 3's methods that the direct provider or a hosted one takes, in the spec's order. */
const SPEC_METHODS = ['Credit Card', 'PayPal'] as const;

export const NOTIFICATION_UNVERIFIED = 'The notification could not be verified with the payment provider.';
export const NOTIFICATION_UNKNOWN = 'The notification names no payment of this store.';
export const PROVIDER_UNREACHABLE = 'The payment provider cannot be reached right now.';

/** What a provider sent (kept before the contract's validation, app.ts), for its adapter to check. */
function messageOf(request: FastifyRequest, kind: ProviderMessage['kind']): ProviderMessage {
  const kept = request as FastifyRequest & { providerFields?: Record<string, string>; rawBody?: string };
  return {
    kind,
    fields: kept.providerFields ?? {},
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.join(', ') : value,
      ]),
    ),
    rawBody: kept.rawBody ?? '',
  };
}

/** Checkout's payment choices: what the store takes for this address, currency and amount. */
export function createPaymentHandlers(deps: { db: Database; payments: PaymentGateways; storeUrl: string }) {
  const { db, payments, storeUrl } = deps;

  const providerOf = (name: string): HostedPaymentProvider => {
    const provider = payments.hostedNamed(name);
    if (!provider) throw notFound('This payment provider is not configured.');
    return provider;
  };

  /**
   * The browser back from the provider: the return is checked with the provider before the order counts as paid,
   * then the storefront shows the outcome. A provider that cannot answer now leaves it pending (its notification,
   * or the shopper's next look, settles it).
   */
  async function returned(request: FastifyRequest, reply: FastifyReply, name: string, paymentId: string) {
    const provider = providerOf(name);
    const payment = await findHostedPayment(db, provider, { paymentId });
    let outcome: SettleOutcome | 'unknown' = 'unknown';
    let orderId: string | null = null;
    if (payment) {
      orderId = payment.orderId;
      try {
        const verdict = await provider.confirm(messageOf(request, 'return'), pendingOf(payment));
        if (verdict.status === 'rejected') request.log.warn({ provider: name, paymentId }, verdict.message);
        ({ outcome } = await settleHostedPayment(db, provider, payment.id, verdict));
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        request.log.warn({ err: error, provider: name, paymentId }, 'a payment return could not be checked');
        outcome = 'pending';
      }
    }
    const query = new URLSearchParams({
      ...(orderId ? { order: orderId } : {}),
      outcome: outcome === 'rejected' ? 'pending' : outcome,
    });
    return reply.redirect(`${storeUrl}/payment/return?${query}`, 303) as never;
  }

  return {
    paymentReturn: operation('paymentReturn', (request, reply) =>
      returned(request, reply, request.params.provider, request.query.payment),
    ),

    paymentReturnPosted: operation('paymentReturnPosted', (request, reply) =>
      returned(request, reply, request.params.provider, request.query.payment),
    ),

    paymentNotify: operation('paymentNotify', async (request) => {
      const provider = providerOf(request.params.provider);
      const message = messageOf(request, 'notify');
      const named = provider.identify(message);
      const payment = named ? await findHostedPayment(db, provider, named) : null;
      if (!payment) throw notFound(NOTIFICATION_UNKNOWN);
      let settled: Awaited<ReturnType<typeof settleHostedPayment>>;
      try {
        const verdict = await provider.confirm(message, pendingOf(payment));
        if (verdict.status === 'rejected') {
          request.log.warn({ provider: provider.name, paymentId: payment.id }, verdict.message);
        }
        settled = await settleHostedPayment(db, provider, payment.id, verdict);
      } catch (error) {
        // The provider retries a notification it could not deliver: 503 asks it to.
        if (error instanceof PaymentError) throw serviceUnavailable(PROVIDER_UNREACHABLE);
        throw error;
      }
      if (settled.outcome === 'rejected') throw new ApiError(400, 'BAD_REQUEST', NOTIFICATION_UNVERIFIED);
      return { success: true, data: { outcome: settled.outcome } };
    }),

    listPaymentMethods: operation('listPaymentMethods', async (request) => {
      const { country } = request.query;
      const currency = request.query.currency ?? BASE_CURRENCY;
      const amountMinor = request.query.amount === undefined ? null : toMinor(request.query.amount);
      if (request.query.amount !== undefined && amountMinor === null) {
        throw unprocessable('Use at most two decimals.');
      }
      const [rates, rules] = await Promise.all([loadRates(db, [currency]), loadCheckoutRules(db, country)]);
      const rate = rates.get(currency);
      if (rate === undefined) throw unprocessable(`Prices cannot be shown in ${currency} right now.`);
      type Option = {
        method: never;
        fee: number;
        currency: string;
        maxOrder: number | null;
        onProviderPage: boolean;
      };
      const options: Option[] = [];
      const free = (method: string, onProviderPage: boolean): Option => ({
        method: method as never,
        fee: 0,
        currency,
        maxOrder: null,
        onProviderPage,
      });
      const hostedHere = (method: string) => {
        const provider = payments.hostedFor(method);
        return provider !== undefined && providerTakes(provider, country, currency);
      };
      // Spec 3's order: card and PayPal (on their provider's page when one is configured), bank transfer; then cash
      // on delivery and the local providers where they are offered.
      for (const method of SPEC_METHODS) {
        if (hostedHere(method)) options.push(free(method, true));
        else if (!payments.hostedFor(method) && payments.methods.includes(method)) {
          options.push(free(method, false));
        }
      }
      options.push(free('Bank Transfer', false));
      const cod = rules.cashOnDelivery;
      if (cod && codRefusal(cod, { country, amountMinor, rate, currency }) === null) {
        const max = codMaximumIn(cod, rate, currency);
        options.push({
          method: CASH_ON_DELIVERY as never,
          // The fee as the order charges it: converted once from USD into the order's currency.
          fee: toAmount(convertMinor(cod.feeUsdMinor, BASE_RATE, rate, currency)),
          currency,
          maxOrder: max === null ? null : toAmount(max),
          onProviderPage: false,
        });
      }
      for (const provider of payments.hosted) {
        if (!(SPEC_METHODS as readonly string[]).includes(provider.method) && hostedHere(provider.method)) {
          options.push(free(provider.method, true));
        }
      }
      return { success: true, data: options };
    }),
  };
}
