import type { components } from '@shop/sdk/types';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { converterFor, loadRates, toAmount } from '../../money/money.ts';
import { priceContextFor, shopperPrice, shownPrice } from '../pricing/index.ts';
import type { CartLineRow } from './carts.repository.ts';

type ServerCart = components['schemas']['ServerCart'];

/** A line priced as the shopper pays it: unit price in minor units of `currency`. */
export interface PricedCartLine extends CartLineRow {
  unitPriceMinor: number;
}

/**
 * Prices kept lines in `currency` as the order would (the SKU's sale price with the shopper's country rule and B2B
 * prices, converted once, then the country's included tax and the currency's rounding); null when a rate is missing.
 */
export async function priceCartLines(
  db: Database,
  customerId: string,
  lines: readonly CartLineRow[],
  currency: string,
): Promise<PricedCartLine[] | null> {
  if (lines.length === 0) return [];
  const rates = await loadRates(db);
  const convert = converterFor(rates, currency);
  const [account] = await db
    .select({ settings: customers.settings })
    .from(customers)
    .where(eq(customers.id, customerId));
  const country = typeof account?.settings.shipToCountry === 'string' ? account.settings.shipToCountry : null;
  const pricing = await priceContextFor(db, { country, customerId, rates });
  const priced: PricedCartLine[] = [];
  for (const line of lines) {
    const price = shopperPrice(line.sku.salePriceMinor, line.sku.costMinor, line.product.currency, pricing);
    const converted = convert(price, line.product.currency);
    if (converted === null) return null;
    priced.push({ ...line, unitPriceMinor: shownPrice(converted, currency, pricing.shown) });
  }
  return priced;
}

export function toServerCart(
  lines: readonly PricedCartLine[],
  currency: string,
  updatedAt: Date | null,
): ServerCart {
  return {
    items: lines.map((line) => ({
      product: line.productId,
      sku_id: line.skuId,
      quantity: line.quantity,
      name: line.product.title,
      image: line.sku.image ?? line.product.images[0] ?? '',
      price: toAmount(line.unitPriceMinor),
      currency,
      logistics_service_name: line.service,
      addedAt: line.addedAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    })),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}
