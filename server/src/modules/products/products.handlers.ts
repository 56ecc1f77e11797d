import type { FastifyRequest } from 'fastify';
import { requireStaff } from '../../auth/permissions.ts';
import { COUNT_CAP } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, badRequest, notFound, unprocessable } from '../../http/errors.ts';
import { type OperationHandler, type OperationRequest, operation } from '../../http/operation.ts';
import { createShortCache, type ShortCache } from '../../http/short-cache.ts';
import {
  assertKnownCurrency,
  BASE_CURRENCY,
  converterFor,
  loadRates,
  type Rates,
} from '../../money/money.ts';
import { insertActivity, recordFailedAttempt, staffActivity, withActivity } from '../activity/index.ts';
import { uploadedFile } from '../media/index.ts';
import { changesPrices, lowestCosts, type PriceContext, priceContextFor } from '../pricing/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { toCsv } from './products.export.ts';
import { type ProductFilters, visibleToShoppers } from './products.filters.ts';
import { applyRow, checkRow, ImportFileRefused, type RowResult, readImportFile } from './products.import.ts';
import { facetsView, filtersOf, priceRangeOf } from './products.list-query.ts';
import {
  countProducts,
  exportProducts,
  listProducts,
  type ProductSort,
  SHOPPER_COUNT_CAP,
} from './products.listing.ts';
import { PRODUCT_NOT_FOUND } from './products.messages.ts';
import {
  deleteProducts,
  findProduct,
  productStats,
  setProductStatus,
  skusOf,
} from './products.repository.ts';
import { catalogueStaff } from './products.rules.ts';
import { closestSearch, type ProductFacets, productFacets, searchSuggestions } from './products.search.ts';
import { withSearchTerms } from './products.search-terms.ts';
import {
  conversionWith,
  convertedAmount,
  productDetail,
  type StoreMoney,
  toListItems,
} from './products.view.ts';
import { createFromForm, newProductCode, updateFromForm } from './products.write.ts';

/** How long a filter set's facet counts are reused. */
export const FACETS_CACHE_MS = 60_000;

export const SELECT_A_FILE = 'Please select a file to import.';
export const EXPORT_MAX_ROWS = 10_000;
const BULK_STATUS = { publish: 'published', draft: 'draft', disable: 'disabled' } as const;

/**
 * The currency staff read money in: System Settings' Default Currency (imports are fetched in it too), USD, the
 * base every rate is quoted against, until staff choose another.
 */
async function storeMoney(db: Database, rates?: Rates): Promise<StoreMoney> {
  const [{ defaultCurrency }, known] = await Promise.all([readStoreSettings(db), rates ?? loadRates(db)]);
  return { currency: defaultCurrency, convert: converterFor(known, defaultCurrency) };
}

export function createProductHandlers(deps: { db: Database; cache?: ShortCache }) {
  const { db, cache } = deps;

  /** A search's first page that found nothing proposes the closest words of the catalogue. */
  async function didYouMean(
    filters: ProductFilters,
    page: number,
    total: number,
  ): Promise<{ didYouMean?: string }> {
    if (total > 0 || page !== 1 || !filters.q?.trim()) return {};
    const closest = await closestSearch(db, filters);
    return closest === null ? {} : { didYouMean: closest };
  }

  const exportHandler: OperationHandler = async (rawRequest, reply) => {
    // Answers a file, not an envelope, so it is typed here rather than through operation().
    const request = rawRequest as unknown as OperationRequest<'exportProducts'>;
    const staff = requireStaff(request);
    const { format = 'csv', currency = 'BDT', sort = 'newest', ...query } = request.query;
    const rates = await loadRates(db);
    assertKnownCurrency(rates, currency);
    const filters = filtersOf(query, staff);
    const [rows, total] = await Promise.all([
      exportProducts(db, filters, sort as ProductSort, EXPORT_MAX_ROWS),
      countProducts(db, filters),
    ]);
    const skus = await skusOf(
      db,
      rows.map((row) => row.id),
    );
    const skuIds = new Map<string, string[]>();
    for (const sku of skus) skuIds.set(sku.productId, [...(skuIds.get(sku.productId) ?? []), sku.skuId]);
    const exported = rows.map((row) => {
      const conversion = conversionWith(rates, row.currency, currency);
      return {
        _id: row.id,
        productId: row.productId,
        title: row.title,
        status: row.status,
        source: row.source,
        price: convertedAmount(conversion, row.priceMinor),
        originalPrice:
          row.originalPriceMinor === null ? null : convertedAmount(conversion, row.originalPriceMinor),
        currency: conversion.currency,
        stock: row.stock,
        categoryId: row.categoryId,
        skuIds: skuIds.get(row.id) ?? [],
        tags: row.tags,
        createdAt: row.createdAt.toISOString(),
      };
    });
    // The file leaves only with its line in the log.
    await insertActivity(
      db,
      staffActivity(request, staff, {
        action: 'product.export',
        target: 'products',
        details: { format, rows: exported.length, total },
      }),
    );
    const filename = `products-${new Date().toISOString().slice(0, 10)}.${format}`;
    void reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store');
    if (format === 'json') {
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(exported));
    }
    return reply.type('text/csv; charset=utf-8').send(toCsv(exported));
  };

  // Facet counts of a filter set, reused by every page, sort and shopper asking for it for a minute: browsing a
  // large category counts most of the catalogue (0.6-0.8 s at 100k products), and counts a minute old are fine.
  // Unlike the lists, a change does not clear them.
  const facetCache = cache ? createShortCache({ ttlMs: FACETS_CACHE_MS, maxEntries: 500 }) : undefined;
  async function facetsFor(
    audience: string,
    currency: string,
    query: object,
    count: () => Promise<ProductFacets>,
  ): Promise<ReturnType<typeof facetsView>> {
    const key = JSON.stringify([audience, currency, query]);
    const known = facetCache?.get<ReturnType<typeof facetsView>>(key);
    if (known) return known;
    const startedIn = facetCache?.generation() ?? 0;
    const facets = facetsView(await count());
    facetCache?.set(key, facets, startedIn);
    return facets;
  }

  /** A shopper's pricing, reused with the lists for a moment: a cached page should cost no database read. */
  async function pricingFor(request: FastifyRequest, country: string | undefined): Promise<PriceContext> {
    const customerId = request.auth?.kind === 'customer' ? request.auth.id : null;
    const key = JSON.stringify(['pricing', country ?? null, customerId]);
    const known = cache?.get<PriceContext>(key);
    if (known) return known;
    const startedIn = cache?.generation() ?? 0;
    const context = await priceContextFor(db, { country, customerId });
    cache?.set(key, context, startedIn);
    return context;
  }

  return {
    listProducts: operation('listProducts', async (request, reply) => {
      const staff = catalogueStaff(request);
      const {
        page = 1,
        limit = 10,
        currency = 'BDT',
        sort = 'newest',
        country,
        facets: withFacets = false,
        ...query
      } = request.query;
      // Shoppers' prices follow their ship-to country's rule and, for business accounts, B2B prices.
      const pricing = staff ? null : await pricingFor(request, country);
      const priced =
        pricing !== null && (changesPrices(pricing) || pricing.rules.compareAtMode !== 'marketplace');
      // Staff see every status: their pages are kept apart from shoppers'; shoppers priced alike share pages.
      const audience = staff
        ? 'staff'
        : priced
          ? ['shopper', pricing.country, pricing.business, pricing.shown?.tax ?? null]
          : 'shopper';
      // Facets count the shopper's country's deliveries: a page with facets is kept per country.
      const facetCountry = withFacets ? (country?.toUpperCase() ?? null) : null;
      const key = JSON.stringify([audience, page, limit, currency, sort, withFacets, facetCountry, query]);
      // Kept as the JSON text it is sent as: a reused page costs no serialising either.
      const cached = cache?.get<string>(key);
      if (cached) return reply.type('application/json; charset=utf-8').send(cached) as never;
      const startedIn = cache?.generation() ?? 0;
      // The count is most of a list's cost; paging through one result set (in any order) reuses it for a moment.
      // Staff count up to COUNT_CAP, as their other lists do (the screen says "10,000+" past it); shoppers up to
      // SHOPPER_COUNT_CAP. At a million products a common word's exact count read every match on every page.
      const countKey = JSON.stringify([staff ? 'count' : 'shopper-count', query]);
      const knownCount = cache?.get<number>(countKey);
      // Price ranges and facets are in the asked currency: its rate turns them into the stored USD prices.
      const needsRate = withFacets || query.minPrice !== undefined || query.maxPrice !== undefined;
      const rangeRate = needsRate ? (await loadRates(db, [currency])).get(currency) : undefined;
      if (needsRate && rangeRate === undefined)
        throw badRequest(`The currency ${currency} is not supported.`);
      const filters: ProductFilters = await withSearchTerms(db, {
        ...filtersOf(query, staff),
        price: rangeRate === undefined ? undefined : priceRangeOf(query, rangeRate),
      });
      const result = await listProducts(
        db,
        filters,
        { page, limit, sort, currency, countCap: staff ? COUNT_CAP : SHOPPER_COUNT_CAP },
        knownCount,
      );
      if (knownCount === undefined) cache?.set(countKey, result.counted, startedIn);
      if (result.askedRate === null && currency !== BASE_CURRENCY) {
        throw badRequest(`The currency ${currency} is not supported.`);
      }
      const [costs, money] = staff
        ? await Promise.all([
            lowestCosts(
              db,
              result.rows.filter((row) => row.source === 'aliexpress').map((row) => row.id),
            ),
            storeMoney(db),
          ])
        : [undefined, undefined];
      const answer = {
        success: true as const,
        data: toListItems(
          result.rows,
          currency,
          result.askedRate,
          priced && pricing ? pricing : undefined,
          costs,
          money,
        ),
        meta: { page, limit, total: result.total, ...(staff && result.capped ? { capped: true } : {}) },
        ...(withFacets && rangeRate !== undefined
          ? {
              facets: await facetsFor(staff ? 'staff' : 'shopper', currency, [facetCountry, query], () =>
                productFacets(db, filters, {
                  currency,
                  rate: rangeRate,
                  cap: SHOPPER_COUNT_CAP,
                  widened: result.widened,
                  country: facetCountry ?? undefined,
                }),
              ),
            }
          : {}),
        ...(await didYouMean(filters, page, result.total)),
      };
      cache?.set(key, JSON.stringify(answer), startedIn);
      return answer;
    }),

    getProduct: operation('getProduct', async (request) => {
      const staff = catalogueStaff(request);
      const currency = request.query.currency ?? 'BDT';
      const rates = await loadRates(db);
      assertKnownCurrency(rates, currency);
      const row = await findProduct(db, request.params.id);
      const hidden = !staff && row && !(await visibleToShoppers(db, row.id));
      if (!row || hidden) throw notFound(PRODUCT_NOT_FOUND);
      const pricing = staff
        ? undefined
        : await priceContextFor(db, { country: request.query.country, request, rates });
      const money = staff ? await storeMoney(db, rates) : undefined;
      return {
        success: true,
        data: await productDetail(db, row, { rates, currency, staff: staff !== null, pricing, money }),
      };
    }),

    listSearchSuggestions: operation('listSearchSuggestions', async (request) => {
      const { q, lang = 'en', limit = 8 } = request.query;
      return { success: true as const, data: await searchSuggestions(db, q, lang, limit) };
    }),

    getProductStats: operation('getProductStats', async (request) => {
      requireStaff(request);
      return { success: true, data: await productStats(db) };
    }),

    createProduct: operation('createProduct', async (request, reply) => {
      const staff = requireStaff(request);
      const { row, rates } = await createFromForm(db, request.body, { source: 'manual' }, (created) =>
        staffActivity(request, staff, {
          action: 'product.create',
          target: `product:${created.id}`,
          details: { title: created.title, status: created.status },
        }),
      );
      void reply.code(201);
      const data = await productDetail(db, row, { rates, currency: row.currency, staff: true });
      return { success: true, message: 'Product created successfully!', data };
    }),

    updateProduct: operation('updateProduct', async (request) => {
      const staff = requireStaff(request);
      const existing = await findProduct(db, request.params.id);
      if (!existing) throw notFound(PRODUCT_NOT_FOUND);
      const { row, rates } = await updateFromForm(
        db,
        existing,
        request.body,
        { by: staff.name },
        (saved, overrides) =>
          staffActivity(request, staff, {
            action: 'product.update',
            target: `product:${saved.id}`,
            details: {
              title: saved.title,
              status: saved.status,
              before: { title: existing.title, status: existing.status, stock: existing.stock },
              after: { title: saved.title, status: saved.status, stock: saved.stock },
              ...(overrides.length > 0 ? { priceOverrides: overrides } : {}),
            },
          }),
      );
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      const data = await productDetail(db, row, { rates, currency: row.currency, staff: true });
      return { success: true, message: 'Product information saved successfully!', data };
    }),

    importProducts: operation('importProducts', async (request) => {
      const staff = requireStaff(request);
      const file = uploadedFile((request.body as Record<string, unknown> | undefined)?.file);
      if (!file) throw badRequest(SELECT_A_FILE);
      if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 10 MB.');
      let raw: Record<string, unknown>[];
      try {
        raw = readImportFile(file.bytes, file.filename);
      } catch (error) {
        if (error instanceof ImportFileRefused) throw unprocessable(error.message);
        throw error;
      }
      const rates = await loadRates(db);
      const tally = (rows: RowResult[]) => ({
        created: rows.filter((row) => row.outcome === 'created').length,
        updated: rows.filter((row) => row.outcome === 'updated').length,
        refused: rows.filter((row) => row.outcome === 'refused').length,
      });
      // The whole file and its entry in one transaction: an import is logged as it was stored, or not stored.
      const rows = await withActivity(
        db,
        async (tx) => {
          const results: RowResult[] = [];
          for (const [index, item] of raw.entries()) {
            const checked = checkRow(item);
            const result =
              typeof checked === 'string'
                ? {
                    outcome: 'refused' as const,
                    _id: null,
                    title: typeof item.title === 'string' ? item.title : null,
                    message: checked,
                  }
                : await applyRow(tx, checked, rates, newProductCode);
            results.push({ row: index + 1, ...result });
          }
          return results;
        },
        (results) => {
          const counts = tally(results);
          return staffActivity(request, staff, {
            action: 'product.import',
            target: 'products',
            details: { file: file.filename, ...counts },
            outcome: counts.refused > 0 ? 'warning' : 'success',
          });
        },
      );
      const counts = tally(rows);
      return {
        success: true,
        message: `${counts.created} created, ${counts.updated} updated, ${counts.refused} refused.`,
        data: { ...counts, rows },
      };
    }),

    deleteProduct: operation('deleteProduct', async (request) => {
      const staff = requireStaff(request);
      const target = `product:${request.params.id}`;
      const [deleted] = await withActivity(
        db,
        (tx) => deleteProducts(tx, [request.params.id]),
        ([row]) =>
          row
            ? staffActivity(request, staff, {
                action: 'product.delete',
                target,
                details: { title: row.title, productId: row.productId },
              })
            : null,
      );
      if (!deleted) {
        await recordFailedAttempt(
          db,
          request,
          staffActivity(request, staff, {
            action: 'product.delete',
            target,
            details: { reason: 'not found' },
          }),
        );
        throw notFound(PRODUCT_NOT_FOUND);
      }
      return { success: true, message: 'Product deleted successfully.', data: { _id: deleted.id } };
    }),

    bulkProducts: operation('bulkProducts', async (request) => {
      const staff = requireStaff(request);
      const { action, ids } = request.body;
      const changed = await withActivity(
        db,
        (tx) =>
          action === 'delete' ? deleteProducts(tx, ids) : setProductStatus(tx, ids, BULK_STATUS[action]),
        (rows) =>
          staffActivity(request, staff, {
            action: `product.bulk.${action}`,
            target: 'products',
            details: { requested: ids.length, ids: rows.map((row) => row.id) },
          }),
      );
      const noun = changed.length === 1 ? 'product' : 'products';
      return {
        success: true,
        message: `${changed.length} ${noun} ${action === 'delete' ? 'deleted' : 'updated'}.`,
        data: { affected: changed.length },
      };
    }),

    exportProducts: exportHandler,
  };
}
