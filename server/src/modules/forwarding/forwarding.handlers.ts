import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { ApiError, badGateway, conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';
import { ORDER_NOT_FOUND, orderNamed } from '../order-lifecycle/index.ts';
import { readStoreSettings, writeStoreSettings } from '../settings/index.ts';
import { saveParcelAddress } from './forwarding.address.ts';
import { type ParcelAttempt, ParcelRejection, parcelsOf, placeParcel } from './forwarding.parcels.ts';
import {
  ForwardingRejection,
  forwardOrder,
  listForwardings,
  syncForwarding,
  viewOf,
} from './forwarding.repository.ts';
import type { TrackOutcome } from './forwarding.tracking.ts';
import { toForwarding, toShopperParcel } from './forwarding.view.ts';

function fromRejection(error: ForwardingRejection | ParcelRejection): ApiError {
  return error.kind === 'not_found' ? notFound(error.message) : conflict(error.message);
}

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ForwardingRejection || error instanceof ParcelRejection) throw fromRejection(error);
    throw error;
  }
}

/** The activity entry of one parcel's placement; a failure is an entry too, saved with the parcel's Failed state. */
function placementEntry(request: FastifyRequest, staff: StaffAuth) {
  return (attempt: ParcelAttempt) =>
    staffActivity(request, staff, {
      action: 'order.forward',
      target: `order:${attempt.order.orderNumber}`,
      outcome: attempt.ok === false ? 'failed' : 'success',
      details:
        attempt.ok === null
          ? { parcel: attempt.parcel.number }
          : attempt.ok
            ? { parcel: attempt.parcel.number, aeOrderId: attempt.aeOrderId }
            : {
                parcel: attempt.parcel.number,
                failureClass: attempt.failureClass,
                kind: attempt.error.kind,
                message: attempt.error.message,
                ...(attempt.error.code ? { code: attempt.error.code } : {}),
              },
    });
}

function trackingEntry(request: FastifyRequest, staff: StaffAuth) {
  return (result: TrackOutcome) =>
    staffActivity(request, staff, {
      action: 'order.forward.sync',
      target: `order:${result.order.orderNumber}`,
      outcome: result.ok ? 'success' : 'failed',
      details: result.ok
        ? {
            parcel: result.parcel.number,
            status: result.tracking.status,
            tracking: result.tracking.trackingNumber,
            orderShipped: result.orderShipped,
          }
        : { parcel: result.parcel.number, kind: result.error.kind, message: result.error.message },
    });
}

export function createForwardingHandlers(deps: { db: Database; marketplace: MarketplaceAdapter }) {
  const { db, marketplace } = deps;

  /** Places one parcel of the order named in the path, answering the order's forwarding. */
  async function placeOne(request: FastifyRequest, staff: StaffAuth, orderRef: string, parcelId: string) {
    const outcome = await answering(async () => {
      const [order] = await db.select({ id: orders.id }).from(orders).where(orderNamed(orderRef));
      if (!order) throw new ForwardingRejection('not_found', ORDER_NOT_FOUND);
      const result = await placeParcel(db, {
        marketplace,
        parcelId,
        by: staff.name,
        activity: placementEntry(request, staff),
      });
      if (result.order.id !== order.id) throw new ParcelRejection('not_found', 'Parcel not found.');
      return result;
    });
    const data = toForwarding(await viewOf(db, outcome.order.id));
    if (!outcome.ok) throw badGateway(outcome.error.message);
    return {
      success: true as const,
      message: `Parcel ${outcome.parcel.number} placed with AliExpress (order ${outcome.aeOrderId}).`,
      data,
    };
  }

  return {
    forwardOrder: operation('forwardOrder', async (request) => {
      const staff = requireStaff(request);
      const outcome = await answering(() =>
        forwardOrder(
          db,
          { orderRef: request.params.id, staffName: staff.name, marketplace },
          placementEntry(request, staff),
        ),
      );
      const data = toForwarding(outcome.view);
      // The failure is already recorded on its parcel (Failed, with its class and reason).
      if (!outcome.ok) throw badGateway(outcome.error.message);
      return { success: true, message: `Forwarded to AliExpress (order ${outcome.aeOrderId}).`, data };
    }),

    syncOrderForwarding: operation('syncOrderForwarding', async (request) => {
      const staff = requireStaff(request);
      const outcome = await answering(() =>
        syncForwarding(db, { orderRef: request.params.id, marketplace }, trackingEntry(request, staff)),
      );
      const data = toForwarding(outcome.view);
      if (!outcome.ok) throw badGateway(outcome.error.message);
      const message = outcome.tracking.trackingNumber
        ? `Tracking number ${outcome.tracking.trackingNumber}.`
        : 'The supplier has not shipped the order yet.';
      return { success: true, message, data };
    }),

    placeOrderParcel: operation('placeOrderParcel', async (request) => {
      const staff = requireStaff(request);
      return placeOne(request, staff, request.params.id, request.params.parcelId);
    }),

    fixParcelAddress: operation('fixParcelAddress', async (request) => {
      const staff = requireStaff(request);
      const errors = await answering(() =>
        saveParcelAddress(
          db,
          { orderRef: request.params.id, parcelId: request.params.parcelId, address: request.body },
          (order) =>
            staffActivity(request, staff, {
              action: 'order.address.update',
              target: `order:${order.orderNumber}`,
              details: { parcel: request.params.parcelId, reason: 'address_rejected' },
            }),
        ),
      );
      if (errors.length > 0) {
        throw new ApiError(422, 'UNPROCESSABLE', errors[0]?.message ?? 'The address is not valid.', errors);
      }
      return placeOne(request, staff, request.params.id, request.params.parcelId);
    }),

    listForwardings: operation('listForwardings', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listForwardings(db, {
        page,
        limit,
        ...(request.query.status ? { status: request.query.status } : {}),
      });
      return { success: true, data: rows.map(toForwarding), meta: { page, limit, total } };
    }),

    getForwardingSettings: operation('getForwardingSettings', async (request) => {
      requireStaff(request);
      const row = await readStoreSettings(db);
      return {
        success: true,
        data: {
          autoForwardOrders: row.autoForwardOrders,
          autoForwardDelayMinutes: row.autoForwardDelayMinutes,
          trackingSyncMinutes: row.trackingSyncMinutes,
        },
      };
    }),

    updateForwardingSettings: operation('updateForwardingSettings', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const row = await withActivity(
        db,
        (tx) => writeStoreSettings(tx, body),
        staffActivity(request, staff, {
          action: 'settings.forwarding.update',
          target: 'settings',
          details: body,
        }),
      );
      return {
        success: true,
        message: 'Forwarding settings saved.',
        data: {
          autoForwardOrders: row.autoForwardOrders,
          autoForwardDelayMinutes: row.autoForwardDelayMinutes,
          trackingSyncMinutes: row.trackingSyncMinutes,
        },
      };
    }),

    listMyOrderParcels: operation('listMyOrderParcels', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const [order] = isUuid(id)
        ? await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, id), eq(orders.customerId, customer.id)))
        : [];
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const parcels = (await parcelsOf(db, [order.id])).get(order.id) ?? [];
      return { success: true, data: parcels.map(toShopperParcel) };
    }),
  };
}
