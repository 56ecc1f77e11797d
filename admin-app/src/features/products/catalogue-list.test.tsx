import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { jsonResponse, listEnvelope, makeProduct, stubApi } from './testing/product-api-stub';

const LIST = 'GET /product/';
const PATH = '/manage-admin/products/product-list';

const threeProducts = () => [
  makeProduct(1),
  makeProduct(2, { source: 'manual' }),
  makeProduct(3, { source: 'vendor' }),
];

const table = () => screen.findByRole('table', { name: 'Product list' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('catalogue product list', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks the server for page 1 of 10 in BD and shows image, title and actions', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())) });
    renderApp(PATH);

    const first = await rowOf('Product 1');
    expect(first.getByRole('presentation')).toHaveAttribute('src', 'https://img.test/1-a.jpg');
    expect(first.getByRole('link', { name: 'View on AliExpress' })).toHaveAttribute(
      'href',
      'https://www.aliexpress.com/item/1005001.html',
    );
    expect(first.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/manage-admin/products/edit-product/p-1',
    );
    expect(first.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // Only marketplace products have a marketplace page.
    expect(
      (await rowOf('Product 2')).queryByRole('link', { name: 'View on AliExpress' }),
    ).not.toBeInTheDocument();

    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toMatchObject({ country: 'BD', page: '1', limit: '10' });
  });

  it('cuts titles longer than 120 characters with an ellipsis', async () => {
    const long = 'y'.repeat(121);
    const exact = 'z'.repeat(120);
    stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeProduct(1, {}, long), makeProduct(2, {}, exact)])),
    });
    renderApp(PATH);

    expect(await rowOf(`${'y'.repeat(120)}...`)).toBeTruthy();
    expect(await rowOf(exact)).toBeTruthy();
  });

  it("shows 'No image' and 'No title' for a record that cannot be parsed", async () => {
    stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeProduct(1, { logText: 'not json' })])),
    });
    renderApp(PATH);

    const row = await rowOf('No title');
    expect(row.getByText('No image')).toBeInTheDocument();
    expect(row.queryByRole('presentation')).not.toBeInTheDocument();
  });

  it("shows 'No products found.' when the list is empty", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
    renderApp(PATH);

    expect(await within(await table()).findByText('No products found.')).toBeInTheDocument();
  });

  it('filters by source from page 1 and keeps the filter and search in the URL', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope(threeProducts(), 23)) });
    const { router, user } = renderApp(`${PATH}?page=2`);
    await rowOf('Product 1');

    const source = screen.getByLabelText('Source');
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Sources', 'aliexpress', 'local', 'vendor']);
    await user.selectOptions(source, 'local');

    await waitFor(() => expect(router.state.location.search).toEqual({ source: 'local' }));
    await waitFor(() => {
      const query = api.sentTo(LIST).at(-1)?.url.searchParams;
      expect(query?.get('source')).toBe('local');
      expect(query?.get('page')).toBe('1');
    });

    await user.type(screen.getByLabelText('Name, SKU, Tag'), 'lamp');
    await waitFor(() => expect(router.state.location.search).toEqual({ source: 'local', q: 'lamp' }));
    await waitFor(() => expect(api.sentTo(LIST).at(-1)?.url.searchParams.get('q')).toBe('lamp'));
  });

  it('deletes a product after the confirm dialog and fetches the list again', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())),
      'DELETE /product/p-3': () =>
        jsonResponse(200, { success: true, message: 'Product deleted successfully.', data: { _id: 'p-3' } }),
    });
    const { user } = renderApp(PATH);

    await user.click((await rowOf('Product 3')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText('Are you sure you want to delete this product?')).toBeInTheDocument();
    const listCalls = api.sentTo(LIST).length;

    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product deleted successfully.')).toBeInTheDocument();
    expect(api.sentTo('DELETE /product/p-3')).toHaveLength(1);
    await waitFor(() => expect(api.sentTo(LIST).length).toBeGreaterThan(listCalls));
  });

  it('opens the editor for the single ticked row', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())) });
    const { router, user } = renderApp(PATH);
    await rowOf('Product 2');

    const edit = within(screen.getByRole('toolbar', { name: 'Product actions' })).getByRole('button', {
      name: 'Edit',
    });
    expect(edit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    expect(edit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    expect(edit).toBeEnabled();

    await user.click(edit);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/manage-admin/products/edit-product/p-2'),
    );
  });

  it('disables the ticked products', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 2 } }),
    });
    const { user } = renderApp(PATH);
    await rowOf('Product 1');

    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 3' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Disabled 2 products.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({ action: 'disable', ids: ['p-1', 'p-3'] });
  });

  it('deletes the ticked products only after the confirm dialog', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 3 } }),
    });
    const { user } = renderApp(PATH);
    await rowOf('Product 1');

    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Product actions' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(api.sentTo('POST /product/bulk')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted 3 products.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({
      action: 'delete',
      ids: ['p-1', 'p-2', 'p-3'],
    });
  });

  it('sets a status on the ticked products with Bulk Edit', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())),
      'POST /product/bulk': () => jsonResponse(200, { success: true, data: { affected: 1 } }),
    });
    const { user } = renderApp(PATH);
    await rowOf('Product 2');

    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Edit' }));
    await user.selectOptions(dialog.getByLabelText('Status'), 'draft');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Moved 1 product to draft.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/bulk')[0]?.body).toEqual({ action: 'draft', ids: ['p-2'] });
  });

  it.each([
    ['Export CSV', 'csv', 'text/csv', 'products-2026-11-22.csv'],
    ['Export JSON', 'json', 'application/json', 'products-2026-11-22.json'],
  ])('%s downloads the filtered list with the session token', async (button, format, type, fileName) => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope(threeProducts())),
      'GET /product/export': () =>
        new Response('_id,title\np-1,Product 1\n', {
          status: 200,
          headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${fileName}"` },
        }),
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    const { user } = renderApp(`${PATH}?source=aliexpress&q=earbuds`);
    await rowOf('Product 1');

    await user.click(screen.getByRole('button', { name: button }));

    await waitFor(() => expect(downloads).toEqual([{ href: 'blob:export', download: fileName }]));
    const [request] = api.sentTo('GET /product/export');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      format,
      currency: 'BDT',
      source: 'aliexpress',
      q: 'earbuds',
    });
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('_id,title\np-1,Product 1\n');
  });
});
