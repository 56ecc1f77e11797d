import { eq } from 'drizzle-orm';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { QueryParams } from '../../http/contract-types.ts';
import { notFound, unprocessable, validationError } from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { type OperationHandler, type OperationRequest, operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount, toMinor } from '../../money/money.ts';
import { insertActivity, staffActivity } from '../activity/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
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
import { answering, staffActor, staffOrderLog } from './orders.staff-log.ts';

/** The store's home country: a manual order's address that names no country ships there. */
const HOME_COUNTRY = 'BD';
const DATE_RANGE_REVERSED = 'The start date must not be after the end date.';
const DISCOUNT_DECIMALS = 'The discount can have at most two decimals.';

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

export function createAdminOrderHandlers(deps: { db: Database }) {
  const { db } = deps;

  const { logged } = staffOrderLog(db);

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
        meta: { page, limit, total, capped: stats.capped },
        stats: {
          total: stats.total,
          capped: stats.capped,
          pending: stats.pending,
          shipped: stats.shipped,
          revenue: stats.revenueMinor === null ? null : toAmount(stats.revenueMinor),
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
  };
}
