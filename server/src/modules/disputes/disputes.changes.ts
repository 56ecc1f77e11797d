import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { disputeEvidence, disputeMessages, disputes, orders } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { createRefund } from '../refunds/index.ts';
import { NOT_YOUR_EVIDENCE } from './disputes.evidence.ts';
import {
  DISPUTE_NOT_FOUND,
  type DisputeActor,
  DisputeRejection,
  type DisputeRow,
  visibleTo,
} from './disputes.repository.ts';
import {
  CANNOT_ESCALATE,
  canMoveStatus,
  type DisputePriority,
  type DisputeStatus,
  ESCALATABLE,
  escalatedPriority,
  MOVE_NOT_ALLOWED,
  REFUND_IN_ORDER_CURRENCY,
  REFUNDING_ACTIONS,
  type ResolutionToRecord,
  SETTLED,
} from './disputes.workflow.ts';

// The dispute's workflow writes: opening it, the shopper's escalation, and staff's status and priority changes,
// each in one transaction on the locked dispute.

type DisputeCategory = DisputeRow['category'];
type StaffStatus = Exclude<DisputeStatus, 'escalated'>;

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
export async function lockDispute(
  tx: Transaction,
  id: string,
  actor: DisputeActor | 'staff',
): Promise<DisputeRow> {
  if (!isUuid(id)) throw new DisputeRejection('not_found', DISPUTE_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, id), actor === 'staff' ? undefined : visibleTo(actor)))
    .for('update');
  if (!row) throw new DisputeRejection('not_found', DISPUTE_NOT_FOUND);
  return row;
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
