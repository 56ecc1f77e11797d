import type { Database } from '../../db/client.ts';
import { BASE_CURRENCY, BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';
import type { DeliveryOption } from '../marketplace/index.ts';
import type { CheckoutRules } from '../settings/index.ts';
import { chooseDelivery, type DeliveryQuoter, priceDeliveryOptions } from './orders.delivery.ts';
import { type PricedLine, type PricedOrder, priceOrder } from './orders.priced.ts';

// The landed cost of one SKU for a ship-to country: the product page's quote. It is priceOrder on a one-line cart,
// the very code the checkout quote and the order run, so the total the page shows is the total the order charges.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LandedCost {
  priced: PricedOrder;
  line: PricedLine;
  /** The supplier service the line ships with (null for the store's own products, or no answer). */
  service: { code: string; company: string } | null;
  window: { minDays: number; maxDays: number; from: string; to: string } | null;
}

/** The duty rule the amounts were priced with, its de minimis in the order's currency; null without one. */
export function appliedDuty(rules: CheckoutRules, rate: string, currency: string) {
  const duty = rules.duty;
  if (!duty) return null;
  return {
    rate: duty.basisPoints / 100,
    label: duty.label,
    basis: duty.basis,
    deMinimis: toAmount(convertMinor(duty.deMinimisUsdMinor, BASE_RATE, rate, currency)),
  };
}

/** Asks the marketplace once per query, however often pricing asks. */
function onceEach(quote: DeliveryQuoter): DeliveryQuoter {
  const answers = new Map<string, Promise<DeliveryOption[]>>();
  return (query) => {
    const key = JSON.stringify(query);
    let answer = answers.get(key);
    if (!answer) {
      answer = quote(query);
      answers.set(key, answer);
    }
    return answer;
  };
}

const isoDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Prices `quantity` of one SKU delivered to `country` in `currency` with the named `service` (else the cheapest),
 * as checkout would. Throws OrderRejection as priceOrder does. The delivery window is the service's days from
 * `now`; under the store's own delivery rule the supplier is asked only for it, and an answer that does not come
 * leaves the window out rather than the price.
 */
export async function landedCost(
  db: Database,
  input: {
    productId: string;
    skuId: string;
    quantity: number;
    country: string;
    currency: string;
    service: string | null;
    customerId: string | null;
    quoteDelivery?: DeliveryQuoter;
    now?: Date;
  },
): Promise<LandedCost> {
  const quote = input.quoteDelivery ? onceEach(input.quoteDelivery) : undefined;
  const priced = await priceOrder(
    db,
    [{ productId: input.productId, skuId: input.skuId, quantity: input.quantity, service: input.service }],
    input.currency,
    {
      country: input.country,
      customerId: input.customerId,
      service: input.service,
      anyStock: true,
      ...(quote ? { quoteDelivery: quote } : {}),
    },
  );
  const [line] = priced.lines;
  if (!line) throw new Error('a priced one-line cart has no line');
  let chosen = line.delivery;
  if (chosen === null && quote && line.product.source === 'aliexpress' && line.product.marketplaceId) {
    try {
      const options = await quote({
        productId: line.product.marketplaceId,
        skuId: input.skuId,
        country: input.country.toUpperCase(),
        quantity: input.quantity,
        currency: BASE_CURRENCY,
      });
      const services = priceDeliveryOptions(
        options,
        priced.rules.supplierMarkupBasisPoints ?? 0,
        new Map([[BASE_CURRENCY, BASE_RATE]]),
        BASE_CURRENCY,
      );
      chosen = chooseDelivery(services, input.service) ?? null;
    } catch {
      chosen = null;
    }
  }
  const now = input.now ?? new Date();
  const days = chosen?.option;
  return {
    priced,
    line,
    service: chosen ? { code: chosen.code, company: chosen.company } : null,
    window:
      days && Number.isInteger(days.min_delivery_days) && Number.isInteger(days.max_delivery_days)
        ? {
            minDays: days.min_delivery_days,
            maxDays: days.max_delivery_days,
            from: isoDate(new Date(now.getTime() + days.min_delivery_days * DAY_MS)),
            to: isoDate(new Date(now.getTime() + days.max_delivery_days * DAY_MS)),
          }
        : null,
  };
}
