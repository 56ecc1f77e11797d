import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  pageEnvelope,
  stubApi,
} from '../orders/testing/order-api-stub';

type Factory = Schemas['Factory'];

const LIST = 'GET /d2c/factories';
const CREATE = 'POST /d2c/factories';
const ID = '0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f';
const STATS: Schemas['FactoryStats'] = {
  factories: 14,
  active: 12,
  suspended: 2,
  d2cOrders: 57,
  d2cRevenue: 4_210.75,
  currency: 'USD',
};

function makeFactory(overrides: Partial<Factory> = {}): Factory {
  return {
    _id: ID,
    name: 'Dhaka Craft House',
    email: 'hello@dhakacraft.example.com',
    phone: '+8801911223344',
    country: 'BD',
    description: 'Handmade leather goods.',
    status: 'active',
    products: 2,
    d2cOrders: 3,
    revenue: 1_250.5,
    createdAt: '2026-09-01T00:00:00.000Z',
    ...overrides,
  };
}

const listEnvelope = (factories: Factory[], total = factories.length) => ({
  success: true,
  data: factories,
  meta: { page: 1, limit: 10, total },
  stats: STATS,
});

const table = () => screen.findByRole('table', { name: 'Factories' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('Domestic D2C Management', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the summary cards and the factories of page 1 of 10', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([makeFactory()], 14)) });
    renderApp('/manage-admin/d2c');

    expect(await screen.findByRole('heading', { name: 'Domestic D2C Management' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('region', { name: 'Factory counts' }));
    expect(
      await within(cards.getByRole('group', { name: 'Factories' })).findByText('14'),
    ).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Suspended' })).getByText('2')).toBeInTheDocument();
    expect(
      within(cards.getByRole('group', { name: 'D2C Orders (30 days)' })).getByText('57'),
    ).toBeInTheDocument();
    expect(
      within(cards.getByRole('group', { name: 'D2C Revenue (30 days)' })).getByText('$4,210.75'),
    ).toBeInTheDocument();

    const row = await rowOf('Dhaka Craft House');
    expect(row.getByText('hello@dhakacraft.example.com')).toBeInTheDocument();
    expect(row.getByText('+8801911223344')).toBeInTheDocument();
    expect(row.getByText('Bangladesh')).toBeInTheDocument();
    expect(row.getByText('active')).toBeInTheDocument();
    expect(row.getByText('$1,250.50')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Suspend Dhaka Craft House' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 14 results')).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '10',
    });
  });

  it('keeps the status filter in the URL and asks the server with it', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
    const { user, router } = renderApp('/manage-admin/d2c');
    expect(await screen.findByText('No factories found.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'suspended' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.sentTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '10',
        status: 'suspended',
      }),
    );
  });

  describe('Add Factory', () => {
    it('names each missing or invalid field and sends nothing', async () => {
      const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
      const { user } = renderApp('/manage-admin/d2c');
      await user.click(await screen.findByRole('button', { name: 'Add Factory' }));
      const form = within(await screen.findByRole('form', { name: 'Add factory' }));
      await user.click(form.getByRole('button', { name: 'Add Factory' }));
      expect(await form.findByText('Name is required')).toBeInTheDocument();
      expect(form.getByText('Email is required')).toBeInTheDocument();

      await user.type(form.getByRole('textbox', { name: /Email/ }), 'not-an-email');
      await user.type(form.getByRole('textbox', { name: /Phone/ }), 'call me');
      await user.type(form.getByRole('textbox', { name: /Country/ }), 'XX');
      await user.click(form.getByRole('button', { name: 'Add Factory' }));
      expect(await form.findByText('Email is invalid')).toBeInTheDocument();
      expect(form.getByText('Phone is invalid')).toBeInTheDocument();
      expect(
        form.getByText('Country must be a two-letter ISO 3166-1 code (for example BD)'),
      ).toBeInTheDocument();
      expect(api.sentTo(CREATE)).toHaveLength(0);
    });

    it('adds the factory, and shows what the server refuses beside the field', async () => {
      let answer = jsonResponse(
        409,
        errorEnvelope('A store with this email already exists.', 'CONFLICT', [
          { path: '/email', message: 'A store with this email already exists.' },
        ]),
      );
      const api = stubApi({
        [LIST]: () => jsonResponse(200, listEnvelope([])),
        [CREATE]: () => answer,
      });
      const { user } = renderApp('/manage-admin/d2c');
      await user.click(await screen.findByRole('button', { name: 'Add Factory' }));
      const form = within(await screen.findByRole('form', { name: 'Add factory' }));
      await user.type(form.getByRole('textbox', { name: /Name/ }), 'Chittagong Ceramics Works');
      await user.type(form.getByRole('textbox', { name: /Email/ }), 'sales@ctgceramics.example.com');
      await user.type(form.getByRole('textbox', { name: /Country/ }), 'bd');
      await user.type(form.getByRole('textbox', { name: /Description/ }), 'Stoneware and porcelain.');
      await user.click(form.getByRole('button', { name: 'Add Factory' }));

      expect(await form.findByRole('alert')).toHaveTextContent('A store with this email already exists.');
      expect(api.sentTo(CREATE)[0]?.body).toEqual({
        name: 'Chittagong Ceramics Works',
        email: 'sales@ctgceramics.example.com',
        phone: '',
        country: 'BD',
        description: 'Stoneware and porcelain.',
      });

      answer = jsonResponse(201, {
        ...dataEnvelope(makeFactory({ name: 'Chittagong Ceramics Works' })),
        message: 'Chittagong Ceramics Works added.',
      });
      await user.click(form.getByRole('button', { name: 'Add Factory' }));
      expect(await screen.findByText('Chittagong Ceramics Works added.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('form', { name: 'Add factory' })).not.toBeInTheDocument(),
      );
      // The list is asked again.
      await waitFor(() => expect(api.sentTo(LIST).length).toBeGreaterThan(1));
    });
  });

  it('edits a factory with its current values', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeFactory()])),
      [`PATCH /d2c/factories/${ID}`]: () =>
        jsonResponse(200, { ...dataEnvelope(makeFactory({ phone: null })), message: 'Factory updated.' }),
    });
    const { user } = renderApp('/manage-admin/d2c');
    await user.click(
      (await rowOf('Dhaka Craft House')).getByRole('button', { name: 'Edit Dhaka Craft House' }),
    );
    const form = within(await screen.findByRole('form', { name: 'Edit factory' }));
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('Dhaka Craft House');
    await user.clear(form.getByRole('textbox', { name: /Phone/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Factory updated.')).toBeInTheDocument();
    expect(api.sentTo(`PATCH /d2c/factories/${ID}`)[0]?.body).toEqual({
      name: 'Dhaka Craft House',
      email: 'hello@dhakacraft.example.com',
      phone: '',
      country: 'BD',
      description: 'Handmade leather goods.',
    });
  });

  it('suspends a factory after a confirmation and activates a suspended one at once', async () => {
    let current = makeFactory();
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([current])),
      [`PATCH /d2c/factories/${ID}`]: (request) => {
        const { status } = request.body as { status: Factory['status'] };
        current = { ...current, status };
        return jsonResponse(200, { ...dataEnvelope(current), message: `Dhaka Craft House is ${status}.` });
      },
    });
    const { user } = renderApp('/manage-admin/d2c');
    await user.click(
      (await rowOf('Dhaka Craft House')).getByRole('button', { name: 'Suspend Dhaka Craft House' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend this factory?' }));
    expect(dialog.getByText(/Its products leave the storefront/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Dhaka Craft House is suspended.')).toBeInTheDocument();
    expect(api.sentTo(`PATCH /d2c/factories/${ID}`)[0]?.body).toEqual({ status: 'suspended' });

    await user.click(
      await (await rowOf('Dhaka Craft House')).findByRole('button', { name: 'Activate Dhaka Craft House' }),
    );
    expect(await screen.findByText('Dhaka Craft House is active.')).toBeInTheDocument();
    expect(api.sentTo(`PATCH /d2c/factories/${ID}`)[1]?.body).toEqual({ status: 'active' });
  });

  it("opens a factory's panel with its products and orders, and assigns picked products to it", async () => {
    const product = (n: number, storeId: string | null = null) => ({
      _id: `p-${n}`,
      id: `p-${n}`,
      productId: `9000000200${n}`,
      status: 'published',
      source: 'manual',
      logText: '',
      name: `Leather Product ${n}`,
      images: [],
      price: 24.5,
      currency: 'USD',
      originalPrice: null,
      sku: { sku_price: null },
      availableStock: 5,
      property: [],
      categoryId: null,
      storeId,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeFactory()])),
      [`GET /d2c/factories/${ID}`]: () => jsonResponse(200, dataEnvelope(makeFactory())),
      [`GET /d2c/factories/${ID}/products`]: () =>
        jsonResponse(
          200,
          pageEnvelope([
            {
              _id: 'p-1',
              productId: '90000002001',
              title: 'Handmade Leather Belt',
              status: 'published',
              price: 35,
              currency: 'USD',
              stock: 12,
              image: null,
            },
          ]),
        ),
      [`GET /d2c/factories/${ID}/orders`]: () =>
        jsonResponse(
          200,
          pageEnvelope([
            {
              _id: 'o-1',
              orderNumber: 'ORD-20261120-0042',
              date: '2026-11-20T09:15:00.000Z',
              customer: 'Nusrat Jahan',
              email: 'nusrat@example.com',
              total: 3_850,
              currency: 'BDT',
              status: 'Placed',
              channel: 'd2c',
            },
          ]),
        ),
      'GET /product/': () => jsonResponse(200, pageEnvelope([product(1, ID), product(2), product(3)])),
      [`POST /d2c/factories/${ID}/products`]: () =>
        jsonResponse(200, {
          ...dataEnvelope(makeFactory({ products: 4 })),
          message: '2 products assigned to Dhaka Craft House.',
        }),
    });
    const { user, router } = renderApp('/manage-admin/d2c');
    await user.click(
      (await rowOf('Dhaka Craft House')).getByRole('button', { name: 'View Dhaka Craft House' }),
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ factory: ID }));

    const panel = within(await screen.findByRole('dialog', { name: 'Dhaka Craft House' }));
    const products = within(await panel.findByRole('table', { name: 'Factory products' }));
    expect(await products.findByRole('link', { name: 'Handmade Leather Belt' })).toHaveAttribute(
      'href',
      '/manage-admin/products/product-viewer?id=p-1',
    );
    expect(products.getByText('$35.00')).toBeInTheDocument();

    await user.click(panel.getByRole('tab', { name: 'Orders' }));
    const orders = within(await panel.findByRole('table', { name: 'Factory orders' }));
    expect(await orders.findByRole('link', { name: 'ORD-20261120-0042' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1',
    );
    expect(orders.getByText('Nusrat Jahan')).toBeInTheDocument();
    expect(orders.getByText('BDT 3,850.00')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ factory: ID, tab: 'orders' }));

    await user.click(panel.getByRole('tab', { name: /Products/ }));
    await user.click(await panel.findByRole('button', { name: 'Add products' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add products to Dhaka Craft House' }));
    await user.type(picker.getByRole('searchbox', { name: 'Search products' }), 'leather{Enter}');
    await waitFor(() =>
      expect(api.sentTo('GET /product/').at(-1)?.url.searchParams.get('q')).toBe('leather'),
    );
    const assigned = await picker.findByRole('checkbox', { name: /Leather Product 1/ });
    expect(assigned).toBeChecked();
    expect(assigned).toBeDisabled();
    expect(picker.getByRole('button', { name: 'Assign 0 products' })).toBeDisabled();
    await user.click(picker.getByRole('checkbox', { name: /Leather Product 2/ }));
    await user.click(picker.getByRole('checkbox', { name: /Leather Product 3/ }));
    await user.click(picker.getByRole('button', { name: 'Assign 2 products' }));

    expect(await screen.findByText('2 products assigned to Dhaka Craft House.')).toBeInTheDocument();
    expect(api.sentTo(`POST /d2c/factories/${ID}/products`)[0]?.body).toEqual({ productIds: ['p-2', 'p-3'] });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Add products to Dhaka Craft House' }),
      ).not.toBeInTheDocument(),
    );
  });
});
