import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderItems,
  orders,
  parcelClaimPhotos,
  parcelClaims,
  parcelItems,
  supplierParcels,
} from '../../db/schema.ts';

export type ClaimRow = typeof parcelClaims.$inferSelect;
export type ClaimPhotoRow = typeof parcelClaimPhotos.$inferSelect;
export type ParcelRow = typeof supplierParcels.$inferSelect;
export type ClaimKind = ClaimRow['kind'];
export type ClaimStatus = ClaimRow['status'];

/** Without a promised date, a parcel counts as lost this long after its supplier order was placed. */
export const UNPROMISED_WINDOW_DAYS = 60;
export const MAX_CLAIM_PHOTOS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export const CLAIM_NOT_FOUND = 'Claim not found.';
export const PARCEL_NOT_FOUND = 'Parcel not found.';
export const ALREADY_DELIVERED = 'This parcel was delivered. If it arrived damaged, report it as damaged.';
export const NOT_SENT_YET = 'This parcel has not been sent yet.';
export const NOT_DELIVERED_YET = 'You can report damage once the parcel has been delivered.';
export const ALREADY_CLAIMED = 'This parcel already has a claim waiting for an answer.';
export const ALREADY_RESOLVED = 'This claim has already been settled.';
export const tooEarlyMessage = (from: Date) =>
  `You can report a parcel that never arrived from ${from.toISOString().slice(0, 10)}, when its delivery window ends.`;

/** Why a claim cannot be made or changed; the handler answers `conflict` with 409 and `invalid` with 422. */
export class ClaimRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ClaimRejection';
  }
}

/** When a parcel that has not arrived counts as lost: its promised date, else a fixed window from its placing. */
export function lostFrom(parcel: Pick<ParcelRow, 'promisedBy' | 'placedAt'>): Date | null {
  if (parcel.promisedBy) return parcel.promisedBy;
  if (parcel.placedAt) return new Date(parcel.placedAt.getTime() + UNPROMISED_WINDOW_DAYS * DAY_MS);
  return null;
}

/** The parcel of the shopper's own order, or null (another shopper's answers the same as none). */
export async function findOwnParcel(
  db: Database,
  input: { orderId: string; parcelId: string; customerId: string },
): Promise<ParcelRow | null> {
  const [row] = await db
    .select({ parcel: supplierParcels })
    .from(supplierParcels)
    .innerJoin(orders, eq(orders.id, supplierParcels.orderId))
    .where(
      and(
        eq(supplierParcels.id, input.parcelId),
        eq(supplierParcels.orderId, input.orderId),
        eq(orders.customerId, input.customerId),
      ),
    );
  return row?.parcel ?? null;
}

/** The shopper's own order's id, or null. */
export async function findOwnOrder(
  db: Database,
  orderId: string,
  customerId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return row?.id ?? null;
}

/**
 * Opens a claim: "never arrived" once the parcel's window has passed and it is not delivered, "damaged" once it is
 * delivered; one open claim per parcel. The parcel row is locked so two claims sent at once meet one after the other.
 */
export async function openClaim(
  db: Database,
  input: { parcelId: string; customerId: string; kind: ClaimKind; description: string; now: Date },
): Promise<ClaimRow> {
  return db.transaction(async (tx) => {
    const [parcel] = await tx
      .select()
      .from(supplierParcels)
      .where(eq(supplierParcels.id, input.parcelId))
      .for('update');
    if (!parcel) throw new ClaimRejection('not_found', PARCEL_NOT_FOUND);
    if (input.kind === 'never_arrived') {
      if (parcel.status === 'Delivered') throw new ClaimRejection('invalid', ALREADY_DELIVERED);
      const from = lostFrom(parcel);
      if (from === null) throw new ClaimRejection('invalid', NOT_SENT_YET);
      if (input.now < from) throw new ClaimRejection('invalid', tooEarlyMessage(from));
    } else if (parcel.status !== 'Delivered') {
      throw new ClaimRejection('invalid', NOT_DELIVERED_YET);
    }
    const [open] = await tx
      .select({ id: parcelClaims.id })
      .from(parcelClaims)
      .where(and(eq(parcelClaims.parcelId, parcel.id), eq(parcelClaims.status, 'open')));
    if (open) throw new ClaimRejection('conflict', ALREADY_CLAIMED);
    const [row] = await tx
      .insert(parcelClaims)
      .values({
        orderId: parcel.orderId,
        parcelId: parcel.id,
        customerId: input.customerId,
        kind: input.kind,
        description: input.description,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('claim insert returned no row');
    return row;
  });
}

export function claimsOfOrder(db: Database, orderId: string): Promise<ClaimRow[]> {
  return db
    .select()
    .from(parcelClaims)
    .where(eq(parcelClaims.orderId, orderId))
    .orderBy(desc(parcelClaims.createdAt), desc(parcelClaims.id));
}

export async function findOwnClaim(
  db: Database,
  claimId: string,
  customerId: string,
): Promise<ClaimRow | null> {
  const [row] = await db
    .select()
    .from(parcelClaims)
    .where(and(eq(parcelClaims.id, claimId), eq(parcelClaims.customerId, customerId)));
  return row ?? null;
}

export async function findClaim(db: Database, claimId: string): Promise<ClaimRow | null> {
  const [row] = await db.select().from(parcelClaims).where(eq(parcelClaims.id, claimId));
  return row ?? null;
}

// ---------------------------------------------------------------- photos

export async function countPhotos(db: Database, claimId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(parcelClaimPhotos)
    .where(eq(parcelClaimPhotos.claimId, claimId));
  return row?.n ?? 0;
}

/** Adds a photo to the shopper's open claim, under the claim's lock: 'not-found', 'closed' or 'full' otherwise. */
export async function insertPhoto(
  db: Database,
  input: Omit<typeof parcelClaimPhotos.$inferInsert, 'id' | 'createdAt'> & { customerId: string },
): Promise<ClaimPhotoRow | 'not-found' | 'closed' | 'full'> {
  const { customerId, ...photo } = input;
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ status: parcelClaims.status })
      .from(parcelClaims)
      .where(and(eq(parcelClaims.id, photo.claimId), eq(parcelClaims.customerId, customerId)))
      .for('update');
    if (!claim) return 'not-found';
    if (claim.status !== 'open') return 'closed';
    if ((await countPhotos(tx, photo.claimId)) >= MAX_CLAIM_PHOTOS) return 'full';
    const [row] = await tx.insert(parcelClaimPhotos).values(photo).returning();
    if (!row) throw new Error('claim photo not recorded');
    await tx.update(parcelClaims).set({ updatedAt: new Date() }).where(eq(parcelClaims.id, photo.claimId));
    return row;
  });
}

/** Each claim's photos, oldest first. */
export async function photosOf(db: Database, claimIds: string[]): Promise<Map<string, ClaimPhotoRow[]>> {
  const byClaim = new Map<string, ClaimPhotoRow[]>();
  if (claimIds.length === 0) return byClaim;
  const rows = await db
    .select()
    .from(parcelClaimPhotos)
    .where(inArray(parcelClaimPhotos.claimId, claimIds))
    .orderBy(asc(parcelClaimPhotos.createdAt), asc(parcelClaimPhotos.id));
  for (const row of rows) byClaim.set(row.claimId, [...(byClaim.get(row.claimId) ?? []), row]);
  return byClaim;
}

// ---------------------------------------------------------------- staff

export interface StaffClaimRow {
  claim: ClaimRow;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  currency: string;
  parcel: ParcelRow;
}

const staffColumns = {
  claim: parcelClaims,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  currency: orders.currency,
  parcel: supplierParcels,
};

export async function listClaims(
  db: Database,
  filter: { status?: ClaimStatus | undefined; kind?: ClaimKind | undefined; page: number; limit: number },
): Promise<{ rows: StaffClaimRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(parcelClaims.status, filter.status));
  if (filter.kind) conditions.push(eq(parcelClaims.kind, filter.kind));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(staffColumns)
      .from(parcelClaims)
      .innerJoin(orders, eq(orders.id, parcelClaims.orderId))
      .innerJoin(supplierParcels, eq(supplierParcels.id, parcelClaims.parcelId))
      .where(where)
      .orderBy(desc(parcelClaims.createdAt), desc(parcelClaims.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(parcelClaims).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findStaffClaim(db: Database, claimId: string): Promise<StaffClaimRow | null> {
  const [row] = await db
    .select(staffColumns)
    .from(parcelClaims)
    .innerJoin(orders, eq(orders.id, parcelClaims.orderId))
    .innerJoin(supplierParcels, eq(supplierParcels.id, parcelClaims.parcelId))
    .where(eq(parcelClaims.id, claimId));
  return row ?? null;
}

export interface ParcelLine {
  orderItemId: string;
  name: string;
  quantity: number;
  /** The line's price for the parcel's quantity, in the order's currency. */
  valueMinor: number;
  productId: string | null;
  aeProductId: string;
  aeSkuId: string;
  aeSkuAttr: string;
  source: string;
}

/** What a parcel carries, each line valued at its share of the order line. */
export async function parcelLines(db: Database, parcelId: string): Promise<ParcelLine[]> {
  const rows = await db
    .select({ item: parcelItems, line: orderItems })
    .from(parcelItems)
    .innerJoin(orderItems, eq(orderItems.id, parcelItems.orderItemId))
    .where(eq(parcelItems.parcelId, parcelId))
    .orderBy(asc(orderItems.position), asc(parcelItems.id));
  return rows.map(({ item, line }) => ({
    orderItemId: line.id,
    name: line.name,
    quantity: item.quantity,
    valueMinor: Math.round((line.lineTotalMinor * item.quantity) / line.quantity),
    productId: line.productId,
    aeProductId: item.aeProductId,
    aeSkuId: item.aeSkuId,
    aeSkuAttr: item.aeSkuAttr,
    source: item.source,
  }));
}

/** Locks an open claim for a change; rejects a settled one. */
export async function lockOpenClaim(tx: Database, claimId: string): Promise<ClaimRow> {
  const [claim] = await tx.select().from(parcelClaims).where(eq(parcelClaims.id, claimId)).for('update');
  if (!claim) throw new ClaimRejection('not_found', CLAIM_NOT_FOUND);
  if (claim.status !== 'open') throw new ClaimRejection('conflict', ALREADY_RESOLVED);
  return claim;
}

export async function settleClaim(
  tx: Database,
  claimId: string,
  change: Pick<ClaimRow, 'status' | 'staffNote' | 'resolvedByAdminId' | 'resolvedAt'> &
    Partial<Pick<ClaimRow, 'refundId' | 'reshipParcelId'>>,
): Promise<void> {
  await tx
    .update(parcelClaims)
    .set({ ...change, updatedAt: change.resolvedAt ?? new Date() })
    .where(eq(parcelClaims.id, claimId));
}

/**
 * A new parcel that sends the claimed parcel's items again: the next number in its order, `reshipOf` naming the
 * claimed one, Pending until it is placed with the supplier.
 */
export async function insertReshipment(tx: Database, parcel: ParcelRow, now: Date): Promise<ParcelRow> {
  // The order's parcels are numbered under the order's lock, so two reshipments never take the same number.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, parcel.orderId)).for('update');
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${supplierParcels.number}), 0)` })
    .from(supplierParcels)
    .where(eq(supplierParcels.orderId, parcel.orderId));
  const [created] = await tx
    .insert(supplierParcels)
    .values({
      orderId: parcel.orderId,
      number: Number(last?.n ?? 0) + 1,
      supplierId: parcel.supplierId,
      supplierName: parcel.supplierName,
      reshipOf: parcel.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('parcel insert returned no row');
  const items = await tx.select().from(parcelItems).where(eq(parcelItems.parcelId, parcel.id));
  if (items.length > 0) {
    await tx
      .insert(parcelItems)
      .values(items.map(({ id: _id, parcelId: _parcel, ...item }) => ({ ...item, parcelId: created.id })));
  }
  return created;
}

// ---------------------------------------------------------------- the supplier's dispute

/** Claims whose dispute is still to be opened, or open at the supplier: what the hourly job asks about. */
export function claimsToFollow(
  db: Database,
  limit: number,
): Promise<Array<Pick<ClaimRow, 'id' | 'kind' | 'createdAt' | 'disputeId'>>> {
  return db
    .select({
      id: parcelClaims.id,
      kind: parcelClaims.kind,
      createdAt: parcelClaims.createdAt,
      disputeId: parcelClaims.disputeId,
    })
    .from(parcelClaims)
    .where(
      or(
        and(isNull(parcelClaims.disputeId), eq(parcelClaims.status, 'open')),
        eq(parcelClaims.disputeStatus, 'open'),
      ),
    )
    .orderBy(sql`${parcelClaims.disputeCheckedAt} asc nulls first`, asc(parcelClaims.createdAt))
    .limit(limit);
}

export async function recordDispute(
  db: Database,
  claimId: string,
  change: Partial<Pick<ClaimRow, 'disputeId' | 'disputeStatus' | 'supplierAnswer' | 'disputeError'>> & {
    now: Date;
    attempted: boolean;
  },
): Promise<ClaimRow | null> {
  const { now, attempted, ...fields } = change;
  const [row] = await db
    .update(parcelClaims)
    .set({
      ...fields,
      disputeCheckedAt: now,
      ...(attempted ? { disputeAttempts: sql`${parcelClaims.disputeAttempts} + 1` } : {}),
    })
    .where(eq(parcelClaims.id, claimId))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------- reports
