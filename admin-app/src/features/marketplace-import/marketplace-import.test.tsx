import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const IMPORT_PATH = '/manage-admin/products/add-product/aliexpress';
const ITEM_ID = '1005006841234567';

const marketplaceResult = {
  ae_item_base_info_dto: {
    product_id: 1005006841234567,
    subject: 'TWS Wireless Earbuds Bluetooth 5.3 with Charging Case',
    category_id: 63705,
    currency_code: 'USD',
    avg_evaluation_rating: '4.8',
    evaluation_count: '1287',
    detail: '<p>Crystal-clear sound.</p>',
    mobile_detail: '{"version":"2.0.0","moduleList":[]}',
  },
  ae_multimedia_info_dto: {
    image_urls:
      'http://localhost:3000/media/marketplace/earbuds-1.svg;http://localhost:3000/media/marketplace/earbuds-2.svg',
  },
  ae_item_properties: {
    ae_item_property: [
      { attr_name: 'Brand Name', attr_value: 'SoundPeak' },
      { attr_name: 'Bluetooth Version', attr_value: '5.3' },
    ],
  },
  ae_item_sku_info_dtos: {
    ae_item_sku_info_d_t_o: [
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
      {
        sku_id: '12000038123456702',
        sku_attr: '14:29#White',
        offer_sale_price: '18.99',
        sku_price: '29.99',
        sku_available_stock: 120,
        currency_code: 'USD',
      },
    ],
  },
};

const savedProduct = {
  _id: 'prod-1',
  id: 'prod-1',
  productId: ITEM_ID,
  status: 'published',
  source: 'aliexpress',
  logText: '{}',
  name: 'Edited earbuds',
  images: [],
  price: 18.99,
  currency: 'USD',
  originalPrice: 29.99,
  sku: { sku_price: 29.99 },
  availableStock: 370,
  property: [],
  categoryId: 63705,
  storeId: null,
  createdAt: '2026-11-22T10:40:00.000Z',
  rate: 1,
  description: '<p>Crystal-clear sound.</p>',
  skus: [],
};

type Answer = { status: number; body: unknown } | Response;
type Handler = (request: Request) => Answer | Promise<Answer>;

/** Answers the app's requests by method and path; anything else fails the test. */
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

/** Required labels end in an aria-hidden asterisk, which label text matching still sees. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const basicInfo = () => within(screen.getByRole('region', { name: 'Basic Information' }));

const found =
  (data: unknown = { product_id: ITEM_ID, BD: marketplaceResult }) =>
  () => ({
    status: 200,
    body: { success: true, data },
  });

async function fetchItem(user: ReturnType<typeof renderApp>['user'], id = ITEM_ID) {
  await user.type(await screen.findByLabelText('AliExpress Product ID'), id);
  await user.click(screen.getByRole('button', { name: 'Get Product Info' }));
}

// Whole-app renders with many inputs are slow on a shared 2-core machine.
describe('AliExpress import', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the two steps and a way back to the chooser, and refuses a blank id without asking the server', async () => {
    const { user } = renderApp(IMPORT_PATH);
    expect(await screen.findByText('Enter Product ID')).toBeInTheDocument();
    expect(screen.getByText('Preview & Import')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Product Sources' })).toHaveAttribute(
      'href',
      '/manage-admin/products/source',
    );

    await user.type(screen.getByLabelText('AliExpress Product ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'Get Product Info' }));

    expect(screen.getByLabelText('AliExpress Product ID')).toHaveAccessibleDescription(
      'Please enter a valid AliExpress Product ID.',
    );
    expect(await screen.findAllByText('Please enter a valid AliExpress Product ID.')).toHaveLength(2);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('fetches the item, says so and previews it; Search Another goes back to step 1', async () => {
    const requests = serve({ [`GET /product/aliexpress/${ITEM_ID}`]: found() });
    const { user } = renderApp(IMPORT_PATH);

    await fetchItem(user);

    expect(await screen.findByText('Product info fetched successfully.')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Product preview' });
    expect(
      within(preview).getByRole('heading', { name: marketplaceResult.ae_item_base_info_dto.subject }),
    ).toBeVisible();
    expect(
      within(preview).getByRole('img', { name: marketplaceResult.ae_item_base_info_dto.subject }),
    ).toHaveAttribute('src', 'http://localhost:3000/media/marketplace/earbuds-1.svg');
    expect(within(preview).getByText(`Product ID: ${ITEM_ID}`)).toBeInTheDocument();
    expect(within(preview).getByText('SKUs: 2')).toBeInTheDocument();
    expect(within(preview).getByText('Category ID: 63705')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Product images' })).getAllByRole('img')).toHaveLength(
      2,
    );
    expect(basicInfo().getByLabelText(label('Product Title'))).toHaveValue(
      marketplaceResult.ae_item_base_info_dto.subject,
    );
    expect(screen.getAllByRole('group', { name: /^SKU \d$/ })).toHaveLength(2);
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);

    await user.click(screen.getByRole('button', { name: 'Search Another' }));

    expect(await screen.findByLabelText('AliExpress Product ID')).toHaveValue(ITEM_ID);
    expect(screen.queryByRole('region', { name: 'Product preview' })).not.toBeInTheDocument();
  });

  it("shows the server's message as a toast and under the input when the lookup fails", async () => {
    serve({
      [`GET /product/aliexpress/${ITEM_ID}`]: () => ({
        status: 404,
        body: {
          success: false,
          code: 'NOT_FOUND',
          message: 'No product data found. Please check the Product ID and try again.',
        },
      }),
    });
    const { user } = renderApp(IMPORT_PATH);

    await fetchItem(user);

    expect(
      await screen.findAllByText('No product data found. Please check the Product ID and try again.'),
    ).toHaveLength(2);
    expect(screen.getByLabelText('AliExpress Product ID')).toHaveAccessibleDescription(
      'No product data found. Please check the Product ID and try again.',
    );
    expect(screen.queryByRole('region', { name: 'Product preview' })).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch product info.' when the failure carries no message", async () => {
    serve({ [`GET /product/aliexpress/${ITEM_ID}`]: () => new Response('Bad gateway', { status: 502 }) });
    const { user } = renderApp(IMPORT_PATH);

    await fetchItem(user);

    expect(await screen.findAllByText('Failed to fetch product info.')).toHaveLength(2);
  });

  it('says no product data was found when the answer holds no result for a country', async () => {
    serve({ [`GET /product/aliexpress/${ITEM_ID}`]: found({ product_id: ITEM_ID }) });
    const { user } = renderApp(IMPORT_PATH);

    await fetchItem(user);

    expect(
      await screen.findByText('No product data found. Please check the Product ID and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search Another' }));
    expect(await screen.findByRole('button', { name: 'Get Product Info' })).toBeInTheDocument();
  });

  it('imports the edited product: title, properties with their ids, and the SKUs', async () => {
    const requests = serve({
      [`GET /product/aliexpress/${ITEM_ID}`]: found(),
      [`POST /product/aliexpress/${ITEM_ID}`]: () => ({
        status: 201,
        body: { success: true, message: 'Product info saved successfully.', data: savedProduct },
      }),
    });
    const { user } = renderApp(IMPORT_PATH);
    await fetchItem(user);
    const title = await screen.findByLabelText(label('Product Title'));

    await user.clear(title);
    await user.paste('Edited earbuds');
    const secondProperty = screen.getByRole('group', { name: 'Property 2' });
    await user.clear(within(secondProperty).getByLabelText('Attribute Value'));
    await user.type(within(secondProperty).getByLabelText('Attribute Value'), '  5.4  ');
    await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));

    expect(await screen.findByText('Product info saved successfully.')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toMatch(new RegExp(`/product/aliexpress/${ITEM_ID}$`));
    const body = await post?.json();
    expect(body.country).toBe('BD');
    expect(body.product.ae_item_base_info_dto).toMatchObject({
      product_id: 1005006841234567,
      subject: 'Edited earbuds',
      category_id: 63705,
      currency_code: 'USD',
      avg_evaluation_rating: '4.8',
      evaluation_count: '1287',
    });
    expect(body.product.ae_item_properties.ae_item_property).toEqual([
      { attr_name_id: 1, attr_value_id: 1000, attr_name: 'Brand Name', attr_value: 'SoundPeak' },
      { attr_name_id: 2, attr_value_id: 1001, attr_name: 'Bluetooth Version', attr_value: '5.4' },
    ]);
    const [firstSku, secondSku] = body.product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;
    expect(firstSku).toMatchObject({
      sku_id: '12000038123456701',
      sku_price: '29.99',
      sku_available_stock: 250,
    });
    expect(firstSku.ae_sku_property_dtos.ae_sku_property_d_t_o[0]).toMatchObject({
      sku_property_id: 14,
      property_value_id: 193,
      property_value_definition_name: 'Black',
    });
    expect(secondSku).toMatchObject({
      sku_bulk_order: 0,
      price_include_tax: false,
      limit_strategy: 'create_order_fail',
    });
    expect(body.product.ae_multimedia_info_dto.image_urls).toBe(
      marketplaceResult.ae_multimedia_info_dto.image_urls,
    );
    expect(screen.getByRole('link', { name: 'Open it in the editor' })).toHaveAttribute(
      'href',
      '/manage-admin/products/edit-product/prod-1',
    );
  });

  it("shows the server's message and the inline line when saving fails, else the fallback", async () => {
    let answer: Answer = {
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'You do not have permission to manage products.' },
    };
    serve({
      [`GET /product/aliexpress/${ITEM_ID}`]: found(),
      [`POST /product/aliexpress/${ITEM_ID}`]: () => answer,
    });
    const { user } = renderApp(IMPORT_PATH);
    await fetchItem(user);
    await screen.findByLabelText(label('Product Title'));

    await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));

    expect(await screen.findByText('You do not have permission to manage products.')).toBeInTheDocument();
    expect(screen.getByText('Error saving product info.')).toBeInTheDocument();

    answer = new Response('upstream down', { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));
    expect(await screen.findByText('Failed to save product info.')).toBeInTheDocument();
    expect(screen.getByText('Error saving product info.')).toBeInTheDocument();
  });

  describe('basic information form (spec 1 §5)', () => {
    async function openEditor() {
      const requests = serve({ [`GET /product/aliexpress/${ITEM_ID}`]: found() });
      const view = renderApp(IMPORT_PATH);
      await fetchItem(view.user);
      await screen.findByLabelText(label('Product Title'));
      return { ...view, requests };
    }

    async function setField(user: ReturnType<typeof renderApp>['user'], name: string, value: string) {
      const input = basicInfo().getByLabelText(label(name));
      await user.clear(input);
      if (value) await user.type(input, value.replace(/[{[]/g, '$&$&'));
    }

    it.each([
      ['Product Title', '', 'Product Title is required.'],
      ['Average Rating', '5.5', 'Average Rating must be a number between 0 and 5.'],
      ['Average Rating', 'good', 'Average Rating must be a number between 0 and 5.'],
      ['Review Count', '-3', 'Review Count must be a non-negative integer.'],
      ['Review Count', '2.5', 'Review Count must be a non-negative integer.'],
      ['Category ID', '', 'Category ID is required.'],
      ['Category ID', '12a', 'Category ID must be a non-negative integer.'],
      ['Currency Code', '', 'Currency Code is required.'],
      ['Currency Code', 'usd', 'Currency Code must be a 3-letter uppercase code (e.g., USD).'],
      ['Mobile Description', '{not json', 'Mobile Description must be valid JSON.'],
    ])('%s "%s" shows "%s" with the banner, and sends nothing', async (name, value, message) => {
      const { user, requests } = await openEditor();

      await setField(user, name, value);
      await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(basicInfo().getByLabelText(label(name))).toHaveAccessibleDescription(
        expect.stringContaining(message),
      );
      expect(screen.getByText('Please correct the errors in the form.')).toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    });

    it('accepts blank optional fields and a rating of exactly 5', async () => {
      const { user, requests } = await openEditor();
      await setField(user, 'Average Rating', '5');
      await setField(user, 'Review Count', '');
      await setField(user, 'Mobile Description', '');
      fetchStub.mockImplementationOnce(async () => jsonResponse(200, { success: true, data: savedProduct }));

      await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));

      expect(await screen.findByText('Product info saved successfully.')).toBeInTheDocument();
      expect(screen.queryByText('Please correct the errors in the form.')).not.toBeInTheDocument();
      const body = await fetchStub.mock.calls.at(-1)?.[0];
      expect(body).toBeInstanceOf(Request);
      const sent = await (body as Request).json();
      expect(sent.product.ae_item_base_info_dto.avg_evaluation_rating).toBe('5');
      expect(sent.product.ae_item_base_info_dto).not.toHaveProperty('evaluation_count');
      expect(sent.product.ae_item_base_info_dto).not.toHaveProperty('mobile_detail');
      expect(requests).toHaveLength(1);
    });

    it("clears a field's error as soon as that field is edited, and the banner with the last error", async () => {
      const { user } = await openEditor();
      await setField(user, 'Product Title', '');
      await setField(user, 'Currency Code', 'us');
      await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));
      expect(await screen.findByText('Product Title is required.')).toBeInTheDocument();
      expect(
        screen.getByText('Currency Code must be a 3-letter uppercase code (e.g., USD).'),
      ).toBeInTheDocument();

      await user.type(basicInfo().getByLabelText(label('Currency Code')), 'x');

      // Still not a valid code, but edited: its error goes until the next submit.
      expect(
        screen.queryByText('Currency Code must be a 3-letter uppercase code (e.g., USD).'),
      ).not.toBeInTheDocument();
      expect(screen.getByText('Product Title is required.')).toBeInTheDocument();
      expect(screen.getByText('Please correct the errors in the form.')).toBeInTheDocument();

      await user.type(basicInfo().getByLabelText(label('Product Title')), 'E');

      expect(screen.queryByText('Product Title is required.')).not.toBeInTheDocument();
      expect(screen.queryByText('Please correct the errors in the form.')).not.toBeInTheDocument();
    });
  });

  describe('properties and SKUs', () => {
    async function openEditor() {
      const requests = serve({ [`GET /product/aliexpress/${ITEM_ID}`]: found() });
      const view = renderApp(IMPORT_PATH);
      await fetchItem(view.user);
      await screen.findByLabelText(label('Product Title'));
      return { ...view, requests };
    }

    it('asks for every attribute name and value before importing', async () => {
      const { user, requests } = await openEditor();
      expect(screen.getByText('2 of 2 properties complete')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Add Property' }));
      const third = screen.getByRole('group', { name: 'Property 3' });
      await user.type(within(third).getByLabelText('Attribute Name'), 'Material');
      await user.type(within(third).getByLabelText('Attribute Value'), '   ');
      expect(screen.getByText('2 of 3 properties complete')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));

      expect(await screen.findByText('Please fill in all attribute names and values.')).toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

      await user.type(within(third).getByLabelText('Attribute Value'), 'Plastic');
      expect(screen.queryByText('Please fill in all attribute names and values.')).not.toBeInTheDocument();
      expect(screen.getByText('3 of 3 properties complete')).toBeInTheDocument();
    });

    it('adds a SKU with the defaults and the three starting properties, and always keeps one SKU', async () => {
      const { user } = await openEditor();

      await user.click(screen.getByRole('button', { name: 'Add SKU' }));

      const added = screen.getByRole('group', { name: 'SKU 3' });
      const sku = within(added);
      expect(sku.getByLabelText(/^SKU ID/)).toHaveValue('');
      expect(sku.getByLabelText(/^SKU ID/)).toBeRequired();
      expect(sku.getByLabelText(/^Currency Code/)).toHaveValue('USD');
      expect(sku.getByLabelText(/^Limit Strategy/)).toHaveValue('create_order_fail');
      expect(sku.getByLabelText(/^Available Stock/)).toHaveValue('0');
      expect(sku.getByLabelText(/^Bulk Order Quantity/)).toHaveValue('0');
      expect(sku.getByLabelText('Price includes tax')).not.toBeChecked();
      for (const label of [/^Offer Sale Price/, /^SKU Price/]) {
        expect(sku.getByLabelText(label)).toHaveAttribute('step', '0.01');
        expect(sku.getByLabelText(label)).toBeRequired();
      }
      expect(sku.getByRole('group', { name: 'Color (14)' })).toBeInTheDocument();
      expect(sku.getByRole('group', { name: 'Is Customized (200007009)' })).toBeInTheDocument();
      expect(sku.getByRole('group', { name: 'Ships From (200007763)' })).toBeInTheDocument();
      expect(
        within(sku.getByRole('group', { name: 'Color (14)' })).getByLabelText('SKU Image URL'),
      ).toBeInTheDocument();
      expect(
        within(sku.getByRole('group', { name: 'Ships From (200007763)' })).queryByLabelText('SKU Image URL'),
      ).not.toBeInTheDocument();

      // The new SKU's required inputs are empty: importing is refused with their messages.
      await user.click(screen.getByRole('button', { name: 'Import to Catalog' }));
      expect(await sku.findByText('SKU ID is required.')).toBeInTheDocument();
      expect(sku.getAllByText('Property Value ID is required.')).toHaveLength(3);

      await user.click(screen.getByRole('button', { name: 'Remove SKU 3' }));
      await user.click(screen.getByRole('button', { name: 'Remove SKU 2' }));
      expect(screen.getAllByRole('group', { name: /^SKU \d$/ })).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Remove SKU 1' })).toBeDisabled();
    });
  });
});
