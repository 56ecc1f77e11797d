import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount, toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, requestOrigin, withActivity } from '../activity/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { payBackThrough, type RefundView, refundNumber } from '../refunds/index.ts';
import { readAdminOrder } from './orders.admin.repository.ts';
import { toAdminOrder } from './orders.admin.view.ts';
import { findCustomerOrder } from './orders.repository.ts';
import { answering, fromChangeRejection, staffActor, staffOrderLog } from './orders.staff-log.ts';
import {
  CANCELLED_BY_SHOPPER,
  changeStatus,
  confirmPayment,
  OrderChangeRejection,
  restoreOrder,
  type StatusChange,
} from './orders.status.ts';
import { toOrder } from './orders.view.ts';

// An order's status as staff move it (one order or many, a payment confirmed, a cancellation undone) and as its
// shopper cancels it: each move with its activity entry, and a paid order's refund when it is cancelled.

/** A cancellation's refund as its activity entry keeps it. */
function refundDetails({ refund }: RefundView) {
  return {
    refund: refundNumber(refund.number),
    amount: toAmount(refund.amountMinor),
    currency: refund.currency,
    status: refund.status,
    gatewayRef: refund.gatewayRef,
  };
}

/** What staff are told of the refund a paid order's cancellation opened. */
function cancellationRefundMessage({ refund }: RefundView): string {
  const amount = `${toDecimalText(refund.amountMinor)} ${refund.currency}`;
  return refund.status === 'Completed'
    ? `The payment of ${amount} was refunded through the payment provider.`
    : `A refund of ${amount} is pending: pay it back by hand, then process it in Refund Handling.`;
}

export function createOrderStatusHandlers(deps: { db: Database; payments: PaymentProvider }) {
  const { db } = deps;
  const payBack = payBackThrough(deps.payments);
  const { logged, logRefusal } = staffOrderLog(db);

  /** A staff status change; a refused one is logged as failed before it is answered. */
  async function staffStatusChange(
    request: FastifyRequest,
    staff: StaffAuth,
    orderRef: string,
    change: StatusChange,
  ) {
    try {
      return await logged(
        request,
        staff,
        (tx) => changeStatus(tx, { orderRef, change, actor: staffActor(staff), payBack }),
        (result) => ({
          action: 'order.status',
          target: `order:${result.order.orderNumber}`,
          details: {
            from: result.from,
            to: change.to,
            before: { status: result.from },
            after: { status: change.to },
            ...(change.note ? { note: change.note } : {}),
            ...(result.refund ? { refund: refundDetails(result.refund) } : {}),
            ...(change.to === 'Shipped'
              ? { carrier: change.carrier, trackingNumber: change.trackingNumber }
              : {}),
          },
        }),
      );
    } catch (error) {
      if (error instanceof OrderChangeRejection && error.kind === 'conflict') {
        await logRefusal(request, staff, {
          action: 'order.status',
          target: `order:${orderRef}`,
          outcome: 'failed',
          details: { to: change.to, reason: error.message },
        });
      }
      throw error;
    }
  }

  return {
    changeOrderStatus: operation('changeOrderStatus', async (request) => {
      const staff = requireStaff(request);
      const { status, ...details } = request.body;
      const { order, refund } = await answering(() =>
        staffStatusChange(request, staff, request.params.id, { to: status, ...details }),
      );
      const data = toAdminOrder(await readAdminOrder(db, order.id));
      const moved = `Order ${data.id} is now ${data.status}.`;
      return {
        success: true,
        message: refund ? `${moved} ${cancellationRefundMessage(refund)}` : moved,
        data,
      };
    }),

    bulkChangeOrderStatus: operation('bulkChangeOrderStatus', async (request) => {
      const staff = requireStaff(request);
      const { status, note } = request.body;
      const updated: string[] = [];
      const failed: Array<{ id: string; message: string }> = [];
      // One after the other: each move is its own transaction, so one refusal leaves the others standing.
      for (const id of new Set(request.body.ids)) {
        try {
          const { order } = await staffStatusChange(request, staff, id, { to: status, note });
          updated.push(order.id);
        } catch (error) {
          if (!(error instanceof OrderChangeRejection)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return {
        success: true,
        message: `${updated.length} of ${updated.length + failed.length} orders moved to ${status}.`,
        data: { updated, failed },
      };
    }),

    confirmOrderPayment: operation('confirmOrderPayment', async (request) => {
      const staff = requireStaff(request);
      const { order } = await answering(() =>
        logged(
          request,
          staff,
          (tx) =>
            confirmPayment(tx, {
              orderRef: request.params.id,
              reference: request.body.reference,
              actor: staffActor(staff),
            }),
          (result) => ({
            action: 'order.payment.confirm',
            target: `order:${result.order.orderNumber}`,
            details: { reference: result.order.paymentRef, from: result.from, to: result.order.status },
          }),
        ),
      );
      const data = toAdminOrder(await readAdminOrder(db, order.id));
      return { success: true, message: 'Payment confirmed.', data };
    }),

    restoreOrder: operation('restoreOrder', async (request) => {
      const staff = requireStaff(request);
      let order: Awaited<ReturnType<typeof restoreOrder>>;
      try {
        order = await logged(
          request,
          staff,
          (tx) => restoreOrder(tx, { orderRef: request.params.id, actor: staffActor(staff) }),
          (restored) => ({
            action: 'order.restore',
            target: `order:${restored.orderNumber}`,
            details: { from: 'Cancelled', to: 'Placed' },
          }),
        );
      } catch (error) {
        if (error instanceof OrderChangeRejection && error.kind === 'conflict') {
          await logRefusal(request, staff, {
            action: 'order.restore',
            target: `order:${request.params.id}`,
            outcome: 'failed',
            details: { reason: error.message },
          });
        }
        if (error instanceof OrderChangeRejection) throw fromChangeRejection(error);
        throw error;
      }
      const data = toAdminOrder(await readAdminOrder(db, order.id));
      return { success: true, message: `Order ${data.id} is Placed again.`, data };
    }),

    cancelMyOrder: operation('cancelMyOrder', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
      const { order, refund } = await answering(() =>
        withActivity(
          db,
          (tx) =>
            changeStatus(tx, {
              orderRef: id,
              customerId: customer.id,
              change: { to: 'Cancelled', note: CANCELLED_BY_SHOPPER },
              actor: { name: customer.name, type: 'customer' },
              payBack,
            }),
          (result): ActivityEntry => ({
            actorType: 'customer',
            actorId: customer.id,
            actorName: customer.name,
            actorEmail: customer.email,
            ...requestOrigin(request),
            action: 'order.cancel',
            target: `order:${result.order.orderNumber}`,
            details: {
              from: result.from,
              ...(result.refund ? { refund: refundDetails(result.refund) } : {}),
            },
          }),
        ),
      );
      const cancelled = await findCustomerOrder(db, customer.id, order.id);
      if (!cancelled) throw new Error('the order just cancelled cannot be read back');
      const message = !refund
        ? 'Order cancelled.'
        : refund.refund.status === 'Completed'
          ? 'Order cancelled. Your payment has been refunded.'
          : 'Order cancelled. Your refund is pending: the store will pay it back.';
      return { success: true, message, data: toOrder(cancelled) };
    }),
  };
}
