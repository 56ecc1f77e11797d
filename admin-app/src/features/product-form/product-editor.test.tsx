import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

type Answer = { status: number; body: unknown } | Response;
type Handler = (request: Request) => Answer | Promise<Answer>;

/** Answers the app's requests by method and path; anything else fails the request. */
function serve(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname.replace(/^\/api/, '')}`];
    if (!handler) throw new Error(`Unexpected request: ${request.method} ${request.url}`);
    const answer = await handler(request);
    return answer instanceof Response ? answer : jsonResponse(answer.status, answer.body);
  });
  return requests;
}

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

const product = {
  _id: 'p1',
  id: 'p1',
  productId: '90000003001',
  status: 'published',
  source: 'manual',
  logText: '{}',
  name: 'Shop Originals Canvas Tote Bag',
  images: ['http://localhost:3000/media/uploads/a.jpg', 'http://localhost:3000/media/uploads/b.jpg'],
  // The display currency asked for (BDT by default); the SKUs keep the product's own.
  price: 1821.29,
  currency: 'BDT',
  originalPrice: 2428.79,
  sku: { sku_price: 2428.79 },
  availableStock: 40,
  property: [{ attr_name: 'Material', attr_value: 'Cotton canvas' }],
  categoryId: 152401,
  storeId: null,
  createdAt: '2026-11-22T10:40:00.000Z',
  rate: 121.5,
  description: '<p>Heavy 12 oz cotton canvas.</p>',
  skus: [
    {
      sku_id: '9000000300101',
      sku_attr: '14:193#Natural',
      offer_sale_price: '14.99',
      sku_price: '19.99',
      sku_available_stock: 40,
      sku_bulk_order: 0,
      price_include_tax: false,
      limit_strategy: 'create_order_fail',
      currency_code: 'USD',
      ae_sku_property_dtos: {
        ae_sku_property_d_t_o: [
          {
            sku_property_id: 14,
            sku_property_name: 'Color',
            sku_property_value: 'natural',
            property_value_id: 193,
            property_value_definition_name: 'Natural',
          },
        ],
      },
    },
  ],
  media: [
    {
      url: 'http://localhost:3000/media/uploads/b.jpg',
      name: 'tote-back.jpg',
      size: 262144,
      isDefault: false,
      order: 1,
    },
    {
      url: 'http://localhost:3000/media/uploads/a.jpg',
      name: 'tote-front.jpg',
      size: 482133,
      isDefault: true,
      order: 0,
    },
  ],
  videoUrl: 'https://www.youtube.com/watch?v=abc',
  seo: {
    metaTitle: 'Canvas Tote Bag',
    metaDescription: 'A tote.',
    slug: 'canvas-tote-bag',
    focusKeyword: 'tote',
    index: true,
  },
  labels: {
    tags: ['bags'],
    mainCategory: 'Fashion',
    subcategory: 'Bags',
    labelName: 'New',
    labelColor: '#1c7ed6',
    flashSaleAt: null,
  },
};

const productRoute: Handler = () => ({ status: 200, body: { success: true, data: product } });
const EDIT_PATH = '/manage-admin/products/edit-product/p1';

describe('product editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('loads the product and fills every form with it', async () => {
    const requests = serve({ 'GET /product/p1': productRoute });
    const { user } = renderApp(EDIT_PATH);

    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(screen.getByLabelText(label('Product Title'))).toHaveValue('Shop Originals Canvas Tote Bag');
    expect(screen.getByLabelText(label('Category ID'))).toHaveValue('152401');
    expect(screen.getByLabelText(label('Currency Code'))).toHaveValue('USD');
    expect(screen.getByRole('textbox', { name: 'Product Description' })).toHaveTextContent(
      'Heavy 12 oz cotton canvas.',
    );
    expect(screen.getByRole('combobox', { name: 'Product Status' })).toHaveValue('Published');
    expect(screen.getByRole('button', { name: 'Duplicate Product' })).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();

    const steps = screen.getByRole('navigation', { name: 'Wizard steps' });
    // A complete product shows its other steps done, not upcoming.
    expect(within(steps).getByText('Current')).toBeInTheDocument();
    expect(within(steps).getAllByText('Completed')).toHaveLength(4);
    expect(within(steps).queryByText('Upcoming')).not.toBeInTheDocument();
    await user.click(within(steps).getByText('2. Images & Media'));
    const images = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('listitem');
    expect(images.map((item) => item.getAttribute('aria-label'))).toEqual([
      'tote-front.jpg',
      'tote-back.jpg',
    ]);
    expect(within(images[0] as HTMLElement).getByText('0.46 MB')).toBeInTheDocument();
    expect(within(images[0] as HTMLElement).getByText('Default')).toBeInTheDocument();
    expect(screen.getByLabelText('Video URL')).toHaveValue('https://www.youtube.com/watch?v=abc');

    await user.click(within(steps).getByText('4. SKUs & Pricing'));
    // A manual product's SKUs show as options by name: the Color it has, with its value's name.
    const option = within(screen.getByRole('group', { name: 'Option 1' }));
    expect(option.getByLabelText('Option name')).toHaveValue('Color');
    expect(option.getByText('Natural')).toBeInTheDocument();
    expect(screen.getByLabelText('SKU Code (Natural)')).toHaveValue('9000000300101');
    expect(screen.getByLabelText('Price (Natural)')).toHaveValue('14.99');
    expect(screen.getByLabelText('Compare-at Price (Natural)')).toHaveValue('19.99');
    expect(screen.getByLabelText('Stock (Natural)')).toHaveValue('40');

    await user.click(within(steps).getByText('5. SEO & Labels'));
    expect(screen.getByLabelText(label('URL Slug'))).toHaveValue('canvas-tote-bag');
    expect(screen.getByRole('combobox', { name: 'Main Category' })).toHaveValue('Fashion');
    expect(screen.getByLabelText('Label Name')).toHaveValue('New');
  });

  it("saves the edited product with updateProduct and says 'Product information saved successfully!'", async () => {
    const requests = serve({
      'GET /product/p1': productRoute,
      'PUT /product/p1': () => ({
        status: 200,
        body: { success: true, data: { ...product, name: 'Large Tote' } },
      }),
    });
    const { user } = renderApp(EDIT_PATH);
    const title = await screen.findByLabelText(label('Product Title'));

    await user.clear(title);
    await user.paste('Large Tote');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product information saved successfully!')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toMatch(/\/product\/p1$/);
    const body = await put?.json();
    expect(body).toMatchObject({
      title: 'Large Tote',
      categoryId: 152401,
      currency: 'USD',
      status: 'published',
      description: '<p>Heavy 12 oz cotton canvas.</p>',
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      properties: [{ attr_name: 'Material', attr_value: 'Cotton canvas' }],
      seo: { slug: 'canvas-tote-bag', index: true },
      labels: {
        tags: ['bags'],
        mainCategory: 'Fashion',
        subcategory: 'Bags',
        labelName: 'New',
        labelColor: '#1c7ed6',
      },
    });
    expect(body.images).toEqual([
      {
        url: 'http://localhost:3000/media/uploads/a.jpg',
        name: 'tote-front.jpg',
        size: 482133,
        isDefault: true,
        order: 0,
      },
      {
        url: 'http://localhost:3000/media/uploads/b.jpg',
        name: 'tote-back.jpg',
        size: 262144,
        isDefault: false,
        order: 1,
      },
    ]);
    // The SKU comes back as it was loaded: its property and value ids, names and fields the form does not show.
    expect(body.skus).toEqual(product.skus);
  });

  it('shows the description in the rich text editor and as HTML, and saves it unchanged when it was not edited', async () => {
    const imported =
      '<p>Heavy canvas.</p><p><img src="https://ae01.alicdn.com/kf/tote.jpg" alt="tote" width="750"></p>' +
      '<table><tbody><tr><th>Size</th><td colspan="2">40 x 35 cm</td></tr></tbody></table>';
    const requests = serve({
      'GET /product/p1': () => ({
        status: 200,
        body: { success: true, data: { ...product, description: imported } },
      }),
      'PUT /product/p1': () => ({ status: 200, body: { success: true, data: product } }),
    });
    const { user } = renderApp(EDIT_PATH);
    const editor = await screen.findByRole('textbox', { name: 'Product Description' });
    expect(within(editor).getByRole('img', { name: 'tote' })).toHaveAttribute(
      'src',
      'https://ae01.alicdn.com/kf/tote.jpg',
    );
    expect(within(editor).getByRole('table')).toHaveTextContent('40 x 35 cm');

    await user.click(screen.getByText('HTML'));
    expect(screen.getByLabelText('Product Description HTML')).toHaveValue(imported);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Product information saved successfully!');
    const body = await requests.find((request) => request.method === 'PUT')?.json();
    expect(body.description).toBe(imported);
  });

  it("keeps the marketplace's SKU fields for an imported product", async () => {
    serve({
      'GET /product/p1': () => ({
        status: 200,
        body: { success: true, data: { ...product, source: 'aliexpress' } },
      }),
    });
    const { user } = renderApp(EDIT_PATH);
    await user.click(await screen.findByText('4. SKUs & Pricing'));

    const sku = within(screen.getByRole('group', { name: 'SKU 1' }));
    expect(sku.getByLabelText(label('SKU ID'))).toHaveValue('9000000300101');
    expect(sku.getByLabelText(label('Attributes'))).toHaveValue('14:193#Natural');
    expect(sku.getByLabelText(label('Offer Sale Price'))).toHaveValue(14.99);
    expect(sku.getByLabelText(label('Limit Strategy'))).toHaveValue('create_order_fail');
    expect(
      within(sku.getByRole('group', { name: 'Color (14)' })).getByLabelText(label('Property Value ID')),
    ).toHaveValue('193');
    expect(screen.queryByRole('button', { name: 'Add option' })).not.toBeInTheDocument();
  });

  it('asks before Save Draft takes a published product off the storefront', async () => {
    const requests = serve({
      'GET /product/p1': productRoute,
      'PUT /product/p1': () => ({
        status: 200,
        body: { success: true, data: { ...product, status: 'draft' } },
      }),
    });
    const { user } = renderApp(EDIT_PATH);
    await screen.findByLabelText(label('Product Title'));
    await user.click(screen.getAllByRole('button', { name: 'Save Draft' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Take this product offline?' });
    expect(within(dialog).getByText(/takes it off the storefront/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: 'Save Draft' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Take this product offline?' })).getByRole('button', {
        name: 'Save as Draft',
      }),
    );
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(await requests.find((request) => request.method === 'PUT')?.json()).toMatchObject({
      status: 'draft',
    });
  });

  it("says 'Failed to save product information. Please try again.' when saving fails", async () => {
    serve({
      'GET /product/p1': productRoute,
      'PUT /product/p1': () => ({
        status: 403,
        body: {
          success: false,
          code: 'FORBIDDEN',
          message: 'You do not have permission to manage products.',
        },
      }),
    });
    const { user } = renderApp(EDIT_PATH);
    await screen.findByLabelText(label('Product Title'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('Failed to save product information. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to manage products.')).toBeInTheDocument();
  });

  it('schedules a flash sale for a future date and saves it with the product', async () => {
    const requests = serve({
      'GET /product/p1': productRoute,
      'PUT /product/p1': () => ({ status: 200, body: { success: true, data: product } }),
    });
    const { user } = renderApp(EDIT_PATH);
    await user.click(await screen.findByText('5. SEO & Labels'));
    const when = screen.getByLabelText('Flash Sale Date & Time');

    await user.click(screen.getByRole('button', { name: 'Schedule Flash Sale' }));
    expect(screen.getByText('Choose a date and time for the flash sale.')).toBeInTheDocument();

    fireEvent.change(when, { target: { value: '2001-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Flash Sale' }));
    expect(screen.getByText('Choose a date and time in the future.')).toBeInTheDocument();

    fireEvent.change(when, { target: { value: '2099-12-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Flash Sale' }));
    expect(screen.getByText(/^Flash sale scheduled for Dec 1, 2099/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Product information saved successfully!');
    const body = await requests.find((request) => request.method === 'PUT')?.json();
    expect(body.labels.flashSaleAt).toBe(new Date('2099-12-01T09:30').toISOString());
  });

  it('duplicates the product as a draft with its own SKU ids and opens the copy', async () => {
    const requests = serve({
      'GET /product/p1': productRoute,
      'POST /product/': () => ({
        status: 201,
        body: { success: true, data: { ...product, _id: 'p2', id: 'p2' } },
      }),
      'GET /product/p2': () => ({
        status: 200,
        body: { success: true, data: { ...product, _id: 'p2', id: 'p2' } },
      }),
    });
    const { user, router } = renderApp(EDIT_PATH);

    await user.click(await screen.findByRole('button', { name: 'Duplicate Product' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/manage-admin/products/edit-product/p2'),
    );
    const body = await requests.find((request) => request.method === 'POST')?.json();
    expect(body).toMatchObject({
      title: 'Shop Originals Canvas Tote Bag (Copy)',
      status: 'draft',
      seo: { slug: 'canvas-tote-bag-copy' },
    });
    expect(body.skus[0].sku_id).toBe('9000000300101-copy');
  });

  it("shows the server's message when the product cannot be loaded", async () => {
    serve({
      'GET /product/p1': () => ({
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Product not found.' },
      }),
    });
    renderApp(EDIT_PATH);

    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/manage-admin/products',
    );
  });

  it('opens the editor from product-editor?id=', async () => {
    serve({ 'GET /product/p1': productRoute });
    const { router } = renderApp('/manage-admin/products/product-editor?id=p1');

    expect(await screen.findByLabelText(label('Product Title'))).toHaveValue(
      'Shop Originals Canvas Tote Bag',
    );
    expect(router.state.location.pathname).toBe(EDIT_PATH);
  });
});
