import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount, toMinor } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  listCashOnDelivery,
  listMismatches,
  listPayments,
  listRefundReport,
  paymentTotals,
  RemittanceRejection,
  recordRemittance,
} from './payment-reports.repository.ts';
import {
  toCodCarrierSummary,
  toCodOrder,
  toPaymentMismatch,
  toPaymentRecord,
  toPaymentRefund,
  toProviderSummaries,
} from './payment-reports.view.ts';

export const REMITTANCE_DECIMALS = 'The amount can have at most two decimals.';
export const REMITTANCE_REFERENCE = 'Please give the remittance reference.';

function fromRejection(error: RemittanceRejection): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'invalid':
      return badRequest(error.message);
    default:
      return unprocessable(error.message);
  }
}

/** The Payments screen: what providers took, refunds by provider, and cash on delivery reconciliation. */
export function createPaymentReportHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    listPayments: operation('listPayments', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20, provider, state, q } = request.query;
      const { rows, total } = await listPayments(db, { page, limit, provider, state, q });
      return { success: true, data: rows.map(toPaymentRecord), meta: { page, limit, total } };
    }),

    listPaymentMismatches: operation('listPaymentMismatches', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20 } = request.query;
      const { rows, total } = await listMismatches(db, { page, limit });
      return { success: true, data: rows.map(toPaymentMismatch), meta: { page, limit, total } };
    }),

    getPaymentSummary: operation('getPaymentSummary', async (request) => {
      requireStaff(request);
      return { success: true, data: toProviderSummaries(await paymentTotals(db)) };
    }),

    listPaymentRefunds: operation('listPaymentRefunds', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20 } = request.query;
      const { rows, total } = await listRefundReport(db, { page, limit });
      return { success: true, data: rows.map(toPaymentRefund), meta: { page, limit, total } };
    }),

    listCashOnDelivery: operation('listCashOnDelivery', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20, carrier, state } = request.query;
      const { rows, total, summary } = await listCashOnDelivery(db, { page, limit, carrier, state });
      return {
        success: true,
        data: rows.map(toCodOrder),
        meta: { page, limit, total },
        summary: summary.map(toCodCarrierSummary),
      };
    }),

    recordCodRemittance: operation('recordCodRemittance', async (request) => {
      const staff = requireStaff(request);
      const amountMinor = toMinor(request.body.amount);
      if (amountMinor === null || amountMinor < 0) throw badRequest(REMITTANCE_DECIMALS);
      const reference = request.body.reference.trim();
      if (reference === '') throw badRequest(REMITTANCE_REFERENCE);
      const replace = request.body.replace ?? false;
      try {
        const { after } = await withActivity(
          db,
          (tx) => recordRemittance(tx, { orderRef: request.params.id, amountMinor, reference, replace }),
          ({ before, after }) =>
            staffActivity(request, staff, {
              action: 'order.cod_remittance',
              target: `order:${after.orderNumber}`,
              details: {
                carrier: after.carrier,
                currency: after.currency,
                owed: toAmount(after.totalMinor),
                before: {
                  remitted: before.remittedMinor === null ? null : toAmount(before.remittedMinor),
                  reference: before.remittanceRef,
                },
                after: { remitted: toAmount(amountMinor), reference, state: after.state },
              },
            }),
        );
        const message =
          after.state === 'short' ? 'Remittance recorded: short of the amount owed.' : 'Remittance recorded.';
        return { success: true, message, data: toCodOrder(after) };
      } catch (error) {
        if (error instanceof RemittanceRejection) throw fromRejection(error);
        throw error;
      }
    }),
  };
}
