import type { components } from '@shop/sdk/types';
import { requireVendor } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount } from '../../money/money.ts';
import { OrderChangeRejection } from '../orders/index.ts';
import { createVendorCouponHandlers } from './vendor-coupons.handlers.ts';
import {
  findVendorOrder,
  listVendorOrders,
  ShipmentRejection,
  shipRefusal,
  shipVendorLines,
  type VendorOrderDetails,
} from './vendor-orders.repository.ts';

type VendorOrder = components['schemas']['VendorOrder'];
type VendorOrderDetail = components['schemas']['VendorOrderDetail'];

export const VENDOR_ORDER_NOT_FOUND = 'Order not found.';

/** The order as the vendor sees it: their own lines and their total, never the payment or other stores' lines. */
export function toVendorOrder({ order, lines, paid }: VendorOrderDetails): VendorOrder {
  const shipped = lines.every((line) => line.shippedAt !== null);
  return {
    _id: order.id,
    id: order.orderNumber,
    customer: order.customerName,
    date: order.createdAt.toISOString(),
    items: lines.map((line) => ({
      _id: line.id,
      product: line.productId,
      name: line.name,
      sku: line.skuId,
      quantity: line.quantity,
      price: toAmount(line.unitPriceMinor),
      lineTotal: toAmount(line.lineTotalMinor),
      image: line.image,
      carrier: line.carrier,
      trackingNumber: line.trackingNumber,
      shippedAt: line.shippedAt?.toISOString() ?? null,
    })),
    discount: toAmount(paid.discountMinor),
    total: toAmount(paid.paidMinor),
    currency: order.currency,
    status: order.status,
    isPaid: order.isPaid,
    shipped,
    canShip: !shipped && shipRefusal(order) === null,
  };
}

function toVendorOrderDetail(details: VendorOrderDetails): VendorOrderDetail {
  const { order } = details;
  return {
    ...toVendorOrder(details),
    shipTo: {
      name: order.shipFullName ?? order.customerName,
      address: order.shipAddress,
      city: order.shipCity,
      province: order.shipProvince,
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
      phone: [order.shipPhoneCountry, order.shipMobileNo].filter(Boolean).join(' ') || null,
    },
  };
}

/** The vendor panel's Orders and Promotion & Coupons. */
export function createVendorOrderHandlers(deps: { db: Database }) {
  const { db } = deps;

  async function existing(storeId: string, orderId: string): Promise<VendorOrderDetails> {
    const found = await findVendorOrder(db, storeId, orderId);
    if (!found) throw notFound(VENDOR_ORDER_NOT_FOUND);
    return found;
  }

  return {
    listVendorOrders: operation('listVendorOrders', async (request) => {
      const vendor = requireVendor(request);
      const { page = 1, limit = 10, q, status } = request.query;
      const { rows, total } = await listVendorOrders(db, vendor.id, { q, status }, { page, limit });
      return { success: true, data: rows.map(toVendorOrder), meta: { page, limit, total } };
    }),

    getVendorOrder: operation('getVendorOrder', async (request) => {
      const vendor = requireVendor(request);
      return { success: true, data: toVendorOrderDetail(await existing(vendor.id, request.params.id)) };
    }),

    shipVendorOrder: operation('shipVendorOrder', async (request) => {
      const vendor = requireVendor(request);
      const { id } = request.params;
      try {
        await shipVendorLines(db, {
          storeId: vendor.id,
          storeName: vendor.name,
          orderId: id,
          carrier: request.body.carrier.trim(),
          trackingNumber: request.body.trackingNumber.trim(),
        });
      } catch (error) {
        if (error instanceof ShipmentRejection) {
          throw error.kind === 'not_found' ? notFound(VENDOR_ORDER_NOT_FOUND) : conflict(error.message);
        }
        if (error instanceof OrderChangeRejection) throw conflict(error.message);
        throw error;
      }
      return {
        success: true,
        message: 'Your items are marked as shipped.',
        data: toVendorOrderDetail(await existing(vendor.id, id)),
      };
    }),

    ...createVendorCouponHandlers({ db }),
  };
}
