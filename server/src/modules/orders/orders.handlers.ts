import type { components } from '@shop/sdk/types';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, conflict, notFound, unprocessable, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { MAX_LINE_QUANTITY, toAmount } from './orders.pricing.ts';
import {
  findCustomerOrder,
  listCustomerOrders,
  OrderRejection,
  type OrderWithDetails,
  placeOrder,
} from './orders.repository.ts';

type Order = components['schemas']['Order'];

export const ORDER_NOT_FOUND = 'Order not found.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);

const CHECKOUT_FIELDS = [
  'full_name',
  'address',
  'city',
  'province',
  'country',
  'zip',
  'mobile_no',
  'phone_country',
] as const;

export function toOrder({ order, items, history }: OrderWithDetails): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: order.customerId ?? '',
    items: items.map((item) => ({
      product: item.productId ?? '',
      sku_id: item.skuId,
      name: item.name,
      quantity: item.quantity,
      price: toAmount(item.unitPriceMinor),
      image: item.image,
      currency: item.currency,
    })),
    shippingAddress: {
      ...(order.shipFullName === null ? {} : { full_name: order.shipFullName }),
      address: order.shipAddress,
      city: order.shipCity,
      ...(order.shipProvince === null ? {} : { province: order.shipProvince }),
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
      ...(order.shipMobileNo === null ? {} : { mobile_no: order.shipMobileNo }),
      ...(order.shipPhoneCountry === null ? {} : { phone_country: order.shipPhoneCountry }),
      logistics_service_name: order.logisticsServiceName,
    },
    paymentMethod: order.paymentMethod as Order['paymentMethod'],
    currency: order.currency,
    itemsPrice: toAmount(order.itemsMinor),
    shippingPrice: toAmount(order.shippingMinor),
    taxPrice: toAmount(order.taxMinor),
    totalPrice: toAmount(order.totalMinor),
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    status: order.status,
    statusHistory: history.map((entry) => ({
      status: entry.status,
      date: entry.at.toISOString(),
      by: entry.by,
    })),
    createdAt: order.createdAt.toISOString(),
  };
}

function fromRejection(error: OrderRejection): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'out_of_stock':
      return conflict(error.message);
    case 'not_for_sale':
    case 'no_rate':
      return unprocessable(error.message);
  }
}

export function createOrderHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    placeOrder: operation('placeOrder', async (request, reply) => {
      const customer = requireCustomer(request);
      const { items, shippingAddress: address, paymentMethod } = request.body;

      // Repeated product + SKU lines become one line; together they still may not exceed the per-line limit.
      const lines: Array<{ productId: string; skuId: string; quantity: number; index: number }> = [];
      for (const [index, item] of items.entries()) {
        const same = lines.find((line) => line.productId === item.product && line.skuId === item.sku_id);
        if (same) same.quantity += item.quantity;
        else lines.push({ productId: item.product, skuId: item.sku_id, quantity: item.quantity, index });
      }
      const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
      if (tooMany) {
        throw validationError(
          [{ path: `/items/${tooMany.index}/quantity`, message: `must be <= ${MAX_LINE_QUANTITY}` }],
          `At most ${MAX_LINE_QUANTITY} of one item can be ordered at a time.`,
        );
      }
      // The schema asks for at least one character; a field of spaces only is just as empty.
      const blank = CHECKOUT_FIELDS.filter((field) => address[field].trim() === '');
      if (blank.length > 0) {
        throw validationError(
          blank.map((field) => ({ path: `/shippingAddress/${field}`, message: 'is required' })),
        );
      }
      // A product id that is not a uuid cannot name a product (and would make the uuid comparison fail in SQL).
      if (lines.some((line) => !isUuid(line.productId))) {
        throw notFound('A product in your order no longer exists.');
      }

      let orderId: string;
      try {
        orderId = await placeOrder(db, {
          customer,
          currency: request.body.currency ?? 'USD',
          paymentMethod,
          address: {
            fullName: address.full_name.trim(),
            address: address.address.trim(),
            city: address.city.trim(),
            province: address.province.trim(),
            postalCode: address.zip.trim(),
            country: address.country,
            mobileNo: address.mobile_no.trim(),
            phoneCountry: address.phone_country.trim(),
            logisticsServiceName: address.logistics_service_name?.trim() || null,
          },
          lines,
        });
      } catch (error) {
        if (error instanceof OrderRejection) throw fromRejection(error);
        throw error;
      }
      const placed = await findCustomerOrder(db, customer.id, orderId);
      if (!placed) throw new Error('the order just placed cannot be read back');
      reply.code(201);
      return { success: true, message: 'Order placed successfully!', data: toOrder(placed) };
    }),

    listMyOrders: operation('listMyOrders', async (request) => {
      const customer = requireCustomer(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listCustomerOrders(db, customer.id, { page, limit });
      return { success: true, data: rows.map(toOrder), meta: { page, limit, total } };
    }),

    getMyOrder: operation('getMyOrder', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const found = isUuid(id) ? await findCustomerOrder(db, customer.id, id) : null;
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return { success: true, data: toOrder(found) };
    }),
  };
}
