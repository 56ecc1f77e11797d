import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productSkus, products, stores } from '../../db/schema.ts';
import { BASE_CURRENCY, BASE_RATE, converterFor, type Rates } from '../../money/money.ts';
import type { DeliveryOption } from '../marketplace/index.ts';
import { CASH_ON_DELIVERY, codFeeUsdMinor, codRefusal } from '../payments/index.ts';
import { contextFromRules, type PriceContext, shopperPrice, shownPrice } from '../pricing/index.ts';
import { shopperVisible } from '../products/index.ts';
import { type CheckoutRules, DEFAULT_CHECKOUT_RULES, loadRatesAndCheckoutRules } from '../settings/index.ts';
import {
  chooseDelivery,
  type DeliveryQuoter,
  type PricedDelivery,
  priceDeliveryOptions,
} from './orders.delivery.ts';
import { computeOrderTotals, type OrderTotals } from './orders.pricing.ts';

// Pricing an order from the catalogue, shared by the quote, the order and the product page's delivery fees:
// each line's SKU at the shopper's price in the order's currency, its supplier delivery under the store's policy,
// and the totals. Nothing is reserved here; placeOrder (orders.repository.ts) reserves and writes.
type ProductStatus = (typeof products.$inferSelect)['status'];
type StoreKind = (typeof stores.$inferSelect)['kind'];

/** Why an order cannot be placed; the handler turns each kind into its HTTP answer. */
export class OrderRejection extends Error {
  constructor(
    readonly kind:
      | 'not_found'
      | 'not_for_sale'
      | 'out_of_stock'
      | 'no_rate'
      | 'no_delivery'
      | 'delivery_unavailable'
      | 'payment_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'OrderRejection';
  }
}

export const outOfStockMessage = (name: string, available: number) =>
  available > 0 ? `Only ${available} left in stock for ${name}.` : `${name} is out of stock.`;

/** One line per product and SKU (the handler combines repeats); `service` names the delivery the shopper chose. */
export type OrderRequestLine = {
  productId: string;
  skuId: string;
  quantity: number;
  service?: string | null;
};
/** An order line with the catalogue's product and SKU it names. */
export interface CatalogueLine {
  line: OrderRequestLine;
  product: {
    id: string;
    title: string;
    status: ProductStatus;
    currency: string;
    images: string[];
    /** Imported products ship from their supplier; `marketplaceId` is the supplier's product id. */
    source: string;
    marketplaceId: string | null;
    /** The store that sells it, recorded on the order's line; null for a product without a store. */
    storeId: string | null;
    /** Its store's kind (the order's channel follows it); null for a product without a store. */
    storeKind: StoreKind | null;
  };
  sku: {
    id: string;
    skuId: string;
    salePriceMinor: number;
    /** The supplier cost of an imported SKU (its margin floor), null for products priced by hand. */
    costMinor: number | null;
    stock: number;
    image: string | null;
  };
}

export interface PricedLine extends CatalogueLine {
  /** The unit price in the order's currency, converted once from the product's own. */
  unitPriceMinor: number;
  /** The same in USD, where the free-shipping rule is applied. */
  usdUnitPriceMinor: number;
  /** Under the supplier delivery policy: the service the line ships with, and every service offered for it. */
  delivery: PricedDelivery | null;
  deliveryOptions: PricedDelivery[];
}

export interface PricedOrder {
  currency: string;
  /** Units of the order's currency per 1 USD: kept with the order, so reports convert with it. */
  rate: string;
  lines: PricedLine[];
  totals: OrderTotals;
  /** The checkout rules it was priced with. */
  rules: CheckoutRules;
}

/**
 * Prices an order from the catalogue without reserving anything: the quote and the order share it, so the
 * checkout shows what the order charges. Throws OrderRejection when an item is unknown, not for sale or short of
 * stock (a first look; the order's reservation settles races), or when a rate is missing.
 */
export async function priceOrder(
  tx: Database,
  lines: ReadonlyArray<OrderRequestLine>,
  currency: string,
  /**
   * Whose order: their ship-to country's price rule, tax and B2B prices apply (staff's manual orders have none);
   * `quoteDelivery` prices supplier delivery when the store's policy says so.
   */
  shopper?: {
    country: string;
    customerId: string | null;
    service?: string | null;
    quoteDelivery?: DeliveryQuoter;
    /** Price what is short of stock too (the product page's delivery fees for a SKU that is sold out). */
    anyStock?: boolean;
    /** How the shopper pays: cash on delivery must be offered to the country, and its fee is priced in. */
    paymentMethod?: string;
  },
): Promise<PricedOrder> {
  const catalogue = await catalogueLines(tx, lines, { anyStock: shopper?.anyStock ?? false });
  // One after the other: `tx` may be a transaction's single connection, and a query left pending there when the
  // connection drops would hold it (and the pool's shutdown) forever.
  const loaded = await loadRatesAndCheckoutRules(
    tx,
    [currency, BASE_CURRENCY, ...catalogue.map(({ product }) => product.currency)],
    shopper?.country.toUpperCase(),
  );
  const { rates } = loaded;
  let { rules } = loaded;
  if (shopper?.paymentMethod === CASH_ON_DELIVERY) {
    const refusal = codRefusal(rules.cashOnDelivery, {
      country: shopper.country,
      amountMinor: null,
      rate: rates.get(currency) ?? BASE_RATE,
      currency,
    });
    if (refusal !== null) throw new OrderRejection('payment_unavailable', refusal);
    rules = { ...rules, paymentFeeUsdMinor: codFeeUsdMinor(rules.cashOnDelivery) };
  }
  const pricing = shopper
    ? await contextFromRules(tx, { ...loaded.pricing, customerId: shopper.customerId, rates })
    : undefined;
  const supplierOptions =
    shopper?.quoteDelivery && rules.deliveryPolicy === 'supplier'
      ? await supplierDeliveryOptions(catalogue, shopper.country, shopper.quoteDelivery)
      : undefined;
  return priceCatalogueLines(catalogue, rates, currency, rules, pricing, {
    options: supplierOptions,
    service: shopper?.service ?? null,
  });
}

/**
 * Cash on delivery's largest amount, judged on the order's total after its coupon and before the method's own fee
 * (the quote and the order both ask). Other methods take any amount.
 */
export function assertPaymentAllows(
  priced: Pick<PricedOrder, 'totals' | 'rules' | 'rate' | 'currency'>,
  paymentMethod: string | undefined,
  country: string,
): void {
  if (paymentMethod !== CASH_ON_DELIVERY) return;
  const refusal = codRefusal(priced.rules.cashOnDelivery, {
    country,
    amountMinor: priced.totals.totalMinor - priced.totals.paymentFeeMinor,
    rate: priced.rate,
    currency: priced.currency,
  });
  if (refusal !== null) throw new OrderRejection('payment_unavailable', refusal);
}

/**
 * Each imported line's supplier services to `country` (other lines: undefined). A supplier that cannot be reached
 * refuses the order rather than charging a fee nobody quoted; a line nothing ships to the country is refused too.
 */
async function supplierDeliveryOptions(
  catalogue: ReadonlyArray<CatalogueLine>,
  country: string,
  quote: DeliveryQuoter,
): Promise<Array<DeliveryOption[] | undefined>> {
  const answers: Array<DeliveryOption[] | undefined> = [];
  for (const { line, product } of catalogue) {
    if (product.source !== 'aliexpress' || product.marketplaceId === null) {
      answers.push(undefined);
      continue;
    }
    let options: DeliveryOption[];
    try {
      options = await quote({
        productId: product.marketplaceId,
        skuId: line.skuId,
        country: country.toUpperCase(),
        quantity: line.quantity,
        currency: BASE_CURRENCY,
      });
    } catch {
      throw new OrderRejection(
        'delivery_unavailable',
        'Delivery fees cannot be quoted right now. Please try again in a moment.',
      );
    }
    if (options.length === 0) {
      throw new OrderRejection(
        'no_delivery',
        `${product.title} cannot be delivered to ${country.toUpperCase()}.`,
      );
    }
    answers.push(options);
  }
  return answers;
}

/** The catalogue's product and SKU for each line, refusing what cannot be bought (no locks taken). */
export async function catalogueLines(
  tx: Database,
  lines: ReadonlyArray<OrderRequestLine>,
  options: { anyStock?: boolean } = {},
): Promise<CatalogueLine[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  // One round: each product with the asked SKUs it has (none: a row with a null SKU, for the right message).
  const rows = await tx
    .select({
      product: {
        id: products.id,
        title: products.title,
        status: products.status,
        currency: products.currency,
        images: products.images,
        source: products.source,
        marketplaceId: products.productId,
        storeId: products.storeId,
      },
      sku: {
        id: productSkus.id,
        productId: productSkus.productId,
        skuId: productSkus.skuId,
        salePriceMinor: productSkus.salePriceMinor,
        costMinor: sql<
          number | null
        >`case when ${products.source} = 'aliexpress' then ${productSkus.supplierPriceMinor} end`,
        stock: productSkus.stock,
        image: productSkus.image,
      },
      store: { kind: stores.kind },
      forSale: sql<boolean>`${shopperVisible}`,
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(
      productSkus,
      and(
        eq(productSkus.productId, products.id),
        inArray(
          productSkus.skuId,
          lines.map((line) => line.skuId),
        ),
      ),
    )
    .where(inArray(products.id, productIds));
  const productRows = rows.map((row) => ({
    ...row.product,
    storeKind: row.store?.kind ?? null,
    forSale: row.forSale,
  }));
  const skuRows = rows.flatMap((row) => (row.sku ? [row.sku] : []));

  const productById = new Map(productRows.map((row) => [row.id, row]));
  const skuByKey = new Map(skuRows.map((row) => [`${row.productId} ${row.skuId}`, row]));
  return lines.map((line) => {
    const product = productById.get(line.productId);
    if (!product) throw new OrderRejection('not_found', 'A product in your order no longer exists.');
    // What shoppers cannot see they cannot buy: drafts, products awaiting approval, a suspended store's.
    if (!product.forSale) {
      throw new OrderRejection('not_for_sale', `${product.title} is not for sale.`);
    }
    const sku = skuByKey.get(`${product.id} ${line.skuId}`);
    if (!sku) {
      throw new OrderRejection('not_found', `The chosen option of ${product.title} is not available.`);
    }
    // A first look without locks, so an obvious shortage is refused before anything is locked.
    const available = product.status === 'out_of_stock' ? 0 : sku.stock;
    if (line.quantity > available && !options.anyStock) {
      throw new OrderRejection('out_of_stock', outOfStockMessage(product.title, available));
    }
    const { forSale: _forSale, ...shown } = product;
    return { line, product: shown, sku };
  });
}

/**
 * The pricing rule on catalogue lines: each unit price is the SKU's sale price converted once into the order's
 * currency (and once into USD, where the shipping rule is applied); the totals follow computeOrderTotals.
 */
export function priceCatalogueLines(
  catalogue: ReadonlyArray<CatalogueLine>,
  rates: Rates,
  currency: string,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
  pricing?: PriceContext,
  /** Supplier services per line (under the supplier policy) and the service named for lines that name none. */
  delivery?: { options: ReadonlyArray<DeliveryOption[] | undefined> | undefined; service: string | null },
): PricedOrder {
  const rate = rates.get(currency);
  const toOrderCurrency = converterFor(rates, currency);
  const toUsd = converterFor(rates, BASE_CURRENCY);
  const noRate = () => new OrderRejection('no_rate', `Prices cannot be shown in ${currency} right now.`);
  if (rate === undefined) throw noRate();
  const lines = catalogue.map((entry, index): PricedLine => {
    // What the shopper pays in the product's currency: the store price with their country's rule and B2B prices.
    const price = pricing
      ? shopperPrice(entry.sku.salePriceMinor, entry.sku.costMinor, entry.product.currency, pricing)
      : entry.sku.salePriceMinor;
    // Converted once, then the country's included tax and the currency's rounding, as the card and page show it.
    const converted = toOrderCurrency(price, entry.product.currency);
    const usdConverted = toUsd(price, entry.product.currency);
    if (converted === null || usdConverted === null) throw noRate();
    const unitPriceMinor = shownPrice(converted, currency, pricing?.shown);
    const usdUnitPriceMinor = currency === BASE_CURRENCY ? unitPriceMinor : usdConverted;
    const supplier = delivery?.options?.[index];
    const deliveryOptions = supplier
      ? priceDeliveryOptions(supplier, rules.supplierMarkupBasisPoints ?? 0, rates, currency)
      : [];
    const chosen = supplier
      ? chooseDelivery(deliveryOptions, entry.line.service ?? delivery?.service)
      : undefined;
    return { ...entry, unitPriceMinor, usdUnitPriceMinor, delivery: chosen ?? null, deliveryOptions };
  });
  const totals = computeOrderTotals(
    lines.map(({ line, unitPriceMinor, usdUnitPriceMinor, delivery: chosen }) => ({
      unitPriceMinor,
      usdUnitPriceMinor,
      quantity: line.quantity,
      ...(chosen ? { deliveryFeeMinor: chosen.feeMinor, deliveryFeeUsdMinor: chosen.feeUsdMinor } : {}),
    })),
    rate,
    rules,
    undefined,
    currency,
  );
  return { currency, rate, lines, totals, rules };
}
