import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  like,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  campaigns,
  couponRedemptions,
  coupons,
  orders,
  products,
  stores,
} from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import type { ActivityRow } from '../activity/index.ts';
import type { CampaignRow, CampaignStatus, CampaignValues } from './campaigns.rules.ts';

// Campaigns, their coupon codes and their results. A use of a code is a coupon_redemptions row; an order that is
// cancelled or fails keeps its row (so restoring the order brings the use back exactly) but no longer counts:
// every count of uses, and the results, look at live orders only.

/** Orders whose use of a code no longer counts: the shopper may use the code again. */
const RELEASED_STATUSES = ['Cancelled', 'Failed'] as const;
export const liveOrder = notInArray(orders.status, [...RELEASED_STATUSES]);

export interface CampaignDetails {
  campaign: CampaignRow;
  /** The campaign's products still in the catalogue. */
  products: Array<{ id: string; title: string }>;
  storeName: string | null;
  coupons: Array<{ id: string; code: string; redemptions: number; createdAt: Date }>;
  results: { orders: number; discountUsdMinor: number; revenueUsdMinor: number };
}

export interface CampaignFilters {
  q?: string | undefined;
  status?: CampaignStatus | undefined;
  /** One vendor's campaigns only (the vendor panel); staff see every campaign. */
  storeId?: string | undefined;
}

function statusIs(status: CampaignStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'Scheduled':
      return gt(campaigns.startsAt, now);
    case 'Active':
      return and(lte(campaigns.startsAt, now), gt(campaigns.endsAt, now));
    case 'Ended':
      return lte(campaigns.endsAt, now);
  }
}

function whereOf(filters: CampaignFilters, now: Date): SQL | undefined {
  const text = filters.q?.trim();
  const pattern = text ? containsPattern(text) : null;
  return and(
    pattern
      ? or(
          ilike(campaigns.name, pattern),
          exists(
            sql`(select 1 from ${coupons} where ${coupons.campaignId} = ${campaigns.id} and ${coupons.code} ilike ${pattern})`,
          ),
        )
      : undefined,
    filters.status ? statusIs(filters.status, now) : undefined,
    filters.storeId ? eq(campaigns.storeId, filters.storeId) : undefined,
  );
}

/** A campaign's row, or only one store's campaign when `storeId` is given. */
const campaignIs = (id: string, storeId?: string) =>
  and(eq(campaigns.id, id), storeId === undefined ? undefined : eq(campaigns.storeId, storeId));

/** One page of campaigns, newest first, with their details, and how many match. */
export async function listCampaigns(
  db: Database,
  filters: CampaignFilters,
  page: { page: number; limit: number },
  now: Date,
): Promise<{ rows: CampaignDetails[]; total: number }> {
  const where = whereOf(filters, now);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows: await withDetails(db, rows), total: counted?.total ?? 0 };
}

export async function findCampaign(
  db: Database,
  id: string,
  storeId?: string,
): Promise<CampaignDetails | null> {
  const rows = await db.select().from(campaigns).where(campaignIs(id, storeId));
  const [found] = await withDetails(db, rows);
  return found ?? null;
}

/** Products, store names, codes with their uses, and results of the given campaigns, in a few queries. */
async function withDetails(db: Database, rows: CampaignRow[]): Promise<CampaignDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const storeIds = [...new Set(rows.flatMap((row) => (row.storeId ? [row.storeId] : [])))];
  const [productRows, storeRows, couponRows, uses, paid] = await Promise.all([
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, productIds)),
    storeIds.length === 0
      ? []
      : db.select({ id: stores.id, name: stores.name }).from(stores).where(inArray(stores.id, storeIds)),
    db
      .select()
      .from(coupons)
      .where(inArray(coupons.campaignId, ids))
      .orderBy(asc(coupons.createdAt), asc(coupons.code)),
    db
      .select({
        couponId: couponRedemptions.couponId,
        uses: count(),
        discountUsdMinor: sql<string>`coalesce(sum(${couponRedemptions.discountUsdMinor}), 0)::text`,
      })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(and(inArray(couponRedemptions.campaignId, ids), liveOrder))
      .groupBy(couponRedemptions.couponId),
    db
      .select({ campaignId: couponRedemptions.campaignId, totalMinor: orders.totalMinor, rate: orders.rate })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(and(inArray(couponRedemptions.campaignId, ids), liveOrder, eq(orders.isPaid, true))),
  ]);
  const titleOf = new Map(productRows.map((row) => [row.id, row.title]));
  const storeNameOf = new Map(storeRows.map((row) => [row.id, row.name]));
  const usesOf = new Map(uses.map((row) => [row.couponId, row]));
  return rows.map((campaign) => {
    const own = couponRows.filter((coupon) => coupon.campaignId === campaign.id);
    const ownUses = own.map((coupon) => usesOf.get(coupon.id));
    // Each paid order's total in USD at the rate stored with it, converted once by the money module.
    const revenueUsdMinor = paid
      .filter((row) => row.campaignId === campaign.id)
      .reduce((sum, row) => sum + convertMinor(row.totalMinor, row.rate, BASE_RATE), 0);
    return {
      campaign,
      products: campaign.productIds.flatMap((id) => {
        const title = titleOf.get(id);
        return title === undefined ? [] : [{ id, title }];
      }),
      storeName: campaign.storeId ? (storeNameOf.get(campaign.storeId) ?? null) : null,
      coupons: own.map((coupon, index) => ({
        id: coupon.id,
        code: coupon.code,
        redemptions: ownUses[index]?.uses ?? 0,
        createdAt: coupon.createdAt,
      })),
      results: {
        orders: ownUses.reduce((sum, row) => sum + (row?.uses ?? 0), 0),
        discountUsdMinor: ownUses.reduce((sum, row) => sum + Number(row?.discountUsdMinor ?? 0), 0),
        revenueUsdMinor,
      },
    };
  });
}

/** The ids among `ids` that name no product. */
export async function unknownProducts(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertCampaign(
  db: Database,
  values: CampaignValues & { createdBy: string },
): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned no row');
  return row;
}

/** Saves a campaign's new values; answers the row before and after, or null when there is no such campaign. */
export async function updateCampaign(
  db: Database,
  id: string,
  values: Partial<CampaignValues>,
  now: Date,
): Promise<{ before: CampaignRow; after: CampaignRow } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: now })
      .where(eq(campaigns.id, id))
      .returning();
    if (!after) throw new Error('campaign update returned no row');
    return { before, after };
  });
}

/**
 * Ends a campaign now: its end moves to `now` (and a campaign that has not started also starts now, so it never
 * runs). Answers the row before and after; 'ended' when it had ended already; null when there is no such campaign.
 */
export async function endCampaign(
  db: Database,
  id: string,
  now: Date,
): Promise<{ before: CampaignRow; after: CampaignRow } | 'ended' | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!before) return null;
    if (before.endsAt <= now) return 'ended';
    const [after] = await tx
      .update(campaigns)
      .set({ endsAt: now, ...(before.startsAt > now ? { startsAt: now } : {}), updatedAt: now })
      .where(eq(campaigns.id, id))
      .returning();
    if (!after) throw new Error('campaign update returned no row');
    return { before, after };
  });
}

/** How many orders used the campaign's codes, whatever became of them. */
async function usesOfCampaign(db: Database, id: string): Promise<number> {
  const [row] = await db
    .select({ uses: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.campaignId, id));
  return row?.uses ?? 0;
}

/**
 * Deletes a campaign and its codes, unless an order used one: its results would go with it. With `storeId`, only
 * that store's campaign (another's is not found).
 */
export async function deleteCampaign(
  db: Database,
  id: string,
  storeId?: string,
): Promise<'deleted' | 'not_found' | 'used'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(campaignIs(id, storeId))
      .for('update');
    if (!row) return 'not_found';
    if ((await usesOfCampaign(tx, id)) > 0) return 'used';
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    return 'deleted';
  });
}

/** Thrown inside a transaction to roll it back when a code is taken. */
class CodeTaken extends Error {}

/**
 * A vendor's coupon: a campaign scoped to the store with its one code, written together; 'taken' (and nothing
 * written) when any campaign has the code already.
 */
export async function insertStoreCoupon(
  db: Database,
  input: { storeId: string; code: string; values: CampaignValues; createdBy: string },
): Promise<CampaignRow | 'taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...input.values, storeId: input.storeId, createdBy: input.createdBy })
        .returning();
      if (!row) throw new Error('campaign insert returned no row');
      const added = await tx
        .insert(coupons)
        .values({ campaignId: row.id, code: input.code })
        .onConflictDoNothing({ target: coupons.code })
        .returning({ id: coupons.id });
      if (added.length === 0) throw new CodeTaken();
      return row;
    });
  } catch (error) {
    if (error instanceof CodeTaken) return 'taken';
    throw error;
  }
}

/**
 * Saves a vendor's coupon: its campaign's values and its code. Null when the store has no such coupon; 'taken'
 * when another campaign has the code; 'used' when the code would change after orders used it. Nothing is
 * written unless all of it is.
 */
export async function updateStoreCoupon(
  db: Database,
  input: { id: string; storeId: string; code: string; values: CampaignValues; now: Date },
): Promise<CampaignRow | 'taken' | 'used' | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(campaigns)
      .where(campaignIs(input.id, input.storeId))
      .for('update');
    if (!before) return null;
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(eq(coupons.campaignId, before.id))
      .orderBy(asc(coupons.createdAt))
      .limit(1);
    if (coupon && coupon.code !== input.code) {
      if ((await usesOfCampaign(tx, before.id)) > 0) return 'used';
      const [other] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, input.code));
      if (other) return 'taken';
      await tx.update(coupons).set({ code: input.code }).where(eq(coupons.id, coupon.id));
    } else if (!coupon) {
      const added = await tx
        .insert(coupons)
        .values({ campaignId: before.id, code: input.code })
        .onConflictDoNothing({ target: coupons.code })
        .returning({ id: coupons.id });
      if (added.length === 0) return 'taken';
    }
    const [after] = await tx
      .update(campaigns)
      .set({ ...input.values, updatedAt: input.now })
      .where(eq(campaigns.id, before.id))
      .returning();
    if (!after) throw new Error('campaign update returned no row');
    return after;
  });
}

/** Adds a code; 'taken' when any campaign has it already. */
export async function addCoupon(db: Database, campaignId: string, code: string): Promise<'added' | 'taken'> {
  const inserted = await db
    .insert(coupons)
    .values({ campaignId, code })
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id });
  return inserted.length > 0 ? 'added' : 'taken';
}

/** Removes one of a campaign's codes, unless an order used it. Answers the code removed. */
export async function deleteCoupon(
  db: Database,
  campaignId: string,
  couponId: string,
): Promise<{ outcome: 'deleted' | 'used'; code: string } | null> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.campaignId, campaignId)))
      .for('update');
    if (!coupon) return null;
    const [used] = await tx
      .select({ uses: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    if ((used?.uses ?? 0) > 0) return { outcome: 'used', code: coupon.code };
    await tx.delete(coupons).where(eq(coupons.id, couponId));
    return { outcome: 'deleted', code: coupon.code };
  });
}

/** The activity log's entries about campaigns, newest first: the campaign log. */
export async function listCampaignLog(
  db: Database,
  page: { page: number; limit: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = like(activityLog.action, 'campaign.%');
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.at), desc(activityLog.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return { rows: rows.map((entry) => ({ entry, sessionSeconds: null })), total: counted?.total ?? 0 };
}
