import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../lib/order-status';
import { OrderItemsTable } from './order-items-table';

type Item = AdminOrder['items'][number];

const item = (overrides: Partial<Item>): Item => ({
  sku: 'SKU-1',
  name: 'Leather Wallet',
  qty: 1,
  price: 20,
  total: 20,
  productId: null,
  image: null,
  ...overrides,
});

describe('order items', () => {
  it('shows the tracking of a line its vendor shipped, and nothing for the others', () => {
    const order = {
      currency: 'USD',
      items: [
        item({
          carrier: 'DHL',
          trackingNumber: 'JD0146000',
          shippedAt: '2026-12-02T09:00:00.000Z',
        }),
        item({ sku: 'SKU-2', name: 'Cotton Towel', carrier: null, trackingNumber: null, shippedAt: null }),
      ],
    } as AdminOrder;
    render(
      <MantineProvider>
        <OrderItemsTable order={order} />
      </MantineProvider>,
    );
    const [, wallet, towel] = within(screen.getByRole('table', { name: 'Order items' })).getAllByRole('row');
    expect(wallet).toHaveTextContent('Shipped by the vendor Dec 2, 2026: DHL JD0146000');
    expect(towel).not.toHaveTextContent('Shipped');
  });

  it("shows a line's supplier delivery service and its fee, free when the threshold waived it", () => {
    const order = {
      currency: 'USD',
      items: [
        item({ delivery: { code: 'CAINIAO_STANDARD', company: 'Cainiao Standard', fee: 0 } }),
        item({ sku: 'SKU-2', name: 'Cotton Towel', delivery: { code: 'DHL', company: 'DHL', fee: 12.5 } }),
      ],
    } as AdminOrder;
    render(
      <MantineProvider>
        <OrderItemsTable order={order} />
      </MantineProvider>,
    );
    const [, wallet, towel] = within(screen.getByRole('table', { name: 'Order items' })).getAllByRole('row');
    expect(wallet).toHaveTextContent('Delivery: Cainiao Standard, free');
    expect(towel).toHaveTextContent('Delivery: DHL, $12.50');
  });
});
