import type { Database } from '../../db/client.ts';
import { unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { BASE_CURRENCY, BASE_RATE, convertMinor, loadRates, toAmount, toMinor } from '../../money/money.ts';
import { loadCheckoutRules } from '../settings/store-settings.repository.ts';
import { CASH_ON_DELIVERY, codMaximumIn, codRefusal } from './cash-on-delivery.ts';
import type { PaymentProvider } from './payments.types.ts';

/** Checkout's payment choices: what the store takes for this address, currency and amount. */
export function createPaymentHandlers(deps: { db: Database; payments: PaymentProvider }) {
  const { db, payments } = deps;
  return {
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
      const options: Array<{ method: never; fee: number; currency: string; maxOrder: number | null }> = [];
      const free = (method: string) => ({ method: method as never, fee: 0, currency, maxOrder: null });
      // Spec 3's order: card, PayPal, bank transfer; then cash on delivery where it is offered.
      for (const method of payments.methods) options.push(free(method));
      options.push(free('Bank Transfer'));
      const cod = rules.cashOnDelivery;
      if (cod && codRefusal(cod, { country, amountMinor, rate, currency }) === null) {
        const max = codMaximumIn(cod, rate, currency);
        options.push({
          method: CASH_ON_DELIVERY as never,
          // The fee as the order charges it: converted once from USD into the order's currency.
          fee: toAmount(convertMinor(cod.feeUsdMinor, BASE_RATE, rate, currency)),
          currency,
          maxOrder: max === null ? null : toAmount(max),
        });
      }
      return { success: true, data: options };
    }),
  };
}
