import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ProductLabelsRecord,
  type ProductMediaRecord,
  type ProductSeoRecord,
  productProperties,
  productSkus,
  products,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { NormalizedProduct } from '../marketplace/index.ts';
import { brandOf, storefrontCategories } from './products.categories.ts';

export type ProductRow = typeof products.$inferSelect;
export type SkuRow = typeof productSkus.$inferSelect;
export type PropertyRow = typeof productProperties.$inferSelect;
type ProductInsert = typeof products.$inferInsert;
export type ProductStatus = ProductRow['status'];
export type ProductSource = ProductRow['source'];
export type ProductApproval = ProductRow['approval'];

/** What the editor keeps beside the marketplace-shaped record. */
export interface ProductEditorFields {
  media: ProductMediaRecord[];
  videoUrl: string | null;
  seo: ProductSeoRecord;
  labels: ProductLabelsRecord;
}

/** SKU fields the normalised view leaves out; aligned by index with `NormalizedProduct.skus`. */
export interface SkuDetails {
  bulkSalePriceMinor: number | null;
  bulkOrder: number;
  priceIncludeTax: boolean;
  limitStrategy: string;
}

export interface CatalogueFields {
  source: ProductSource;
  status: ProductStatus;
  /** Set on a vendor's writes (back to pending); other writes keep what the product has. */
  approval?: { state: ProductApproval; note: string | null };
  storeId?: string | null;
  tags?: string[];
  salesCount?: number;
  createdAt?: Date;
  editor?: Partial<ProductEditorFields>;
  skuDetails?: Array<SkuDetails | undefined>;
}

/**
 * The card figures kept on the product row: the lowest sale price over the SKUs in stock (over all SKUs when
 * none is), the list price of that SKU when it is higher (the card's SALE), and the stock over all SKUs.
 */
export function summarizeSkus(skus: NormalizedProduct['skus']): {
  priceMinor: number;
  originalPriceMinor: number | null;
  stock: number;
} {
  const cheapest = preselectedSku(skus);
  return {
    priceMinor: cheapest?.salePriceMinor ?? 0,
    originalPriceMinor:
      cheapest && cheapest.priceMinor > cheapest.salePriceMinor ? cheapest.priceMinor : null,
    stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
  };
}

/**
 * The SKU the product page preselects and whose price the card shows: the lowest-priced one in stock (the first
 * of equals), or the lowest-priced one when none is in stock. One rule for the card, the page and the stored price.
 */
export function preselectedSku<T extends { salePriceMinor: number; stock: number }>(
  skus: readonly T[],
): T | undefined {
  const inStock = skus.filter((sku) => sku.stock > 0);
  return (inStock.length > 0 ? inStock : skus).reduce<T | undefined>(
    (best, sku) => (best === undefined || sku.salePriceMinor < best.salePriceMinor ? sku : best),
    undefined,
  );
}

/** A product published with nothing left to sell is out of stock; other statuses stay as chosen. */
export function effectiveStatus(status: ProductStatus, stock: number): ProductStatus {
  return status === 'published' && stock <= 0 ? 'out_of_stock' : status;
}

/** The product row for a normalised product (its SKUs and properties go in their own tables). */
export function productValues(product: NormalizedProduct, fields: CatalogueFields): ProductInsert {
  const tags = fields.tags ?? fields.editor?.labels?.tags ?? [];
  return {
    productId: product.productId,
    source: fields.source,
    status: fields.status,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    categoryId: product.categoryId,
    currency: product.currency,
    ...summarizeSkus(product.skus),
    rating: product.rating,
    reviewCount: product.reviewCount,
    salesCount: fields.salesCount ?? 0,
    images: product.images,
    tags,
    brand: brandOf(product.properties),
    categories: storefrontCategories({
      title: product.title,
      categoryId: product.categoryId,
      mainCategory: fields.editor?.labels?.mainCategory ?? null,
    }),
    media: fields.editor?.media ?? [],
    videoUrl: fields.editor?.videoUrl ?? null,
    seo: fields.editor?.seo ?? {},
    labels: fields.editor?.labels ?? {},
    logText: product.logText,
    storeId: fields.storeId ?? null,
    ...(fields.approval ? { approval: fields.approval.state, approvalNote: fields.approval.note } : {}),
    searchTerms: [...product.skus.map((sku) => sku.skuId), ...tags].join(' '),
    ...(fields.createdAt ? { createdAt: fields.createdAt, updatedAt: fields.createdAt } : {}),
  };
}

/** Writes a product's SKUs and properties (after its old ones, if any, were removed). */
async function insertChildren(
  db: Database,
  productRowId: string,
  product: NormalizedProduct,
  skuDetails: CatalogueFields['skuDetails'],
  /** Marketplace imports: the prices given are the supplier's, kept apart for auto-sync's drift check. */
  fromSupplier = false,
): Promise<void> {
  if (product.skus.length > 0) {
    await db.insert(productSkus).values(
      product.skus.map((sku, position) => {
        const details = skuDetails?.[position];
        return {
          productId: productRowId,
          skuId: sku.skuId,
          skuAttr: sku.skuAttr,
          salePriceMinor: sku.salePriceMinor,
          priceMinor: sku.priceMinor,
          stock: sku.stock,
          image: sku.image ?? null,
          properties: sku.properties,
          position,
          ...(fromSupplier ? { supplierPriceMinor: sku.salePriceMinor } : {}),
          ...(details
            ? {
                bulkSalePriceMinor: details.bulkSalePriceMinor,
                bulkOrder: details.bulkOrder,
                priceIncludeTax: details.priceIncludeTax,
                limitStrategy: details.limitStrategy,
              }
            : {}),
        };
      }),
    );
  }
  if (product.properties.length > 0) {
    await db.insert(productProperties).values(
      product.properties.map((property, position) => ({
        productId: productRowId,
        attrName: property.attr_name,
        attrValue: property.attr_value,
        position,
      })),
    );
  }
}

/** Inserts a product with its SKUs and properties; call inside a transaction so it lands whole or not at all. */
export async function insertNormalizedProduct(
  db: Database,
  product: NormalizedProduct,
  fields: CatalogueFields,
): Promise<ProductRow> {
  const [row] = await db.insert(products).values(productValues(product, fields)).returning();
  if (!row) throw new Error('insert returned no row');
  await insertChildren(db, row.id, product, fields.skuDetails);
  return row;
}

/**
 * Inserts a marketplace product, or updates the one already imported under the same marketplace id (the
 * unique (source, product_id) key makes two imports at once land as one row). Answers whether it was new.
 */
export async function upsertImportedProduct(
  db: Database,
  product: NormalizedProduct,
  fields: CatalogueFields,
): Promise<{ row: ProductRow; created: boolean }> {
  const values = productValues(product, fields);
  const { productId: _key, source: _source, createdAt: _created, ...changes } = values;
  const [result] = await db
    .insert(products)
    .values(values)
    .onConflictDoUpdate({
      target: [products.source, products.productId],
      // Sales, reviews written here and the store stay; what the import screen edits is replaced.
      set: {
        ...changes,
        salesCount: sql`${products.salesCount}`,
        storeId: sql`${products.storeId}`,
        updatedAt: new Date(),
      },
    })
    // xmax is 0 only on a row this statement inserted (an updated row carries the updating transaction's id).
    .returning({ ...getTableColumns(products), created: sql<boolean>`(xmax = 0)` });
  if (!result) throw new Error('upsert returned no row');
  const { created, ...row } = result;
  if (!created) {
    await db.delete(productSkus).where(eq(productSkus.productId, row.id));
    await db.delete(productProperties).where(eq(productProperties.productId, row.id));
  }
  await insertChildren(db, row.id, product, fields.skuDetails, fields.source === 'aliexpress');
  return { row, created };
}

/** Replaces a product's record, SKUs and properties; its id, product id, source, store and sales stay. */
export async function replaceProduct(
  db: Database,
  id: string,
  product: NormalizedProduct,
  fields: CatalogueFields,
): Promise<ProductRow | null> {
  const {
    productId: _key,
    source: _source,
    createdAt: _created,
    storeId: _store,
    salesCount: _sales,
    ...changes
  } = productValues(product, fields);
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  if (!row) return null;
  await db.delete(productSkus).where(eq(productSkus.productId, id));
  await db.delete(productProperties).where(eq(productProperties.productId, id));
  await insertChildren(db, id, product, fields.skuDetails);
  return row;
}

export async function findProduct(db: Database, id: string): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** The catalogue product imported from this marketplace item, if any. */
export async function findImportedProduct(db: Database, marketplaceId: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.source, 'aliexpress'), eq(products.productId, marketplaceId)))
    .limit(1);
  return row ?? null;
}

/** A product by catalogue `_id` or by its product id (the marketplace item id for imports). */
export async function findProductByAnyId(db: Database, id: string): Promise<ProductRow | null> {
  const byId = await findProduct(db, id);
  if (byId) return byId;
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.productId, id))
    .orderBy(sql`case ${products.source} when 'aliexpress' then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

export async function skusOf(db: Database, productIds: string[]): Promise<SkuRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productSkus)
    .where(inArray(productSkus.productId, productIds))
    .orderBy(asc(productSkus.productId), asc(productSkus.position));
}

export async function propertiesOf(db: Database, productIds: string[]): Promise<PropertyRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productProperties)
    .where(inArray(productProperties.productId, productIds))
    .orderBy(asc(productProperties.productId), asc(productProperties.position));
}

export async function productStats(db: Database): Promise<Record<ProductStatus, number> & { total: number }> {
  const rows = await db
    .select({ status: products.status, n: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(products.status);
  const counts = { published: 0, draft: 0, out_of_stock: 0, disabled: 0, total: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}

// ---- Changing ----------------------------------------------------------------------------------------------

/**
 * Deletes products; SKUs, properties, reviews and wishlist entries go with them (foreign keys cascade), and order
 * lines keep their copy. `scope` narrows which of them may go (a vendor's own).
 */
export async function deleteProducts(db: Database, ids: string[], scope?: SQL): Promise<ProductRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .delete(products)
    .where(and(inArray(products.id, valid), scope))
    .returning();
}

/**
 * Sets the status of products. Publishing a product with no stock makes it out of stock, so shoppers see it
 * as such and the dashboard counts it.
 */
export async function setProductStatus(
  db: Database,
  ids: string[],
  status: 'published' | 'draft' | 'disabled',
): Promise<ProductRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const next =
    status === 'published'
      ? sql`(case when ${products.stock} > 0 then 'published' else 'out_of_stock' end)::product_status`
      : sql`${status}::product_status`;
  return db
    .update(products)
    .set({ status: next as unknown as ProductStatus, updatedAt: new Date() })
    .where(inArray(products.id, valid))
    .returning();
}

/**
 * Remembers what the supplier last said about delivering a product to `country` (its delivery options, none or
 * some): the search's "delivers to" filter follows. Written only when the answer changes what is kept.
 */
export async function noteDeliveryTo(
  db: Database,
  productId: string,
  country: string,
  delivers: boolean,
): Promise<void> {
  const code = country.toUpperCase();
  const kept = sql`${products.noDeliveryTo} @> ARRAY[${code}]::text[]`;
  await db
    .update(products)
    .set({
      noDeliveryTo: delivers
        ? sql`array_remove(${products.noDeliveryTo}, ${code})`
        : sql`array_append(${products.noDeliveryTo}, ${code})`,
    })
    .where(and(eq(products.id, productId), delivers ? kept : sql`not ${kept}`));
}
