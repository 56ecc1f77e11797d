import type { Database } from '../../db/client.ts';
import type { OutboundClient } from '../../http/outbound.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { connectionOf, readCourierSettings, refreshTracking } from './couriers.repository.ts';

export const TRACK_SHIPPED_ORDERS = 'courier.track';

/** Every hour, shipped orders the courier reports delivered become Delivered; nothing runs until it is set up. */
export function courierTrackingJob(deps: {
  db: Database;
  secrets: SecretBox;
  outbound: OutboundClient;
}): JobDefinition {
  return {
    name: TRACK_SHIPPED_ORDERS,
    cron: '43 * * * *',
    retryLimit: 1,
    run: async () => {
      const connection = connectionOf(await readCourierSettings(deps.db, deps.secrets));
      if (!connection) return { skipped: 'no courier connected' };
      return refreshTracking(deps.db, deps.outbound, connection);
    },
  };
}
