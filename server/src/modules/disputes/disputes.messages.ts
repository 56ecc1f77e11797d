import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { disputeMessages, disputes } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { lockDispute } from './disputes.changes.ts';
import { type DisputeActor, DisputeRejection } from './disputes.repository.ts';

// A dispute's conversation: new messages, the response clock they start or stop, and staff's read marks.

export const DISPUTE_CLOSED = 'This dispute is closed and takes no more messages.';

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
