import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { converterFor, loadRates, toAmount } from '../../money/money.ts';
import { compareAtPrice, lowestCosts, priceContextFor, shopperPrice, shownPrice } from '../pricing/index.ts';
import {
  alsoBought,
  type CardRow,
  recentlyViewedCards,
  recordViews,
  visibleCards,
} from './recommendations.repository.ts';

type RecommendedProduct = components['schemas']['RecommendedProduct'];

/** Ids that can name a product; anything else names none, so it is skipped like a product that is gone. */
const productIds = (ids: readonly string[]) => [...new Set(ids.filter(isUuid))];

export function createRecommendationHandlers(deps: { db: Database }) {
  const { db } = deps;

  /**
   * Cards priced as the product list prices them for this shopper: their ship-to country's rule, business
   * prices when signed in as a business, the country's included tax and the currency's rounding.
   */
  async function toCards(
    request: FastifyRequest,
    rows: Array<CardRow & { together?: number }>,
    query: { country?: string | undefined; currency?: string | undefined },
  ): Promise<RecommendedProduct[]> {
    if (rows.length === 0) return [];
    const currency = query.currency ?? 'BDT';
    const rates = await loadRates(db);
    const convert = converterFor(rates, currency);
    const customerId = request.auth?.kind === 'customer' ? request.auth.id : null;
    const pricing = await priceContextFor(db, { country: query.country, customerId, rates });
    const costs = await lowestCosts(
      db,
      rows.filter((row) => row.source === 'aliexpress').map((row) => row.id),
    );
    const shown = (minor: number, from: string) => {
      const converted = convert(minor, from);
      if (converted === null) throw badRequest(`The currency ${currency} is not supported.`);
      return toAmount(shownPrice(converted, currency, pricing.shown));
    };
    return rows.map((row) => {
      const price = shopperPrice(row.priceMinor, costs.get(row.id) ?? null, row.currency, pricing);
      const original = compareAtPrice(row.originalPriceMinor, price, row.currency, pricing);
      return {
        _id: row.id,
        name: row.title,
        images: row.images,
        price: shown(price, row.currency),
        originalPrice: original === null ? null : shown(original, row.currency),
        currency,
        rating: row.rating,
        reviewCount: row.reviewCount,
        availableStock: row.stock,
        ...(row.together === undefined ? {} : { boughtTogether: row.together }),
      };
    });
  }

  return {
    listAlsoBoughtProducts: operation('listAlsoBoughtProducts', async (request) => {
      const rows = await alsoBought(db, productIds(request.query.ids), request.query.limit ?? 12);
      return { success: true, data: await toCards(request, rows, request.query) };
    }),

    listRecommendedProductsByIds: operation('listRecommendedProductsByIds', async (request) => {
      const rows = await visibleCards(db, productIds(request.query.ids));
      return { success: true, data: await toCards(request, rows, request.query) };
    }),

    listRecentlyViewed: operation('listRecentlyViewed', async (request) => {
      const customer = requireCustomer(request);
      const rows = await recentlyViewedCards(db, customer.id);
      return { success: true, data: await toCards(request, rows, request.query) };
    }),

    recordRecentlyViewed: operation('recordRecentlyViewed', async (request) => {
      const customer = requireCustomer(request);
      const now = Date.now();
      const items = request.body.items.flatMap((item) =>
        isUuid(item.productId)
          ? [{ productId: item.productId, viewedAt: new Date(Math.min(Date.parse(item.viewedAt), now)) }]
          : [],
      );
      await recordViews(db, customer.id, items);
      const rows = await recentlyViewedCards(db, customer.id);
      return { success: true, data: await toCards(request, rows, request.query) };
    }),
  };
}
