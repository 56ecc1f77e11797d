import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  orderForwardings,
  orderItems,
  orderStatusHistory,
  orders,
  parcelItems,
  products,
  supplierParcels,
} from '../../db/schema.ts';
import { type ActivityEntry, announceActivity } from '../activity/index.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { canMove, type OrderStatus } from '../order-lifecycle/index.ts';
import { resolveSupplier } from '../suppliers/index.ts';
import {
  classifyFailure,
  type FailureClass,
  priceAboveFloor,
  retryAtFor,
  TRANSIENT_FAILURES,
} from './forwarding.failures.ts';
import { promisedByOf } from './forwarding.promise.ts';

export type ParcelRow = typeof supplierParcels.$inferSelect;
export type ParcelItemRow = typeof parcelItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type SyncLogEntry = (typeof orderForwardings.$inferSelect)['syncLog'][number];

/** A parcel with what it carries: the order lines' names and quantities, and the supplier SKU they are bought as. */
export interface ParcelView extends ParcelRow {
  items: Array<ParcelItemRow & { name: string; productId: string | null }>;
}

export const PARCEL_NOT_FOUND = 'Parcel not found.';
export const parcelAlreadyPlaced = (number: number, aeOrderId: string | null) =>
  `Parcel ${number} has already been placed with AliExpress (order ${aeOrderId ?? 'unknown'}).`;
export const PARCEL_CLOSED = 'A cancelled or failed order cannot be forwarded to the supplier.';
export const forwardedNote = (aeOrderId: string) => `Forwarded to AliExpress (order ${aeOrderId})`;

/** Orders move to Processing when their first supplier order is placed, if they have not got that far already. */
const MOVE_TO_PROCESSING: readonly OrderStatus[] = ['Placed', 'Pending', 'Confirmed'];
const CLOSED_STATUSES: readonly OrderStatus[] = ['Cancelled', 'Failed'];
/** Parcels that have a supplier order. */
const PLACED: readonly ParcelRow['status'][] = ['Forwarded', 'Shipped', 'Delivered'];

/** Why a parcel cannot be placed or tracked; the handler turns each kind into its HTTP answer. */
export class ParcelRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'ParcelRejection';
  }
}

/** The order's parcels, with their items, in number order. */
export async function parcelsOf(
  db: Database | Transaction,
  orderIds: string[],
): Promise<Map<string, ParcelView[]>> {
  const byOrder = new Map<string, ParcelView[]>();
  if (orderIds.length === 0) return byOrder;
  const parcels = await db
    .select()
    .from(supplierParcels)
    .where(inArray(supplierParcels.orderId, orderIds))
    .orderBy(asc(supplierParcels.number));
  const items =
    parcels.length === 0
      ? []
      : await db
          .select({ item: parcelItems, name: orderItems.name, productId: orderItems.productId })
          .from(parcelItems)
          .innerJoin(orderItems, eq(orderItems.id, parcelItems.orderItemId))
          .where(
            inArray(
              parcelItems.parcelId,
              parcels.map((p) => p.id),
            ),
          )
          .orderBy(asc(orderItems.position));
  for (const parcel of parcels) {
    const list = byOrder.get(parcel.orderId) ?? [];
    list.push({
      ...parcel,
      items: items
        .filter((row) => row.item.parcelId === parcel.id)
        .map((row) => ({ ...row.item, name: row.name, productId: row.productId })),
    });
    byOrder.set(parcel.orderId, list);
  }
  return byOrder;
}

/**
 * Splits an order's marketplace lines into supplier parcels, one per seller (numbered 1, 2, … in the order's line
 * order), unless it has them already. Each line is bought as `resolveSupplier` says for the ship-to country.
 * Runs in the caller's transaction, which holds the order's lock.
 */
export async function splitIntoParcels(
  tx: Transaction,
  order: OrderRow,
  marketplace?: MarketplaceAdapter,
): Promise<ParcelRow[]> {
  const existing = await tx
    .select()
    .from(supplierParcels)
    .where(eq(supplierParcels.orderId, order.id))
    .orderBy(asc(supplierParcels.number));
  if (existing.length > 0) return existing;
  const lines = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      skuId: orderItems.skuId,
      quantity: orderItems.quantity,
      deliveryCode: orderItems.deliveryCode,
    })
    .from(orderItems)
    .innerJoin(products, and(eq(products.id, orderItems.productId), eq(products.source, 'aliexpress')))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const groups = new Map<
    string,
    {
      supplierName: string;
      promisedBy: Date | null;
      items: Array<Omit<typeof parcelItems.$inferInsert, 'parcelId'>>;
    }
  >();
  for (const line of lines) {
    if (!line.productId) continue;
    const supplier = await resolveSupplier(tx, {
      productId: line.productId,
      skuId: line.skuId,
      country: order.shipCountry,
    });
    if (!supplier) continue;
    const group = groups.get(supplier.supplierId) ?? {
      supplierName: supplier.supplierName,
      promisedBy: null,
      items: [],
    };
    const promised = await promisedByOf(marketplace, order, {
      aeProductId: supplier.aeProductId,
      aeSkuId: supplier.aeSkuId,
      quantity: line.quantity,
      deliveryCode: line.deliveryCode,
    });
    // A parcel is as late as its slowest line's promise.
    if (promised && (!group.promisedBy || promised > group.promisedBy)) group.promisedBy = promised;
    group.items.push({
      orderItemId: line.id,
      quantity: line.quantity,
      aeProductId: supplier.aeProductId,
      aeSkuId: supplier.aeSkuId,
      aeSkuAttr: supplier.aeSkuAttr,
      source: supplier.source,
    });
    groups.set(supplier.supplierId, group);
  }
  const made: ParcelRow[] = [];
  let number = 0;
  for (const [supplierId, group] of groups) {
    number += 1;
    const [parcel] = await tx
      .insert(supplierParcels)
      .values({
        orderId: order.id,
        number,
        supplierId,
        supplierName: group.supplierName,
        promisedBy: group.promisedBy,
      })
      .returning();
    if (!parcel) throw new Error('parcel insert returned no row');
    await tx.insert(parcelItems).values(group.items.map((item) => ({ ...item, parcelId: parcel.id })));
    made.push(parcel);
  }
  return made;
}

/**
 * Brings the order's summary row (`order_forwardings`, what the forwarding list shows) in line with its parcels:
 * Forwarded when every parcel is placed, Failed when one failed, Shipped when every parcel shipped.
 */
export async function refreshSummary(
  tx: Transaction,
  orderId: string,
  change: { log: SyncLogEntry; attempt: boolean; now: Date },
): Promise<void> {
  const parcels = await tx
    .select()
    .from(supplierParcels)
    .where(and(eq(supplierParcels.orderId, orderId), ne(supplierParcels.status, 'Cancelled')))
    .orderBy(asc(supplierParcels.number));
  const all = (statuses: ParcelRow['status'][]) =>
    parcels.length > 0 && parcels.every((p) => statuses.includes(p.status));
  const status: ParcelRow['status'] & ('Pending' | 'Forwarded' | 'Shipped' | 'Failed') = parcels.some(
    (p) => p.status === 'Failed',
  )
    ? 'Failed'
    : all(['Shipped', 'Delivered'])
      ? 'Shipped'
      : all(['Forwarded', 'Shipped', 'Delivered'])
        ? 'Forwarded'
        : 'Pending';
  const joined = (values: Array<string | null>) =>
    values.filter((v): v is string => Boolean(v)).join(', ') || null;
  const fields = {
    status,
    aeOrderId: joined(parcels.map((p) => p.aeOrderId)),
    trackingNumber: joined(parcels.map((p) => p.trackingNumber)),
    carrier: parcels.find((p) => p.carrier)?.carrier ?? null,
  };
  const { log, attempt, now } = change;
  await tx
    .insert(orderForwardings)
    .values({ orderId, ...fields, attempts: attempt ? 1 : 0, syncLog: [log], updatedAt: now })
    .onConflictDoUpdate({
      target: orderForwardings.orderId,
      set: {
        ...fields,
        ...(attempt ? { attempts: sql`${orderForwardings.attempts} + 1` } : {}),
        syncLog: sql`${orderForwardings.syncLog} || ${JSON.stringify([log])}::jsonb`,
        updatedAt: now,
      },
    });
}

/** How many parcels the order ships in (a reshipment counts once it is made). */
async function parcelCount(tx: Transaction, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(supplierParcels)
    .where(and(eq(supplierParcels.orderId, orderId), ne(supplierParcels.status, 'Cancelled')));
  return row?.n ?? 0;
}

/** A log line about one parcel: an order of one parcel speaks of the order, as it always did. */
export async function parcelMessage(tx: Transaction, parcel: ParcelRow, message: string): Promise<string> {
  return (await parcelCount(tx, parcel.orderId)) > 1 ? `Parcel ${parcel.number}: ${message}` : message;
}

/** The outside order id the supplier keeps: our order number, with the parcel's number after the first. */
export const parcelReference = (orderNumber: string, number: number) =>
  number === 1 ? orderNumber : `${orderNumber}-${number}`;

export type ParcelOutcome =
  | { ok: true; order: OrderRow; parcel: ParcelRow; aeOrderId: string }
  | { ok: false; order: OrderRow; parcel: ParcelRow; error: MarketplaceError; failureClass: FailureClass };

/** A placement as its activity entry sees it: `ok` is null while the supplier has not answered yet. */
export type ParcelAttempt = ParcelOutcome | { ok: null; order: OrderRow; parcel: ParcelRow };

/**
 * Places one Pending or Failed parcel with the marketplace, as its own supplier order. Its lines are bought as
 * the supplier mapping says now (staff may have remapped or switched to a backup since it failed), after the
 * supplier's cost is checked against the margin floor. The order stays locked while the supplier is asked, so two
 * placements of one parcel place one supplier order. A refusal is classified, saved (Failed, with when it is tried
 * again if it is transient) and committed; the caller answers it as an error. `by` is the staff member's name or
 * `system`; `activity` is its entry, written before the supplier is asked and completed with the outcome.
 */
export async function placeParcel(
  db: Database,
  input: {
    marketplace: MarketplaceAdapter;
    parcelId: string;
    by: string;
    now?: Date;
    activity?: (attempt: ParcelAttempt) => ActivityEntry;
  },
): Promise<ParcelOutcome> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(supplierParcels).where(eq(supplierParcels.id, input.parcelId));
    if (!found) throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [parcel] = await tx.select().from(supplierParcels).where(eq(supplierParcels.id, input.parcelId));
    if (!order || !parcel) throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
    if (PLACED.includes(parcel.status)) {
      throw new ParcelRejection('conflict', parcelAlreadyPlaced(parcel.number, parcel.aeOrderId));
    }
    if (parcel.status === 'Cancelled' || CLOSED_STATUSES.includes(order.status)) {
      throw new ParcelRejection('conflict', PARCEL_CLOSED);
    }

    // Bought as the mapping says now.
    const rows = await tx
      .select({
        item: parcelItems,
        productId: orderItems.productId,
        skuId: orderItems.skuId,
        unitPriceMinor: orderItems.unitPriceMinor,
        name: orderItems.name,
      })
      .from(parcelItems)
      .innerJoin(orderItems, eq(orderItems.id, parcelItems.orderItemId))
      .where(eq(parcelItems.parcelId, parcel.id))
      .orderBy(asc(orderItems.position));
    let supplier = { id: parcel.supplierId, name: parcel.supplierName };
    for (const row of rows) {
      if (!row.productId) continue;
      const current = await resolveSupplier(tx, {
        productId: row.productId,
        skuId: row.skuId,
        country: order.shipCountry,
      });
      if (!current) continue;
      supplier = { id: current.supplierId, name: current.supplierName };
      const changed = {
        aeProductId: current.aeProductId,
        aeSkuId: current.aeSkuId,
        aeSkuAttr: current.aeSkuAttr,
        source: current.source,
      };
      if (
        changed.aeProductId !== row.item.aeProductId ||
        changed.aeSkuId !== row.item.aeSkuId ||
        changed.aeSkuAttr !== row.item.aeSkuAttr ||
        changed.source !== row.item.source
      ) {
        await tx.update(parcelItems).set(changed).where(eq(parcelItems.id, row.item.id));
        Object.assign(row.item, changed);
      }
    }

    const settle = input.activity
      ? await announceActivity(tx, input.activity({ ok: null, order, parcel }))
      : null;
    const finish = async (outcome: ParcelOutcome) => {
      if (settle && input.activity) await settle(input.activity(outcome));
      return outcome;
    };

    let failure: MarketplaceError | null = await priceAboveFloor(tx, input.marketplace, order, rows);
    let aeOrderId = '';
    if (!failure) {
      try {
        ({ orderId: aeOrderId } = await input.marketplace.placeOrder({
          items: rows.map(({ item }) => ({
            productId: item.aeProductId,
            skuId: item.aeSkuId,
            skuAttr: item.aeSkuAttr,
            quantity: item.quantity,
          })),
          address: {
            fullName: order.shipFullName ?? order.customerName,
            address: order.shipAddress,
            city: order.shipCity,
            province: order.shipProvince ?? '',
            postalCode: order.shipPostalCode,
            country: order.shipCountry,
            mobileNo: order.shipMobileNo ?? order.customerPhone ?? '',
            phoneCountry: order.shipPhoneCountry ?? '',
            taxNumber: order.shipTaxNumber ?? '',
          },
          logisticsServiceName: order.logisticsServiceName,
          reference: parcelReference(order.orderNumber, parcel.number),
        }));
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        failure = error;
      }
    }

    if (failure) {
      const failureClass =
        failure.code === 'PRICE_ABOVE_FLOOR' ? 'price_above_floor' : classifyFailure(failure);
      const transientFailures = TRANSIENT_FAILURES.includes(failureClass) ? parcel.transientFailures + 1 : 0;
      const [saved] = await tx
        .update(supplierParcels)
        .set({
          status: 'Failed',
          supplierId: supplier.id,
          supplierName: supplier.name,
          failureClass,
          lastError: failure.message,
          attempts: parcel.attempts + 1,
          transientFailures,
          retryAt: retryAtFor(failureClass, transientFailures, now),
          updatedAt: now,
        })
        .where(eq(supplierParcels.id, parcel.id))
        .returning();
      if (!saved) throw new Error('the parcel cannot be read back');
      await refreshSummary(tx, order.id, {
        log: {
          time: now.toISOString(),
          type: 'error',
          message: await parcelMessage(tx, saved, failure.message),
        },
        attempt: true,
        now,
      });
      return finish({ ok: false, order, parcel: saved, error: failure, failureClass });
    }

    const [saved] = await tx
      .update(supplierParcels)
      .set({
        status: 'Forwarded',
        supplierId: supplier.id,
        supplierName: supplier.name,
        aeOrderId,
        failureClass: null,
        lastError: null,
        retryAt: null,
        transientFailures: 0,
        attempts: parcel.attempts + 1,
        placedAt: now,
        updatedAt: now,
      })
      .where(eq(supplierParcels.id, parcel.id))
      .returning();
    if (!saved) throw new Error('the parcel cannot be read back');
    await refreshSummary(tx, order.id, {
      log: {
        time: now.toISOString(),
        type: 'success',
        message: await parcelMessage(tx, saved, `Placed with AliExpress as order ${aeOrderId}.`),
      },
      attempt: true,
      now,
    });
    if (MOVE_TO_PROCESSING.includes(order.status) && canMove(order.status, 'Processing')) {
      await tx.update(orders).set({ status: 'Processing', updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: 'Processing',
        by: input.by,
        actorType: input.by === 'system' ? 'system' : 'admin',
        note: forwardedNote(aeOrderId),
        at: now,
      });
    }
    return finish({ ok: true, order, parcel: saved, aeOrderId });
  });
}
