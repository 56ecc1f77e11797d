import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  makeOrder,
  pageEnvelope,
  stubApi,
} from './testing/order-api-stub';

const product = (n: number, name: string) => ({
  _id: `p-${n}`,
  id: `p-${n}`,
  productId: `100${n}`,
  status: 'published',
  source: 'aliexpress',
  logText: '{}',
  name,
  images: [],
  price: 1200,
  currency: 'BDT',
  originalPrice: null,
  sku: { sku_price: null },
  availableStock: 5,
  property: [],
  categoryId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const PRODUCTS = 'GET /product/';
const CREATE = 'POST /orders';

function stubProducts(create: () => Response) {
  return stubApi({
    [PRODUCTS]: ({ url }) =>
      jsonResponse(
        200,
        pageEnvelope(
          url.searchParams.get('q') === 'tote'
            ? [product(2, 'Canvas Tote')]
            : [product(1, 'Wireless Earbuds'), product(2, 'Canvas Tote')],
        ),
      ),
    [CREATE]: create,
  });
}

describe('Manual Order Placement', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('requires a product and an address and keeps the discount between 0 and 100', async () => {
    const api = stubProducts(() => jsonResponse(201, dataEnvelope(makeOrder(9))));
    const { user } = renderApp('/manage-admin/orders/manual');

    const form = within(await screen.findByRole('form', { name: 'Manual order' }));
    await user.clear(form.getByLabelText('Discount (%)'));
    await user.type(form.getByLabelText('Discount (%)'), '150');
    await user.type(form.getByLabelText('Customer email'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Place Order' }));

    expect(await form.findByText('Product is required')).toBeInTheDocument();
    expect(form.getByText('Address is required')).toBeInTheDocument();
    expect(form.getByText('Discount must be between 0 and 100')).toBeInTheDocument();
    expect(form.getByText('Customer email is invalid')).toBeInTheDocument();
    expect(api.sentTo(CREATE)).toHaveLength(0);
  });

  it('places the order with the chosen product and links to its details', async () => {
    const api = stubProducts(() => jsonResponse(201, dataEnvelope(makeOrder(9))));
    const { user } = renderApp('/manage-admin/orders/manual');

    const form = within(await screen.findByRole('form', { name: 'Manual order' }));
    await user.click(form.getByRole('combobox', { name: 'Product' }));
    await user.type(form.getByRole('combobox', { name: 'Product' }), 'tote');
    await waitFor(() =>
      expect(api.sentTo(PRODUCTS).some((r) => r.url.searchParams.get('q') === 'tote')).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: /Canvas Tote/, hidden: true }));
    await user.type(form.getByLabelText(/^Address/), 'House 12, Road 5, Dhaka 1205, BD');
    await user.clear(form.getByLabelText('Discount (%)'));
    await user.type(form.getByLabelText('Discount (%)'), '10');
    await user.click(form.getByRole('combobox', { name: 'Payment method' }));
    await user.click(await screen.findByRole('option', { name: 'Offline', hidden: true }));
    await user.type(form.getByLabelText('Customer name'), 'Rahim Uddin');
    await user.click(form.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(api.sentTo(CREATE)).toHaveLength(1));
    expect(api.sentTo(CREATE)[0]?.body).toEqual({
      productId: 'p-2',
      quantity: 1,
      address: 'House 12, Road 5, Dhaka 1205, BD',
      discountPercent: 10,
      paymentMethod: 'Offline',
      customerName: 'Rahim Uddin',
    });
    expect(await screen.findByText(/Order created successfully! ORD-1009/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order ORD-1009' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-9',
    );
  });

  it("puts the server's field errors beside the fields", async () => {
    stubProducts(() =>
      jsonResponse(
        400,
        errorEnvelope('The order is not valid.', 'VALIDATION_ERROR', [
          { path: '/address', message: 'The address is too vague for delivery.' },
        ]),
      ),
    );
    const { user } = renderApp('/manage-admin/orders/manual');

    const form = within(await screen.findByRole('form', { name: 'Manual order' }));
    await user.click(form.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: /Wireless Earbuds/, hidden: true }));
    await user.type(form.getByLabelText(/^Address/), 'Dhaka');
    await user.click(form.getByRole('button', { name: 'Place Order' }));

    expect(await form.findByText('The address is too vague for delivery.')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('The order is not valid.');
  });
});
