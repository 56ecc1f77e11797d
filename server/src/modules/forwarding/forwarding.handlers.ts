import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, badGateway, conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity } from '../activity/index.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';
import {
  ForwardingRejection,
  forwardOrder,
  listForwardings,
  syncForwarding,
} from './forwarding.repository.ts';
import { toForwarding } from './forwarding.view.ts';

function fromRejection(error: ForwardingRejection): ApiError {
  return error.kind === 'not_found' ? notFound(error.message) : conflict(error.message);
}

export function createForwardingHandlers(deps: { db: Database; marketplace: MarketplaceAdapter }) {
  const { db, marketplace } = deps;

  return {
    forwardOrder: operation('forwardOrder', async (request) => {
      const staff = requireStaff(request);
      let outcome: Awaited<ReturnType<typeof forwardOrder>>;
      try {
        outcome = await forwardOrder(
          db,
          {
            orderRef: request.params.id,
            staffName: staff.name,
            place: (order) => marketplace.placeOrder(order),
          },
          // A failure is an entry too: the forwarding is saved as Failed, with its reason, in the same transaction.
          (attempt) =>
            staffActivity(request, staff, {
              action: 'order.forward',
              target: `order:${attempt.view.orderNumber}`,
              outcome: attempt.ok === false ? 'failed' : 'success',
              details:
                attempt.ok === null
                  ? {}
                  : attempt.ok
                    ? { aeOrderId: attempt.aeOrderId }
                    : {
                        kind: attempt.error.kind,
                        message: attempt.error.message,
                        ...(attempt.error.code ? { code: attempt.error.code } : {}),
                      },
            }),
        );
      } catch (error) {
        if (error instanceof ForwardingRejection) throw fromRejection(error);
        throw error;
      }
      const data = toForwarding(outcome.view);
      // The failure is already recorded on the forwarding (status Failed, its reason in the sync log).
      if (!outcome.ok) throw badGateway(outcome.error.message);
      return { success: true, message: `Forwarded to AliExpress (order ${outcome.aeOrderId}).`, data };
    }),

    syncOrderForwarding: operation('syncOrderForwarding', async (request) => {
      const staff = requireStaff(request);
      let outcome: Awaited<ReturnType<typeof syncForwarding>>;
      try {
        outcome = await syncForwarding(
          db,
          { orderRef: request.params.id, track: (aeOrderId) => marketplace.trackOrder(aeOrderId) },
          (result) =>
            staffActivity(request, staff, {
              action: 'order.forward.sync',
              target: `order:${result.view.orderNumber}`,
              outcome: result.ok ? 'success' : 'failed',
              details: result.ok
                ? {
                    status: result.tracking.status,
                    tracking: result.tracking.trackingNumber,
                    orderShipped: result.orderShipped,
                  }
                : { kind: result.error.kind, message: result.error.message },
            }),
        );
      } catch (error) {
        if (error instanceof ForwardingRejection) throw fromRejection(error);
        throw error;
      }
      const data = toForwarding(outcome.view);
      if (!outcome.ok) throw badGateway(outcome.error.message);
      const message = outcome.tracking.trackingNumber
        ? `Tracking number ${outcome.tracking.trackingNumber}.`
        : 'The supplier has not shipped the order yet.';
      return { success: true, message, data };
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
  };
}
