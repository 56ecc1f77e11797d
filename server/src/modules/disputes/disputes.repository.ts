import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { customers, disputeEvidence, disputeMessages, disputes, orders, refunds } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { containsPattern } from '../orders/orders.admin.repository.ts';
import { isUuid } from '../orders/orders.handlers.ts';
import { createRefund } from '../refunds/refunds.repository.ts';
import { NOT_YOUR_EVIDENCE } from './disputes.evidence.ts';
import {
  CANNOT_ESCALATE,
  canMoveStatus,
  type DisputePriority,
  type DisputeStatus,
  ESCALATABLE,
  escalatedPriority,
  HOUR_MS,
  MOVE_NOT_ALLOWED,
  REFUND_IN_ORDER_CURRENCY,
  REFUNDING_ACTIONS,
  type ResolutionToRecord,
  SETTLED,
} from './disputes.workflow.ts';

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeMessageRow = typeof disputeMessages.$inferSelect;
type DisputeCategory = DisputeRow['category'];
type StaffStatus = Exclude<DisputeStatus, 'escalated'>;
export type DisputeSort = 'newest' | 'oldest' | 'longest_waiting' | 'priority';

export const DISPUTE_NOT_FOUND = 'Dispute not found.';
export const DISPUTE_CLOSED = 'This dispute is closed and takes no more messages.';

/** A dispute with what every screen shows of it. */
export interface DisputeDetails {
  dispute: DisputeRow;
  customerName: string;
  orderNumber: string | null;
  /** The linked order's currency: every refund of it is in this currency. */
  orderCurrency: string | null;
  refundNumber: number | null;
  messages: DisputeMessageRow[];
}

/** Why a dispute change cannot be made; the handler turns each kind into its HTTP answer. */
export class DisputeRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'DisputeRejection';
  }
}

/** Who is acting: the dispute's shopper (only their own disputes exist for them) or staff (every dispute). */
export type DisputeActor = { kind: 'customer'; id: string } | { kind: 'staff'; id: string; name: string };

const visibleTo = (actor: DisputeActor): SQL | undefined =>
  actor.kind === 'customer' ? eq(disputes.customerId, actor.id) : undefined;

// ---- Reading ---------------------------------------------------------------------------------------------------

const summary = {
  dispute: disputes,
  customerName: customers.name,
  orderNumber: orders.orderNumber,
  orderCurrency: orders.currency,
  refundNumber: refunds.number,
};

function summaries(db: Database) {
  return db
    .select(summary)
    .from(disputes)
    .innerJoin(customers, eq(customers.id, disputes.customerId))
    .leftJoin(orders, eq(orders.id, disputes.orderId))
    .leftJoin(refunds, eq(refunds.id, disputes.resolutionRefundId));
}

/** Adds each dispute's thread, oldest message first, with one query for all of them. */
async function withMessages(
  db: Database,
  rows: Omit<DisputeDetails, 'messages'>[],
): Promise<DisputeDetails[]> {
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(disputeMessages)
    .where(
      inArray(
        disputeMessages.disputeId,
        rows.map((row) => row.dispute.id),
      ),
    )
    .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id));
  const byDispute = new Map<string, DisputeMessageRow[]>();
  for (const message of messages) {
    const thread = byDispute.get(message.disputeId);
    if (thread) thread.push(message);
    else byDispute.set(message.disputeId, [message]);
  }
  return rows.map((row) => ({ ...row, messages: byDispute.get(row.dispute.id) ?? [] }));
}

/** One dispute the actor may see, or null (a shopper asking for another's dispute gets null too). */
export async function findDispute(
  db: Database,
  id: string,
  actor: DisputeActor,
): Promise<DisputeDetails | null> {
  if (!isUuid(id)) return null;
  const rows = await summaries(db)
    .where(and(eq(disputes.id, id), visibleTo(actor)))
    .limit(1);
  const [found] = await withMessages(db, rows);
  return found ?? null;
}

/** The shopper's disputes, newest first. */
export async function listCustomerDisputes(db: Database, customerId: string): Promise<DisputeDetails[]> {
  const rows = await summaries(db)
    .where(eq(disputes.customerId, customerId))
    .orderBy(desc(disputes.createdAt), desc(disputes.id));
  return withMessages(db, rows);
}

export interface DisputeFilters {
  q?: string;
  status?: DisputeStatus;
  category?: DisputeCategory;
  priority?: DisputePriority;
}

function disputeSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(disputes.subject, pattern),
    ilike(disputes.description, pattern),
    ilike(customers.name, pattern),
    ilike(orders.orderNumber, pattern),
    ilike(disputes.orderRef, pattern),
  );
}

const PRIORITY_FIRST = sql`CASE ${disputes.priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

function sortOf(sort: DisputeSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(disputes.createdAt), asc(disputes.id)];
    case 'longest_waiting':
      return [sql`${disputes.waitingSince} ASC NULLS LAST`, desc(disputes.createdAt), desc(disputes.id)];
    case 'priority':
      return [PRIORITY_FIRST, desc(disputes.createdAt), desc(disputes.id)];
    default:
      return [desc(disputes.createdAt), desc(disputes.id)];
  }
}

/** One page of every shopper's disputes, filtered and sorted by the database. */
export async function listDisputes(
  db: Database,
  query: DisputeFilters & { page: number; limit: number; sort: DisputeSort },
): Promise<{ rows: DisputeDetails[]; total: number }> {
  const where = and(
    disputeSearch(query.q),
    query.status ? eq(disputes.status, query.status) : undefined,
    query.category ? eq(disputes.category, query.category) : undefined,
    query.priority ? eq(disputes.priority, query.priority) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy(...sortOf(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(disputes)
      .innerJoin(customers, eq(customers.id, disputes.customerId))
      .leftJoin(orders, eq(orders.id, disputes.orderId))
      .where(where),
  ]);
  return { rows: await withMessages(db, rows), total: totals?.n ?? 0 };
}

/** Counts by status over the shopper's disputes, or over all for staff. */
export async function disputeStats(
  db: Database,
  actor: DisputeActor,
): Promise<{ total: number; open: number; byStatus: { _id: DisputeStatus; count: number }[] }> {
  const rows = await db
    .select({ status: disputes.status, n: count() })
    .from(disputes)
    .where(visibleTo(actor))
    .groupBy(disputes.status)
    .orderBy(asc(disputes.status));
  const byStatus = rows.map((row) => ({ _id: row.status, count: row.n }));
  return {
    total: byStatus.reduce((sum, row) => sum + row.count, 0),
    open: byStatus.find((row) => row._id === 'open')?.count ?? 0,
    byStatus,
  };
}

/** The shopper's order named by its `_id` or its order id (`ORD-...`, a leading `#` allowed), or null. */
export async function findOwnOrder(
  db: Database,
  customerId: string,
  ref: string,
): Promise<{ id: string; orderNumber: string } | null> {
  const text = ref.trim().replace(/^#/, '');
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        isUuid(text) ? eq(orders.id, text) : eq(orders.orderNumber, text),
      ),
    )
    .limit(1);
  return order ?? null;
}

// ---- The dashboard's figures -------------------------------------------------------------------------------

/** Disputes not resolved or closed that have waited for support longer than `hours`. */
export async function countDisputesWaitingOver(
  db: Database,
  hours: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(
      and(
        lt(disputes.waitingSince, new Date(now.getTime() - hours * HOUR_MS)),
        notInArray(disputes.status, [...SETTLED]),
      ),
    );
  return row?.n ?? 0;
}

/** Shoppers' dispute messages no staff member has read yet ('Unread Support Messages'). */
export async function countUnreadSupportMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputeMessages)
    .where(and(eq(disputeMessages.sender, 'user'), isNull(disputeMessages.readByStaffAt)));
  return row?.n ?? 0;
}

// ---- Evidence ----------------------------------------------------------------------------------------------

/** Files the shopper uploaded since `since` and has not attached to a dispute. */
export async function countPendingEvidence(db: Database, customerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputeEvidence)
    .where(
      and(
        eq(disputeEvidence.customerId, customerId),
        isNull(disputeEvidence.disputeId),
        gte(disputeEvidence.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function recordEvidence(
  db: Database,
  values: { customerId: string; fileName: string; name: string; contentType: string; size: number },
): Promise<void> {
  await db.insert(disputeEvidence).values(values);
}

// ---- Changes -----------------------------------------------------------------------------------------------

/**
 * Opens a dispute: the description is the first message and the response clock starts. The evidence files are
 * claimed in the same transaction, so one upload can back only one dispute and only its uploader's.
 */
export async function createDispute(
  db: Database,
  input: {
    customerId: string;
    subject: string;
    description: string;
    category: DisputeCategory;
    order: { id: string; orderNumber: string } | null;
    orderRef: string | null;
    evidence: { fileName: string; url: string }[];
    now?: Date;
  },
): Promise<string> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const fileNames = input.evidence.map((file) => file.fileName);
    if (fileNames.length > 0) {
      const claimable = await tx
        .select({ id: disputeEvidence.id })
        .from(disputeEvidence)
        .where(
          and(
            inArray(disputeEvidence.fileName, fileNames),
            eq(disputeEvidence.customerId, input.customerId),
            isNull(disputeEvidence.disputeId),
          ),
        )
        .for('update');
      if (claimable.length !== new Set(fileNames).size)
        throw new DisputeRejection('invalid', NOT_YOUR_EVIDENCE);
    }
    const [dispute] = await tx
      .insert(disputes)
      .values({
        customerId: input.customerId,
        orderId: input.order?.id ?? null,
        orderRef: input.orderRef,
        subject: input.subject,
        description: input.description,
        category: input.category,
        evidence: input.evidence.map((file) => file.url),
        waitingSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: disputes.id });
    if (!dispute) throw new Error('dispute insert returned no row');
    await bindToIdempotencyKey(tx, `dispute:${dispute.id}`);
    await tx
      .insert(disputeMessages)
      .values({ disputeId: dispute.id, sender: 'user', message: input.description, createdAt: now });
    if (fileNames.length > 0) {
      await tx
        .update(disputeEvidence)
        .set({ disputeId: dispute.id })
        .where(inArray(disputeEvidence.fileName, fileNames));
    }
    return dispute.id;
  });
}

/** Locks the dispute the actor may change, or throws not found. */
async function lockDispute(tx: Transaction, id: string, actor: DisputeActor | 'staff'): Promise<DisputeRow> {
  if (!isUuid(id)) throw new DisputeRejection('not_found', DISPUTE_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, id), actor === 'staff' ? undefined : visibleTo(actor)))
    .for('update');
  if (!row) throw new DisputeRejection('not_found', DISPUTE_NOT_FOUND);
  return row;
}

/** Staff have seen every shopper message in the dispute so far. */
async function markShopperMessagesRead(db: Database, disputeId: string, now: Date): Promise<number> {
  const read = await db
    .update(disputeMessages)
    .set({ readByStaffAt: now })
    .where(
      and(
        eq(disputeMessages.disputeId, disputeId),
        eq(disputeMessages.sender, 'user'),
        isNull(disputeMessages.readByStaffAt),
      ),
    )
    .returning({ id: disputeMessages.id });
  return read.length;
}

/** Staff opened the dispute: its shopper messages are read. */
export async function markReadByStaff(db: Database, disputeId: string, now = new Date()): Promise<number> {
  return isUuid(disputeId) ? markShopperMessagesRead(db, disputeId, now) : 0;
}

/**
 * Adds a message. The shopper's message starts the response clock when it is not running; a staff reply
 * stops it and marks the shopper's messages read. A closed dispute takes none.
 */
export async function addMessage(
  db: Database,
  input: { disputeId: string; actor: DisputeActor; message: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const { actor } = input;
  await db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId, actor);
    if (dispute.status === 'closed') throw new DisputeRejection('conflict', DISPUTE_CLOSED);
    await tx.insert(disputeMessages).values({
      disputeId: dispute.id,
      sender: actor.kind === 'customer' ? 'user' : 'admin',
      adminId: actor.kind === 'staff' ? actor.id : null,
      message: input.message,
      createdAt: now,
    });
    if (actor.kind === 'staff') await markShopperMessagesRead(tx, dispute.id, now);
    await tx
      .update(disputes)
      .set({
        waitingSince: actor.kind === 'customer' ? (dispute.waitingSince ?? now) : null,
        updatedAt: now,
      })
      .where(eq(disputes.id, dispute.id));
  });
}

/** The shopper escalates their open or under-review dispute. */
export async function escalateDispute(
  db: Database,
  input: { disputeId: string; customerId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId, { kind: 'customer', id: input.customerId });
    if (!ESCALATABLE.includes(dispute.status)) {
      throw new DisputeRejection('conflict', CANNOT_ESCALATE(dispute.status));
    }
    await tx
      .update(disputes)
      .set({
        status: 'escalated',
        priority: escalatedPriority(dispute.priority),
        waitingSince: dispute.waitingSince ?? now,
        updatedAt: now,
      })
      .where(eq(disputes.id, dispute.id));
  });
}

/** What a status change did, for the activity log. */
export interface StatusChange {
  from: DisputeStatus;
  to: StaffStatus;
  refund: { id: string; number: number; amountMinor: number; currency: string } | null;
}

/**
 * Moves a dispute along the workflow table. Resolving records the resolution; a refund or partial_refund on a
 * dispute linked to an order records a refund on that order in this same transaction, through the refunds
 * module (which locks the order and holds the paid-minus-refunded bound): when it refuses, nothing changes.
 */
export async function changeStatus(
  db: Database,
  input: {
    disputeId: string;
    status: StaffStatus;
    resolution: ResolutionToRecord | null;
    staffName: string;
    now?: Date;
  },
): Promise<StatusChange> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId, 'staff');
    if (!canMoveStatus(dispute.status, input.status)) {
      throw new DisputeRejection('conflict', MOVE_NOT_ALLOWED(dispute.status, input.status));
    }
    const { resolution } = input;
    let refund: StatusChange['refund'] = null;
    if (
      resolution &&
      REFUNDING_ACTIONS.includes(resolution.action) &&
      dispute.orderId !== null &&
      resolution.amountMinor !== null &&
      resolution.currency !== null
    ) {
      refund = await refundOnOrder(tx, {
        orderId: dispute.orderId,
        amountMinor: resolution.amountMinor,
        currency: resolution.currency,
        reason: `Dispute resolution: ${resolution.notes}`,
        createdBy: input.staffName,
        now,
      });
    }
    await tx
      .update(disputes)
      .set({
        status: input.status,
        ...(resolution
          ? {
              resolutionAction: resolution.action,
              resolutionAmountMinor: resolution.amountMinor,
              resolutionCurrency: resolution.currency,
              resolutionNotes: resolution.notes,
              resolvedAt: now,
              resolutionRefundId: refund?.id ?? null,
            }
          : {}),
        ...(SETTLED.includes(input.status) ? { waitingSince: null } : {}),
        updatedAt: now,
      })
      .where(eq(disputes.id, dispute.id));
    return { from: dispute.status, to: input.status, refund };
  });
}

async function refundOnOrder(
  tx: Transaction,
  input: {
    orderId: string;
    amountMinor: number;
    currency: string;
    reason: string;
    createdBy: string;
    now: Date;
  },
): Promise<NonNullable<StatusChange['refund']>> {
  const [order] = await tx
    .select({ currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order) throw new DisputeRejection('not_found', 'Order not found.');
  // The handler already defaulted the currency to the order's; this guards any other caller.
  if (input.currency !== order.currency) {
    throw new DisputeRejection('invalid', REFUND_IN_ORDER_CURRENCY(order.currency));
  }
  // The refunds module's own transaction becomes a savepoint inside this one.
  const created = await createRefund(tx, {
    orderRef: input.orderId,
    amountMinor: input.amountMinor,
    reason: input.reason,
    createdBy: input.createdBy,
    now: input.now,
  });
  return {
    id: created.refund.id,
    number: created.refund.number,
    amountMinor: created.refund.amountMinor,
    currency: created.refund.currency,
  };
}

export async function setPriority(
  db: Database,
  input: { disputeId: string; priority: DisputePriority; now?: Date },
): Promise<DisputePriority> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId, 'staff');
    await tx
      .update(disputes)
      .set({ priority: input.priority, updatedAt: now })
      .where(eq(disputes.id, dispute.id));
    return dispute.priority;
  });
}
