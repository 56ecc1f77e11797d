import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, cartRecoverySettings, coupons } from '../../db/schema.ts';

export interface RecoverySettings {
  enabled: boolean;
  couponId: string | null;
  couponCode: string | null;
}

/** Cart recovery as staff set it; on, with no coupon, until they change it. */
export async function readRecoverySettings(db: Database): Promise<RecoverySettings> {
  const [row] = await db
    .select({
      enabled: cartRecoverySettings.enabled,
      couponId: cartRecoverySettings.couponId,
      code: coupons.code,
    })
    .from(cartRecoverySettings)
    .leftJoin(coupons, eq(coupons.id, cartRecoverySettings.couponId))
    .where(eq(cartRecoverySettings.id, 1));
  return row
    ? { enabled: row.enabled, couponId: row.couponId, couponCode: row.code ?? null }
    : { enabled: true, couponId: null, couponCode: null };
}

export async function writeRecoverySettings(
  db: Database,
  changes: { enabled?: boolean; couponId?: string | null },
): Promise<void> {
  await db
    .insert(cartRecoverySettings)
    .values({ id: 1, ...changes, updatedAt: new Date() })
    .onConflictDoUpdate({ target: cartRecoverySettings.id, set: { ...changes, updatedAt: new Date() } });
}

/** The store's own coupons (a vendor's apply to their store only), to offer in the second reminder. */
export function storeCoupons(db: Database) {
  return db
    .select({ _id: coupons.id, code: coupons.code, campaign: campaigns.name })
    .from(coupons)
    .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
    .where(isNull(campaigns.storeId))
    .orderBy(asc(coupons.code));
}

export async function isStoreCoupon(db: Database, couponId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
    .where(and(eq(coupons.id, couponId), isNull(campaigns.storeId)));
  return row !== undefined;
}
