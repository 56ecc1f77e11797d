import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { fetchStub, jsonResponse, type RouteHandler, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

type VendorProduct = Schemas['VendorProduct'];
type User = ReturnType<typeof userEvent.setup>;

const ID = '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const NEW_PATH = '/manage-vandor/products/new';
const EDIT_PATH = `/manage-vandor/products/${ID}`;

function makeProduct(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    _id: ID,
    id: ID,
    productId: '90000004001',
    status: 'published',
    source: 'vendor',
    logText: '{}',
    name: 'Nakshi Kantha Cushion Cover',
    images: ['http://localhost:3000/media/uploads/cushion.jpg'],
    price: 12,
    currency: 'USD',
    originalPrice: 15,
    sku: { sku_price: 15 },
    availableStock: 8,
    property: [{ attr_name: 'Material', attr_value: 'Cotton' }],
    categoryId: null,
    storeId: '7b0c2a8e-3f4d-4c1a-9e2b-5d6f7a8b9c0d',
    createdAt: '2026-11-20T09:00:00.000Z',
    rate: 1,
    description: '<p>Hand stitched.</p>',
    category: 'Home & Kitchen',
    skus: [
      {
        sku_id: 'CUSHION-RED',
        sku_attr: '14:1000000001',
        offer_sale_price: '12.00',
        sku_price: '15.00',
        sku_available_stock: 5,
        sku_bulk_order: 0,
        price_include_tax: false,
        limit_strategy: 'create_order_fail',
        currency_code: 'USD',
        ae_sku_property_dtos: {
          ae_sku_property_d_t_o: [
            {
              sku_property_id: 14,
              sku_property_name: 'Color',
              sku_property_value: 'Red',
              property_value_id: 1000000001,
              property_value_definition_name: 'Red',
            },
          ],
        },
      },
      {
        sku_id: 'CUSHION-BLUE',
        sku_attr: '14:1000000002',
        offer_sale_price: '12.00',
        sku_price: '12.00',
        sku_available_stock: 3,
        sku_bulk_order: 0,
        price_include_tax: false,
        limit_strategy: 'create_order_fail',
        currency_code: 'USD',
        ae_sku_property_dtos: {
          ae_sku_property_d_t_o: [
            {
              sku_property_id: 14,
              sku_property_name: 'Color',
              sku_property_value: 'Blue',
              property_value_id: 1000000002,
              property_value_definition_name: 'Blue',
            },
          ],
        },
      },
    ],
    media: [
      {
        url: 'http://localhost:3000/media/uploads/cushion.jpg',
        name: 'cushion.jpg',
        size: 52_000,
        isDefault: true,
        order: 0,
      },
    ],
    videoUrl: null,
    seo: { metaTitle: 'Cushion', metaDescription: '', slug: 'cushion', focusKeyword: '', index: true },
    labels: { tags: ['handmade'], mainCategory: 'Home & Kitchen' },
    approval: 'approved',
    approvalNote: null,
    ...overrides,
  };
}

const emptyList = () =>
  jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } });

function serve(routes: Record<string, RouteHandler>) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    'GET /vendor/products': emptyList,
    ...routes,
  });
}

/** The requests sent with `method` to `path`, as Requests (their bodies still unread). */
function sent(method: string, path: string): Request[] {
  return fetchStub.mock.calls
    .map(([input, init]) => new Request(input, init))
    .filter((request) => request.method === method && new URL(request.url).pathname === `/api${path}`);
}

const required = (text: string) => new RegExp(`^${text}( \\*)?$`);

async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function chooseCategory(user: User, category: string) {
  await user.click(screen.getByRole('combobox', { name: required('Category') }));
  await user.click(await screen.findByRole('option', { name: category, hidden: true }));
}

async function addOption(user: User, name: string, values: string[]) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const option = within(screen.getAllByRole('group', { name: /^Option \d+$/ }).at(-1) as HTMLElement);
  await user.type(option.getByLabelText('Option name'), name);
  for (const value of values)
    await user.type(option.getByRole('combobox', { name: 'Values' }), `${value}{Enter}`);
}

type SkuBody = {
  sku_id: string;
  offer_sale_price: string;
  sku_price: string;
  sku_available_stock: number;
  ae_sku_property_dtos: {
    ae_sku_property_d_t_o: { sku_property_name: string; property_value_definition_name: string }[];
  };
};

const optionNames = (skus: SkuBody[]) =>
  skus.map((sku) =>
    sku.ae_sku_property_dtos.ae_sku_property_d_t_o
      .map((p) => `${p.sku_property_name}: ${p.property_value_definition_name}`)
      .join(', '),
  );

describe('Add Product', { timeout: 30_000 }, () => {
  it('creates a product with a picture, attributes and a variant per Color and Size, and sends it for approval', async () => {
    serve({
      'POST /vendor/images': () =>
        jsonResponse(201, {
          success: true,
          data: { url: 'http://localhost:3000/media/uploads/tee-red.png' },
        }),
      'POST /vendor/products': () =>
        jsonResponse(201, { success: true, data: makeProduct({ approval: 'pending' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(NEW_PATH, { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
    await fill(user, screen.getByLabelText(required('Product Title')), 'Block Print Tee');
    await chooseCategory(user, 'Fashion');
    await user.click(screen.getByRole('textbox', { name: 'Product Description' }));
    await user.keyboard('Soft cotton, hand block printed.');
    await user.upload(
      screen.getByLabelText('Upload Images'),
      new File([new Uint8Array(2048)], 'tee-red.png', { type: 'image/png' }),
    );
    await screen.findByRole('listitem', { name: 'tee-red.png' });
    const property = within(screen.getByRole('group', { name: 'Property 1' }));
    await fill(user, property.getByLabelText('Attribute Name'), 'Material');
    await fill(user, property.getByLabelText('Attribute Value'), 'Cotton');

    await addOption(user, 'Color', ['Red', 'Blue']);
    await addOption(user, 'Size', ['S', 'M']);
    const table = within(screen.getByRole('table', { name: 'Variants' }));
    expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Red / S',
      'Red / M',
      'Blue / S',
      'Blue / M',
    ]);
    for (const [index, variant] of ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'].entries()) {
      await fill(user, screen.getByLabelText(`Price (${variant})`), `2${index}.00`);
      await fill(user, screen.getByLabelText(`Stock (${variant})`), '10');
    }
    await fill(user, screen.getByLabelText('Compare-at Price (Red / S)'), '25.00');

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created and sent for approval.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-vandor/products'));
    const [upload] = sent('POST', '/vendor/images');
    if (!upload) throw new Error('No picture was uploaded');
    expect(upload.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(((await upload.formData()).get('file') as File).name).toBe('tee-red.png');
    const body = await sent('POST', '/vendor/products')[0]?.json();
    expect(body).toMatchObject({
      title: 'Block Print Tee',
      categoryId: null,
      currency: 'USD',
      status: 'published',
      images: [
        {
          url: 'http://localhost:3000/media/uploads/tee-red.png',
          name: 'tee-red.png',
          size: 2048,
          isDefault: true,
          order: 0,
        },
      ],
      properties: [{ attr_name: 'Material', attr_value: 'Cotton' }],
      labels: { mainCategory: 'Fashion' },
    });
    expect(body.description).toContain('Soft cotton, hand block printed.');
    expect(body.skus).toHaveLength(4);
    expect(optionNames(body.skus)).toEqual([
      'Color: Red, Size: S',
      'Color: Red, Size: M',
      'Color: Blue, Size: S',
      'Color: Blue, Size: M',
    ]);
    expect(body.skus.map((sku: SkuBody) => [sku.sku_id, sku.offer_sale_price, sku.sku_price])).toEqual([
      ['BLOCK-PRINT-TEE-RED-S', '20.00', '25.00'],
      ['BLOCK-PRINT-TEE-RED-M', '21.00', '21.00'],
      ['BLOCK-PRINT-TEE-BLUE-S', '22.00', '22.00'],
      ['BLOCK-PRINT-TEE-BLUE-M', '23.00', '23.00'],
    ]);
    expect(body.skus.every((sku: SkuBody) => sku.sku_available_stock === 10)).toBe(true);
  });

  it('sells a product without options as one SKU with its price and stock', async () => {
    serve({
      'POST /vendor/products': () =>
        jsonResponse(201, { success: true, data: makeProduct({ approval: 'pending' }) }),
    });
    const user = userEvent.setup();
    renderApp(NEW_PATH, { signedIn: true });
    await fill(user, await screen.findByLabelText(required('Product Title')), 'Jute Basket');
    await chooseCategory(user, 'Home & Kitchen');
    await fill(user, screen.getByLabelText(required('Price')), '18.50');
    await fill(user, screen.getByLabelText(required('Stock')), '7');
    await fill(user, screen.getByLabelText(required('SKU Code')), 'JUTE-1');

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await screen.findByText('Product created and sent for approval.');
    const body = await sent('POST', '/vendor/products')[0]?.json();
    // An empty attribute row is no attribute.
    expect(body.properties).toEqual([]);
    expect(body.skus).toEqual([
      expect.objectContaining({
        sku_id: 'JUTE-1',
        offer_sale_price: '18.50',
        sku_price: '18.50',
        sku_available_stock: 7,
        ae_sku_property_dtos: { ae_sku_property_d_t_o: [] },
      }),
    ]);
  });

  it('shows what is missing and sends nothing', async () => {
    serve({});
    const user = userEvent.setup();
    renderApp(NEW_PATH, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category.')).toBeInTheDocument();
    expect(screen.getByText('Price is required.')).toBeInTheDocument();
    expect(sentRoutes().filter((route) => route.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's field errors on the fields and stays", async () => {
    serve({
      'POST /vendor/products': () =>
        jsonResponse(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Some fields are not valid.',
          errors: [
            {
              path: '/skus/1/offer_sale_price',
              message: 'must be a price with at most two decimals, e.g. 18.99',
            },
            { path: '/title', message: 'A product with this title already exists in your store.' },
          ],
        }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(NEW_PATH, { signedIn: true });
    await fill(user, await screen.findByLabelText(required('Product Title')), 'Block Print Tee');
    await chooseCategory(user, 'Fashion');
    await addOption(user, 'Size', ['S', 'M']);
    await fill(user, screen.getByLabelText('Price (S)'), '10');
    await fill(user, screen.getByLabelText('Price (M)'), '11');

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();
    expect(screen.getByText('A product with this title already exists in your store.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (M)')).toHaveAccessibleDescription(
      'must be a price with at most two decimals, e.g. 18.99',
    );
    expect(router.state.location.pathname).toBe(NEW_PATH);
  });
});

describe('Edit Product', { timeout: 30_000 }, () => {
  it('fills the form with the product, and saving sends the change for approval', async () => {
    serve({
      [`GET /vendor/products/${ID}`]: () => jsonResponse(200, { success: true, data: makeProduct() }),
      [`PUT /vendor/products/${ID}`]: () =>
        jsonResponse(200, { success: true, data: makeProduct({ approval: 'pending' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(EDIT_PATH, { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText(required('Product Title'))).toHaveValue('Nakshi Kantha Cushion Cover');
    expect(screen.getByRole('combobox', { name: required('Category') })).toHaveValue('Home & Kitchen');
    expect(screen.getByRole('textbox', { name: 'Product Description' })).toHaveTextContent('Hand stitched.');
    expect(screen.getByRole('listitem', { name: 'cushion.jpg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price (Red)')).toHaveValue('12.00');
    expect(screen.getByLabelText('Compare-at Price (Red)')).toHaveValue('15.00');
    expect(screen.getByLabelText('Stock (Blue)')).toHaveValue('3');
    expect(screen.queryByText('Waiting for approval')).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText('Price (Blue)'), '11.00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Changes saved and sent for approval.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-vandor/products'));
    const body = await sent('PUT', `/vendor/products/${ID}`)[0]?.json();
    expect(body).toMatchObject({
      title: 'Nakshi Kantha Cushion Cover',
      description: '<p>Hand stitched.</p>',
      status: 'published',
      properties: [{ attr_name: 'Material', attr_value: 'Cotton' }],
      // What the form does not show is kept: the tags and the SEO staff set.
      labels: { tags: ['handmade'], mainCategory: 'Home & Kitchen' },
      seo: { slug: 'cushion' },
    });
    const saved = makeProduct().skus;
    expect(body.skus).toEqual([saved[0], { ...saved[1], offer_sale_price: '11.00', sku_price: '11.00' }]);
  });

  it('says the product is waiting for approval', async () => {
    serve({
      [`GET /vendor/products/${ID}`]: () =>
        jsonResponse(200, { success: true, data: makeProduct({ approval: 'pending' }) }),
    });
    renderApp(EDIT_PATH, { signedIn: true });
    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
    expect(
      screen.getByText(/Shoppers will see it, with your latest changes, once it is approved/),
    ).toBeInTheDocument();
  });

  it('shows why staff rejected the product', async () => {
    serve({
      [`GET /vendor/products/${ID}`]: () =>
        jsonResponse(200, {
          success: true,
          data: makeProduct({ approval: 'rejected', approvalNote: 'The pictures do not show the product.' }),
        }),
    });
    renderApp(EDIT_PATH, { signedIn: true });
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: The pictures do not show the product.')).toBeInTheDocument();
  });

  it("shows the server's message when the product cannot be loaded", async () => {
    serve({
      [`GET /vendor/products/${ID}`]: () =>
        jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Product not found.' }),
    });
    renderApp(EDIT_PATH, { signedIn: true });
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/manage-vandor/products',
    );
  });
});
