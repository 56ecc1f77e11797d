import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productSkus, products, variantSuppliers } from '../../db/schema.ts';
import { converterFor, loadRates } from '../../money/money.ts';

export type SupplierDecision = 'switch_to_backup' | 'hide_variant' | 'zero_stock';

export interface VariantRef {
  productId: string;
  skuId: string;
  /** The rows of this ship-to country; null for the rows of every country. */
  shipToCountry?: string | null;
}

const countryIs = (country: string | null | undefined) =>
  country
    ? eq(variantSuppliers.shipToCountry, country.toUpperCase())
    : isNull(variantSuppliers.shipToCountry);

/** The product's stock is the sum of its variants'; a product with none left goes out of stock, and back. */
async function restock(tx: Database | Transaction, productId: string): Promise<void> {
  const [sum] = await tx
    .select({ stock: sql<number>`coalesce(sum(${productSkus.stock}), 0)::int` })
    .from(productSkus)
    .where(eq(productSkus.productId, productId));
  const stock = Number(sum?.stock ?? 0);
  const [product] = await tx
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return;
  const status =
    stock === 0 && product.status === 'published'
      ? 'out_of_stock'
      : stock > 0 && product.status === 'out_of_stock'
        ? 'published'
        : product.status;
  await tx.update(products).set({ stock, status, updatedAt: new Date() }).where(eq(products.id, productId));
}

/**
 * Makes the variant's backup its primary and the old primary its backup (so staff can switch back), and takes the
 * new primary's last known stock and cost into the variant. Null when the variant has no backup there.
 */
export async function switchToBackup(tx: Database | Transaction, ref: VariantRef) {
  const scope = and(
    eq(variantSuppliers.productId, ref.productId),
    eq(variantSuppliers.skuId, ref.skuId),
    countryIs(ref.shipToCountry),
  );
  const rows = await tx.select().from(variantSuppliers).where(scope);
  const backup = rows.find((row) => row.role === 'backup');
  const primary = rows.find((row) => row.role === 'primary');
  if (!backup) return null;
  // The one-per-role index forbids two primaries even for a moment: the pair is written anew.
  await tx.delete(variantSuppliers).where(scope);
  const copy = ({ id: _id, createdAt: _created, updatedAt: _updated, ...row }: typeof backup) => row;
  await tx
    .insert(variantSuppliers)
    .values([
      { ...copy(backup), role: 'primary' },
      ...(primary ? [{ ...copy(primary), role: 'backup' as const }] : []),
    ]);
  // A country's own row changes only that country's orders; the variant's stock and cost follow the row for all.
  if (!ref.shipToCountry) {
    const [product] = await tx
      .select({ currency: products.currency })
      .from(products)
      .where(eq(products.id, ref.productId));
    const cost =
      backup.costMinor === null || !product
        ? null
        : converterFor(await loadRates(tx as Database), product.currency)(
            backup.costMinor,
            backup.costCurrency ?? 'USD',
          );
    await tx
      .update(productSkus)
      .set({
        ...(backup.stock === null ? {} : { stock: Math.max(0, backup.stock) }),
        ...(cost === null ? {} : { supplierPriceMinor: cost }),
      })
      .where(
        and(
          eq(productSkus.productId, ref.productId),
          eq(productSkus.skuId, ref.skuId),
          eq(productSkus.hidden, false),
        ),
      );
    await restock(tx, ref.productId);
  }
  return { primary: backup, backup: primary ?? null };
}

/** Shoppers no longer see the variant, and nobody can buy it. */
export async function hideVariant(tx: Database | Transaction, ref: VariantRef): Promise<void> {
  await tx
    .update(productSkus)
    .set({ hidden: true, stock: 0 })
    .where(and(eq(productSkus.productId, ref.productId), eq(productSkus.skuId, ref.skuId)));
  await restock(tx, ref.productId);
}

/** The variant stays on show, sold out. */
export async function zeroStock(tx: Database | Transaction, ref: VariantRef): Promise<void> {
  await tx
    .update(productSkus)
    .set({ stock: 0 })
    .where(and(eq(productSkus.productId, ref.productId), eq(productSkus.skuId, ref.skuId)));
  await restock(tx, ref.productId);
}

/** Carries out a decision; false when it cannot be (no backup to switch to). */
export async function applyDecision(
  tx: Database | Transaction,
  decision: SupplierDecision,
  ref: VariantRef,
): Promise<boolean> {
  if (decision === 'switch_to_backup') return (await switchToBackup(tx, ref)) !== null;
  if (decision === 'hide_variant') await hideVariant(tx, ref);
  else await zeroStock(tx, ref);
  return true;
}
