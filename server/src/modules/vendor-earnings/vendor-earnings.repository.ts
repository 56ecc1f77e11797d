import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, stores, vendorLedger } from '../../db/schema.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { readStoreSettings } from '../settings/index.ts';

// Reading a vendor's ledger and the two changes staff make: recording a payout and setting the store's commission.

export type LedgerKind = (typeof vendorLedger.$inferSelect)['kind'];

/** The ledger's sums by kind (USD minor units, signed as stored) and the commission new lines pay. */
export interface EarningsFigures {
  totals: Record<LedgerKind, number>;
  commissionBasisPoints: number;
  commissionIsDefault: boolean;
}

/** A ledger row with the order and line it is about. */
export interface LedgerEntryRow {
  id: string;
  createdAt: Date;
  kind: LedgerKind;
  amountMinor: number;
  orderNumber: string | null;
  lineName: string | null;
  orderAmountMinor: number | null;
  orderCurrency: string | null;
  reference: string | null;
  note: string | null;
}

/** The same words as the vendors module's answer for an unknown store (its handlers are private to it). */
export const VENDOR_NOT_FOUND = 'Vendor not found.';
export const EXCEEDS_BALANCE = 'The payout cannot be more than the balance.';
export const NOT_POSITIVE = 'The payout must be more than 0.';

/** The vendor store's commission setting; null when the id names no vendor store. */
async function vendorCommission(db: Database, storeId: string, lock = false) {
  const query = db
    .select({ commissionBasisPoints: stores.commissionBasisPoints })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.kind, 'vendor')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The balance is the sum of the rows, whatever their kind. */
export const balanceOf = (totals: Record<LedgerKind, number>) =>
  Object.values(totals).reduce((sum, amount) => sum + amount, 0);

async function totalsOf(db: Database, storeId: string): Promise<Record<LedgerKind, number>> {
  const rows = await db
    .select({ kind: vendorLedger.kind, sum: sql<string>`coalesce(sum(${vendorLedger.amountMinor}), 0)` })
    .from(vendorLedger)
    .where(eq(vendorLedger.storeId, storeId))
    .groupBy(vendorLedger.kind);
  const totals: Record<LedgerKind, number> = {
    sale: 0,
    commission: 0,
    refund: 0,
    commission_reversal: 0,
    payout: 0,
  };
  for (const row of rows) totals[row.kind] = Number(row.sum);
  return totals;
}

/** The vendor store's figures; null when the id names no vendor store. */
export async function earningsFigures(db: Database, storeId: string): Promise<EarningsFigures | null> {
  const store = await vendorCommission(db, storeId);
  if (!store) return null;
  const [totals, settings] = await Promise.all([totalsOf(db, storeId), readStoreSettings(db)]);
  return {
    totals,
    commissionBasisPoints: store.commissionBasisPoints ?? settings.vendorCommissionBasisPoints,
    commissionIsDefault: store.commissionBasisPoints === null,
  };
}

/** One page of the store's rows, newest first. */
export async function listLedger(
  db: Database,
  storeId: string,
  page: { page: number; limit: number },
): Promise<{ rows: LedgerEntryRow[]; total: number }> {
  const where = eq(vendorLedger.storeId, storeId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: vendorLedger.id,
        createdAt: vendorLedger.createdAt,
        kind: vendorLedger.kind,
        amountMinor: vendorLedger.amountMinor,
        orderNumber: orders.orderNumber,
        lineName: orderItems.name,
        orderAmountMinor: vendorLedger.orderAmountMinor,
        orderCurrency: vendorLedger.orderCurrency,
        reference: vendorLedger.reference,
        note: vendorLedger.note,
      })
      .from(vendorLedger)
      .leftJoin(orders, eq(orders.id, vendorLedger.orderId))
      .leftJoin(orderItems, eq(orderItems.id, vendorLedger.orderItemId))
      .where(where)
      .orderBy(desc(vendorLedger.createdAt), desc(vendorLedger.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(vendorLedger).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Why a payout cannot be recorded: the handler answers 404 or 422 with the message. */
export class PayoutRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'unprocessable',
    message: string,
  ) {
    super(message);
    this.name = 'PayoutRejection';
  }
}

/**
 * Records a payout staff made outside the store, with its activity entry, in one transaction. The store's row is
 * locked first, so two payouts recorded at once are served one after the other and together never pass the balance.
 */
export async function recordPayout(
  db: Database,
  input: {
    storeId: string;
    amountMinor: number;
    reference: string;
    note: string | null;
    createdBy: string;
    now?: Date;
  },
  activity: (balanceAfterMinor: number) => ActivityEntry,
): Promise<void> {
  if (input.amountMinor <= 0) throw new PayoutRejection('unprocessable', NOT_POSITIVE);
  await db.transaction(async (tx) => {
    if (!(await vendorCommission(tx, input.storeId, true))) {
      throw new PayoutRejection('not_found', VENDOR_NOT_FOUND);
    }
    const balance = balanceOf(await totalsOf(tx, input.storeId));
    if (input.amountMinor > balance) throw new PayoutRejection('unprocessable', EXCEEDS_BALANCE);
    await tx.insert(vendorLedger).values({
      storeId: input.storeId,
      kind: 'payout',
      amountMinor: -input.amountMinor,
      reference: input.reference,
      note: input.note,
      createdBy: input.createdBy,
      ...(input.now ? { createdAt: input.now } : {}),
    });
    await insertActivity(tx, activity(balance - input.amountMinor));
  });
}

/**
 * Sets the store's commission (null: the default) with its activity entry; answers the setting before, or
 * undefined when the id names no vendor store.
 */
export async function setCommission(
  db: Database,
  storeId: string,
  basisPoints: number | null,
  activity: (before: number | null) => ActivityEntry | null,
): Promise<{ before: number | null } | undefined> {
  return db.transaction(async (tx) => {
    const store = await vendorCommission(tx, storeId, true);
    if (!store) return undefined;
    await tx
      .update(stores)
      .set({ commissionBasisPoints: basisPoints, updatedAt: new Date() })
      .where(eq(stores.id, storeId));
    const entry = activity(store.commissionBasisPoints);
    if (entry) await insertActivity(tx, entry);
    return { before: store.commissionBasisPoints };
  });
}
