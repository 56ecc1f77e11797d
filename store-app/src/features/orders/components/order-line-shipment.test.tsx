import type { Schemas } from '@shop/sdk/types';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageApplied } from '../../../i18n/i18n';
import { customerSession } from '../../../lib/session';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { settingsStore } from '../../settings/settings-store';

type Item = Schemas['OrderItem'];

const line = (name: string, shipment: Partial<Item> = {}): Item => ({
  product: `p-${name}`,
  sku_id: 's1',
  name,
  quantity: 1,
  price: 20,
  image: null,
  currency: 'USD',
  ...shipment,
});

function order(items: Item[], overrides: Partial<Schemas['Order']> = {}): Schemas['Order'] {
  return {
    _id: 'order-9',
    orderNumber: 'ORD-20261201-0009',
    user: 'user-1',
    items,
    shippingAddress: { address: 'House 12, Road 5', city: 'Dhaka', postalCode: '1205', country: 'BD' },
    paymentMethod: 'Credit Card',
    currency: 'USD',
    itemsPrice: 40,
    shippingPrice: 10,
    taxPrice: 4,
    totalPrice: 54,
    discountPrice: 0,
    couponCode: null,
    isPaid: true,
    paidAt: '2026-12-01T10:00:00.000Z',
    isDelivered: false,
    deliveredAt: null,
    status: 'Placed',
    statusHistory: [],
    createdAt: '2026-12-01T10:00:00.000Z',
    paymentStatus: 'Paid',
    carrier: null,
    trackingNumber: null,
    refundedPrice: 0,
    refunds: [],
    canCancel: true,
    ...overrides,
  };
}

function show(data: Schemas['Order']) {
  stubApi({ 'GET /order/order-9': () => json(200, { success: true, data }) });
  customerSession.signIn(customerToken());
  renderApp('/order/order-9');
}

const itemsCard = async () => within(await screen.findByRole('region', { name: 'Items' }));
const lineNamed = (card: ReturnType<typeof within>, name: string) =>
  within(card.getByText(name).closest('li') as HTMLElement);

describe('each line’s shipment on the order page', () => {
  it('shows the carrier, tracking number and date of a line its seller shipped, and that the other is to come', async () => {
    show(
      order([
        line('Leather Wallet', {
          carrier: 'DHL',
          trackingNumber: 'JD0146000',
          shippedAt: '2026-12-03T09:00:00.000Z',
        }),
        line('Cotton Towel', { carrier: null, trackingNumber: null, shippedAt: null }),
      ]),
    );

    const card = await itemsCard();
    const wallet = lineNamed(card, 'Leather Wallet');
    expect(wallet.getByText('Shipped on Dec 3, 2026')).toBeInTheDocument();
    expect(wallet.getByText('Carrier: DHL')).toBeInTheDocument();
    expect(wallet.getByText('Tracking number: JD0146000')).toBeInTheDocument();
    const towel = lineNamed(card, 'Cotton Towel');
    expect(towel.getByText('Not shipped yet')).toBeInTheDocument();
    expect(towel.queryByText(/Carrier/)).not.toBeInTheDocument();
  });

  it('says nothing per line before any has shipped, or once the whole order has', async () => {
    show(order([line('Leather Wallet'), line('Cotton Towel')]));
    const card = await itemsCard();
    expect(card.queryByText('Not shipped yet')).not.toBeInTheDocument();
    expect(card.queryByText(/Shipped on/)).not.toBeInTheDocument();
  });

  it('no longer waits on lines of an order that has shipped as a whole', async () => {
    show(
      order(
        [
          line('Leather Wallet', {
            carrier: 'DHL',
            trackingNumber: 'JD1',
            shippedAt: '2026-12-03T09:00:00.000Z',
          }),
          line('Cotton Towel'),
        ],
        { status: 'Shipped', carrier: 'FedEx', trackingNumber: 'FX-7', canCancel: false },
      ),
    );
    const card = await itemsCard();
    expect(lineNamed(card, 'Leather Wallet').getByText('Tracking number: JD1')).toBeInTheDocument();
    expect(card.queryByText('Not shipped yet')).not.toBeInTheDocument();
  });

  it('speaks the shopper’s language', async () => {
    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'es' });
      await languageApplied();
    });
    show(
      order([
        line('Leather Wallet', {
          carrier: 'DHL',
          trackingNumber: 'JD0146000',
          shippedAt: '2026-12-03T09:00:00.000Z',
        }),
        line('Cotton Towel'),
      ]),
    );
    expect(await screen.findByText('Transportista: DHL')).toBeInTheDocument();
    expect(screen.getByText('Número de seguimiento: JD0146000')).toBeInTheDocument();
    expect(screen.getByText(/^Enviado el/)).toBeInTheDocument();
    expect(screen.getByText('Aún no enviado')).toBeInTheDocument();
  });
});
