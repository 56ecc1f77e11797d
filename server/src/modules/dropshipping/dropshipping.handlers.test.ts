import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, demoAdminToken, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import type { AeProductResult } from '../marketplace/marketplace.types.ts';

// A fixture item the demo catalogue leaves out (the seed models a local product on it), so it can be imported.
const NEW_ITEM = '1005006632847105';
const UNKNOWN_ITEM = '1005009999999999';

describe('marketplace import and delivery options', () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    support = await loginStaff(t.app, 'support@example.com', 'support12345');
  });
  afterAll(() => t.close());

  const fetchInfo = (id: string, query = '', token = admin) =>
    t.app.inject({ method: 'GET', url: `/api/product/aliexpress/${id}?${query}`, headers: bearer(token) });
  const importItem = (id: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/product/aliexpress/${id}`, headers: bearer(token), payload });
  const fetched = async (id: string): Promise<AeProductResult> => {
    const response = await fetchInfo(id);
    expect(response.statusCode).toBe(200);
    return response.json().data.BD;
  };
  const catalogueCount = async (id: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.source, 'aliexpress'), eq(products.productId, id)))
    )[0]?.n;

  describe('GET /api/product/aliexpress/{id}', () => {
    it("answers the marketplace's information keyed by the ship-to country, with the HTML cleaned", async () => {
      const response = await fetchInfo('1005006218437795');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getMarketplaceProduct', response);
      const body = response.json();
      expect(body.message).toBe('Product info fetched successfully.');
      expect(body.data.product_id).toBe('1005006218437795');
      expect(body.data.BD.ae_item_base_info_dto.subject).toMatch(/^TWS Wireless Earbuds/);
      expect(body.data.BD.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.length).toBeGreaterThan(1);
      expect(body.data.BD.ae_item_base_info_dto.detail).not.toMatch(/<script|onerror/i);

      const us = (await fetchInfo('1005006218437795', 'country=US')).json();
      expect(Object.keys(us.data).sort()).toEqual(['US', 'product_id']);
    });

    it("answers 404 with the import screen's text for ids the marketplace does not know", async () => {
      const response = await fetchInfo(UNKNOWN_ITEM);
      expect(response.statusCode).toBe(404);
      assertMatchesContract('getMarketplaceProduct', response);
      expect(response.json().message).toBe(
        'No product data found. Please check the Product ID and try again.',
      );
      expect((await fetchInfo('abc')).statusCode).toBe(400);
    });

    it('is for staff with the products permission only', async () => {
      expect((await fetchInfo(NEW_ITEM, '', support)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/product/aliexpress/${NEW_ITEM}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/product/aliexpress/{id}', () => {
    it('saves the edited product, then updates it on a second import instead of adding another', async () => {
      const product = await fetched(NEW_ITEM);
      product.ae_item_base_info_dto.subject = '  Barista French Press, 1 Litre  ';
      product.ae_item_base_info_dto.detail =
        '<p>Glass<script>alert(1)</script></p><iframe src="https://evil.example"></iframe><a href="javascript:x()">a</a>';
      const first = await importItem(NEW_ITEM, { country: 'BD', status: 'published', product });
      expect(first.statusCode, first.body).toBe(201);
      assertMatchesContract('importMarketplaceProduct', first);
      const created = first.json();
      expect(created.message).toBe('Product info saved successfully.');
      expect(created.data).toMatchObject({
        source: 'aliexpress',
        productId: NEW_ITEM,
        name: 'Barista French Press, 1 Litre',
      });
      expect(created.data.description).toBe('<p>Glass</p><a rel="noopener noreferrer nofollow">a</a>');
      expect(JSON.parse(created.data.logText).ae_item_base_info_dto.detail).not.toMatch(
        /script|iframe|javascript/,
      );

      const sku = product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o[0];
      if (!sku) throw new Error('fixture item without SKUs');
      sku.offer_sale_price = '21.50';
      product.ae_item_base_info_dto.subject = 'Barista French Press';
      const second = await importItem(NEW_ITEM, { product, status: 'draft' });
      expect(second.statusCode).toBe(200);
      assertMatchesContract('importMarketplaceProduct', second);
      expect(second.json().data).toMatchObject({
        _id: created.data._id,
        name: 'Barista French Press',
        status: 'draft',
      });
      // The import's prices are the supplier's costs; the store sells at the pricing rules' price (10% markup).
      expect(second.json().data.skus[0].offer_sale_price).toBe('23.65');
      expect(await catalogueCount(NEW_ITEM)).toBe(1);

      const logged = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'product.import'),
            eq(activityLog.target, `product:${created.data._id}`),
          ),
        );
      expect(logged.map((entry) => entry.details.created)).toEqual([true, false]);
    });

    it('answers field errors in the words of the import form', async () => {
      const product = await fetched('1005006303657842');
      const cases: Array<[(p: AeProductResult) => void, string, string]> = [
        [
          (p) => (p.ae_item_base_info_dto.subject = ' '),
          '/product/ae_item_base_info_dto/subject',
          'Product Title is required.',
        ],
        [
          (p) => (p.ae_item_base_info_dto.avg_evaluation_rating = '7'),
          '/product/ae_item_base_info_dto/avg_evaluation_rating',
          'Average Rating must be a number between 0 and 5.',
        ],
        [
          (p) => (p.ae_item_base_info_dto.evaluation_count = '-3'),
          '/product/ae_item_base_info_dto/evaluation_count',
          'Review Count must be a non-negative integer.',
        ],
        [
          (p) => (p.ae_item_base_info_dto.mobile_detail = '{not json'),
          '/product/ae_item_base_info_dto/mobile_detail',
          'Mobile Description must be valid JSON.',
        ],
        [
          (p) => (p.ae_multimedia_info_dto.image_urls = 'https://a.test/1.jpg;http://exa mple.test/2.jpg'),
          '/product/ae_multimedia_info_dto/image_urls',
          'must be http(s) addresses',
        ],
        [
          (p) => (p.ae_multimedia_info_dto.image_urls = 'http://[bad/1.jpg'),
          '/product/ae_multimedia_info_dto/image_urls',
          'must be http(s) addresses',
        ],
        [
          (p) => (p.ae_item_base_info_dto.category_id = 3_000_000_000),
          '/product/ae_item_base_info_dto/category_id',
          'must be <= 2147483647',
        ],
        [
          (p) => (p.ae_item_base_info_dto.product_id = 1005006084529133),
          '/product/ae_item_base_info_dto/product_id',
          'must be the product id the address names',
        ],
        [
          (p) => {
            const [s] = p.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;
            if (s) s.sku_price = 'free';
          },
          '/product/ae_item_sku_info_dtos/ae_item_sku_info_d_t_o/0/sku_price',
          'must be a price with at most two decimals',
        ],
      ];
      for (const [edit, path, message] of cases) {
        const edited = structuredClone(product);
        edit(edited);
        const response = await importItem('1005006303657842', { product: edited });
        expect(response.statusCode, path).toBe(400);
        assertMatchesContract('importMarketplaceProduct', response);
        expect(response.json().errors).toContainEqual({ path, message: expect.stringContaining(message) });
      }
      expect(await catalogueCount('1005006303657842')).toBe(0);
      const refused = await importItem('1005006303657842', { product }, support);
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('POST /api/logistic', () => {
    const quote = (payload: object) => t.app.inject({ method: 'POST', url: '/api/logistic', payload });
    const phoneCase = '1005006084529133';
    const phoneCaseSku = '12000031291839171';

    it('quotes the delivery options of a catalogue product by marketplace id or _id', async () => {
      const response = await quote({
        product_id: phoneCase,
        sku_id: phoneCaseSku,
        country: 'BD',
        quantity: 1,
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getDeliveryOptions', response);
      const data = response.json().data;
      expect(data.country).toBe('BD');
      const options = data.freight_data.delivery_option_d_t_o;
      expect(options.length).toBeGreaterThan(0);
      expect(options[0]).toMatchObject({ shipping_fee_currency: 'USD', tracking: expect.any(Boolean) });

      const [row] = await t.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.productId, phoneCase));
      const byId = await quote({ product_id: row?.id, sku_id: phoneCaseSku, country: 'BD', quantity: 1 });
      expect(byId.json().data.freight_data.delivery_option_d_t_o).toEqual(options);
    });

    it('converts the supplier fees staff see into the asked currency', async () => {
      const staffQuote = (currency: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/logistic',
          headers: bearer(admin),
          payload: { product_id: phoneCase, sku_id: phoneCaseSku, country: 'BD', quantity: 3, currency },
        });
      const usd = (await staffQuote('USD')).json();
      const bdt = (await staffQuote('BDT')).json();
      const paidUsd = usd.data.freight_data.delivery_option_d_t_o.find(
        (o: { free_shipping: boolean }) => !o.free_shipping,
      );
      const paidBdt = bdt.data.freight_data.delivery_option_d_t_o.find(
        (o: { code: string }) => o.code === paidUsd.code,
      );
      expect(paidBdt).toMatchObject({
        shipping_fee_currency: 'BDT',
        shipping_fee_cent: (Math.round(Number(paidUsd.shipping_fee_cent) * 121.5 * 100) / 100).toFixed(2),
        shipping_fee_format: `৳${(Math.round(Number(paidUsd.shipping_fee_cent) * 121.5 * 100) / 100).toFixed(2)}`,
      });
    });

    it('shows shoppers the fee checkout charges under the store rule, in their currency', async () => {
      // The store rule: 10 USD for this line alone, converted once; every service costs the same.
      const ruled = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/store',
        headers: bearer(admin),
        payload: { deliveryPolicy: 'store_rule' },
      });
      expect(ruled.statusCode).toBe(200);
      const bdt = (
        await quote({
          product_id: phoneCase,
          sku_id: phoneCaseSku,
          country: 'BD',
          quantity: 1,
          currency: 'BDT',
        })
      ).json();
      const options = bdt.data.freight_data.delivery_option_d_t_o;
      expect(options.length).toBeGreaterThan(1);
      for (const option of options) {
        expect(option).toMatchObject({
          shipping_fee_currency: 'BDT',
          shipping_fee_cent: '1215.00',
          free_shipping: false,
        });
      }
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/store',
        headers: bearer(admin),
        payload: { deliveryPolicy: 'supplier' },
      });
    });

    it('answers no options for routes nothing serves, unknown products and SKUs of another product', async () => {
      const [bank] = await t.db.select().from(products).where(eq(products.productId, '1005006174306628'));
      const bankSku = await t.app.inject({ method: 'GET', url: `/api/product/${bank?.id}` });
      const skuId = bankSku.json().data.skus[0].sku_id;
      for (const payload of [
        { product_id: '1005006174306628', sku_id: skuId, country: 'AU', quantity: 1 },
        { product_id: UNKNOWN_ITEM, sku_id: skuId, country: 'BD', quantity: 1 },
        { product_id: phoneCase, sku_id: skuId, country: 'BD', quantity: 1 },
      ]) {
        const response = await quote(payload);
        expect(response.statusCode).toBe(200);
        expect(response.json().data.freight_data.delivery_option_d_t_o).toEqual([]);
      }
    });

    it("learns from the supplier's answers which countries a product cannot be delivered to", async () => {
      const [bank] = await t.db.select().from(products).where(eq(products.productId, '1005006174306628'));
      const skuId = (await t.app.inject({ method: 'GET', url: `/api/product/${bank?.id}` })).json().data
        .skus[0].sku_id as string;
      const noDelivery = async () =>
        (await t.db.select().from(products).where(eq(products.productId, '1005006174306628')))[0]
          ?.noDeliveryTo;
      await quote({ product_id: '1005006174306628', sku_id: skuId, country: 'AU', quantity: 1 });
      await quote({ product_id: '1005006174306628', sku_id: skuId, country: 'AU', quantity: 2 });
      expect(await noDelivery()).toEqual(['AU']);
      // Delivered again: the country is forgotten.
      await t.db
        .update(products)
        .set({ noDeliveryTo: ['AU', 'BD'] })
        .where(eq(products.productId, '1005006174306628'));
      await quote({ product_id: '1005006174306628', sku_id: skuId, country: 'BD', quantity: 1 });
      expect(await noDelivery()).toEqual(['AU']);
      await t.db.update(products).set({ noDeliveryTo: [] }).where(eq(products.productId, '1005006174306628'));
    });

    it('refuses quantities outside 1 to 12', async () => {
      for (const quantity of [0, 13, 1.5]) {
        const response = await quote({
          product_id: phoneCase,
          sku_id: phoneCaseSku,
          country: 'BD',
          quantity,
        });
        expect(response.statusCode, String(quantity)).toBe(400);
        assertMatchesContract('getDeliveryOptions', response);
      }
    });
  });
});

describe('marketplace failures', () => {
  const credentials = { appKey: 'key-1', appSecret: 'secret-1', accessToken: 'token-1' };
  let standIn: AliExpressStandIn;
  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
  });
  afterAll(() => standIn.close());

  /** An app on the aliexpress provider (a migrated database with one staff member), and a lookup through it. */
  async function lookUpThrough(aliexpress: typeof credentials & { apiUrl: string }, query = '') {
    const t = await createTestApp({ config: { marketplace: { provider: 'aliexpress', aliexpress } } });
    try {
      await createStaff(t.db, {
        email: 'buyer@example.com',
        password: 'buyer-password-1',
        permissions: ['products'],
      });
      const token = await loginStaff(t.app, 'buyer@example.com', 'buyer-password-1');
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/product/aliexpress/1005006218437795?${query}`,
        headers: bearer(token),
      });
      const failures = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'marketplace.fetch'), eq(activityLog.outcome, 'failed')));
      return { response, failures };
    } finally {
      await t.close();
    }
  }

  it('answers 502 when the marketplace refuses the call, and logs it for the dashboard', async () => {
    const { response, failures } = await lookUpThrough({
      ...credentials,
      accessToken: 'expired',
      apiUrl: standIn.url,
    });
    expect(response.statusCode).toBe(502);
    assertMatchesContract('getMarketplaceProduct', response);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(failures).toHaveLength(1);
  });

  it('answers 503 when the marketplace cannot be reached, and logs it', async () => {
    const closed = await startAliExpressStandIn(credentials);
    await closed.close();
    const { response, failures } = await lookUpThrough({ ...credentials, apiUrl: closed.url });
    expect(response.statusCode).toBe(503);
    assertMatchesContract('getMarketplaceProduct', response);
    expect(response.json().message).toBe('The marketplace cannot be reached. Please try again later.');
    expect(failures).toHaveLength(1);
  });

  it('answers through the real provider when the marketplace accepts the signed call', async () => {
    const { response, failures } = await lookUpThrough({ ...credentials, apiUrl: standIn.url }, 'country=DE');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getMarketplaceProduct', response);
    expect(response.json().data.DE.ae_item_base_info_dto.product_id).toBe(1005006218437795);
    expect(failures).toEqual([]);
  });
});
