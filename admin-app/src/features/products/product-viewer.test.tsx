import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { jsonResponse, makeProduct, stubApi } from './testing/product-api-stub';

const detail = {
  ...makeProduct(
    7,
    {
      images: ['https://img.test/7-a.jpg', 'https://img.test/7-b.jpg'],
      price: 18.99,
      currency: 'USD',
      originalPrice: 29.99,
      availableStock: 412,
      status: 'out_of_stock',
      property: [{ attr_name: 'Brand Name', attr_value: 'SoundPeak' }],
    },
    'TWS Wireless Earbuds',
  ),
  rate: 1,
  description: '<p>Crystal-clear <strong>sound</strong>.</p>',
  skus: [
    {
      sku_id: '12000038123456701',
      sku_attr: '14:193#Black',
      offer_sale_price: '18.99',
      sku_price: '29.99',
      sku_available_stock: 250,
      currency_code: 'USD',
      ae_sku_property_dtos: {
        ae_sku_property_d_t_o: [
          {
            sku_property_id: 14,
            sku_property_name: 'Color',
            sku_property_value: 'black',
            property_value_id: 193,
            property_value_definition_name: 'Black',
          },
        ],
      },
    },
  ],
};

describe('product viewer', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the product the id names, with its figures, properties, SKUs and description', async () => {
    const api = stubApi({
      'GET /product/p-7': () => jsonResponse(200, { success: true, data: detail }),
      'GET /reviews/admin/product/p-7': () =>
        jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 5, total: 0 } }),
    });
    renderApp('/manage-admin/products/product-viewer?id=p-7');

    expect(await screen.findByRole('heading', { name: 'TWS Wireless Earbuds' })).toBeInTheDocument();
    expect(screen.getByText('out_of_stock')).toBeInTheDocument();
    expect(screen.getByText('aliexpress')).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Price').nextSibling).toHaveTextContent('$18.99$29.99');
    expect(summary.getByText('Stock').nextSibling).toHaveTextContent('412');
    expect(screen.getByRole('img', { name: 'Product image' })).toHaveAttribute(
      'src',
      'https://img.test/7-a.jpg',
    );

    const properties = within(screen.getByRole('table', { name: 'Properties' }));
    expect(properties.getByRole('rowheader', { name: 'Brand Name' })).toBeInTheDocument();
    expect(properties.getByRole('cell', { name: 'SoundPeak' })).toBeInTheDocument();

    const skus = within(screen.getByRole('table', { name: 'SKUs' }));
    expect(skus.getByRole('cell', { name: '12000038123456701' })).toBeInTheDocument();
    expect(skus.getByRole('cell', { name: 'Color: Black' })).toBeInTheDocument();
    expect(skus.getByRole('cell', { name: '$29.99' })).toBeInTheDocument();

    const description = within(screen.getByRole('region', { name: 'Description' }));
    expect(description.getByText('sound').tagName).toBe('STRONG');

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/manage-admin/products/edit-product/p-7',
    );
    expect(screen.getByRole('link', { name: 'View on AliExpress' })).toHaveAttribute(
      'href',
      'https://www.aliexpress.com/item/1005007.html',
    );
    expect(Object.fromEntries(api.sentTo('GET /product/p-7')[0]?.url.searchParams ?? [])).toEqual({
      country: 'BD',
      currency: 'BDT',
    });
  });

  it('shows the summary and every SKU in the store currency, labelled, when the server gives it', async () => {
    const inStoreCurrency = {
      ...detail,
      // Asked in BDT (spec 1 §7): the header would be taka, the editor's SKUs dollars.
      price: 2307.29,
      currency: 'BDT',
      originalPrice: 3643.79,
      staffPricing: {
        currency: 'USD',
        price: 20.89,
        originalPrice: 29.99,
        cost: 18.99,
        margin: 1.9,
        marginPercent: 10.01,
      },
      staffSkus: [
        {
          skuId: '12000038123456701',
          price: 20.89,
          originalPrice: 29.99,
          cost: 18.99,
          margin: 1.9,
          marginPercent: 10.01,
        },
      ],
    };
    stubApi({
      'GET /product/p-7': () => jsonResponse(200, { success: true, data: inStoreCurrency }),
      'GET /reviews/admin/product/p-7': () =>
        jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 5, total: 0 } }),
    });
    renderApp('/manage-admin/products/product-viewer?id=p-7');

    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Price (USD)').nextSibling).toHaveTextContent('$20.89$29.99');
    expect(summary.getByText('Cost (USD)').nextSibling).toHaveTextContent('$18.99');
    expect(summary.getByText('Margin (USD)').nextSibling).toHaveTextContent('$1.90 (10.01%)');

    const skus = within(screen.getByRole('table', { name: 'SKUs' }));
    expect(skus.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'SKU ID',
      'Options',
      'Sale Price (USD)',
      'Price (USD)',
      'Cost (USD)',
      'Margin (USD)',
      'Stock',
    ]);
    const [, row] = skus.getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12000038123456701', 'Color: Black', '$20.89', '$29.99', '$18.99', '$1.90 (10.01%)', '250']);
    expect(screen.queryByText(/BDT|৳/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the product cannot be found", async () => {
    stubApi({
      'GET /product/gone': () =>
        jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Product not found.' }),
    });
    renderApp('/manage-admin/products/product-viewer?id=gone');

    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });

  it('has no marketplace link for a product created by hand', async () => {
    stubApi({
      'GET /product/p-7': () => jsonResponse(200, { success: true, data: { ...detail, source: 'manual' } }),
      'GET /reviews/admin/product/p-7': () =>
        jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 5, total: 0 } }),
    });
    renderApp('/manage-admin/products/product-viewer?id=p-7');

    expect(await screen.findByRole('heading', { name: 'TWS Wireless Earbuds' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on AliExpress' })).not.toBeInTheDocument();
  });

  it('lists the product’s reviews, hidden ones marked, and hides one', async () => {
    let hidden = false;
    const review = () => ({
      _id: 'rv-1',
      name: 'Omar Other',
      rating: 2,
      comment: 'Broke in a week.',
      helpful: 0,
      unhelpful: 4,
      createdAt: '2026-11-20T10:00:00.000Z',
      hidden,
      customerId: 'c-2',
    });
    const api = stubApi({
      'GET /product/p-7': () => jsonResponse(200, { success: true, data: detail }),
      'GET /reviews/admin/product/p-7': () =>
        jsonResponse(200, { success: true, data: [review()], meta: { page: 1, limit: 5, total: 1 } }),
      'POST /reviews/rv-1/visibility': () => {
        hidden = true;
        return jsonResponse(200, { success: true, message: 'Review hidden.', data: review() });
      },
    });
    const { user } = renderApp('/manage-admin/products/product-viewer?id=p-7');

    const reviews = within(await screen.findByRole('list', { name: 'Reviews' }));
    const item = within(reviews.getByRole('listitem', { name: 'Review by Omar Other' }));
    expect(item.getByText('Broke in a week.')).toBeInTheDocument();
    expect(item.queryByText('Hidden')).not.toBeInTheDocument();

    await user.click(item.getByRole('button', { name: 'Hide review by Omar Other' }));
    await waitFor(() => expect(api.sentTo('POST /reviews/rv-1/visibility')).toHaveLength(1));
    expect(api.sentTo('POST /reviews/rv-1/visibility')[0]?.body).toEqual({ hidden: true });
    expect(await screen.findByText('Review by Omar Other hidden.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show review by Omar Other' })).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
  });
});
