import type { Schemas } from '@shop/sdk/types';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../../../test/network';

type AdminOrder = Schemas['AdminOrder'];

/** An order as GET /orders and GET /orders/{id} answer it: paid by card, in BDT, placed and confirmed. */
export function makeOrder(n: number, overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order: AdminOrder = {
    _id: `o-${n}`,
    id: `ORD-100${n}`,
    customer: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: '+8801700000000',
    date: '2026-11-02T09:15:00.000Z',
    status: 'Confirmed',
    total: 2640,
    currency: 'BDT',
    channel: 'b2c',
    items: [
      {
        sku: `SKU-${n}`,
        name: `Earbuds ${n}`,
        qty: 2,
        price: 1200,
        total: 2400,
        productId: `p-${n}`,
        image: null,
      },
    ],
    shipping: {
      method: 'CAINIAO_STANDARD',
      tracking: null,
      address: 'House 12, Road 5, Dhaka 1205, BD',
      cost: 0,
      carrier: null,
    },
    payment: {
      method: 'Credit Card',
      gatewayRef: 'GW-123',
      status: 'Paid',
      paidAt: '2026-11-02T09:16:00.000Z',
    },
    statusHistory: [
      { status: 'Placed', date: '2026-11-02T09:15:00.000Z', by: 'Customer 1', note: null },
      { status: 'Confirmed', date: '2026-11-03T10:00:00.000Z', by: 'Store Admin', note: 'Paid by card' },
    ],
    customerId: `c-${n}`,
    itemsPrice: 2400,
    shippingPrice: 0,
    taxPrice: 240,
    tax: { rate: 10, inclusive: false, label: 'Tax' },
    discount: 0,
    couponCode: null,
    refunded: 0,
    rate: '121.5',
    notes: null,
    reason: null,
    archived: false,
    shippingAddress: {
      full_name: `Customer ${n}`,
      address: 'House 12, Road 5',
      city: 'Dhaka',
      postalCode: '1205',
      country: 'BD',
      mobile_no: '01700000000',
    },
    refunds: [],
    forwarding: null,
    allowedStatuses: ['Processing', 'Shipped', 'Cancelled', 'Failed'],
  };
  return { ...order, ...overrides };
}

export const orderListEnvelope = (
  orders: AdminOrder[],
  total = orders.length,
  stats: Schemas['OrderStats'] = {
    total: 42,
    capped: false,
    pending: 7,
    shipped: 12,
    revenue: 1234.5,
    currency: 'USD',
  },
) => ({ success: true, data: orders, meta: { page: 1, limit: 10, total, capped: stats.capped }, stats });

export const pageEnvelope = <T>(items: T[], total = items.length) => ({
  success: true,
  data: items,
  meta: { page: 1, limit: 10, total },
});

export { dataEnvelope, errorEnvelope, jsonResponse, stubApi };
