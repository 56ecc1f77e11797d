import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, badGateway, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { operation } from '../../http/operation.ts';
import { toMinor } from '../../money/money.ts';
import { recordFailedAttempt, staffActivity } from '../activity/index.ts';
import { PaymentError, type PaymentProvider } from '../payments/index.ts';
import { payBackThrough } from './refund-payer.ts';
import {
  createRefund,
  findRefundView,
  listRefunds,
  processRefund,
  RefundRejection,
  type RefundView,
} from './refunds.repository.ts';
import { toRefund } from './refunds.view.ts';

export const AMOUNT_DECIMALS = 'The amount can have at most two decimals.';
export const REFUND_NOT_PAID_BACK =
  'The payment provider could not pay the refund back. Please try again later.';

export const REFUND_PAID_BACK = 'Refund completed: the money was paid back through the payment provider.';
export const REFUND_TO_PAY_BY_HAND =
  'Refund recorded as pending: this payment was not taken by the payment provider, so pay it back by hand and then process the refund in Refund Handling.';

/** What a refund's answer tells staff: paid back now, or waiting to be paid back by hand. */
const refundMessage = (refund: RefundView) =>
  refund.refund.status === 'Completed' ? REFUND_PAID_BACK : REFUND_TO_PAY_BY_HAND;

/** A retry's answer for a refund recorded under its Idempotency-Key whose first answer was lost. */
export function replayCreatedRefund(db: Database): Replay {
  return async (resource) => {
    const found = await findRefundView(db, resource.replace(/^refund:/, ''));
    return found
      ? { statusCode: 201, body: { success: true, message: refundMessage(found), data: toRefund(found) } }
      : null;
  };
}

function fromRejection(error: RefundRejection): ApiError {
  if (error.kind === 'invalid') return badRequest(error.message);
  return error.kind === 'not_found' ? notFound(error.message) : conflict(error.message);
}

export function createRefundHandlers(deps: { db: Database; payments: PaymentProvider }) {
  const { db, payments } = deps;
  const pay = payBackThrough(payments);

  /** Paying back failed at the provider: logged as a failed attempt, answered 502 (nothing was recorded). */
  async function paymentFailed(
    request: FastifyRequest,
    staff: StaffAuth,
    action: string,
    target: string,
    error: PaymentError,
  ) {
    await recordFailedAttempt(
      db,
      request,
      staffActivity(request, staff, {
        action,
        target,
        outcome: 'failed',
        details: { provider: payments.name, reason: error.message },
      }),
    );
    return badGateway(REFUND_NOT_PAID_BACK);
  }

  return {
    createRefund: operation('createRefund', async (request, reply) => {
      const staff = requireStaff(request);
      const amountMinor = toMinor(request.body.amount);
      if (amountMinor === null || amountMinor <= 0) throw badRequest(AMOUNT_DECIMALS);
      const reason = request.body.reason.trim();
      if (reason === '') throw badRequest('Please give a reason for the refund.');

      const target = `order:${request.params.id}`;
      let created: RefundView;
      try {
        created = await createRefund(
          db,
          { orderRef: request.params.id, amountMinor, reason, createdBy: staff.name, pay },
          (view) => {
            const refund = toRefund(view);
            return staffActivity(request, staff, {
              action: 'refund.create',
              target: `order:${view.orderNumber}`,
              details: {
                refund: refund.id,
                amount: refund.amount,
                currency: refund.currency,
                reason,
                status: refund.status,
                gatewayRef: refund.gatewayRef,
              },
            });
          },
        );
      } catch (error) {
        if (error instanceof PaymentError)
          throw await paymentFailed(request, staff, 'refund.create', target, error);
        if (!(error instanceof RefundRejection)) throw error;
        if (error.kind === 'conflict') {
          await recordFailedAttempt(
            db,
            request,
            staffActivity(request, staff, {
              action: 'refund.create',
              target,
              outcome: 'failed',
              details: { amount: request.body.amount, reason: error.message },
            }),
          );
        }
        throw fromRejection(error);
      }
      const data = toRefund(created);
      reply.code(201);
      return { success: true, message: refundMessage(created), data };
    }),

    listRefunds: operation('listRefunds', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listRefunds(db, {
        page,
        limit,
        ...(request.query.status ? { status: request.query.status } : {}),
      });
      return { success: true, data: rows.map(toRefund), meta: { page, limit, total } };
    }),

    processRefund: operation('processRefund', async (request) => {
      const staff = requireStaff(request);
      let processed: RefundView;
      try {
        processed = await processRefund(
          db,
          {
            refundRef: request.params.id,
            processedBy: staff.name,
            // A payment staff confirmed by hand was paid back outside the store; processing records that it was.
            pay,
          },
          (view) => {
            const refund = toRefund(view);
            return staffActivity(request, staff, {
              action: 'refund.process',
              target: `order:${view.orderNumber}`,
              details: {
                refund: refund.id,
                amount: refund.amount,
                currency: refund.currency,
                gatewayRef: refund.gatewayRef,
              },
            });
          },
        );
      } catch (error) {
        if (error instanceof RefundRejection) throw fromRejection(error);
        if (!(error instanceof PaymentError)) throw error;
        throw await paymentFailed(request, staff, 'refund.process', `refund:${request.params.id}`, error);
      }
      return { success: true, message: 'Refund completed.', data: toRefund(processed) };
    }),
  };
}
