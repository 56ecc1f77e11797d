import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/** A mail to send: who to, what, and its kind (for tests and the log); the sender fills in the rest. */
export type OutboxMessage = Pick<
  typeof outbox.$inferInsert,
  'to' | 'subject' | 'body' | 'kind' | 'createdAt'
>;

/**
 * Queues mail in the outbox, the one way into it. Give it the transaction of the change the mail tells of: the
 * mail is queued only if the change commits, and the delivery job (mail.jobs.ts) sends it within seconds.
 */
export async function queueMail(db: Database, messages: OutboxMessage | OutboxMessage[]): Promise<void> {
  const rows = Array.isArray(messages) ? messages : [messages];
  if (rows.length > 0) await db.insert(outbox).values(rows);
}
