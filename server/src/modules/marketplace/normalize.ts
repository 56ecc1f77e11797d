import { isHttpUrl, sanitizeMobileDetail, sanitizeProductHtml } from '../../lib/sanitize.ts';
import type { AeProductResult, AeSku, AeSkuProperty } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';

export interface NormalizedSkuProperty {
  sku_property_id: number;
  sku_property_name: string;
  sku_property_value: string;
  property_value_id: number;
  property_value_definition_name?: string;
  sku_image?: string;
}

export interface NormalizedSku {
  skuId: string;
  skuAttr: string;
  /** What the shopper pays (offer_sale_price), in minor units of the product's currency. */
  salePriceMinor: number;
  /** The list price (sku_price), in minor units. */
  priceMinor: number;
  stock: number;
  image?: string;
  properties: NormalizedSkuProperty[];
}

/** The flat view of a marketplace product that the database stores. */
export interface NormalizedProduct {
  productId: string;
  title: string;
  /** Already sanitised. */
  descriptionHtml: string;
  categoryId: number | null;
  currency: string;
  images: string[];
  rating: number;
  reviewCount: number;
  properties: Array<{ attr_name: string; attr_value: string }>;
  skus: NormalizedSku[];
  storeName?: string;
  /** The result as received, its markup (detail, mobile_detail) cleaned, as JSON text. */
  logText: string;
}

export function normalizeMarketplaceProduct(received: AeProductResult): NormalizedProduct {
  // The record is kept for staff screens: its markup is cleaned before it is stored, like the description.
  const result: AeProductResult = {
    ...received,
    ae_item_base_info_dto: {
      ...received.ae_item_base_info_dto,
      detail: sanitizeProductHtml(received.ae_item_base_info_dto.detail ?? ''),
      mobile_detail: sanitizeMobileDetail(received.ae_item_base_info_dto.mobile_detail ?? ''),
    },
  };
  const base = result.ae_item_base_info_dto;
  const rawSkus = result.ae_item_sku_info_dtos?.ae_item_sku_info_d_t_o ?? [];
  // SKU prices are in the target currency asked for; the base block keeps the seller's own.
  const currency = (rawSkus[0]?.currency_code || base.currency_code || 'USD').toUpperCase();
  const categoryId = Number(base.category_id);
  const storeName = result.ae_store_info?.store_name?.trim();

  return {
    productId: String(base.product_id),
    title: (base.subject ?? '').trim(),
    descriptionHtml: base.detail,
    // The column is a 32-bit integer: a larger id is no category the store knows.
    categoryId:
      Number.isInteger(categoryId) && categoryId >= 0 && categoryId <= 2_147_483_647 ? categoryId : null,
    currency,
    images: splitImageUrls(result.ae_multimedia_info_dto?.image_urls),
    rating: clamp(Number.parseFloat(base.avg_evaluation_rating), 0, 5),
    reviewCount: Math.max(0, Number.parseInt(base.evaluation_count, 10) || 0),
    properties: (result.ae_item_properties?.ae_item_property ?? [])
      .map((p) => ({
        attr_name: String(p.attr_name ?? '').trim(),
        attr_value: String(p.attr_value ?? '').trim(),
      }))
      .filter((p) => p.attr_name !== ''),
    skus: rawSkus.map(normalizeSku),
    ...(storeName ? { storeName } : {}),
    logText: JSON.stringify(result),
  };
}

/** A decimal price string ("12.34") as integer minor units (1234). */
export function toMinorUnits(price: string | number): number {
  // Number('') is 0: an empty price must not turn into a free SKU.
  const value = typeof price === 'number' ? price : price.trim() === '' ? Number.NaN : Number(price.trim());
  if (!Number.isFinite(value) || value < 0)
    throw new MarketplaceError('bad_response', `Not a price: ${String(price)}`);
  return Math.round(value * 100);
}

function normalizeSku(sku: AeSku): NormalizedSku {
  const sale = sku.offer_sale_price || sku.sku_price;
  const list = sku.sku_price || sku.offer_sale_price;
  if (!sale || !list) throw new MarketplaceError('bad_response', `SKU ${sku.sku_id} has no price`);
  const properties = (sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? []).map(normalizeSkuProperty);
  const image = properties.find((p) => p.sku_image)?.sku_image;
  const stock = Number(sku.sku_available_stock);
  return {
    skuId: String(sku.sku_id),
    skuAttr: sku.sku_attr ?? '',
    salePriceMinor: toMinorUnits(sale),
    priceMinor: toMinorUnits(list),
    stock: Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0,
    ...(image ? { image } : {}),
    properties,
  };
}

function normalizeSkuProperty(p: AeSkuProperty): NormalizedSkuProperty {
  return {
    sku_property_id: Number(p.sku_property_id),
    sku_property_name: p.sku_property_name,
    sku_property_value: p.sku_property_value,
    property_value_id: Number(p.property_value_id),
    ...(p.property_value_definition_name
      ? { property_value_definition_name: p.property_value_definition_name }
      : {}),
    ...(p.sku_image ? { sku_image: p.sku_image } : {}),
  };
}

/** The marketplace's `;`-separated pictures; an address that is not a valid http(s) URL is left out. */
function splitImageUrls(imageUrls: string | undefined): string[] {
  return (imageUrls ?? '')
    .split(';')
    .map((url) => url.trim())
    .filter((url) => url !== '' && isHttpUrl(url));
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
