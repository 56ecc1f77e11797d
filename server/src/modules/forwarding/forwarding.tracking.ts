import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orderStatusHistory, orders, supplierParcels } from '../../db/schema.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { type MarketplaceAdapter, MarketplaceError, type SupplierTracking } from '../marketplace/index.ts';
import { canMove } from '../order-lifecycle/index.ts';
import { closeAlert, raiseAlert } from '../suppliers/index.ts';
import {
  PARCEL_NOT_FOUND,
  ParcelRejection,
  type ParcelRow,
  parcelMessage,
  refreshSummary,
} from './forwarding.parcels.ts';

type OrderRow = typeof orders.$inferSelect;

export const PARCEL_NOT_PLACED = 'This parcel has not been placed with the supplier yet.';
const TRACKABLE: readonly ParcelRow['status'][] = ['Forwarded', 'Shipped'];

/** Silences worth an alert: no tracking number a week after placing, no carrier news for two days. */
export const NO_TRACKING_AFTER_MS = 7 * 86_400_000;
export const NO_UPDATE_AFTER_MS = 48 * 3_600_000;

export type TrackOutcome =
  | {
      ok: true;
      order: OrderRow;
      parcel: ParcelRow;
      tracking: SupplierTracking;
      orderShipped: boolean;
      orderDelivered: boolean;
    }
  | { ok: false; order: OrderRow; parcel: ParcelRow; error: MarketplaceError };

/**
 * Asks the supplier where one placed parcel is and saves the answer: its carrier's scans, Shipped once it has a
 * tracking number, Delivered when the carrier says so. The order is Shipped when its first parcel ships (a note
 * says how many of its parcels have) and Delivered when the last one arrives. The question is asked with nothing
 * locked (a slow supplier must not hold the order, or PGlite's one connection); the answer is saved once the order
 * is locked, unless the parcel moved on meanwhile. `logUnchanged` also logs "not shipped yet" (the Sync button).
 */
export async function trackParcel(
  db: Database,
  input: {
    marketplace: MarketplaceAdapter;
    parcelId: string;
    now?: Date;
    logUnchanged?: boolean;
    activity?: (outcome: TrackOutcome) => ActivityEntry;
  },
): Promise<TrackOutcome> {
  const now = input.now ?? new Date();
  const [asked] = await db.select().from(supplierParcels).where(eq(supplierParcels.id, input.parcelId));
  if (!asked) throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
  if (!TRACKABLE.includes(asked.status) || !asked.aeOrderId)
    throw new ParcelRejection('conflict', PARCEL_NOT_PLACED);
  const aeOrderId = asked.aeOrderId;
  let answer: { tracking: SupplierTracking } | { error: MarketplaceError };
  try {
    answer = { tracking: await input.marketplace.trackOrder(aeOrderId) };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    answer = { error };
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, asked.orderId)).for('update');
    const [parcel] = await tx.select().from(supplierParcels).where(eq(supplierParcels.id, asked.id));
    if (!order || !parcel) throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
    if (!TRACKABLE.includes(parcel.status) || parcel.aeOrderId !== aeOrderId) {
      throw new ParcelRejection('conflict', PARCEL_NOT_PLACED);
    }
    const outcome = await saveTracking(tx, order, parcel, answer, now, input.logUnchanged ?? false);
    if (input.activity) await insertActivity(tx, input.activity(outcome));
    return outcome;
  });
}

async function saveTracking(
  tx: Transaction,
  order: OrderRow,
  parcel: ParcelRow,
  answer: { tracking: SupplierTracking } | { error: MarketplaceError },
  now: Date,
  logUnchanged: boolean,
): Promise<TrackOutcome> {
  const aeOrderId = parcel.aeOrderId ?? '';
  if ('error' in answer) {
    const [saved] = await tx
      .update(supplierParcels)
      .set({ trackedAt: now, updatedAt: now })
      .where(eq(supplierParcels.id, parcel.id))
      .returning();
    await refreshSummary(tx, order.id, {
      log: {
        time: now.toISOString(),
        type: 'error',
        message: await parcelMessage(tx, parcel, answer.error.message),
      },
      attempt: false,
      now,
    });
    return { ok: false, order, parcel: saved ?? parcel, error: answer.error };
  }

  const { tracking } = answer;
  const events = tracking.events;
  const news = events.length > parcel.events.length;
  const latest = events.reduce((at, event) => Math.max(at, Date.parse(event.time) || 0), 0);
  // A carrier clock ahead of ours must not postpone the silence alert.
  const lastEventAt = news ? new Date(Math.min(latest || now.getTime(), now.getTime())) : parcel.lastEventAt;
  const shipped = tracking.status !== 'awaiting_shipment' && tracking.trackingNumber !== null;
  const becameShipped = shipped && parcel.status === 'Forwarded';
  const becameDelivered = shipped && tracking.status === 'delivered';
  const [saved] = await tx
    .update(supplierParcels)
    .set({
      trackedAt: now,
      events,
      lastEventAt,
      ...(shipped
        ? {
            status: becameDelivered ? ('Delivered' as const) : ('Shipped' as const),
            trackingNumber: tracking.trackingNumber,
            carrier: tracking.carrier,
            shippedAt: parcel.shippedAt ?? now,
          }
        : {}),
      ...(becameDelivered ? { deliveredAt: lastEventAt ?? now } : {}),
      updatedAt: now,
    })
    .where(eq(supplierParcels.id, parcel.id))
    .returning();
  if (!saved) throw new Error('the parcel cannot be read back');

  if (shipped)
    await closeAlert(tx, {
      dedupeKey: `parcel.no_tracking:${parcel.id}`,
      resolution: 'cleared',
      by: 'system',
      now,
    });
  if (news)
    await closeAlert(tx, {
      dedupeKey: `parcel.no_update:${parcel.id}`,
      resolution: 'cleared',
      by: 'system',
      now,
    });

  const by = tracking.carrier ? ` by ${tracking.carrier}` : '';
  const message = !shipped
    ? 'The supplier has not shipped the order yet.'
    : becameDelivered
      ? `Delivered${by} (tracking number ${tracking.trackingNumber}).`
      : `Shipped${by} with tracking number ${tracking.trackingNumber}.`;
  if (becameShipped || becameDelivered || logUnchanged) {
    await refreshSummary(tx, order.id, {
      log: { time: now.toISOString(), type: 'success', message: await parcelMessage(tx, saved, message) },
      attempt: false,
      now,
    });
  } else if (news) {
    await refreshSummary(tx, order.id, {
      log: {
        time: now.toISOString(),
        type: 'success',
        message: await parcelMessage(tx, saved, events.at(-1)?.description ?? 'The carrier has news.'),
      },
      attempt: false,
      now,
    });
  }

  const siblings = await tx
    .select({ status: supplierParcels.status })
    .from(supplierParcels)
    .where(and(eq(supplierParcels.orderId, order.id), ne(supplierParcels.status, 'Cancelled')));
  const total = siblings.length;
  const shippedCount = siblings.filter((p) => p.status === 'Shipped' || p.status === 'Delivered').length;
  let status = order.status;
  let orderShipped = false;
  if (becameShipped) {
    const note =
      total > 1
        ? `${shippedCount} of ${total} parcels shipped${by} (tracking number ${tracking.trackingNumber}, AliExpress order ${aeOrderId})`
        : `Shipped${by} with tracking number ${tracking.trackingNumber} (AliExpress order ${aeOrderId})`;
    if (status !== 'Shipped' && canMove(status, 'Shipped')) {
      await tx
        .update(orders)
        .set({
          status: 'Shipped',
          carrier: tracking.carrier,
          trackingNumber: tracking.trackingNumber,
          shippedAt: now,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      await history(tx, order.id, 'Shipped', note, now);
      status = 'Shipped';
      orderShipped = true;
    } else if (status === 'Shipped' && total > 1) {
      await history(tx, order.id, 'Shipped', note, now);
    }
  }

  let orderDelivered = false;
  if (becameDelivered) {
    const deliveredAt = saved.deliveredAt ?? now;
    if (saved.promisedBy && deliveredAt > saved.promisedBy) {
      await raiseAlert(tx, {
        kind: 'parcel.late',
        dedupeKey: `parcel.late:${parcel.id}`,
        message: `Parcel ${parcel.number} of order ${order.orderNumber} arrived on ${deliveredAt.toISOString().slice(0, 10)}, later than the ${saved.promisedBy.toISOString().slice(0, 10)} the product page promised.`,
        orderId: order.id,
        parcelId: parcel.id,
        details: { promisedBy: saved.promisedBy.toISOString(), deliveredAt: deliveredAt.toISOString() },
        now,
      });
    }
    const allDelivered = siblings.every((p) => p.status === 'Delivered');
    if (allDelivered && status !== 'Delivered' && canMove(status, 'Delivered')) {
      await tx
        .update(orders)
        .set({ status: 'Delivered', isDelivered: true, deliveredAt: now, updatedAt: now })
        .where(eq(orders.id, order.id));
      await history(
        tx,
        order.id,
        'Delivered',
        total > 1
          ? `All ${total} parcels delivered`
          : `Delivered${by} (tracking number ${tracking.trackingNumber})`,
        now,
      );
      orderDelivered = true;
    }
  }
  return { ok: true, order, parcel: saved, tracking, orderShipped, orderDelivered };
}

function history(tx: Transaction, orderId: string, status: 'Shipped' | 'Delivered', note: string, at: Date) {
  return tx
    .insert(orderStatusHistory)
    .values({ orderId, status, by: 'system', actorType: 'system', note, at });
}

/**
 * The silences that matter: a parcel with no tracking number 7 days after its supplier order was placed, and one
 * in transit with no carrier news for 48 hours. One open alert per parcel and kind; tracking closes them.
 */
export async function raiseSilenceAlerts(
  db: Database,
  now: Date,
): Promise<{ noTracking: number; noUpdate: number }> {
  const result = { noTracking: 0, noUpdate: 0 };
  const quiet = await db
    .select({ parcel: supplierParcels, orderNumber: orders.orderNumber })
    .from(supplierParcels)
    .innerJoin(orders, eq(orders.id, supplierParcels.orderId))
    .where(
      and(
        inArray(supplierParcels.status, ['Forwarded', 'Shipped']),
        sql`(
          (${supplierParcels.status} = 'Forwarded' and ${supplierParcels.placedAt} < ${new Date(now.getTime() - NO_TRACKING_AFTER_MS)})
          or (${supplierParcels.status} = 'Shipped'
            and coalesce(${supplierParcels.lastEventAt}, ${supplierParcels.shippedAt}) < ${new Date(now.getTime() - NO_UPDATE_AFTER_MS)})
        )`,
      ),
    );
  for (const { parcel, orderNumber } of quiet) {
    if (parcel.status === 'Forwarded') {
      const raised = await raiseAlert(db, {
        kind: 'parcel.no_tracking',
        dedupeKey: `parcel.no_tracking:${parcel.id}`,
        message: `Parcel ${parcel.number} of order ${orderNumber} has no tracking number 7 days after it was placed with AliExpress (order ${parcel.aeOrderId}).`,
        orderId: parcel.orderId,
        parcelId: parcel.id,
        now,
      });
      if (raised) result.noTracking += 1;
    } else {
      const raised = await raiseAlert(db, {
        kind: 'parcel.no_update',
        dedupeKey: `parcel.no_update:${parcel.id}`,
        message: `Parcel ${parcel.number} of order ${orderNumber} (tracking number ${parcel.trackingNumber}) has had no carrier news for 48 hours.`,
        orderId: parcel.orderId,
        parcelId: parcel.id,
        now,
      });
      if (raised) result.noUpdate += 1;
    }
  }
  return result;
}

/** Placed parcels not yet arrived whose last question is older than the cadence, least recently asked first. */
export async function parcelsDueForTracking(db: Database, now: Date, everyMinutes: number, limit: number) {
  const before = new Date(now.getTime() - everyMinutes * 60_000);
  return db
    .select({ id: supplierParcels.id })
    .from(supplierParcels)
    .where(
      and(
        inArray(supplierParcels.status, ['Forwarded', 'Shipped']),
        isNotNull(supplierParcels.aeOrderId),
        sql`(${supplierParcels.trackedAt} is null or ${lt(supplierParcels.trackedAt, before)})`,
      ),
    )
    .orderBy(sql`${supplierParcels.trackedAt} asc nulls first`)
    .limit(limit);
}
