import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { jsonResponse, type RouteHandler, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

type VendorProduct = Schemas['VendorProductListItem'];

function makeProduct(n: number, overrides: Partial<VendorProduct> = {}): VendorProduct {
  const id = `0b7e1c52-3f0e-4f57-9d6c-2f1a8d3c4b${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    id,
    productId: `9000000000${n}`,
    status: 'published',
    source: 'vendor',
    logText: '{}',
    name: `Jute Basket ${n}`,
    images: [`https://img.test/basket-${n}.jpg`],
    price: 1250,
    currency: 'BDT',
    originalPrice: null,
    sku: { sku_price: null },
    availableStock: 7,
    property: [],
    categoryId: null,
    storeId: '7b0c2a8e-3f4d-4c1a-9e2b-5d6f7a8b9c0d',
    createdAt: '2026-12-01T10:00:00.000Z',
    approval: 'approved',
    approvalNote: null,
    ...overrides,
  };
}

const page = (products: VendorProduct[], total = products.length, pageNumber = 1) =>
  jsonResponse(200, { success: true, data: products, meta: { page: pageNumber, limit: 10, total } });

function serve(routes: Record<string, RouteHandler>) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    ...routes,
  });
}

const table = () => screen.findByRole('table', { name: 'Products' });
const rowOf = async (name: string) => {
  const cell = await within(await table()).findByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${name}`);
  return within(row);
};

describe('vendor products list', { timeout: 15_000 }, () => {
  it('shows each product with image, title, price, stock, status and what staff decided', async () => {
    serve({
      'GET /vendor/products': () =>
        page([
          makeProduct(1, { approval: 'pending' }),
          makeProduct(2, {
            approval: 'approved',
            status: 'draft',
            availableStock: 0,
            price: 9.5,
            currency: 'USD',
          }),
          makeProduct(3, { approval: 'rejected', approvalNote: 'The pictures are blurred.', images: [] }),
        ]),
    });
    renderApp('/manage-vandor/products', { signedIn: true });

    const headers = within(await table()).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Image',
      'Title',
      'Price',
      'Stock',
      'Status',
      'Approval',
      'Actions',
    ]);
    const first = await rowOf('Jute Basket 1');
    expect(first.getByRole('presentation')).toHaveAttribute('src', 'https://img.test/basket-1.jpg');
    expect(first.getByText('BDT 1,250.00')).toBeInTheDocument();
    expect(first.getByText('7')).toBeInTheDocument();
    expect(first.getByText('published')).toBeInTheDocument();
    expect(first.getByText('Pending approval')).toBeInTheDocument();

    const second = await rowOf('Jute Basket 2');
    expect(second.getByText('$9.50')).toBeInTheDocument();
    expect(second.getByText('0')).toBeInTheDocument();
    expect(second.getByText('draft')).toBeInTheDocument();
    expect(second.getByText('Approved')).toBeInTheDocument();

    const third = await rowOf('Jute Basket 3');
    expect(third.getByText('Rejected: The pictures are blurred.')).toBeInTheDocument();
    expect(third.getByText('No image')).toBeInTheDocument();
  });

  it('links Add Product to the new product screen and Edit to the product', async () => {
    serve({ 'GET /vendor/products': () => page([makeProduct(4)]) });
    renderApp('/manage-vandor/products', { signedIn: true });

    const row = await rowOf('Jute Basket 4');
    expect(row.getByRole('link', { name: 'Edit Jute Basket 4' })).toHaveAttribute(
      'href',
      `/manage-vandor/products/${makeProduct(4)._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/manage-vandor/products/new',
    );
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    serve({
      'GET /vendor/products': (request) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('page') === '2'
          ? page([makeProduct(11)], 11, 2)
          : page(
              Array.from({ length: 10 }, (_, i) => makeProduct(i + 1)),
              11,
            );
      },
    });
    const { router } = renderApp('/manage-vandor/products', { signedIn: true });

    expect(await screen.findByText('Showing 1 to 10 of 11 results')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '1', limit: '10' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await rowOf('Jute Basket 11')).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(asked.at(-1)?.get('page')).toBe('2');
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    serve({
      'GET /vendor/products': (request) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('q') === 'basket' ? page([makeProduct(7)]) : page([makeProduct(1)], 15, 2);
      },
    });
    const { router } = renderApp('/manage-vandor/products?page=2', { signedIn: true });
    await rowOf('Jute Basket 1');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'basket');

    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'basket' }));
    expect(await rowOf('Jute Basket 7')).toBeTruthy();
    expect(
      asked.filter((query) => query.has('q')).map((query) => [query.get('q'), query.get('page')]),
    ).toEqual([['basket', '1']]);
  });

  it('shows the empty state with a way to add the first product', async () => {
    serve({ 'GET /vendor/products': () => page([]) });
    renderApp('/manage-vandor/products', { signedIn: true });

    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(within(await table()).getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/manage-vandor/products/new',
    );
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    serve({
      'GET /vendor/products': () =>
        jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Something went wrong.' }),
    });
    renderApp('/manage-vandor/products', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('deletes a product only after the confirm dialog, says so and reloads the list', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const product = makeProduct(5);
    serve({
      'GET /vendor/products': () => page(deleted ? [] : [product]),
      'DELETE /vendor/products/:id': () => {
        deleted = true;
        return jsonResponse(200, {
          success: true,
          message: 'Product deleted successfully.',
          data: { _id: product._id },
        });
      },
    });
    renderApp('/manage-vandor/products', { signedIn: true });

    await user.click((await rowOf('Jute Basket 5')).getByRole('button', { name: 'Delete Jute Basket 5' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText('Are you sure you want to delete this product?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRoutes().filter((route) => route.startsWith('DELETE'))).toEqual([]);

    await user.click((await rowOf('Jute Basket 5')).getByRole('button', { name: 'Delete Jute Basket 5' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product deleted successfully.')).toBeInTheDocument();
    expect(sentRoutes()).toContain(`DELETE /vendor/products/${product._id}`);
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it("shows the server's message when the delete fails", async () => {
    const user = userEvent.setup();
    serve({
      'GET /vendor/products': () => page([makeProduct(6)]),
      'DELETE /vendor/products/:id': () =>
        jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Product not found.' }),
    });
    renderApp('/manage-vandor/products', { signedIn: true });

    await user.click((await rowOf('Jute Basket 6')).getByRole('button', { name: 'Delete Jute Basket 6' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    expect(screen.queryByText('Product deleted successfully.')).not.toBeInTheDocument();
  });
});
