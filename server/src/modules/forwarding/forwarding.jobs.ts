import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderForwardings,
  orderItems,
  orders,
  productSupplierSettings,
  products,
  supplierParcels,
} from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { ParcelRejection, placeParcel } from './forwarding.parcels.ts';
import { ForwardingRejection, forwardOrder, hasMarketplaceItems } from './forwarding.repository.ts';
import { parcelsDueForTracking, raiseSilenceAlerts, trackParcel } from './forwarding.tracking.ts';
import { raiseWarningsAhead } from './forwarding.warnings.ts';

export const TRACK_FORWARDED_ORDERS = 'forwarding.track';
export const AUTO_FORWARD_ORDERS = 'forwarding.auto';
/** Parcels asked about per run; the rest wait for the next run, least recently asked first. */
const TRACK_BATCH = 100;
/**
 * Pause between two tracking questions: at most 4 a second, well inside the Open Platform's per-app limit, so a
 * large batch never has its later questions refused.
 */
const TRACK_SPACING_MS = 250;
/** Orders forwarded per run; the rest go a minute later. */
const FORWARD_BATCH = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every minute, asks the supplier about each placed parcel not yet delivered whose last question is older than the
 * store's cadence (default 15 minutes): its scans, Shipped with a tracking number, Delivered when the carrier says
 * so (and the order with it). Then raises the silence alerts: no tracking number after 7 days, no news for 48 hours.
 */
export function trackForwardedOrdersJob(deps: {
  db: Database;
  marketplace: MarketplaceAdapter;
  spacingMs?: number;
  now?: () => Date;
}): JobDefinition {
  const spacing = deps.spacingMs ?? TRACK_SPACING_MS;
  return {
    name: TRACK_FORWARDED_ORDERS,
    cron: '* * * * *',
    retryLimit: 2,
    run: async () => {
      const now = deps.now?.() ?? new Date();
      const settings = await readStoreSettings(deps.db);
      const due = await parcelsDueForTracking(deps.db, now, settings.trackingSyncMinutes, TRACK_BATCH);
      const result = { asked: 0, shipped: 0, delivered: 0, failed: 0, noTracking: 0, noUpdate: 0 };
      for (const [index, { id }] of due.entries()) {
        if (index > 0 && spacing > 0) await sleep(spacing);
        try {
          const outcome = await trackParcel(deps.db, { marketplace: deps.marketplace, parcelId: id, now });
          result.asked += 1;
          if (!outcome.ok) result.failed += 1;
          else if (outcome.parcel.status === 'Delivered') result.delivered += 1;
          else if (outcome.parcel.status === 'Shipped') result.shipped += 1;
        } catch (error) {
          // Moved on since it was listed (synced by staff, reshipped): nothing to ask about any more.
          if (!(error instanceof ParcelRejection)) throw error;
        }
      }
      Object.assign(result, await raiseSilenceAlerts(deps.db, now));
      return result;
    },
  };
}

/**
 * Paid orders whose fraud-review delay has passed and that were never forwarded, when every marketplace product in
 * them forwards on its own: its own switch (`product_supplier_settings.autoForward`), else the store's.
 */
async function ordersDueForForwarding(db: Database, now: Date) {
  const settings = await readStoreSettings(db);
  const paidBefore = new Date(now.getTime() - settings.autoForwardDelayMinutes * 60_000);
  const optsOut = sql`exists (
    select 1 from ${orderItems}
    join ${products} on ${products.id} = ${orderItems.productId} and ${products.source} = 'aliexpress'
    left join ${productSupplierSettings} on ${productSupplierSettings.productId} = ${products.id}
    where ${orderItems.orderId} = ${orders.id}
      and not coalesce(${productSupplierSettings.autoForward}, ${settings.autoForwardOrders}))`;
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.isPaid, true),
        lte(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`, paidBefore),
        sql`${orders.status} not in ('Cancelled', 'Failed', 'Shipped', 'Delivered', 'Completed')`,
        sql`not exists (select 1 from ${orderForwardings} where ${orderForwardings.orderId} = ${orders.id})`,
        hasMarketplaceItems,
        sql`not ${optsOut}`,
      ),
    )
    .orderBy(asc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`))
    .limit(FORWARD_BATCH);
}

/**
 * Every minute: forwards the paid orders due (as `system`), tries again the parcels whose transient failure's
 * backoff has passed, and raises the warnings ahead (supplier links lapsing, stock short of open orders).
 */
export function autoForwardOrdersJob(deps: {
  db: Database;
  marketplace: MarketplaceAdapter;
  now?: () => Date;
}): JobDefinition {
  return {
    name: AUTO_FORWARD_ORDERS,
    cron: '* * * * *',
    retryLimit: 1,
    run: async () => {
      const now = deps.now?.() ?? new Date();
      const result = { forwarded: 0, failed: 0, retried: 0, lapsing: 0, short: 0 };
      for (const { id } of await ordersDueForForwarding(deps.db, now)) {
        try {
          const outcome = await forwardOrder(deps.db, {
            orderRef: id,
            staffName: 'system',
            marketplace: deps.marketplace,
            now,
          });
          if (outcome.ok) result.forwarded += 1;
          else result.failed += 1;
        } catch (error) {
          if (!(error instanceof ForwardingRejection)) throw error;
        }
      }
      const retries = await deps.db
        .select({ id: supplierParcels.id })
        .from(supplierParcels)
        .where(
          and(
            eq(supplierParcels.status, 'Failed'),
            isNotNull(supplierParcels.retryAt),
            lte(supplierParcels.retryAt, now),
          ),
        )
        .orderBy(asc(supplierParcels.retryAt))
        .limit(FORWARD_BATCH);
      for (const { id } of retries) {
        try {
          await placeParcel(deps.db, { marketplace: deps.marketplace, parcelId: id, by: 'system', now });
          result.retried += 1;
        } catch (error) {
          if (!(error instanceof ParcelRejection)) throw error;
        }
      }
      Object.assign(result, await raiseWarningsAhead(deps.db, now));
      return result;
    },
  };
}
