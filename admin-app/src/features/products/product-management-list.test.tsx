import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { jsonResponse, listEnvelope, makeProduct, statsEnvelope, stubApi } from './testing/product-api-stub';

const LIST = 'GET /product/';
const STATS = 'GET /product/stats';

const pageOf = (count: number, start = 1) => Array.from({ length: count }, (_, i) => makeProduct(start + i));

function stubList(items = pageOf(3), total = items.length) {
  return stubApi({
    [STATS]: () => jsonResponse(200, statsEnvelope),
    [LIST]: () => jsonResponse(200, listEnvelope(items, total)),
  });
}

const table = () => screen.findByRole('table', { name: 'Products' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Product Management list', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the counts from the server and asks for page 1 of 10 in BD / BDT', async () => {
    const api = stubList();
    renderApp('/manage-admin/products');

    const counts = within(await screen.findByRole('region', { name: 'Product counts' }));
    expect(await counts.findByText('34')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Total' })).getByText('34')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Published' })).getByText('20')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Draft' })).getByText('9')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Out of Stock' })).getByText('5')).toBeInTheDocument();
    // Products taken off sale are counted and can be filtered too.
    expect(within(counts.getByRole('group', { name: 'Disabled' })).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'disabled' })).toBeInTheDocument();

    await rowOf('Product 1');
    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toEqual({ country: 'BD', currency: 'BDT', page: '1', limit: '10' });
  });

  it('shows image, cut title, ID, SKU, price, status and source of each product', async () => {
    const longTitle = `${'Wireless earbuds with charging case '.repeat(3)}`.trim();
    stubList([makeProduct(1, { source: 'manual', status: 'draft' }, longTitle)]);
    renderApp('/manage-admin/products');

    const cut = `${longTitle.slice(0, 60)}...`;
    const row = await rowOf(cut);
    expect(screen.queryByText(longTitle)).not.toBeInTheDocument();
    expect(row.getByText('ID: p-1')).toBeInTheDocument();
    expect(row.getByText('ITEM-1')).toBeInTheDocument();
    expect(row.getByText('$18.99')).toBeInTheDocument();
    expect(row.getByText('draft')).toBeInTheDocument();
    expect(row.getByText('manual')).toBeInTheDocument();
    expect(row.getByRole('presentation')).toHaveAttribute('src', 'https://img.test/1-a.jpg');
  });

  it('shows price, cost and margin in the store currency, even though the list asks for BDT', async () => {
    const staffPricing = {
      currency: 'USD',
      price: 17.24,
      originalPrice: 35.92,
      cost: 15.67,
      margin: 1.57,
      marginPercent: 10.02,
    };
    stubList([
      // The record and the asked currency say otherwise: the store-currency figures win.
      makeProduct(1, { staffPricing, currency: 'BDT', price: 2094.66 }),
      makeProduct(2, {
        source: 'manual',
        staffPricing: { ...staffPricing, price: 6.37, cost: null, margin: null, marginPercent: null },
      }),
    ]);
    renderApp('/manage-admin/products');

    const imported = await rowOf('Product 1');
    const products = within(await table());
    expect(products.getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
    expect(products.getByRole('columnheader', { name: 'Cost (USD)' })).toBeInTheDocument();
    expect(products.getByRole('columnheader', { name: 'Margin (USD)' })).toBeInTheDocument();
    expect(imported.getByText('$17.24')).toBeInTheDocument();
    expect(imported.getByText('$15.67')).toBeInTheDocument();
    expect(imported.getByText('$1.57 (10.02%)')).toBeInTheDocument();
    expect(imported.queryByText(/BDT|৳|18\.99/)).not.toBeInTheDocument();
    const manual = await rowOf('Product 2');
    expect(manual.getByText('$6.37')).toBeInTheDocument();
    expect(manual.getAllByText('—')).toHaveLength(2);
  });

  it('keeps a 60-character title whole', async () => {
    const title = 'x'.repeat(60);
    stubList([makeProduct(1, {}, title)]);
    renderApp('/manage-admin/products');

    expect(await rowOf(title)).toBeTruthy();
  });

  it("shows 'Invalid product data' with status error for a record that cannot be parsed", async () => {
    stubList([makeProduct(1), makeProduct(2, { logText: '{broken' })]);
    renderApp('/manage-admin/products');

    const row = await rowOf('Invalid product data');
    expect(row.getByText('error')).toBeInTheDocument();
    expect(row.getByText('ID: p-2')).toBeInTheDocument();
    expect(await rowOf('Product 1')).toBeTruthy();
  });

  it("shows 'Loading products...' until the list arrives", async () => {
    stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => new Promise<Response>(() => {}),
    });
    renderApp('/manage-admin/products');

    expect(await screen.findByText('Loading products...')).toBeInTheDocument();
  });

  it('shows the empty state with a link to add a product', async () => {
    stubList([]);
    renderApp('/manage-admin/products');

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating a new product.')).toBeInTheDocument();
    expect(within(await table()).getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/manage-admin/products/add-product',
    );
  });

  it('says a search matching more than the server counts is 10,000+', async () => {
    stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () =>
        jsonResponse(200, {
          ...listEnvelope(pageOf(10), 10_000),
          meta: { page: 1, limit: 10, total: 10_000, capped: true },
        }),
    });
    renderApp('/manage-admin/products?q=lantern');

    expect(await screen.findByText('Showing 1 to 10 of 10000+ results')).toBeInTheDocument();
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const api = stubList(pageOf(10), 23);
    const { router, user } = renderApp('/manage-admin/products');

    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await waitFor(() => expect(api.sentTo(LIST).at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }));
  });

  it('returns to page 1 and writes the URL when a filter changes', async () => {
    const api = stubList(pageOf(10), 23);
    const { router, user } = renderApp('/manage-admin/products?page=3&status=draft');

    expect(await screen.findByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('draft');

    await user.selectOptions(screen.getByLabelText('Source'), 'aliexpress');

    await waitFor(() =>
      expect(router.state.location.search).toEqual({ source: 'aliexpress', status: 'draft' }),
    );
    await waitFor(() => {
      const query = api.sentTo(LIST).at(-1)?.url.searchParams;
      expect(query?.get('page')).toBe('1');
      expect(query?.get('source')).toBe('aliexpress');
      expect(query?.get('status')).toBe('draft');
    });
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    const api = stubList(pageOf(10), 23);
    const { router, user } = renderApp('/manage-admin/products?page=2');
    await screen.findByText('Showing 11 to 20 of 23 results');

    await user.type(screen.getByLabelText('Search'), 'earbuds');

    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'earbuds' }));
    await waitFor(() => {
      const query = api.sentTo(LIST).at(-1)?.url.searchParams;
      expect(query?.get('q')).toBe('earbuds');
      expect(query?.get('page')).toBe('1');
    });
    // One request for the finished word, not one per letter.
    expect(api.sentTo(LIST).filter((request) => request.url.searchParams.has('q'))).toHaveLength(1);
  });

  it('moves back to the last page when the page asked for no longer has rows', async () => {
    stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: ({ url }) =>
        url.searchParams.get('page') === '3'
          ? jsonResponse(200, listEnvelope([], 20, 3))
          : jsonResponse(200, listEnvelope(pageOf(10, 11), 20, 2)),
    });
    const { router } = renderApp('/manage-admin/products?page=3');

    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByText('Showing 11 to 20 of 20 results')).toBeInTheDocument();
  });

  it('links Edit to the editor and View to the viewer', async () => {
    stubList();
    renderApp('/manage-admin/products');

    const row = await rowOf('Product 2');
    expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/manage-admin/products/edit-product/p-2',
    );
    expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/manage-admin/products/product-viewer?id=p-2',
    );
  });

  it('deletes a product after the confirm dialog, says so and reloads the list', async () => {
    const api = stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => jsonResponse(200, listEnvelope(pageOf(3))),
      'DELETE /product/p-2': () =>
        jsonResponse(200, { success: true, message: 'Product deleted successfully.', data: { _id: 'p-2' } }),
    });
    const { user } = renderApp('/manage-admin/products');

    await user.click((await rowOf('Product 2')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText('Are you sure you want to delete this product?')).toBeInTheDocument();
    expect(api.sentTo('DELETE /product/p-2')).toHaveLength(0);
    const listCalls = api.sentTo(LIST).length;

    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product deleted successfully.')).toBeInTheDocument();
    expect(api.sentTo('DELETE /product/p-2')).toHaveLength(1);
    expect(api.sentTo('DELETE /product/p-2')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(api.sentTo(LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the error's message when the delete fails, and Cancel sends nothing", async () => {
    const api = stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => jsonResponse(200, listEnvelope(pageOf(3))),
      'DELETE /product/p-1': () =>
        jsonResponse(403, { success: false, code: 'FORBIDDEN', message: 'You do not have permission.' }),
    });
    const { user } = renderApp('/manage-admin/products');

    await user.click((await rowOf('Product 3')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.click((await rowOf('Product 1')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText('You do not have permission.')).toBeInTheDocument();
    expect(screen.queryByText('Product deleted successfully.')).not.toBeInTheDocument();
  });

  it('publishes the ticked products through the bulk bar', async () => {
    const api = stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => jsonResponse(200, listEnvelope(pageOf(3))),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 2 } }),
    });
    const { user } = renderApp('/manage-admin/products');

    await rowOf('Product 1');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 3' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Publish Selected' }));

    expect(await screen.findByText('Published 2 products.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({ action: 'publish', ids: ['p-1', 'p-3'] });
    expect(screen.getByRole('checkbox', { name: 'Select Product 1' })).not.toBeChecked();
  });

  it('moves the whole page to draft with the header checkbox', async () => {
    const api = stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => jsonResponse(200, listEnvelope(pageOf(3))),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 3 } }),
    });
    const { user } = renderApp('/manage-admin/products');

    await rowOf('Product 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to Draft' }));

    expect(await screen.findByText('Moved 3 products to draft.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({
      action: 'draft',
      ids: ['p-1', 'p-2', 'p-3'],
    });
  });

  it('asks before deleting the ticked products', async () => {
    const api = stubApi({
      [STATS]: () => jsonResponse(200, statsEnvelope),
      [LIST]: () => jsonResponse(200, listEnvelope(pageOf(3))),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 1 } }),
    });
    const { user } = renderApp('/manage-admin/products');

    await rowOf('Product 2');
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(api.sentTo('POST /product/bulk')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted 1 product.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({ action: 'delete', ids: ['p-2'] });
  });
});
