import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, pageEnvelope, stubApi } from './testing/order-api-stub';

const parcel = (number: number, overrides: Record<string, unknown> = {}) => ({
  id: `parcel-${number}`,
  number,
  supplierName: number === 1 ? 'Sound Store' : 'Case Store',
  status: 'Forwarded',
  aeOrderId: `AE-${number}`,
  trackingNumber: null,
  carrier: null,
  events: [],
  failureClass: null,
  lastError: null,
  attempts: 1,
  retryAt: null,
  placedAt: '2026-11-05T10:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  promisedBy: null,
  reshipOf: null,
  items: [
    {
      orderItemId: `item-${number}`,
      productId: `product-${number}`,
      name: number === 1 ? 'TWS Wireless Earbuds' : 'Magnetic Phone Case',
      quantity: 1,
      aeProductId: `100500${number}`,
      aeSkuId: `sku-${number}`,
      source: 'product',
    },
  ],
  ...overrides,
});

const forwarding = (parcels: ReturnType<typeof parcel>[], status = 'Failed') => ({
  id: 'FW-1',
  orderId: 'o-1',
  orderNumber: 'ORD-1001',
  product: 'TWS Wireless Earbuds, Magnetic Phone Case',
  country: 'BR',
  shipping: 'CAINIAO_STANDARD',
  status,
  aeOrderId: 'AE-1',
  tracking: null,
  syncLog: [],
  updatedAt: null,
  parcels,
});

describe('supplier parcels on the forwarding screen', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it("shows each parcel with its supplier and status, and a failed parcel's class with its fixes", async () => {
    const failed = parcel(2, {
      status: 'Failed',
      aeOrderId: null,
      failureClass: 'out_of_stock',
      lastError: 'The supplier refused the order: Only 0 left of SKU sku-2.',
    });
    const api = stubApi({
      'GET /forwarding': () => jsonResponse(200, pageEnvelope([forwarding([parcel(1), failed])])),
      'POST /orders/o-1/parcels/parcel-2/place': () =>
        jsonResponse(200, dataEnvelope(forwarding([parcel(1), parcel(2)], 'Forwarded'))),
    });
    const { user } = renderApp('/manage-admin/orders/aliexpress');
    const one = within(await screen.findByLabelText('Parcel 1'));
    expect(one.getByText('Sound Store')).toBeInTheDocument();
    expect(one.getByText('Forwarded')).toBeInTheDocument();
    const two = within(screen.getByLabelText('Parcel 2'));
    expect(two.getByText('Out of stock')).toBeInTheDocument();
    expect(two.getByText('The supplier refused the order: Only 0 left of SKU sku-2.')).toBeInTheDocument();
    expect(two.getByRole('link', { name: 'Remap or switch to backup' })).toHaveAttribute(
      'href',
      '/manage-admin/products/edit-product/product-2',
    );
    expect(two.queryByRole('button', { name: 'Edit address' })).not.toBeInTheDocument();
    await user.click(two.getByRole('button', { name: 'Retry parcel 2' }));
    expect(await screen.findByText('Parcel 2 placed with AliExpress.')).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/parcels/parcel-2/place')).toHaveLength(1);
  });

  it('fixes a rejected address: the field the server refuses is shown, then the parcel is placed again', async () => {
    const rejected = parcel(1, { status: 'Failed', aeOrderId: null, failureClass: 'address_rejected' });
    let tries = 0;
    const api = stubApi({
      'GET /forwarding': () => jsonResponse(200, pageEnvelope([forwarding([rejected])])),
      'PUT /orders/o-1/parcels/parcel-1/address': () => {
        tries += 1;
        return tries === 1
          ? jsonResponse(
              422,
              errorEnvelope('Orders to Brazil need the receiver’s CPF (11 digits).', 'UNPROCESSABLE', [
                { path: 'taxNumber', message: 'Orders to Brazil need the receiver’s CPF (11 digits).' },
              ]),
            )
          : jsonResponse(200, dataEnvelope(forwarding([parcel(1)], 'Forwarded')));
      },
    });
    const { user } = renderApp('/manage-admin/orders/aliexpress');
    const row = within(await screen.findByLabelText('Parcel 1'));
    expect(row.getByText('Address rejected')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Edit address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit address: parcel 1' }));
    await user.type(dialog.getByLabelText('Full name'), 'Ana Souza');
    await user.type(dialog.getByLabelText('Postal code'), '01304-001');
    await user.type(dialog.getByLabelText('Tax number'), '123');
    await user.click(dialog.getByRole('button', { name: 'Save and retry' }));
    expect(
      await dialog.findAllByText('Orders to Brazil need the receiver’s CPF (11 digits).'),
    ).not.toHaveLength(0);

    await user.clear(dialog.getByLabelText('Tax number'));
    await user.type(dialog.getByLabelText('Tax number'), '123.456.789-09');
    await user.click(dialog.getByRole('button', { name: 'Save and retry' }));
    expect(await screen.findByText('Address saved; parcel 1 placed again.')).toBeInTheDocument();
    const sent = api.sentTo('PUT /orders/o-1/parcels/parcel-1/address');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ fullName: 'Ana Souza', taxNumber: '123.456.789-09' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
