import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderForwardings } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';
import { ForwardingRejection, syncForwarding } from './forwarding.repository.ts';

export const TRACK_FORWARDED_ORDERS = 'forwarding.track';
/** Orders asked about per run; the rest wait for the next hour, oldest news first. */
const BATCH = 200;

/**
 * Asks the supplier, every hour, about each order forwarded and not shipped yet: a tracking number ships the
 * order (as the Sync button does), and each answer or error goes to the forwarding's log.
 */
export function trackForwardedOrdersJob(deps: {
  db: Database;
  marketplace: MarketplaceAdapter;
}): JobDefinition {
  return {
    name: TRACK_FORWARDED_ORDERS,
    cron: '17 * * * *',
    retryLimit: 2,
    run: async () => {
      const waiting = await deps.db
        .select({ orderId: orderForwardings.orderId })
        .from(orderForwardings)
        .where(and(eq(orderForwardings.status, 'Forwarded'), isNotNull(orderForwardings.aeOrderId)))
        .orderBy(asc(orderForwardings.updatedAt))
        .limit(BATCH);
      const result = { asked: 0, shipped: 0, failed: 0 };
      for (const { orderId } of waiting) {
        try {
          const outcome = await syncForwarding(deps.db, {
            orderRef: orderId,
            track: (aeOrderId) => deps.marketplace.trackOrder(aeOrderId),
          });
          result.asked += 1;
          if (!outcome.ok) result.failed += 1;
          else if (outcome.tracking.trackingNumber && outcome.tracking.status === 'shipped')
            result.shipped += 1;
        } catch (error) {
          // Moved on since it was listed (synced by staff, cancelled): nothing to ask about any more.
          if (!(error instanceof ForwardingRejection)) throw error;
        }
      }
      return result;
    },
  };
}
