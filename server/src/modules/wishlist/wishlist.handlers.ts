import type { components } from '@shop/sdk/types';
import { eq } from 'drizzle-orm';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { converterFor, loadRates, toAmount } from '../../money/money.ts';
import { lowestCosts, priceContextFor, shopperPrice, shownPrice } from '../pricing/index.ts';
import { visibleToShoppers } from '../products/index.ts';
import {
  addToWishlist,
  findProductStatus,
  listWishlist,
  removeFromWishlist,
  type WishlistRow,
} from './wishlist.repository.ts';

type WishlistEntry = components['schemas']['WishlistEntry'];

export const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * Shapes entries with prices converted into `currency`, as the shopper pays them (their ship-to country's rule,
 * B2B prices); 422 when a needed rate is missing.
 */
async function toEntries(
  db: Database,
  rows: WishlistRow[],
  currency: string,
  customerId: string,
): Promise<WishlistEntry[]> {
  const rates = await loadRates(db);
  const convert = converterFor(rates, currency);
  const [account] = await db
    .select({ settings: customers.settings })
    .from(customers)
    .where(eq(customers.id, customerId));
  const country = typeof account?.settings.shipToCountry === 'string' ? account.settings.shipToCountry : null;
  const pricing = await priceContextFor(db, { country, customerId, rates });
  const costs = await lowestCosts(
    db,
    rows.filter((row) => row.product.source === 'aliexpress').map((row) => row.product.id),
  );
  return rows.map((row) => {
    const price = shopperPrice(
      row.product.priceMinor,
      costs.get(row.product.id) ?? null,
      row.product.currency,
      pricing,
    );
    const converted = convert(price, row.product.currency);
    if (converted === null) throw unprocessable(`Prices cannot be shown in ${currency} right now.`);
    // With the country's included tax and the currency's rounding, as the product page shows it.
    const priceMinor = shownPrice(converted, currency, pricing.shown);
    return {
      _id: row.id,
      product: {
        _id: row.product.id,
        name: row.product.title,
        images: row.product.images,
        price: toAmount(priceMinor),
        currency,
      },
    };
  });
}

export function createWishlistHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    listWishlist: operation('listWishlist', async (request) => {
      const customer = requireCustomer(request);
      const rows = await listWishlist(db, customer.id);
      return { success: true, data: await toEntries(db, rows, request.query.currency ?? 'USD', customer.id) };
    }),

    addToWishlist: operation('addToWishlist', async (request) => {
      const customer = requireCustomer(request);
      const { productId } = request.body;
      if (!(await visibleToShoppers(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
      const row = await addToWishlist(db, customer.id, productId);
      const [entry] = await toEntries(db, [row], 'USD', customer.id);
      if (!entry) throw new Error('no wishlist entry to answer');
      return { success: true, message: 'Added to wishlist.', data: entry };
    }),

    removeFromWishlist: operation('removeFromWishlist', async (request) => {
      const customer = requireCustomer(request);
      const { productId } = request.body;
      // Any existing product may be removed, also one hidden since it was added.
      const status = isUuid(productId) ? await findProductStatus(db, productId) : null;
      if (status === null) throw notFound(PRODUCT_NOT_FOUND);
      await removeFromWishlist(db, customer.id, productId);
      return { success: true, message: 'Removed from wishlist.', data: { productId } };
    }),
  };
}
