import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { findProduct, type ProductRow } from '../products/index.ts';

/** A vendor's own products: source vendor, of their store. Any other product is, to them, not there. */
export function ownedBy(storeId: string): SQL {
  return and(eq(products.source, 'vendor'), eq(products.storeId, storeId)) as SQL;
}

export async function findVendorProduct(
  db: Database,
  storeId: string,
  id: string,
): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), ownedBy(storeId)))
    .limit(1);
  return row ?? null;
}

export type ApprovalDecision = { state: 'approved'; note: null } | { state: 'rejected'; note: string };

/**
 * Settles a product waiting for approval. The pending check and the change are one statement, so two staff
 * deciding at once cannot both succeed. Answers the product as it was before, and as it is now (null when it was
 * not pending).
 */
export async function decideApproval(
  db: Database,
  id: string,
  decision: ApprovalDecision,
): Promise<{ before: ProductRow; after: ProductRow | null } | null> {
  const before = await findProduct(db, id);
  if (!before) return null;
  const [after] = await db
    .update(products)
    .set({ approval: decision.state, approvalNote: decision.note, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.approval, 'pending')))
    .returning();
  return { before, after: after ?? null };
}
