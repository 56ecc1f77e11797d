import type { components } from '@shop/sdk/types';
import type { Database } from '../../db/client.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import {
  BASE_CURRENCY,
  BASE_RATE,
  convertMinor,
  type Rates,
  rateMultiplier,
  toAmount,
  toDecimalText,
} from '../../money/money.ts';
import {
  compareAtPrice,
  type PriceContext,
  type ShownRules,
  shopperPrice,
  shownPrice,
} from '../pricing/index.ts';
import type { ListedProduct, SkuPrice, SkuView } from './products.list-columns.ts';
import {
  type ProductRow,
  type PropertyRow,
  preselectedSku,
  propertiesOf,
  skusOf,
} from './products.repository.ts';

type ProductListItem = components['schemas']['ProductListItem'];
type ProductDetail = components['schemas']['ProductDetail'];
type Sku = components['schemas']['Sku'];
type ProductImage = components['schemas']['ProductImage'];
type StaffPricing = components['schemas']['StaffPricing'];
type StaffSkuPricing = components['schemas']['StaffSkuPricing'];

/** The currency amounts are shown in, and the stored rates (units per 1 USD) converting the product's into it. */
export interface Conversion {
  currency: string;
  fromRate: string;
  toRate: string;
  /** A shopper's included tax and the currency's rounding, applied to every price after converting it. */
  shown?: ShownRules | undefined;
}

const UNCONVERTED = { fromRate: '1', toRate: '1' } as const;

/**
 * Converts into `asked`; a product priced in a currency the store has no rate for is shown in its own currency
 * rather than with a guessed rate (the answer's `currency` says which).
 */
export function conversionFor(
  productCurrency: string,
  asked: string,
  productRate: string | null | undefined,
  askedRate: string | null | undefined,
): Conversion {
  if (productCurrency === asked) return { currency: asked, ...UNCONVERTED };
  if (!productRate || !askedRate) return { currency: productCurrency, ...UNCONVERTED };
  return { currency: asked, fromRate: productRate, toRate: askedRate };
}

/** An amount of the product's currency in the conversion's: the money module's one conversion and rounding. */
export function convertedMinor(conversion: Conversion, minor: number): number {
  const converted = convertMinor(minor, conversion.fromRate, conversion.toRate, conversion.currency);
  return shownPrice(converted, conversion.currency, conversion.shown);
}

/** An amount of the product's currency as the API shows it in the conversion's (two decimals). */
export function convertedAmount(conversion: Conversion, minor: number): number {
  return toAmount(convertedMinor(conversion, minor));
}

export function conversionWith(rates: Rates, productCurrency: string, asked: string): Conversion {
  return conversionFor(productCurrency, asked, rates.get(productCurrency), rates.get(asked));
}

/** The currency staff read money in (System Settings' Default Currency) and the conversion into it. */
export interface StoreMoney {
  currency: string;
  /** The money module's `converterFor` into `currency`: null when a rate is missing. */
  convert: (minor: number, from: string) => number | null;
}

/** Profit over cost, percent with two decimals, as the Pricing Preview Tool shows it; null without a cost. */
function marginPercent(priceMinor: number, costMinor: number | null): number | null {
  if (costMinor === null || costMinor === 0) return null;
  return Math.round(((priceMinor - costMinor) / costMinor) * 10000) / 100;
}

/**
 * A SKU's store price (what shoppers pay before their country's rule), list price and supplier cost in the
 * store's currency, with the margin computed from those same minor units; null when a rate is missing.
 */
function storeFigures(
  sku: Pick<SkuPrice, 'salePriceMinor' | 'priceMinor' | 'supplierPriceMinor'>,
  from: string,
  money: StoreMoney,
) {
  const price = money.convert(sku.salePriceMinor, from);
  const list = money.convert(sku.priceMinor, from);
  const supplierCost = sku.supplierPriceMinor ?? null;
  const cost = supplierCost === null ? null : money.convert(supplierCost, from);
  if (price === null || list === null || (supplierCost !== null && cost === null)) return null;
  return {
    price: toAmount(price),
    originalPrice: list > price ? toAmount(list) : null,
    cost: cost === null ? null : toAmount(cost),
    margin: cost === null ? null : toAmount(price - cost),
    marginPercent: marginPercent(price, cost),
  };
}

/**
 * Staff lists and the Product Viewer: the preselected SKU's store price, cost and margin (the card's SKU), all in
 * the store's currency; a product without SKUs shows its own price and no cost. Null when a rate is missing.
 */
export function staffPricing(
  row: Pick<ListedProduct, 'currency' | 'priceMinor' | 'originalPriceMinor' | 'skuPrices'>,
  money: StoreMoney,
): StaffPricing | null {
  const chosen = preselectedSku(row.skuPrices);
  const figures = storeFigures(
    chosen ?? { salePriceMinor: row.priceMinor, priceMinor: row.originalPriceMinor ?? row.priceMinor },
    row.currency,
    money,
  );
  return figures === null ? null : { currency: money.currency, ...figures };
}

/** The Product Viewer's SKU table in the store's currency; null when a rate is missing. */
export function staffSkuPricing(
  skus: ReadonlyArray<SkuView>,
  productCurrency: string,
  money: StoreMoney,
): StaffSkuPricing[] | null {
  const rows: StaffSkuPricing[] = [];
  for (const sku of skus) {
    const figures = storeFigures(sku, productCurrency, money);
    if (figures === null) return null;
    rows.push({ skuId: sku.skuId, ...figures });
  }
  return rows;
}

/**
 * A SKU's store prices as this shopper pays them (sale, struck-through list, bulk), in the product's currency.
 * An imported SKU's supplier cost is the margin floor no price goes under.
 */
function pricedSku<T extends SkuPrice>(
  sku: T,
  source: ProductRow['source'],
  currency: string,
  pricing: PriceContext,
): T {
  const cost = source === 'aliexpress' ? (sku.supplierPriceMinor ?? null) : null;
  const sale = shopperPrice(sku.salePriceMinor, cost, currency, pricing);
  return {
    ...sku,
    salePriceMinor: sale,
    priceMinor: compareAtPrice(sku.priceMinor, sale, currency, pricing) ?? sale,
    bulkSalePriceMinor:
      sku.bulkSalePriceMinor === null ? null : shopperPrice(sku.bulkSalePriceMinor, cost, currency, pricing),
  };
}

/**
 * The card's price, from the same priced SKUs as the product page: the preselected SKU's sale price and list
 * price, and whether SKUs in stock cost more (the card then says "from"). A product without SKUs shows its own.
 */
function cardPrice(row: ListedProduct, conversion: Conversion, pricing: PriceContext | undefined) {
  const skus = pricing
    ? row.skuPrices.map((sku) => pricedSku(sku, row.source, row.currency, pricing))
    : row.skuPrices;
  const chosen = preselectedSku(skus);
  if (!chosen) {
    const price = pricing ? shopperPrice(row.priceMinor, null, row.currency, pricing) : row.priceMinor;
    const original = pricing
      ? compareAtPrice(row.originalPriceMinor, price, row.currency, pricing)
      : row.originalPriceMinor;
    return { price, original, from: false };
  }
  const shown = new Set(
    skus.filter((sku) => sku.stock > 0).map((sku) => convertedMinor(conversion, sku.salePriceMinor)),
  );
  return {
    price: chosen.salePriceMinor,
    original: chosen.priceMinor > chosen.salePriceMinor ? chosen.priceMinor : null,
    from: shown.size > 1,
  };
}

type MarketplaceRecord = Record<string, unknown> & { ae_item_base_info_dto: Record<string, unknown> };

/** The stored marketplace record, or null when its text does not parse into one (old, damaged imports). */
export function parseRecord(logText: string): MarketplaceRecord | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(logText);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const base = (parsed as Record<string, unknown>).ae_item_base_info_dto;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return null;
  return parsed as MarketplaceRecord;
}

/** A SKU in the marketplace's shape; its prices are in `currency_code`: the product's own unless converted. */
export function toSku(row: SkuView, currency: string, conversion?: Conversion): Sku {
  const text = (minor: number) => toDecimalText(conversion ? convertedMinor(conversion, minor) : minor);
  return {
    sku_id: row.skuId,
    sku_attr: row.skuAttr,
    offer_sale_price: text(row.salePriceMinor),
    sku_price: text(row.priceMinor),
    ...(row.bulkSalePriceMinor === null ? {} : { offer_bulk_sale_price: text(row.bulkSalePriceMinor) }),
    sku_available_stock: row.stock,
    sku_bulk_order: row.bulkOrder,
    price_include_tax: row.priceIncludeTax,
    limit_strategy: row.limitStrategy,
    currency_code: conversion ? conversion.currency : currency,
    ae_sku_property_dtos: { ae_sku_property_d_t_o: row.properties },
  };
}

/** The base block's figures the lists read (spec 1 §3): title, price and the id shown as SKU. */
function baseFigures(row: ListedProduct) {
  const firstSku = row.firstSku;
  return {
    subject: row.title,
    item_id: firstSku?.skuId ?? row.productId,
    discount_price: toDecimalText(row.priceMinor),
    currency_code: row.currency,
    category_id: row.categoryId,
    avg_evaluation_rating: String(row.rating),
    evaluation_count: String(row.reviewCount),
  };
}

/**
 * The list's `logText`: only what the lists and cards read, from the product as it is now, in the record's
 * shape. A record that does not parse is passed on as stored, so the screens can say so.
 */
export function listLogText(row: ListedProduct): string {
  const record = parseRecord(row.logText);
  if (record === null) return row.logText;
  return JSON.stringify({
    ae_item_base_info_dto: { product_id: record.ae_item_base_info_dto.product_id, ...baseFigures(row) },
    ae_multimedia_info_dto: { image_urls: row.images.join(';') },
    ae_item_sku_info_dtos: {
      ae_item_sku_info_d_t_o: row.firstSku ? [toSku(row.firstSku, row.currency)] : [],
    },
  });
}

/**
 * The detail's `logText`: the whole stored record brought up to date with the product's edits. The seller's
 * HTML in it is replaced by the sanitised description, so no client can render the raw one.
 */
export function detailLogText(row: ListedProduct & ProductRow, skus: SkuView[]): string {
  const record = parseRecord(row.logText);
  if (record === null) return row.logText;
  return JSON.stringify({
    ...record,
    ae_item_base_info_dto: {
      ...record.ae_item_base_info_dto,
      ...baseFigures(row),
      detail: sanitizeProductHtml(row.descriptionHtml),
    },
    ae_multimedia_info_dto: { image_urls: row.images.join(';') },
    ae_item_properties: { ae_item_property: row.properties },
    ae_item_sku_info_dtos: { ae_item_sku_info_d_t_o: skus.map((sku) => toSku(sku, row.currency)) },
  });
}

export function toListItem(
  row: ListedProduct,
  conversion: Conversion,
  pricing?: PriceContext,
): ProductListItem {
  const amount = (minor: number) => convertedAmount(conversion, minor);
  const { price, original, from } = cardPrice(row, conversion, pricing);
  const firstSku =
    row.firstSku && pricing ? pricedSku(row.firstSku, row.source, row.currency, pricing) : row.firstSku;
  return {
    _id: row.id,
    id: row.id,
    productId: row.productId,
    status: row.status,
    source: row.source,
    logText: listLogText(row),
    name: row.title,
    images: row.images,
    price: amount(price),
    priceFrom: from,
    currency: conversion.currency,
    originalPrice: original === null ? null : amount(original),
    sku: { sku_price: firstSku ? amount(firstSku.priceMinor) : null },
    availableStock: row.stock,
    property: row.properties,
    categoryId: row.categoryId,
    storeId: row.storeId,
    createdAt: row.createdAt.toISOString(),
    approval: row.approval,
    approvalNote: row.approvalNote,
  };
}

/** The list's items in the asked currency, given its stored rate (USD, the base, needs none). */
export function toListItems(
  rows: ReadonlyArray<ListedProduct & { rate: string | null }>,
  currency: string,
  askedRate: string | null,
  pricing?: PriceContext,
  /** Staff lists: each imported product's lowest supplier cost, shown with the profit on it. */
  staffCosts?: ReadonlyMap<string, number>,
  /** Staff lists: price, cost and margin in the store's currency as well. */
  money?: StoreMoney,
): ProductListItem[] {
  const rate = currency === BASE_CURRENCY ? BASE_RATE : askedRate;
  return rows.map((row) => {
    const conversion = { ...conversionFor(row.currency, currency, row.rate, rate), shown: pricing?.shown };
    const item = toListItem(row, conversion, pricing);
    if (!staffCosts) return item;
    const cost = staffCosts.get(row.id) ?? null;
    const inStoreCurrency = money ? staffPricing(row, money) : null;
    return {
      ...item,
      cost: cost === null ? null : convertedAmount(conversion, cost),
      profitPercent:
        cost === null || cost === 0 ? null : Math.round(((row.priceMinor - cost) / cost) * 10000) / 100,
      ...(inStoreCurrency ? { staffPricing: inStoreCurrency } : {}),
    };
  });
}

/** The pictures as the editor keeps them; imported products only have addresses, so those are described. */
export function mediaOf(row: ProductRow): ProductImage[] {
  if (row.media.length > 0) return row.media;
  return row.images.map((url, order) => ({
    url,
    name: decodeURIComponent(url.split('/').pop() ?? url).slice(0, 255),
    size: 0,
    isDefault: order === 0,
    order,
  }));
}

export function toDetail(
  product: ProductRow,
  skus: SkuView[],
  properties: PropertyRow[],
  conversion: Conversion,
  staff: boolean,
  pricing?: PriceContext,
  /** The Product Viewer: the product's and each SKU's money in the store's currency as well. */
  money?: StoreMoney,
): ProductDetail {
  // Shoppers see each SKU at their price; the card figures follow from the same priced SKUs.
  const shopper = pricing && !staff ? pricing : undefined;
  const shown = shopper ? skus.map((sku) => pricedSku(sku, product.source, product.currency, shopper)) : skus;
  const row = {
    ...product,
    firstSku: skus[0] ?? null,
    skuPrices: skus,
    properties: properties.map((p) => ({ attr_name: p.attrName, attr_value: p.attrValue })),
  };
  return {
    ...toListItem(row, conversion, shopper),
    preselectedSkuId: preselectedSku(shown)?.skuId ?? null,
    logText: detailLogText(row, skus),
    rate: rateMultiplier(conversion.fromRate, conversion.toRate),
    description: sanitizeProductHtml(row.descriptionHtml),
    category: row.categories[0] ?? null,
    // Shoppers get each SKU's price in their currency, converted here once, so the page shows what the order
    // charges; staff get the product's own prices, which the editor saves back.
    skus: staff
      ? skus.map((sku) => toSku(sku, row.currency))
      : shown.map((sku) => toSku(sku, row.currency, conversion)),
    ...(staff
      ? {
          media: mediaOf(row),
          videoUrl: row.videoUrl,
          seo: { ...row.seo, index: row.seo.index ?? true },
          labels: row.labels,
        }
      : {}),
    ...(staff && money ? storeCurrencyDetail(row, skus, money) : {}),
  };
}

/** The product as the detail answer shows it, read back with its SKUs and properties. */
export async function productDetail(
  db: Database,
  row: ProductRow,
  view: {
    rates: Rates;
    currency: string;
    staff: boolean;
    pricing?: PriceContext | undefined;
    money?: StoreMoney | undefined;
  },
) {
  const [all, properties] = await Promise.all([skusOf(db, [row.id]), propertiesOf(db, [row.id])]);
  // A hidden variant (a supplier failure's decision) is for staff eyes only.
  const skus = view.staff ? all : all.filter((sku) => !sku.hidden);
  const conversion = {
    ...conversionWith(view.rates, row.currency, view.currency),
    shown: view.staff ? undefined : view.pricing?.shown,
  };
  return toDetail(row, skus, properties, conversion, view.staff, view.pricing, view.money);
}

/** The viewer's figures in the store's currency, all or none: one screen never mixes two currencies. */
function storeCurrencyDetail(
  row: Parameters<typeof staffPricing>[0],
  skus: ReadonlyArray<SkuView>,
  money: StoreMoney,
): Pick<ProductDetail, 'staffPricing' | 'staffSkus'> {
  const product = staffPricing(row, money);
  const perSku = staffSkuPricing(skus, row.currency, money);
  return product && perSku ? { staffPricing: product, staffSkus: perSku } : {};
}
