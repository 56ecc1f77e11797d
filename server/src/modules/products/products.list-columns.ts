// What a list reads of each product: its columns, its first SKU, every SKU's prices and its properties.
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import type { ProductRow, SkuRow } from './products.repository.ts';

/** The SKU fields the answers show (a SKU row without its ids and position). */
export type SkuView = Pick<
  SkuRow,
  | 'skuId'
  | 'skuAttr'
  | 'salePriceMinor'
  | 'priceMinor'
  | 'bulkSalePriceMinor'
  | 'stock'
  | 'bulkOrder'
  | 'priceIncludeTax'
  | 'limitStrategy'
  | 'properties'
> &
  Partial<Pick<SkuRow, 'supplierPriceMinor'>>;

/** A product as the lists show it: the columns they read, its first SKU, its properties. */
export interface ListedProduct
  extends Pick<
    ProductRow,
    | 'id'
    | 'productId'
    | 'status'
    | 'source'
    | 'title'
    | 'images'
    | 'priceMinor'
    | 'originalPriceMinor'
    | 'currency'
    | 'stock'
    | 'categoryId'
    | 'storeId'
    | 'approval'
    | 'approvalNote'
    | 'createdAt'
    | 'rating'
    | 'reviewCount'
    | 'logText'
  > {
  firstSku: SkuView | null;
  /** Every SKU's prices and stock in position order: the card shows the preselected one's price. */
  skuPrices: SkuPrice[];
  properties: Array<{ attr_name: string; attr_value: string }>;
}

export type SkuPrice = Pick<
  SkuView,
  'skuId' | 'salePriceMinor' | 'priceMinor' | 'bulkSalePriceMinor' | 'stock' | 'supplierPriceMinor'
>;

// drizzle leaves column names unqualified in a one-table select list, where a subquery would take them for its
// own table's columns: the correlated subqueries below name "products" themselves.

/** json values arrive parsed from node-postgres but as text from some drivers; both end up parsed. */
const parsedJson =
  <T>() =>
  (value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;

const firstSkuJson = sql<SkuView | null>`(
  select json_build_object(
    'skuId', s.sku_id, 'skuAttr', s.sku_attr, 'salePriceMinor', s.sale_price_minor, 'priceMinor', s.price_minor,
    'bulkSalePriceMinor', s.bulk_sale_price_minor, 'stock', s.stock, 'bulkOrder', s.bulk_order,
    'priceIncludeTax', s.price_include_tax, 'limitStrategy', s.limit_strategy, 'properties', s.properties,
    'supplierPriceMinor', s.supplier_price_minor)
  from product_skus s where s.product_id = "products"."id" order by s.position limit 1)`.mapWith(
  parsedJson<SkuView | null>(),
);
const skuPricesJson = sql<SkuPrice[]>`coalesce((
  select json_agg(json_build_object(
    'skuId', s.sku_id, 'salePriceMinor', s.sale_price_minor, 'priceMinor', s.price_minor,
    'bulkSalePriceMinor', s.bulk_sale_price_minor, 'stock', s.stock, 'supplierPriceMinor', s.supplier_price_minor)
    order by s.position)
  from product_skus s where s.product_id = "products"."id"), '[]'::json)`.mapWith(parsedJson<SkuPrice[]>());
const propertiesJson = sql<ListedProduct['properties']>`coalesce((
  select json_agg(json_build_object('attr_name', p.attr_name, 'attr_value', p.attr_value) order by p.position)
  from product_properties p where p.product_id = "products"."id"), '[]'::json)`.mapWith(
  parsedJson<ListedProduct['properties']>(),
);

/** The list's columns; the description, search vector and editor fields stay in the database. */
export const listColumns = {
  id: products.id,
  productId: products.productId,
  status: products.status,
  source: products.source,
  title: products.title,
  images: products.images,
  priceMinor: products.priceMinor,
  originalPriceMinor: products.originalPriceMinor,
  currency: products.currency,
  stock: products.stock,
  categoryId: products.categoryId,
  storeId: products.storeId,
  approval: products.approval,
  approvalNote: products.approvalNote,
  createdAt: products.createdAt,
  rating: products.rating,
  reviewCount: products.reviewCount,
  logText: products.logText,
  firstSku: firstSkuJson,
  skuPrices: skuPricesJson,
  properties: propertiesJson,
  /** Units of the product's currency per USD (null when the store has no rate for it). */
  rate: sql<string | null>`(select r.rate from currency_rates r where r.code = "products"."currency")`,
};
