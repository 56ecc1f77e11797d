import type { components } from '@shop/sdk/types';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import {
  assertKnownCurrency,
  converterFor,
  decimalTextToMinor,
  loadRates,
  loadSymbols,
  type Rates,
  toDecimalText,
} from '../../money/money.ts';
import { type ActivityEntry, insertActivity, recordFailedAttempt, staffActivity } from '../activity/index.ts';
import { type DeliveryOption, type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import {
  computeOrderTotals,
  OrderRejection,
  type PricedOrder,
  priceDeliveryOptions,
  priceOrder,
} from '../orders/index.ts';
import { readPricingRules, repriceImported } from '../pricing/index.ts';
import {
  catalogueStaff,
  effectiveStatus,
  findImportedProduct,
  findProductByAnyId,
  importErrors,
  importedProduct,
  noteDeliveryTo,
  type ProductRow,
  productDetail,
  skuDetailsOf,
  skusOf,
  upsertImportedProduct,
  visibleToShoppers,
} from '../products/index.ts';

type MarketplaceProductInfo = components['schemas']['MarketplaceProductInfo'];

export const NO_PRODUCT_DATA = 'No product data found. Please check the Product ID and try again.';
export const MARKETPLACE_UNREACHABLE = 'The marketplace cannot be reached. Please try again later.';
export const MARKETPLACE_FAILED = 'The marketplace could not answer this request. Please try again later.';

/** A failed marketplace call as the client sees it: 503 when it could not be reached, 502 when it answered badly. */
function marketplaceFailure(error: MarketplaceError): ApiError {
  if (error.kind === 'not_found') return notFound(NO_PRODUCT_DATA);
  if (error.kind === 'unreachable' || error.kind === 'misconfigured') {
    return new ApiError(503, 'SERVICE_UNAVAILABLE', MARKETPLACE_UNREACHABLE);
  }
  return new ApiError(502, 'SERVICE_UNAVAILABLE', MARKETPLACE_FAILED);
}

/** Fees in the currency the shopper asked for, when the marketplace quoted another one we have a rate for. */
function inCurrency(option: DeliveryOption, currency: string, rates: Rates, symbols: Map<string, string>) {
  const from = option.shipping_fee_currency;
  // The shopper's own currency still goes through the converter: it rounds to the precision (whole forints).
  const converted = converterFor(rates, currency)(decimalTextToMinor(option.shipping_fee_cent) ?? 0, from);
  if (converted === null) return option;
  const fee = toDecimalText(converted);
  return {
    ...option,
    shipping_fee_cent: fee,
    shipping_fee_currency: currency,
    shipping_fee_format: option.free_shipping
      ? option.shipping_fee_format
      : `${symbols.get(currency) ?? `${currency} `}${fee}`,
  };
}

/**
 * The supplier's services with the fee checkout charges for this one line under the store's delivery policy
 * (priced by the order's own code, so the page, the quote and the order agree); null when the line cannot be
 * bought (not for sale).
 */
async function chargedOptions(
  db: Database,
  options: ReadonlyArray<DeliveryOption>,
  input: {
    line: { productId: string; skuId: string; quantity: number };
    currency: string;
    country: string;
    customerId: string | null;
    symbol: string;
    rates: Rates;
  },
): Promise<DeliveryOption[] | null> {
  let priced: PricedOrder;
  try {
    priced = await priceOrder(db, [input.line], input.currency, {
      country: input.country,
      customerId: input.customerId,
      anyStock: true,
    });
  } catch (error) {
    if (error instanceof OrderRejection) return null;
    throw error;
  }
  const [line] = priced.lines;
  if (!line) return null;
  const { rules, rate, currency } = priced;
  const services = priceDeliveryOptions(options, rules.supplierMarkupBasisPoints ?? 0, input.rates, currency);
  return services.map((service) => {
    const { shippingMinor } = computeOrderTotals(
      [
        {
          unitPriceMinor: line.unitPriceMinor,
          usdUnitPriceMinor: line.usdUnitPriceMinor,
          quantity: input.line.quantity,
          ...(rules.deliveryPolicy === 'supplier'
            ? { deliveryFeeMinor: service.feeMinor, deliveryFeeUsdMinor: service.feeUsdMinor }
            : {}),
        },
      ],
      rate,
      rules,
      undefined,
      currency,
    );
    const fee = toDecimalText(shippingMinor);
    return {
      ...service.option,
      free_shipping: shippingMinor === 0,
      shipping_fee_cent: fee,
      shipping_fee_currency: currency,
      shipping_fee_format: shippingMinor === 0 ? 'Free shipping' : `${input.symbol}${fee}`,
    };
  });
}

type ImportRequest = components['schemas']['ImportMarketplaceProductRequest'];

/**
 * Saves a marketplace item as a catalogue product of source `aliexpress`: created, or updated keeping what the
 * import screen does not edit (tags, labels, SEO). The body must have passed `importErrors`.
 */
export async function saveMarketplaceImport(
  db: Database,
  id: string,
  body: ImportRequest,
  rates: Rates,
  /** The import's activity entry, written in the product's transaction. */
  activity: (saved: { row: ProductRow; created: boolean }) => ActivityEntry,
) {
  const product = importedProduct(body);
  assertKnownCurrency(rates, product.currency);
  const stock = product.skus.reduce((n, sku) => n + sku.stock, 0);
  return db.transaction(async (tx) => {
    const existing = await findImportedProduct(tx, id);
    const saved = await upsertImportedProduct(tx, product, {
      source: 'aliexpress',
      status: effectiveStatus(body.status ?? 'published', stock),
      salesCount: Number.parseInt(body.product.ae_item_base_info_dto.sales_count ?? '0', 10) || 0,
      ...(existing
        ? {
            tags: existing.tags,
            editor: { videoUrl: existing.videoUrl, seo: existing.seo, labels: existing.labels },
          }
        : {}),
      skuDetails: skuDetailsOf(body.product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o),
    });
    // The marketplace's prices are the supplier's costs: the store's prices come from the pricing rules.
    let result = saved;
    if (await repriceImported(tx, await readPricingRules(tx), rates, saved.row.id)) {
      const [row] = await tx.select().from(products).where(eq(products.id, saved.row.id));
      if (row) result = { ...saved, row };
    }
    await insertActivity(tx, activity(result));
    return result;
  });
}

export function createMarketplaceHandlers(deps: { db: Database; marketplace: MarketplaceAdapter }) {
  const { db, marketplace } = deps;

  /** A marketplace call that failed: nothing changed, so the entry stands alone. */
  async function logFailure(
    request: FastifyRequest,
    staff: StaffAuth | null,
    action: string,
    target: string,
    error: MarketplaceError,
  ) {
    await recordFailedAttempt(db, request, {
      ...(staff
        ? staffActivity(request, staff, { action, target })
        : { actorType: 'system' as const, action, target, ip: request.ip }),
      outcome: 'failed',
      details: { kind: error.kind, message: error.message, ...(error.code ? { code: error.code } : {}) },
    });
  }

  return {
    getMarketplaceProduct: operation('getMarketplaceProduct', async (request) => {
      const staff = requireStaff(request);
      const id = request.params.id;
      const country = request.query.country ?? 'BD';
      const currency = request.query.currency ?? 'USD';
      let result: Awaited<ReturnType<MarketplaceAdapter['getProduct']>>;
      try {
        result = await marketplace.getProduct(id, { country, currency });
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind !== 'not_found')
          await logFailure(request, staff, 'marketplace.fetch', `marketplace:${id}`, error);
        throw marketplaceFailure(error);
      }
      if (result === null) throw notFound(NO_PRODUCT_DATA);
      // The import screen may show the seller's HTML: it leaves here already cleaned.
      result.ae_item_base_info_dto.detail = sanitizeProductHtml(result.ae_item_base_info_dto.detail ?? '');
      // Keyed by country beside `product_id`: TypeScript cannot express that mix, the contract's schema can.
      const data = { product_id: id, [country]: result } as unknown as MarketplaceProductInfo;
      return { success: true, message: 'Product info fetched successfully.', data };
    }),

    importMarketplaceProduct: operation('importMarketplaceProduct', async (request, reply) => {
      const staff = requireStaff(request);
      const id = request.params.id;
      const body = request.body;
      const errors = importErrors(id, body);
      if (errors.length > 0) {
        await recordFailedAttempt(
          db,
          request,
          staffActivity(request, staff, {
            action: 'product.import',
            target: `marketplace:${id}`,
            outcome: 'failed',
            details: { reason: 'invalid', errors },
          }),
        );
        throw validationError(errors);
      }
      const rates = await loadRates(db);
      const { row, created } = await saveMarketplaceImport(db, id, body, rates, (saved) =>
        staffActivity(request, staff, {
          action: 'product.import',
          target: `product:${saved.row.id}`,
          details: {
            marketplaceId: id,
            title: saved.row.title,
            created: saved.created,
            country: body.country ?? 'BD',
          },
        }),
      );
      void reply.code(created ? 201 : 200);
      const data = await productDetail(db, row, { rates, currency: row.currency, staff: true });
      return { success: true, message: 'Product info saved successfully.', data };
    }),

    getDeliveryOptions: operation('getDeliveryOptions', async (request) => {
      const { product_id: productId, sku_id: skuId, country, quantity, currency = 'USD' } = request.body;
      const rates = await loadRates(db);
      assertKnownCurrency(rates, currency);
      const none = { success: true as const, data: { country, freight_data: { delivery_option_d_t_o: [] } } };

      const product = await findProductByAnyId(db, productId.trim());
      // Shoppers get quotes for what they can buy, staff for any imported product; the store's own products
      // have no marketplace freight.
      const staffView = catalogueStaff(request) !== null;
      const visible = product && (staffView || (await visibleToShoppers(db, product.id)));
      if (!product || !visible || product.source !== 'aliexpress') return none;
      const skus = await skusOf(db, [product.id]);
      if (!skus.some((sku) => sku.skuId === skuId)) return none;

      let options: DeliveryOption[];
      try {
        options = await marketplace.getDeliveryOptions({
          productId: product.productId,
          skuId,
          country,
          quantity,
          // Shoppers' fees are asked in USD, as checkout asks them, and converted once by the money module.
          currency: staffView ? currency : 'USD',
        });
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind === 'not_found') return none;
        await logFailure(request, null, 'marketplace.delivery', `product:${product.id}`, error);
        throw marketplaceFailure(error);
      }
      // Whether the supplier reaches the country at all: the search's "delivers to" filter learns it here.
      await noteDeliveryTo(db, product.id, country, options.length > 0);
      const symbols = await loadSymbols(db);
      // Staff see the supplier's own fees; shoppers the fee checkout charges for this line by the store's policy.
      const shown = staffView
        ? options.map((o) => inCurrency(o, currency, rates, symbols))
        : await chargedOptions(db, options, {
            line: { productId: product.id, skuId, quantity },
            currency,
            country,
            customerId: request.auth?.kind === 'customer' ? request.auth.id : null,
            symbol: symbols.get(currency) ?? `${currency} `,
            rates,
          });
      return {
        success: true,
        data: { country, freight_data: { delivery_option_d_t_o: shown ?? [] } },
      };
    }),
  };
}
