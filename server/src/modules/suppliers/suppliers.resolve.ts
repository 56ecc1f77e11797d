import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productSkus, products, variantSuppliers } from '../../db/schema.ts';

/** The marketplace SKU an order line is bought as, and the seller who ships it. */
export interface ResolvedSupplier {
  aeProductId: string;
  aeSkuId: string;
  aeSkuAttr: string;
  /** The seller: one supplier parcel per seller. Falls back to the marketplace item when the seller is unknown. */
  supplierId: string;
  supplierName: string;
  /** `product`: the product's own marketplace SKU (no mapping); `primary`/`backup`: a mapped supplier row. */
  source: 'product' | 'primary' | 'backup';
}

/**
 * Who supplies a variant for an order shipping to `country`: the `primary` row for that country, else the
 * `primary` row for every country, else the product's own marketplace item and SKU. Backups are never picked
 * here: switching to one (staff, or the product's default decision) makes it the primary.
 * Null when the product is not a marketplace product.
 */
export async function resolveSupplier(
  db: Database | Transaction,
  input: { productId: string; skuId: string | null; country: string },
): Promise<ResolvedSupplier | null> {
  const country = input.country.toUpperCase();
  const skuId = input.skuId ?? '';
  const [mapped] = await db
    .select()
    .from(variantSuppliers)
    .where(
      and(
        eq(variantSuppliers.productId, input.productId),
        eq(variantSuppliers.skuId, skuId),
        eq(variantSuppliers.role, 'primary'),
        or(eq(variantSuppliers.shipToCountry, country), isNull(variantSuppliers.shipToCountry)),
      ),
    )
    // The country's own row first.
    .orderBy(sql`${variantSuppliers.shipToCountry} is null`)
    .limit(1);
  if (mapped) {
    return {
      aeProductId: mapped.aeProductId,
      aeSkuId: mapped.aeSkuId,
      aeSkuAttr: mapped.aeSkuAttr,
      supplierId: mapped.supplierId ?? `item:${mapped.aeProductId}`,
      supplierName: mapped.supplierName ?? `AliExpress item ${mapped.aeProductId}`,
      source: 'primary',
    };
  }
  const [own] = await db
    .select({
      source: products.source,
      aeProductId: products.productId,
      brand: products.brand,
      skuAttr: productSkus.skuAttr,
    })
    .from(products)
    .leftJoin(productSkus, and(eq(productSkus.productId, products.id), eq(productSkus.skuId, skuId)))
    .where(eq(products.id, input.productId));
  if (own?.source !== 'aliexpress') return null;
  return {
    aeProductId: own.aeProductId,
    aeSkuId: skuId,
    aeSkuAttr: own.skuAttr ?? '',
    supplierId: `item:${own.aeProductId}`,
    supplierName: own.brand ?? `AliExpress item ${own.aeProductId}`,
    source: 'product',
  };
}
