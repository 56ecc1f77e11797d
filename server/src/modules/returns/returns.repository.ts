import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, returnRequests } from '../../db/schema.ts';

export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type ReturnRequestStatus = ReturnRequestRow['status'];

/** Spec 3 §9 (Return & Refund): requests are taken for 7 calendar days after delivery. */
export const RETURN_WINDOW_DAYS = 7;

export const NOT_DELIVERED = 'Only a delivered order can be returned or refunded.';
export const WINDOW_CLOSED = `Returns and refunds can be requested within ${RETURN_WINDOW_DAYS} days of delivery.`;
export const ALREADY_REQUESTED = 'This order already has a request waiting for an answer.';
export const ALREADY_DECIDED = 'This request has already been answered.';

export class ReturnRejection extends Error {}

/** The shopper's order, or null when it is not theirs. */
export async function findCustomerOrder(db: Database, orderId: string, customerId: string) {
  const [order] = await db
    .select({ id: orders.id, isDelivered: orders.isDelivered, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return order ?? null;
}

export function listForOrder(db: Database, orderId: string): Promise<ReturnRequestRow[]> {
  return db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
}

/** The request, refused when the order is not delivered, the window has passed or one is already open. */
export async function createRequest(
  db: Database,
  input: { orderId: string; customerId: string; kind: ReturnRequestRow['kind']; reason: string; now: Date },
): Promise<ReturnRequestRow> {
  return db.transaction(async (tx) => {
    // The order row is locked so two requests sent at once cannot both pass the "none open" check.
    const [order] = await tx
      .select({ isDelivered: orders.isDelivered, deliveredAt: orders.deliveredAt })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order?.isDelivered) throw new ReturnRejection(NOT_DELIVERED);
    const deliveredAt = order.deliveredAt ?? input.now;
    if (input.now.getTime() - deliveredAt.getTime() > RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000) {
      throw new ReturnRejection(WINDOW_CLOSED);
    }
    const [open] = await tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(
        and(
          eq(returnRequests.orderId, input.orderId),
          inArray(returnRequests.status, ['Requested', 'Approved']),
        ),
      )
      .limit(1);
    if (open) throw new ReturnRejection(ALREADY_REQUESTED);
    const [row] = await tx
      .insert(returnRequests)
      .values({
        orderId: input.orderId,
        customerId: input.customerId,
        kind: input.kind,
        reason: input.reason,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('return request insert returned no row');
    return row;
  });
}

const staffColumns = {
  request: returnRequests,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  totalMinor: orders.totalMinor,
  currency: orders.currency,
};

export type StaffReturnRow = {
  request: ReturnRequestRow;
  orderNumber: string;
  customerName: string;
  totalMinor: number;
  currency: string;
};

export async function listForStaff(
  db: Database,
  filter: { status?: ReturnRequestStatus | undefined; page: number; limit: number },
): Promise<{ rows: StaffReturnRow[]; total: number }> {
  const where = filter.status === undefined ? undefined : eq(returnRequests.status, filter.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select(staffColumns)
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(returnRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Approves or rejects a request still waiting; null when there is no such request. */
export async function decide(
  db: Database,
  input: { id: string; status: 'Approved' | 'Rejected'; note: string | null; adminId: string; now: Date },
): Promise<StaffReturnRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, input.id))
      .for('update');
    if (!current) return null;
    if (current.status !== 'Requested') throw new ReturnRejection(ALREADY_DECIDED);
    await tx
      .update(returnRequests)
      .set({ status: input.status, note: input.note, decidedByAdminId: input.adminId, decidedAt: input.now })
      .where(eq(returnRequests.id, input.id));
    const [row] = await tx
      .select(staffColumns)
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(eq(returnRequests.id, input.id));
    return row ?? null;
  });
}
