import type { Schemas } from '@shop/sdk/types';
import type { CartItem } from '../../lib/cart-store';

type CartSummary = {
  /** Units across the selected lines. */
  units: number;
  total: number;
  /** The one currency the selected prices are in, or null when they were added in different currencies. */
  currency: string | null;
};

/** The Summary panel: what the selected lines add up to (two decimals, as the store shows prices). */
export function summarize(lines: CartItem[], fallbackCurrency: string): CartSummary {
  const currencies = new Set(lines.map((line) => line.currency ?? fallbackCurrency));
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return {
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: cents / 100,
    currency: currencies.size <= 1 ? ([...currencies][0] ?? fallbackCurrency) : null,
  };
}

/**
 * The lines at the prices the server quoted in the shopper's currency (what the order will charge); a line the
 * quote does not have yet keeps the price it was added at, in that currency.
 */
export function withQuotedPrices(lines: CartItem[], quote: Schemas['OrderQuote'] | undefined): CartItem[] {
  if (!quote) return lines;
  return lines.map((line) => {
    const quoted = quote.items.find((item) => item.product === line.id && item.sku_id === line.sku_id);
    return quoted ? { ...line, price: quoted.price, currency: quote.currency } : line;
  });
}

/** A line's delivery service and the fee charged for it, in the quote's currency. */
export type QuotedDelivery = { delivery: NonNullable<Schemas['LineDelivery']>; currency: string };

/** The delivery the quote charges for a line; none for lines it does not price or that ship by the store's rule. */
export function quotedDelivery(
  quote: Schemas['OrderQuote'] | undefined,
  line: Pick<CartItem, 'id' | 'sku_id'>,
): QuotedDelivery | undefined {
  const delivery = quote?.items.find(
    (item) => item.product === line.id && item.sku_id === line.sku_id,
  )?.delivery;
  return quote && delivery ? { delivery, currency: quote.currency } : undefined;
}

/** A stable text key for a line (product plus variation), for React keys and the selection. */
export function lineKey(line: Pick<CartItem, 'id' | 'sku_id'>): string {
  return JSON.stringify([line.id, line.sku_id]);
}
