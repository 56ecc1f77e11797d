import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { dropshipAlerts } from '../../db/schema.ts';

export type DropshipAlertRow = typeof dropshipAlerts.$inferSelect;

export interface AlertInput {
  kind: string;
  /** One open alert per key: the same problem found again leaves the open alert as it is. */
  dedupeKey: string;
  message: string;
  productId?: string | null;
  skuId?: string | null;
  orderId?: string | null;
  parcelId?: string | null;
  details?: Record<string, unknown>;
  now?: Date;
}

/** Raises an alert unless the same one is already open; true when it is new. */
export async function raiseAlert(db: Database | Transaction, input: AlertInput): Promise<boolean> {
  const inserted = await db
    .insert(dropshipAlerts)
    .values({
      kind: input.kind,
      dedupeKey: input.dedupeKey,
      message: input.message,
      productId: input.productId ?? null,
      skuId: input.skuId ?? null,
      orderId: input.orderId ?? null,
      parcelId: input.parcelId ?? null,
      details: input.details ?? {},
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .onConflictDoNothing({ target: dropshipAlerts.dedupeKey, where: sql`${dropshipAlerts.status} = 'open'` })
    .returning({ id: dropshipAlerts.id });
  return inserted.length > 0;
}

/** Closes the open alert of a key: the problem went away (`cleared`) or someone acted on it. */
export async function closeAlert(
  db: Database | Transaction,
  input: { dedupeKey: string; resolution: string; by: string; status?: 'resolved' | 'dismissed'; now?: Date },
): Promise<void> {
  await db
    .update(dropshipAlerts)
    .set({
      status: input.status ?? 'resolved',
      resolution: input.resolution,
      resolvedBy: input.by,
      resolvedAt: input.now ?? new Date(),
    })
    .where(and(eq(dropshipAlerts.dedupeKey, input.dedupeKey), eq(dropshipAlerts.status, 'open')));
}
