import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const productSource = pgEnum('product_source', ['aliexpress', 'manual', 'vendor']);
export const productStatus = pgEnum('product_status', ['published', 'draft', 'out_of_stock', 'disabled']);
/** A vendor's new or changed product waits for staff before shoppers see it; staff and imports are approved. */
export const productApproval = pgEnum('product_approval', ['approved', 'pending', 'rejected']);

/**
 * The shopper list's indexes cover these rows: the query's own literal conditions (products.repository.ts'
 * `productConditions` with `visible`) must imply this predicate for the planner to use them.
 */
const shopperListed = (t: { status: AnyPgColumn; approval: AnyPgColumn }): SQL =>
  sql`${t.status} in ('published', 'out_of_stock') and ${t.approval} = 'approved'`;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The marketplace's item id for imported products, the product code otherwise. */
    productId: text('product_id').notNull(),
    source: productSource('source').notNull(),
    status: productStatus('status').notNull().default('draft'),
    approval: productApproval('approval').notNull().default('approved'),
    /** Why staff rejected a vendor's product. */
    approvalNote: text('approval_note'),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    descriptionHtml: text('description_html').notNull().default(''),
    categoryId: integer('category_id'),
    currency: text('currency').notNull().default('USD'),
    /** Lowest sale price over the SKUs (kept in step with product_skus for sorting and cards). */
    priceMinor: integer('price_minor').notNull().default(0),
    /**
     * `price_minor` in USD minor units (divided by its currency's rate, 1 without one), unrounded so products
     * sort as they did when this was worked out per query. Kept by triggers (drizzle/0022) on every write of a
     * product's price or currency, so the price sorts read an index instead of converting each row. A rate change
     * reworks its currency's products afterwards in short batches (pricing's price-sort-keys.ts).
     */
    priceUsdMinor: numeric('price_usd_minor').notNull().default('0'),
    originalPriceMinor: integer('original_price_minor'),
    /** Stock over all SKUs. */
    stock: integer('stock').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The Brand Name property (null when unbranded), for the brand filter. */
    brand: text('brand'),
    /** Storefront categories (modules/products/products.categories.ts), for the category filter. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Where the SKUs ship from (their Ships From property's values), for the search's filter and facet. Kept by a
     * trigger on product_skus (drizzle/0025): SKUs are written by several modules.
     */
    shipsFrom: text('ships_from').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Ship-to countries (ISO 3166-1 alpha-2) the supplier last said it cannot deliver this product to, learnt from
     * its delivery answers: the search's "delivers to" filter and facet leave the product out there.
     */
    noDeliveryTo: text('no_delivery_to').array().notNull().default(sql`'{}'::text[]`),
    /** The editor's pictures with name, size, default flag and order (imports only have `images`). */
    media: jsonb('media').$type<ProductMediaRecord[]>().notNull().default(sql`'[]'::jsonb`),
    videoUrl: text('video_url'),
    seo: jsonb('seo').$type<ProductSeoRecord>().notNull().default(sql`'{"index": true}'::jsonb`),
    labels: jsonb('labels').$type<ProductLabelsRecord>().notNull().default(sql`'{}'::jsonb`),
    /** The marketplace record as JSON text; old rows may hold text that does not parse, so it is not jsonb. */
    logText: text('log_text').notNull().default(''),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** SKU ids and tags joined by spaces, kept by the application: generated columns cannot read arrays or other tables. */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, coalesce(${products.title}, '') || ' ' || coalesce(${products.productId}, '') || ' ' || ${products.id}::text || ' ' || coalesce(${products.searchTerms}, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the marketplace was last asked about it (auto-sync takes those asked longest ago first). */
    supplierSyncedAt: timestamp('supplier_synced_at', { withTimezone: true }),
  },
  (t) => [
    unique('products_source_product_id_unique').on(t.source, t.productId),
    // The staff list filters by status, source or both: its count of both reads this index alone (40 ms through
    // the two one-column indexes and the table at 100k products, under 1 ms here).
    index('products_status_source_idx').on(t.status, t.source),
    // Only the few products waiting for staff are looked up by approval.
    index('products_approval_idx').on(t.approval).where(sql`${t.approval} <> 'approved'`),
    index('products_source_idx').on(t.source),
    index('products_created_at_idx').on(t.createdAt),
    index('products_price_idx').on(t.priceMinor),
    // A currency's products in id order: a rate change reworks their price sort keys in keyset batches.
    index('products_currency_id_idx').on(t.currency, t.id),
    index('products_store_idx').on(t.storeId),
    // The search's words and the categories in one index: a search within a category skips through both word lists
    // at once (at a million products "dress" in Home & Kitchen, 214,000 products, took 130 ms as two bitmaps and
    // 7.6 ms so). A search alone reads it as it read the words' own index.
    index('products_search_categories_idx').using('gin', t.searchVector, t.categories),
    index('products_product_id_idx').on(t.productId),
    index('products_categories_idx').using('gin', t.categories),
    index('products_ships_from_idx').using('gin', t.shipsFrom),
    index('products_brand_idx').on(sql`lower(${t.brand})`),
    // One per shopper sort, in its exact order and over what shoppers may see (products.repository.ts'
    // `shopperVisible` without its store test, which a predicate cannot hold), so a page is an index scan with a
    // limit instead of a sort of every match. (A trigram index on lower(title) is in a custom migration.)
    // Descending keys put nulls first, as `order by … desc` does: otherwise the order would not match.
    index('products_shop_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(shopperListed(t)),
    index('products_shop_price_asc_idx')
      .on(t.priceUsdMinor.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(shopperListed(t)),
    index('products_shop_price_desc_idx')
      .on(t.priceUsdMinor.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(shopperListed(t)),
    index('products_shop_popularity_idx')
      .on(t.salesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(shopperListed(t)),
    index('products_shop_title_idx').on(sql`lower(${t.title})`, t.id).where(shopperListed(t)),
    // The staff list sorts every product, whatever its status: the same orders over the whole table, so its
    // pages are index walks too (newest is served by products_created_at_idx).
    index('products_price_asc_idx').on(
      t.priceUsdMinor.asc(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_price_desc_idx').on(
      t.priceUsdMinor.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_popularity_idx').on(
      t.salesCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_title_idx').on(sql`lower(${t.title})`, t.id),
    // The rating filter and the search's rating facet ("4 stars & up") count shopper products by a range of it.
    index('products_shop_rating_idx').on(t.rating).where(shopperListed(t)),
    check('products_price_nonnegative', sql`${t.priceMinor} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export interface ProductMediaRecord {
  url: string;
  name: string;
  size: number;
  isDefault: boolean;
  order: number;
}

export interface ProductSeoRecord {
  metaTitle?: string;
  metaDescription?: string;
  slug?: string;
  focusKeyword?: string;
  index?: boolean;
}

export interface ProductLabelsRecord {
  tags?: string[];
  mainCategory?: string;
  subcategory?: string;
  labelName?: string;
  labelColor?: string;
  flashSaleAt?: string | null;
}

export interface SkuPropertyRecord {
  sku_property_id: number;
  sku_property_name: string;
  sku_property_value: string;
  property_value_id: number;
  property_value_definition_name?: string;
  sku_image?: string;
}

export const productSkus = pgTable(
  'product_skus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: text('sku_id').notNull(),
    skuAttr: text('sku_attr').notNull().default(''),
    /** What the shopper pays (offer_sale_price). */
    salePriceMinor: integer('sale_price_minor').notNull(),
    /** The list price (sku_price). */
    priceMinor: integer('price_minor').notNull(),
    bulkSalePriceMinor: integer('bulk_sale_price_minor'),
    stock: integer('stock').notNull().default(0),
    bulkOrder: integer('bulk_order').notNull().default(0),
    priceIncludeTax: boolean('price_include_tax').notNull().default(false),
    limitStrategy: text('limit_strategy').notNull().default('create_order_fail'),
    image: text('image'),
    properties: jsonb('properties').$type<SkuPropertyRecord[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    /** The supplier's offer price at the last import or sync (marketplace products), in the product's currency. */
    supplierPriceMinor: integer('supplier_price_minor'),
    /** Staff set this SKU's price by hand (logged): repricing from the pricing rules leaves it be. */
    priceOverridden: boolean('price_overridden').notNull().default(false),
    /** Staff hid this variant (a supplier failure's decision): shoppers do not see it, and it stays out of stock. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    unique('product_skus_product_sku_unique').on(t.productId, t.skuId),
    index('product_skus_sku_id_idx').on(t.skuId),
    check('product_skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_skus_prices_nonnegative', sql`${t.salePriceMinor} >= 0 AND ${t.priceMinor} >= 0`),
  ],
);

export const productProperties = pgTable(
  'product_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attrName: text('attr_name').notNull(),
    attrValue: text('attr_value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_properties_product_idx').on(t.productId, t.position)],
);

/**
 * Manual Override Logs: each price set by hand on a product, and the rule's price it replaced. The pricing module
 * writes it, but it points at products and pricing sits below products, so it is kept here.
 */
export const priceOverrideLogs = pgTable(
  'price_override_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_override_logs_at_idx').on(t.at)],
);

/**
 * The catalogue's words, as the search's text configuration splits them (`to_tsvector('simple', …)`): every word of
 * three letters or more of a title, and those of the marketplace ids and search terms (tags, SKU ids) that start
 * with a letter; kept by triggers on products (migrations 0050, 0051). Misspelled searches look their words up
 * here by trigrams (`title_words_trgm_idx`), among thousands of words rather than across a million titles, and a
 * searched word becomes the words starting with it (`title_words_prefix_idx`, products.search-terms.ts). Words of
 * removed or hidden products stay: every use checks what the products shoppers may see hold.
 */
export const titleWords = pgTable(
  'title_words',
  {
    word: text('word').primaryKey(),
  },
  // Byte order whatever the database's collation, so `like 'mug%'` reads a range of it.
  (t) => [index('title_words_prefix_idx').on(t.word.op('text_pattern_ops'))],
);
