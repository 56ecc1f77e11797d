import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { setViewportWidth } from '../../test/viewport';

const WIZARD_PATH = '/manage-admin/products/add-product';
const MB = 1024 * 1024;

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

/** The product list the wizard returns to asks for these. */
const productListRoutes: Record<string, Handler> = {
  'GET /product/': () => ({
    status: 200,
    body: { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } },
  }),
  'GET /product/stats': () => ({
    status: 200,
    body: { success: true, data: { total: 0, published: 0, draft: 0, out_of_stock: 0, disabled: 0 } },
  }),
};

let uploads = 0;
const uploadRoute: Handler = async (request) => {
  const file = (await request.formData()).get('file') as File;
  uploads += 1;
  return {
    status: 201,
    body: {
      success: true,
      data: {
        url: `http://localhost:3000/media/uploads/${uploads}-${file.name}`,
        name: file.name,
        size: file.size,
      },
    },
  };
};

const createdProduct = {
  _id: 'new-1',
  id: 'new-1',
  productId: '90000003001',
  status: 'draft',
  source: 'manual',
  logText: '{}',
  name: 'Canvas Tote Bag',
  images: [],
  price: 14.99,
  currency: 'USD',
  originalPrice: 19.99,
  sku: { sku_price: 19.99 },
  availableStock: 40,
  property: [],
  categoryId: 152401,
  storeId: null,
  createdAt: '2026-11-22T10:40:00.000Z',
  rate: 1,
  description: '',
  skus: [],
};

/** Required labels end in an aria-hidden asterisk, which label text matching still sees. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const imageFile = (name: string, bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const nextStep = () => screen.getByRole('button', { name: 'Next Step' });
const progressText = () => screen.getByText(/^\d+%$/).textContent;

async function fillBasicInfo(user: User, title = 'Canvas Tote Bag') {
  await fill(user, await screen.findByLabelText(label('Product Title')), title);
  await fill(user, screen.getByLabelText(label('Category ID')), '152401');
}

async function uploadImages(user: User, ...files: File[]) {
  await user.upload(screen.getByLabelText('Upload Images'), files);
  const last = files.at(-1);
  if (last) await screen.findByRole('listitem', { name: last.name });
}

async function fillProperty(user: User, index: number, name: string, value: string) {
  const row = within(screen.getByRole('group', { name: `Property ${index}` }));
  await fill(user, row.getByLabelText('Attribute Name'), name);
  await fill(user, row.getByLabelText('Attribute Value'), value);
}

/** The SKU step of a product without options: one variant's price, compare-at price, stock and code. */
async function fillSku(user: User) {
  await fill(user, screen.getByLabelText(label('Price')), '14.99');
  await fill(user, screen.getByLabelText(label('Compare-at Price')), '19.99');
  await fill(user, screen.getByLabelText(label('Stock')), '40');
  await fill(user, screen.getByLabelText(label('SKU Code')), '9000000300101');
}

/** Adds an option by name with its values (each value is a tag, entered with Enter). */
async function addOption(user: User, name: string, values: string[]) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const option = within(screen.getAllByRole('group', { name: /^Option \d+$/ }).at(-1) as HTMLElement);
  await user.type(option.getByLabelText('Option name'), name);
  for (const value of values)
    await user.type(option.getByRole('combobox', { name: 'Values' }), `${value}{Enter}`);
}

async function fillSeoAndLabels(user: User) {
  await fill(user, screen.getByLabelText(label('Meta Title')), 'Canvas Tote Bag | Shop Originals');
  await fill(user, screen.getByLabelText(label('Meta Description')), 'A heavy cotton canvas tote.');
  await fill(user, screen.getByLabelText(label('URL Slug')), 'canvas-tote-bag');
  await user.click(screen.getByRole('button', { name: 'Auto-Assign Category' }));
}

/** Walks the five steps with valid input, leaving the wizard on the last step. */
async function completeWizard(user: User) {
  await fillBasicInfo(user);
  await user.click(nextStep());
  await uploadImages(user, imageFile('tote-front.png', 1.5 * MB));
  await user.click(nextStep());
  await fillProperty(user, 1, 'Material', 'Cotton canvas');
  await user.click(nextStep());
  await fillSku(user);
  await user.click(nextStep());
  await fillSeoAndLabels(user);
}

describe('manual creation wizard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
    uploads = 0;
  });

  it('shows five steps, the progress over six sections and Product Status starting at Draft', async () => {
    renderApp(WIZARD_PATH);
    const steps = await screen.findByRole('navigation', { name: 'Wizard steps' });
    for (const [index, title] of [
      'Basic Information',
      'Images & Media',
      'Properties',
      'SKUs & Pricing',
      'SEO & Labels',
    ].entries()) {
      expect(within(steps).getByText(`${index + 1}. ${title}`)).toBeInTheDocument();
    }
    expect(within(steps).getByRole('button', { current: 'step' })).toHaveTextContent('Current');
    expect(within(steps).getAllByText('Upcoming')).toHaveLength(4);
    expect(progressText()).toBe('0%');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('combobox', { name: 'Product Status' })).toHaveValue('Draft');
    expect(screen.getByRole('button', { name: 'Previous Step' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Duplicate Product' })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('keeps Next Step disabled until the step is complete, marks steps by number and counts progress', async () => {
    const { user } = renderApp(WIZARD_PATH);
    const title = await screen.findByLabelText(label('Product Title'));
    expect(nextStep()).toBeDisabled();

    await fill(user, title, 'Canvas Tote Bag');
    expect(nextStep()).toBeDisabled();
    await fill(user, screen.getByLabelText(label('Category ID')), '15x');
    expect(nextStep()).toBeDisabled();
    await fill(user, screen.getByLabelText(label('Category ID')), '152401');

    expect(nextStep()).toBeEnabled();
    expect(progressText()).toBe('17%');

    await user.click(nextStep());

    const steps = screen.getByRole('navigation', { name: 'Wizard steps' });
    expect(within(steps).getByText('Completed')).toBeInTheDocument();
    expect(within(steps).getByRole('button', { current: 'step' })).toHaveTextContent('2. Images & Media');
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Images & Media' })).toBeInTheDocument();
    expect(nextStep()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    expect(await screen.findByLabelText(label('Product Title'))).toHaveValue('Canvas Tote Bag');
  });

  it('shows a basic information error when a field is left, and clears it when the field is edited', async () => {
    const { user } = renderApp(WIZARD_PATH);
    const currency = await screen.findByLabelText(label('Currency Code'));

    await fill(user, currency, 'us');
    await user.tab();

    expect(
      await screen.findByText('Currency Code must be a 3-letter uppercase code (e.g., USD).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please correct the errors in the form.')).toBeInTheDocument();
    await user.type(currency, 'd');
    expect(
      screen.queryByText('Currency Code must be a 3-letter uppercase code (e.g., USD).'),
    ).not.toBeInTheDocument();
    // The wizard keeps only the catalogue's fields; rating, reviews and mobile description are the marketplace's.
    expect(screen.queryByLabelText('Average Rating')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile Description')).not.toBeInTheDocument();
  });

  it('uploads each picture as multipart, shows sizes in MB, and manages default, order and removal', async () => {
    const requests = serve({ 'POST /media': uploadRoute });
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);
    await user.click(nextStep());
    expect(screen.getByText(/PNG, JPG, GIF up to 10MB each/)).toBeInTheDocument();
    expect(screen.getByLabelText('Upload Images')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Upload Images')).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Video URL')).toHaveAttribute('type', 'url');

    await uploadImages(user, imageFile('front.png', 1.5 * MB), imageFile('back.jpg', 262_144, 'image/jpeg'));

    expect(requests).toHaveLength(2);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toMatch(/\/media$/);
    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    const sentFile = (await requests[0]?.formData())?.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('front.png');
    expect((sentFile as File).size).toBe(1.5 * MB);

    const list = screen.getByRole('list', { name: 'Product images' });
    const names = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    expect(names()).toEqual(['front.png', 'back.jpg']);
    const front = within(screen.getByRole('listitem', { name: 'front.png' }));
    expect(front.getByText('1.50 MB')).toBeInTheDocument();
    expect(front.getByText('Default')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'back.jpg' })).getByText('0.25 MB'),
    ).toBeInTheDocument();
    expect(nextStep()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Make Default (back.jpg)' }));
    expect(
      within(screen.getByRole('listitem', { name: 'back.jpg' })).getByText('Default'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'front.png' })).queryByText('Default'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move back.jpg up' }));
    expect(names()).toEqual(['back.jpg', 'front.png']);
    expect(screen.getByRole('button', { name: 'Move back.jpg up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove back.jpg' }));
    expect(names()).toEqual(['front.png']);
    // Removing the default picture makes the first remaining one the default.
    expect(
      within(screen.getByRole('listitem', { name: 'front.png' })).getByText('Default'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(screen.getByText('No images yet.')).toBeInTheDocument();
    expect(nextStep()).toBeDisabled();
  });

  it("shows the server's refusal of an upload", async () => {
    serve({
      'POST /media': () => ({
        status: 413,
        body: { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The image is larger than 10 MB.' },
      }),
    });
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);
    await user.click(nextStep());

    await user.upload(screen.getByLabelText('Upload Images'), imageFile('huge.png', 11 * MB));

    expect(await screen.findByText('The image is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.getByText('No images yet.')).toBeInTheDocument();
  });

  it('counts complete properties, adds the common ones and always keeps one row', async () => {
    serve({ 'POST /media': uploadRoute });
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);
    await user.click(nextStep());
    await uploadImages(user, imageFile('front.png', MB));
    await user.click(nextStep());

    expect(screen.getByText('0 of 1 properties complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove property 1' })).toBeDisabled();
    expect(nextStep()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add Common Properties' }));

    const rows = screen.getAllByRole('group', { name: /^Property \d+$/ });
    expect(rows.map((row) => within(row).getByLabelText('Attribute Name'))).toHaveLength(5);
    expect(
      rows.map((row) => (within(row).getByLabelText('Attribute Name') as HTMLInputElement).value),
    ).toEqual(['Color', 'Size', 'Material', 'Brand', 'Weight']);
    expect(screen.getByText('0 of 5 properties complete')).toBeInTheDocument();

    await fill(user, within(rows[0] as HTMLElement).getByLabelText('Attribute Value'), 'Natural');
    await fill(user, within(rows[2] as HTMLElement).getByLabelText('Attribute Value'), '   ');
    expect(screen.getByText('1 of 5 properties complete')).toBeInTheDocument();
    expect(nextStep()).toBeDisabled();

    for (const index of [5, 4, 3, 2])
      await user.click(screen.getByRole('button', { name: `Remove property ${index}` }));

    expect(screen.getByText('1 of 1 properties complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove property 1' })).toBeDisabled();
    expect(nextStep()).toBeEnabled();
  });

  it('starts the SKU step as one variant with stock 0, and makes a variant per option combination', async () => {
    serve({ 'POST /media': uploadRoute });
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);
    await user.click(nextStep());
    await uploadImages(user, imageFile('front.png', MB));
    await user.click(nextStep());
    await fillProperty(user, 1, 'Material', 'Cotton');
    await user.click(nextStep());

    expect(screen.getByLabelText(label('Stock'))).toHaveValue('0');
    expect(screen.getByLabelText(label('SKU Code'))).toHaveValue('SKU');
    // A product made here has no marketplace fields: those stay with imported products.
    expect(screen.queryByLabelText(label('Attributes'))).not.toBeInTheDocument();
    expect(screen.queryByLabelText(label('Property Value ID'))).not.toBeInTheDocument();
    expect(screen.queryByLabelText(label('Limit Strategy'))).not.toBeInTheDocument();
    expect(nextStep()).toBeDisabled();

    await addOption(user, 'Color', ['Red', 'Blue']);
    await addOption(user, 'Size', ['S', 'M']);
    const rows = within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
    expect(screen.getByLabelText('SKU Code (Red / S)')).toHaveValue('CANVAS-TOTE-BAG-RED-S');
    expect(nextStep()).toBeDisabled();

    for (const variant of ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'])
      await fill(user, screen.getByLabelText(`Price (${variant})`), '14.99');

    expect(nextStep()).toBeEnabled();
  });

  it('creates a product whose SKUs carry its options and values by name', async () => {
    const requests = serve({
      'POST /media': uploadRoute,
      'POST /product/': () => ({ status: 201, body: { success: true, data: createdProduct } }),
      ...productListRoutes,
    });
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);
    await user.click(nextStep());
    await uploadImages(user, imageFile('tote-red.png', MB));
    await user.click(nextStep());
    await fillProperty(user, 1, 'Material', 'Cotton canvas');
    await user.click(nextStep());
    await addOption(user, 'Color', ['Red', 'Blue']);
    await addOption(user, 'Size', ['S', 'M']);
    for (const [index, variant] of ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'].entries()) {
      await fill(user, screen.getByLabelText(`Price (${variant})`), `1${index}.50`);
      await fill(user, screen.getByLabelText(`Stock (${variant})`), '5');
    }
    const image = screen.getByRole('combobox', { name: 'Image (Red / S)' });
    await user.click(image);
    // Every row's picker lists the pictures: choose from the list this one opened.
    const listbox = document.getElementById(image.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(listbox).getByRole('option', { name: 'tote-red.png', hidden: true }));
    await user.click(nextStep());
    await fillSeoAndLabels(user);

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    const body = await requests
      .find((request) => request.method === 'POST' && request.url.endsWith('/product/'))
      ?.json();
    expect(body.skus).toHaveLength(4);
    expect(
      body.skus.map((sku: { ae_sku_property_dtos: { ae_sku_property_d_t_o: Record<string, unknown>[] } }) =>
        sku.ae_sku_property_dtos.ae_sku_property_d_t_o.map(
          (property) => `${property.sku_property_name}: ${property.property_value_definition_name}`,
        ),
      ),
    ).toEqual([
      ['Color: Red', 'Size: S'],
      ['Color: Red', 'Size: M'],
      ['Color: Blue', 'Size: S'],
      ['Color: Blue', 'Size: M'],
    ]);
    expect(body.skus[0]).toMatchObject({
      sku_id: 'CANVAS-TOTE-BAG-RED-S',
      offer_sale_price: '10.50',
      sku_price: '10.50',
      sku_available_stock: 5,
      currency_code: 'USD',
    });
    expect(body.skus[0].ae_sku_property_dtos.ae_sku_property_d_t_o[0].sku_image).toBe(
      'http://localhost:3000/media/uploads/1-tote-red.png',
    );
    expect(body.skus[3]).toMatchObject({ sku_id: 'CANVAS-TOTE-BAG-BLUE-M', offer_sale_price: '13.50' });
  });

  it('enables Create Product only at 100% and creates the product with the chosen status', async () => {
    const requests = serve({
      'POST /media': uploadRoute,
      'POST /product/': () => ({
        status: 201,
        body: { success: true, message: 'Product created successfully!', data: createdProduct },
      }),
      ...productListRoutes,
    });
    const { user, router } = renderApp(WIZARD_PATH);
    await completeWizard(user);

    expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Main Category' })).toHaveValue('Fashion');
    expect(screen.getByText('Main Category set to Fashion.')).toBeInTheDocument();
    expect(progressText()).toBe('100%');
    const createButton = screen.getByRole('button', { name: 'Create Product' });
    expect(createButton).toBeEnabled();

    await fill(user, screen.getByLabelText(label('URL Slug')), 'Bad Slug');
    expect(progressText()).toBe('83%');
    expect(createButton).toBeDisabled();
    await fill(user, screen.getByLabelText(label('URL Slug')), 'canvas-tote-bag');
    expect(createButton).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: 'Product Status' }));
    await user.click(await screen.findByRole('option', { name: 'Published', hidden: true }));
    await user.click(createButton);

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-admin/products'));
    const post = requests.find((request) => request.method === 'POST' && request.url.endsWith('/product/'));
    const body = await post?.json();
    expect(body).toMatchObject({
      title: 'Canvas Tote Bag',
      categoryId: 152401,
      currency: 'USD',
      status: 'published',
      images: [
        {
          url: 'http://localhost:3000/media/uploads/1-tote-front.png',
          name: 'tote-front.png',
          size: 1.5 * MB,
          isDefault: true,
          order: 0,
        },
      ],
      videoUrl: null,
      properties: [{ attr_name: 'Material', attr_value: 'Cotton canvas' }],
      seo: { metaTitle: 'Canvas Tote Bag | Shop Originals', slug: 'canvas-tote-bag', index: true },
      labels: { mainCategory: 'Fashion', tags: [], flashSaleAt: null },
    });
    // A product without options is one SKU without properties.
    expect(body.skus).toEqual([
      {
        sku_id: '9000000300101',
        sku_attr: '',
        offer_sale_price: '14.99',
        sku_price: '19.99',
        sku_available_stock: 40,
        sku_bulk_order: 0,
        price_include_tax: false,
        limit_strategy: 'create_order_fail',
        currency_code: 'USD',
        ae_sku_property_dtos: { ae_sku_property_d_t_o: [] },
      },
    ]);
  });

  it("says 'Failed to create product. Please try again.' when the server refuses, and stays", async () => {
    serve({
      'POST /media': uploadRoute,
      'POST /product/': () => ({
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'SKU id 9000000300101 is already used by another product.',
        },
      }),
    });
    const { user, router } = renderApp(WIZARD_PATH);
    await completeWizard(user);

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Failed to create product. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('SKU id 9000000300101 is already used by another product.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(WIZARD_PATH);
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('Save as Draft creates the product as a draft before the wizard is complete', async () => {
    const requests = serve({
      'POST /product/': () => ({ status: 201, body: { success: true, data: createdProduct } }),
      ...productListRoutes,
    });
    const { user, router } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user);

    // The properties and the SKU's price are still empty: the draft is refused, and the first failing step opens.
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByRole('heading', { name: 'Step 3 of 5: Properties' })).toBeInTheDocument();
    expect(screen.getByText('Please fill in all attribute names and values.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await fillProperty(user, 1, 'Material', 'Cotton');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await fillSku(user);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    const body = await requests.find((request) => request.method === 'POST')?.json();
    expect(body).toMatchObject({ title: 'Canvas Tote Bag', status: 'draft', images: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-admin/products'));
  });

  it('keeps a half-filled wizard when the window narrows below md and widens again', async () => {
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user, 'Linen Apron');
    act(() => setViewportWidth(600));
    expect(
      await screen.findByText('Mobile View Not Available For Admin Panel Right Now'),
    ).toBeInTheDocument();
    act(() => setViewportWidth(1280));
    await waitFor(() =>
      expect(
        screen.queryByText('Mobile View Not Available For Admin Panel Right Now'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(label('Product Title'))).toHaveValue('Linen Apron');
    expect(screen.getByLabelText(label('Category ID'))).toHaveValue('152401');
  });

  it('previews the product read-only and exports the form as JSON', async () => {
    const { user } = renderApp(WIZARD_PATH);
    await fillBasicInfo(user, 'Hydrating Face Serum');
    let exported: Blob | undefined;
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      exported = blob;
      return 'blob:export';
    };
    try {
      await user.click(screen.getByRole('button', { name: 'Export Data' }));
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    expect(exported?.type).toBe('application/json');
    const data = JSON.parse((await exported?.text()) ?? '{}');
    expect(data).toMatchObject({
      status: 'draft',
      basicInfo: { productTitle: 'Hydrating Face Serum', categoryId: '152401' },
    });

    await user.click(screen.getByRole('button', { name: 'Preview Product' }));

    const dialog = await screen.findByRole('dialog', { name: 'Product Preview' });
    expect(within(dialog).getByRole('heading', { name: 'Hydrating Face Serum' })).toBeInTheDocument();
    expect(within(dialog).getByText('Draft')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
