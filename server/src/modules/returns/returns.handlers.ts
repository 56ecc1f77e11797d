import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
import {
  createRequest,
  decide,
  findCustomerOrder,
  listForOrder,
  listForStaff,
  ReturnRejection,
  type ReturnRequestRow,
  type StaffReturnRow,
} from './returns.repository.ts';

export const REQUEST_NOT_FOUND = 'Request not found.';

const toRequest = (row: ReturnRequestRow) => ({
  _id: row.id,
  orderId: row.orderId,
  kind: row.kind,
  reason: row.reason,
  status: row.status,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const toStaffRequest = (row: StaffReturnRow) => ({
  ...toRequest(row.request),
  orderNumber: row.orderNumber,
  customerName: row.customerName,
  totalPrice: toAmount(row.totalMinor),
  currency: row.currency,
});

/** Return and refund requests: shoppers ask on delivered orders, staff answer from the refunds screen. */
export function createReturnHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownOrder(orderId: string, customerId: string) {
    const order = isUuid(orderId) ? await findCustomerOrder(db, orderId, customerId) : null;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  return {
    listOrderReturnRequests: operation('listOrderReturnRequests', async (request) => {
      const customer = requireCustomer(request);
      const order = await ownOrder(request.params.id, customer.id);
      return { success: true, data: (await listForOrder(db, order.id)).map(toRequest) };
    }),

    createReturnRequest: operation('createReturnRequest', async (request, reply) => {
      const customer = requireCustomer(request);
      const order = await ownOrder(request.params.id, customer.id);
      const reason = request.body.reason.trim();
      if (reason === '') throw badRequest('Please tell us why.');
      try {
        const row = await createRequest(db, {
          orderId: order.id,
          customerId: customer.id,
          kind: request.body.kind,
          reason,
          now: now(),
        });
        reply.code(201);
        return { success: true, message: 'Your request has been sent.', data: toRequest(row) };
      } catch (error) {
        if (error instanceof ReturnRejection) throw badRequest(error.message);
        throw error;
      }
    }),

    listReturnRequests: operation('listReturnRequests', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listForStaff(db, { status: request.query.status, page, limit });
      return { success: true, data: rows.map(toStaffRequest), meta: { page, limit, total } };
    }),

    decideReturnRequest: operation('decideReturnRequest', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const note = request.body.note?.trim() || null;
      if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
      let row: StaffReturnRow;
      try {
        row = await withActivity(
          db,
          async (tx) => {
            const decided = await decide(tx, {
              id,
              status: request.body.status,
              note,
              adminId: staff.id,
              now: now(),
            });
            if (!decided) throw notFound(REQUEST_NOT_FOUND);
            return decided;
          },
          (decided) =>
            staffActivity(request, staff, {
              action: 'return.decide',
              target: `order:${decided.orderNumber}`,
              details: {
                request: decided.request.id,
                kind: decided.request.kind,
                before: { status: 'Requested' },
                after: { status: decided.request.status, note },
              },
            }),
        );
      } catch (error) {
        if (error instanceof ReturnRejection) throw badRequest(error.message);
        throw error;
      }
      const message = row.request.status === 'Approved' ? 'Request approved.' : 'Request rejected.';
      return { success: true, message, data: toStaffRequest(row) };
    }),
  };
}
