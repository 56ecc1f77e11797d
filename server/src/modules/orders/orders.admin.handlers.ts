import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { QueryParams } from '../../http/contract-types.ts';
import { type ApiError, conflict, notFound, unprocessable, validationError } from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { type OperationHandler, type OperationRequest, operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount, toDecimalText, toMinor } from '../../money/money.ts';
import {
  type ActivityEntry,
  insertActivity,
  recordFailedAttempt,
  requestOrigin,
  staffActivity,
  withActivity,
} from '../activity/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { payBackThrough, type RefundView, refundNumber } from '../refunds/index.ts';
import {
  archiveOrders,
  editOrder,
  exportAdminOrders,
  findAdminOrder,
  listAdminOrders,
  listStatusLogs,
  type OrderEdit,
  type OrderFilters,
  type OrderSort,
  readAdminOrder,
} from './orders.admin.repository.ts';
import { toAdminOrder, toStatusLog } from './orders.admin.view.ts';
import { ordersCsv } from './orders.csv.ts';
import { placeManualOrder } from './orders.manual.ts';
import { OrderRejection } from './orders.priced.ts';
import { findCustomerOrder } from './orders.repository.ts';
import {
  CANCELLED_BY_SHOPPER,
  changeStatus,
  confirmPayment,
  type OrderActor,
  OrderChangeRejection,
  restoreOrder,
  type StatusChange,
} from './orders.status.ts';
import { toOrder } from './orders.view.ts';

/** The store's home country: a manual order's address that names no country ships there. */
const HOME_COUNTRY = 'BD';
const DATE_RANGE_REVERSED = 'The start date must not be after the end date.';
const DISCOUNT_DECIMALS = 'The discount can have at most two decimals.';

function fromChangeRejection(error: OrderChangeRejection): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'invalid':
      return validationError(error.errors, error.message);
  }
}

/** Runs a change; a rejection becomes its HTTP answer. */
async function answering<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof OrderChangeRejection) throw fromChangeRejection(error);
    throw error;
  }
}

type ListQuery = QueryParams<'listAdminOrders'>;

/** The list's filters from its query; 400 when the date range runs backwards. */
function filtersOf(
  query: Omit<ListQuery, 'page' | 'limit' | 'sort' | 'archived'>,
  archived = false,
): OrderFilters {
  if (query.from && query.to && query.from > query.to) {
    throw validationError([{ path: '/from', message: 'must not be after to' }], DATE_RANGE_REVERSED);
  }
  return {
    q: query.q,
    statuses: query.status,
    channel: query.channel,
    from: query.from,
    to: query.to,
    archived,
  };
}

const staffActor = (staff: StaffAuth): OrderActor => ({ name: staff.name, type: 'admin' });

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

/** A manual order's single-line address may end with the country's code (`..., Dhaka 1205, BD`). */
function countryOf(address: string): string {
  return /,\s*([A-Z]{2})\s*$/.exec(address)?.[1] ?? HOME_COUNTRY;
}

const optionalText = (text: string | undefined) => text?.trim() || null;

export const ORDER_CREATED = 'Order created successfully!';

/** A retry's answer for an order staff created under its Idempotency-Key whose first answer was lost. */
export function replayCreatedOrder(db: Database): Replay {
  return async (resource) => ({
    statusCode: 201,
    body: {
      success: true,
      message: ORDER_CREATED,
      data: toAdminOrder(await readAdminOrder(db, resource.replace(/^order:/, ''))),
    },
  });
}

export function createAdminOrderHandlers(deps: { db: Database; payments: PaymentProvider }) {
  const { db } = deps;
  const payBack = payBackThrough(deps.payments);

  type StaffEntry = Parameters<typeof staffActivity>[2];

  /** A staff change and the activity entry it earns, stored in one transaction. */
  const logged = <T>(
    request: FastifyRequest,
    staff: StaffAuth,
    change: (tx: Database) => Promise<T>,
    entry: (result: T) => StaffEntry,
  ) => withActivity(db, change, (result) => staffActivity(request, staff, entry(result)));

  /** A refused attempt: nothing changed, so its entry stands alone. */
  const logRefusal = (request: FastifyRequest, staff: StaffAuth, entry: StaffEntry) =>
    recordFailedAttempt(db, request, staffActivity(request, staff, entry));

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

  const exportHandler: OperationHandler = async (rawRequest, reply) => {
    // Answers a file, not an envelope, so it is typed here rather than through operation().
    const request = rawRequest as unknown as OperationRequest<'exportOrders'>;
    const staff = requireStaff(request);
    const { sort = 'newest', ...query } = request.query;
    const filters = filtersOf(query);
    const rows = await exportAdminOrders(db, filters, sort as OrderSort);
    // The file leaves only with its line in the log.
    await insertActivity(
      db,
      staffActivity(request, staff, {
        action: 'order.export',
        target: 'orders',
        details: { rows: rows.length, filters: { ...query } },
      }),
    );
    const filename = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(ordersCsv(rows));
  };

  return {
    listAdminOrders: operation('listAdminOrders', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20, sort = 'newest', archived = false, ...query } = request.query;
      const filters = filtersOf(query, archived);
      const { rows, total, stats } = await listAdminOrders(db, filters, { page, limit, sort });
      return {
        success: true,
        data: rows.map(toAdminOrder),
        meta: { page, limit, total },
        stats: {
          total: stats.total,
          pending: stats.pending,
          shipped: stats.shipped,
          revenue: toAmount(stats.revenueMinor),
          currency: 'USD',
        },
      };
    }),

    getAdminOrder: operation('getAdminOrder', async (request) => {
      requireStaff(request);
      const found = await findAdminOrder(db, request.params.id);
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return { success: true, data: toAdminOrder(found) };
    }),

    createAdminOrder: operation('createAdminOrder', async (request, reply) => {
      const staff = requireStaff(request);
      const body = request.body;
      const address = body.address.trim();
      const discountHundredths = toMinor(body.discountPercent ?? 0);
      const errors = [
        ...(address === '' ? [{ path: '/address', message: 'is required' }] : []),
        ...(discountHundredths === null ? [{ path: '/discountPercent', message: DISCOUNT_DECIMALS }] : []),
      ];
      if (errors.length > 0 || discountHundredths === null) throw validationError(errors);
      // Not a uuid would make the uuid comparison fail in SQL.
      if (!isUuid(body.productId.trim())) throw notFound('Product not found.');

      let orderId: string;
      try {
        orderId = await logged(
          request,
          staff,
          async (tx) => {
            const id = await placeManualOrder(tx, {
              productId: body.productId.trim(),
              skuId: optionalText(body.skuId),
              quantity: body.quantity ?? 1,
              discountHundredths,
              paymentMethod: body.paymentMethod,
              address: { address, country: countryOf(address) },
              customer: {
                name: optionalText(body.customerName),
                email: optionalText(body.customerEmail),
                phone: optionalText(body.phone),
              },
              staff: { ...staffActor(staff), id: staff.id },
            });
            const [created] = await tx
              .select({
                orderNumber: orders.orderNumber,
                totalMinor: orders.totalMinor,
                currency: orders.currency,
              })
              .from(orders)
              .where(eq(orders.id, id));
            if (!created) throw new Error('the order just placed cannot be read back');
            return { id, ...created };
          },
          (created) => ({
            action: 'order.create',
            target: `order:${created.orderNumber}`,
            details: {
              total: toAmount(created.totalMinor),
              currency: created.currency,
              discountPercent: body.discountPercent ?? 0,
              paymentMethod: body.paymentMethod,
            },
          }),
        ).then((created) => created.id);
      } catch (error) {
        if (!(error instanceof OrderRejection)) throw error;
        throw error.kind === 'not_found' ? notFound(error.message) : unprocessable(error.message);
      }
      const data = toAdminOrder(await readAdminOrder(db, orderId));
      reply.code(201);
      return { success: true, message: ORDER_CREATED, data };
    }),

    exportOrders: exportHandler,

    listOrderStatusLogs: operation('listOrderStatusLogs', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 20, q, status, from, to } = request.query;
      if (from && to && from > to) {
        throw validationError([{ path: '/from', message: 'must not be after to' }], DATE_RANGE_REVERSED);
      }
      const { rows, total } = await listStatusLogs(db, {
        page,
        limit,
        ...(q === undefined ? {} : { q }),
        ...(status === undefined ? {} : { status }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      });
      return { success: true, data: rows.map(toStatusLog), meta: { page, limit, total } };
    }),

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

    archiveOrders: operation('archiveOrders', async (request) => {
      const staff = requireStaff(request);
      // One entry per order archived, in the archive's transaction.
      const { archived, refused } = await db.transaction(async (tx) => {
        const result = await archiveOrders(tx, request.body.ids);
        for (const { order } of result.archived) {
          await insertActivity(
            tx,
            staffActivity(request, staff, {
              action: 'order.archive',
              target: `order:${order.orderNumber}`,
              details: { status: order.status },
            }),
          );
        }
        return result;
      });
      return {
        success: true,
        message: `${archived.length} of ${archived.length + refused.length} orders archived.`,
        data: {
          updated: archived.map(({ order }) => order.id),
          failed: refused.map(({ ref, message }) => ({ id: ref, message })),
        },
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

    updateAdminOrder: operation('updateAdminOrder', async (request) => {
      const staff = requireStaff(request);
      const { shippingAddress, notes } = request.body;
      const edit: OrderEdit = {};
      if (shippingAddress) {
        const street = shippingAddress.address.trim();
        if (street === '') {
          throw validationError([{ path: '/shippingAddress/address', message: 'is required' }]);
        }
        edit.address = {
          fullName: optionalText(shippingAddress.full_name),
          address: street,
          city: shippingAddress.city.trim(),
          province: optionalText(shippingAddress.province),
          postalCode: shippingAddress.postalCode.trim(),
          country: shippingAddress.country,
          mobileNo: optionalText(shippingAddress.mobile_no),
        };
      }
      if (notes !== undefined) edit.notes = optionalText(notes);
      if (edit.address === undefined && edit.notes === undefined) {
        throw validationError([], 'Give a new shipping address or notes.');
      }
      const order = await answering(() =>
        logged(
          request,
          staff,
          (tx) => editOrder(tx, request.params.id, edit),
          (edited) => ({
            action: 'order.update',
            target: `order:${edited.orderNumber}`,
            details: {
              fields: [
                ...(edit.address ? ['shippingAddress'] : []),
                ...(edit.notes !== undefined ? ['notes'] : []),
              ],
            },
          }),
        ),
      );
      const data = toAdminOrder(await readAdminOrder(db, order.id));
      return { success: true, message: 'Order updated.', data };
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
