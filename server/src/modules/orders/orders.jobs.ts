import type { Database } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { abandonedCheckouts } from '../payments/index.ts';
import { changeStatus, OrderChangeRejection } from './orders.status.ts';

export const ABANDONED_CHECKOUTS = 'payments.abandoned-checkouts';
export const ABANDONED_NOTE = 'The payment was not completed in time.';

/**
 * Orders waiting for a provider's payment longer than `pendingMinutes` are cancelled, so their stock goes back on
 * sale. A payment confirmed later still counts: the Payments screen shows it as paid without a paid order.
 */
export function abandonedCheckoutsJob(deps: {
  db: Database;
  pendingMinutes: number;
  now?: () => Date;
}): JobDefinition {
  return {
    name: ABANDONED_CHECKOUTS,
    cron: '*/5 * * * *',
    run: async () => cancelAbandonedCheckouts(deps),
  };
}

export async function cancelAbandonedCheckouts(deps: {
  db: Database;
  pendingMinutes: number;
  now?: () => Date;
}): Promise<{ cancelled: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const orderIds = await abandonedCheckouts(deps.db, new Date(now.getTime() - deps.pendingMinutes * 60_000));
  let cancelled = 0;
  for (const orderId of orderIds) {
    try {
      await changeStatus(deps.db, {
        orderRef: orderId,
        change: { to: 'Cancelled', note: ABANDONED_NOTE },
        actor: { name: 'system', type: 'system' },
        now,
      });
      cancelled += 1;
    } catch (error) {
      // Paid or moved on meanwhile: nothing to cancel.
      if (!(error instanceof OrderChangeRejection)) throw error;
    }
  }
  return { cancelled };
}
