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
import type { Database } from '../../db/client.ts';
import { customers, disputeEvidence, disputeMessages, disputes, orders, refunds } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { type DisputePriority, type DisputeStatus, HOUR_MS, SETTLED } from './disputes.workflow.ts';

// A dispute's shapes and its reads. The workflow writes live in disputes.changes.ts, the conversation in
// disputes.messages.ts.

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeMessageRow = typeof disputeMessages.$inferSelect;
type DisputeCategory = DisputeRow['category'];
export type DisputeSort = 'newest' | 'oldest' | 'longest_waiting' | 'priority';

export const DISPUTE_NOT_FOUND = 'Dispute not found.';

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

export const visibleTo = (actor: DisputeActor): SQL | undefined =>
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
