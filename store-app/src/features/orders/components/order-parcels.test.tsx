import type { Schemas } from '@shop/sdk/types';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageApplied } from '../../../i18n/i18n';
import { customerSession } from '../../../lib/session';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { settingsStore } from '../../settings/settings-store';

type Parcel = Schemas['ShopperParcel'];

const order: Schemas['Order'] = {
  _id: 'order-7',
  orderNumber: 'ORD-20261201-0007',
  user: 'user-1',
  items: [
    {
      product: 'p1',
      sku_id: 's1',
      name: 'TWS Wireless Earbuds',
      quantity: 1,
      price: 40,
      image: null,
      currency: 'USD',
    },
    {
      product: 'p2',
      sku_id: 's2',
      name: 'Magnetic Phone Case',
      quantity: 2,
      price: 10,
      image: null,
      currency: 'USD',
    },
  ],
  shippingAddress: { address: 'House 12, Road 5', city: 'Dhaka', postalCode: '1205', country: 'BD' },
  paymentMethod: 'Credit Card',
  currency: 'USD',
  itemsPrice: 60,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 60,
  discountPrice: 0,
  couponCode: null,
  isPaid: true,
  paidAt: '2026-12-01T10:00:00.000Z',
  isDelivered: false,
  deliveredAt: null,
  status: 'Shipped',
  statusHistory: [],
  createdAt: '2026-12-01T10:00:00.000Z',
  paymentStatus: 'Paid',
  carrier: 'Cainiao',
  trackingNumber: 'LP001122334455CN',
  refundedPrice: 0,
  refunds: [],
  canCancel: false,
};

const shipped: Parcel = {
  _id: 'parcel-1',
  number: 1,
  status: 'Shipped',
  carrier: 'Cainiao',
  trackingNumber: 'LP001122334455CN',
  shippedAt: '2026-12-03T09:00:00.000Z',
  deliveredAt: null,
  promisedBy: '2026-12-20T10:00:00.000Z',
  items: [{ name: 'TWS Wireless Earbuds', quantity: 1 }],
  events: [
    { time: '2026-12-03T09:00:00.000Z', description: 'Handed to the carrier' },
    { time: '2026-12-05T09:00:00.000Z', description: 'Departed from the sorting centre' },
  ],
};
const preparing: Parcel = {
  _id: 'parcel-2',
  number: 2,
  status: 'Preparing',
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  promisedBy: '2026-12-22T10:00:00.000Z',
  items: [{ name: 'Magnetic Phone Case', quantity: 2 }],
  events: [],
};

function show(parcels: Parcel[]) {
  stubApi({
    'GET /order/order-7': () => json(200, { success: true, data: order }),
    'GET /order/order-7/parcels': () => json(200, { success: true, data: parcels }),
    'GET /order/order-7/claims': () => json(200, { success: true, data: [] }),
  });
  customerSession.signIn(customerToken());
  renderApp('/order/order-7');
}

describe('the order page’s parcels', () => {
  it('shows each parcel apart: the shipped one with its tracking and scans, the other still being prepared', async () => {
    show([shipped, preparing]);
    const section = within(await screen.findByRole('region', { name: 'Parcels and tracking' }));
    expect(section.getByText(/ships in 2 parcels/)).toBeInTheDocument();
    const one = within(section.getByRole('article', { name: 'Parcel 1' }));
    expect(one.getByText('Shipped')).toBeInTheDocument();
    expect(one.getByText('TWS Wireless Earbuds × 1')).toBeInTheDocument();
    expect(one.getByText('Carrier: Cainiao')).toBeInTheDocument();
    expect(one.getByText('Tracking number: LP001122334455CN')).toBeInTheDocument();
    expect(one.getByText('Departed from the sorting centre')).toBeInTheDocument();
    expect(one.getByText('Handed to the carrier')).toBeInTheDocument();
    const two = within(section.getByRole('article', { name: 'Parcel 2' }));
    expect(two.getByText('Being prepared')).toBeInTheDocument();
    expect(two.getByText('Magnetic Phone Case × 2')).toBeInTheDocument();
    expect(two.queryByText(/Tracking number/)).not.toBeInTheDocument();
  });

  it('shows nothing before the order is split into parcels', async () => {
    show([]);
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261201-0007' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Parcels and tracking' })).not.toBeInTheDocument();
  });

  it('speaks the shopper’s language', async () => {
    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'es' });
      await languageApplied();
    });
    show([{ ...shipped, status: 'Delivered', deliveredAt: '2026-12-09T09:00:00.000Z' }, preparing]);
    const section = within(await screen.findByRole('region', { name: 'Paquetes y seguimiento' }));
    const one = within(section.getByRole('article', { name: 'Paquete 1' }));
    expect(one.getByText('Entregado')).toBeInTheDocument();
    expect(one.getByText(/^Entregado el/)).toBeInTheDocument();
    expect(
      within(section.getByRole('article', { name: 'Paquete 2' })).getByText('En preparación'),
    ).toBeInTheDocument();
  });
});
