import type { Database } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { CLAIM_MS, deliverOutbox, type MailTransport, outboxDue } from './mail.sender.ts';

export const DELIVER_MAIL = 'mail.deliver';

/**
 * Outbox delivery as a job of the store's queue, so BACKGROUND_JOBS=false stops it with the rest. Each instance
 * looks every few seconds whether a message is due and, if so, sends one run (the queue keeps at most one
 * waiting); the outbox rows keep their own tries and waits (mail.sender.ts), so the job itself is not retried.
 */
export function deliverMailJob(deps: {
  db: Database;
  transport: MailTransport;
  from: string;
  wakeSeconds?: number;
}): JobDefinition {
  return {
    name: DELIVER_MAIL,
    retryLimit: 0,
    expireInSeconds: CLAIM_MS / 1000,
    wake: { everySeconds: deps.wakeSeconds ?? 3, due: () => outboxDue(deps.db) },
    run: async () => deliverOutbox(deps.db, deps.transport, { from: deps.from }),
  };
}
