import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, currencyRates, products, wishlistEntries } from '../../db/schema.ts';
import { convertMinor, toDecimalText } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

interface ListItem {
  _id: string;
  productId: string;
  name: string;
  status: string;
  source: string;
  logText: string;
  price: number;
  originalPrice: number | null;
  currency: string;
  sku: { sku_price: number | null };
  availableStock: number;
  property: Array<{ attr_name: string; attr_value: string }>;
  createdAt: string;
}
interface ListBody {
  data: ListItem[];
  meta: { page: number; limit: number; total: number };
}

/** A product as the wizard sends it; `overrides` replace fields. */
function wizardProduct(overrides: object = {}) {
  return {
    title: 'Shop Originals Canvas Tote Bag',
    description: '<p>Heavy 12 oz cotton canvas.</p>',
    categoryId: 152401,
    currency: 'USD',
    status: 'published',
    images: [
      {
        url: 'http://localhost:3000/media/uploads/b.png',
        name: 'back.png',
        size: 2048,
        isDefault: false,
        order: 1,
      },
      {
        url: 'http://localhost:3000/media/uploads/a.png',
        name: 'front.png',
        size: 1024,
        isDefault: true,
        order: 0,
      },
    ],
    videoUrl: 'https://www.youtube.com/watch?v=abc',
    properties: [{ attr_name: ' Material ', attr_value: 'Cotton canvas' }],
    skus: [
      {
        sku_id: '9000000300101',
        sku_attr: '14:193#Natural',
        offer_sale_price: '14.99',
        sku_price: '19.99',
        sku_available_stock: 40,
        ae_sku_property_dtos: {
          ae_sku_property_d_t_o: [
            {
              sku_property_id: 14,
              sku_property_name: 'Color',
              sku_property_value: 'natural',
              property_value_id: 193,
            },
          ],
        },
      },
      {
        sku_id: '9000000300102',
        sku_attr: '14:175#Black',
        offer_sale_price: '12.50',
        sku_price: '12.50',
        sku_available_stock: 0,
      },
    ],
    seo: { metaTitle: 'Canvas Tote', slug: 'canvas-tote', index: true },
    labels: { tags: ['totebag', 'originals'], mainCategory: 'Fashion', labelName: 'New', flashSaleAt: null },
    ...overrides,
  };
}

describe('the catalogue API', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    // Seeded staff: Support lacks the products permission, Editor has only it.
    support = await loginStaff(t.app, 'support@example.com', 'support12345');
    editor = await loginStaff(t.app, 'editor@example.com', 'editor12345');
  });
  afterAll(() => t.close());

  const list = (query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/?${query}`, headers: token ? bearer(token) : {} });
  const get = (id: string, query = '', token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/${id}?${query}`, headers: token ? bearer(token) : {} });
  const create = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/product/', headers: bearer(token), payload });
  const countWhere = async (where: ReturnType<typeof eq> | undefined) =>
    (await t.db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0;
  const idOf = async (productId: string) => {
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productId, productId));
    if (!row) throw new Error(`no product ${productId}`);
    return row.id;
  };
  const activity = (action: string, target: string) =>
    t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), eq(activityLog.target, target)));

  describe('GET /api/product/', () => {
    it('pages shoppers through published and out-of-stock products, 10 at a time, newest first', async () => {
      const response = await list('country=BD&currency=USD');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listProducts', response);
      const body = response.json<ListBody>();
      const visible = await countWhere(inArray(products.status, ['published', 'out_of_stock']));
      expect(body.meta).toEqual({ page: 1, limit: 10, total: visible });
      expect(body.data).toHaveLength(10);
      expect(new Set(body.data.map((p) => p.status))).not.toContain('draft');
      const dates = body.data.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());

      const second = (await list('currency=USD&page=2')).json<ListBody>();
      expect(second.data.map((p) => p._id)).not.toContain(body.data[0]?._id);
      const past = (await list('currency=USD&page=99')).json<ListBody>();
      expect(past).toMatchObject({ data: [], meta: { page: 99, total: visible } });
    });

    it('shows staff with the products permission every status, others only what shoppers see', async () => {
      const all = await countWhere(undefined);
      expect((await list('limit=1', admin)).json<ListBody>().meta.total).toBe(all);
      expect((await list('limit=1&status=draft', editor)).json<ListBody>().meta.total).toBe(
        await countWhere(eq(products.status, 'draft')),
      );
      // Support may sign in but not manage products: the public view.
      expect((await list('limit=1&status=draft', support)).json<ListBody>().meta.total).toBe(0);
      expect((await list('limit=1&status=draft')).json<ListBody>().meta.total).toBe(0);
    });

    it('refuses page sizes and pages out of bounds, unknown sorts and sources', async () => {
      for (const query of [
        'limit=0',
        'limit=101',
        'page=0',
        'sort=cheapest',
        'source=amazon',
        'minRating=6',
      ]) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
        assertMatchesContract('listProducts', response);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const unknownCurrency = await list('currency=XYZ');
      expect(unknownCurrency.statusCode).toBe(400);
      expect(unknownCurrency.json().message).toBe('The currency XYZ is not supported.');
    });

    it("filters by source, treating the catalogue's 'local' as 'manual'", async () => {
      const local = (await list('source=local&limit=100', admin)).json<ListBody>();
      const manual = (await list('source=manual&limit=100', admin)).json<ListBody>();
      expect(local.meta.total).toBe(await countWhere(eq(products.source, 'manual')));
      expect(local.data.map((p) => p._id)).toEqual(manual.data.map((p) => p._id));
      expect(new Set(local.data.map((p) => p.source))).toEqual(new Set(['manual']));
      const imported = (await list('source=aliexpress&status=published&limit=100', admin)).json<ListBody>();
      expect(imported.data.every((p) => p.source === 'aliexpress' && p.status === 'published')).toBe(true);
    });

    it('searches titles by word prefix, SKU ids, tags, product ids and _ids', async () => {
      const byTitle = (await list('q=wireless%20earb&currency=USD')).json<ListBody>();
      expect(byTitle.data.map((p) => p.productId)).toEqual(['1005006218437795']);

      const byProductId = (await list('q=1005006084529133')).json<ListBody>();
      expect(byProductId.data.map((p) => p.productId)).toEqual(['1005006084529133']);

      const bySku = (await list('q=12000031291839176')).json<ListBody>();
      expect(bySku.data.map((p) => p.productId)).toEqual(['1005006084529133']);

      const byTag = (await list('q=originals&limit=50')).json<ListBody>();
      expect(byTag.data.map((p) => p.name).sort()).toEqual([
        'Shop Originals A5 Dotted Notebook, 160 Pages',
        'Shop Originals Heavyweight Cotton Hoodie',
      ]);

      const id = await idOf('1005006637251902');
      expect((await list(`q=${id}`)).json<ListBody>().data.map((p) => p._id)).toEqual([id]);
      expect((await list('q=%22%3A*%26!')).json<ListBody>().meta.total).toBe(0);
    });

    it('answers a search past its last page with no products and its total, in a currency it has a rate for', async () => {
      // A search is counted first, so its page is read with the count already known: the rate must still come along.
      const past = await list('q=originals&page=99&limit=10&currency=BDT');
      expect(past.statusCode).toBe(200);
      assertMatchesContract('listProducts', past);
      expect(past.json<ListBody>()).toMatchObject({ data: [], meta: { page: 99, total: 2 } });

      const [eur] = await t.db.select().from(currencyRates).where(eq(currencyRates.code, 'EUR'));
      if (!eur) throw new Error('the demo data has no EUR rate');
      await t.db.delete(currencyRates).where(eq(currencyRates.code, 'EUR'));
      try {
        for (const query of ['q=originals&currency=EUR', 'q=originals&page=99&currency=EUR']) {
          const refused = await list(query);
          expect(refused.statusCode, query).toBe(400);
          expect(refused.json()).toMatchObject({
            success: false,
            message: 'The currency EUR is not supported.',
          });
        }
      } finally {
        await t.db.insert(currencyRates).values(eur);
      }
    });

    it('filters by storefront category, brand and rating', async () => {
      const books = (await list('category=Books&limit=50')).json<ListBody>();
      expect(books.data.length).toBeGreaterThan(0);
      const bookIds = books.data.map((p) => p.productId);
      expect(bookIds).toContain('90000001003');
      expect(bookIds).not.toContain('1005006218437795');

      const men = (await list('category=Men&limit=50')).json<ListBody>().data.map((p) => p.name);
      expect(men.length).toBeGreaterThan(0);
      expect(men.every((name) => /\bmen\b/i.test(name))).toBe(true);
      expect(men.some((name) => /^Women's/i.test(name))).toBe(false);

      const brand = (await list('brand=soundpeats')).json<ListBody>();
      expect(brand.data.map((p) => p.productId)).toEqual(['1005006218437795']);

      const rated = (await list('minRating=4.8&limit=50&currency=USD', admin)).json<ListBody>();
      const [row] = await t.db.select({ n: count() }).from(products).where(sql`${products.rating} >= 4.8`);
      expect(rated.meta.total).toBe(row?.n);
    });

    it('sorts by price over currencies, by title and by popularity', async () => {
      const cheap = (await list('sort=price_asc&limit=100&currency=USD'))
        .json<ListBody>()
        .data.map((p) => p.price);
      expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
      const dear = (await list('sort=price_desc&limit=5&currency=USD'))
        .json<ListBody>()
        .data.map((p) => p.price);
      expect(dear).toEqual([...dear].sort((a, b) => b - a));
      const titles = (await list('sort=title&limit=100'))
        .json<ListBody>()
        .data.map((p) => p.name.toLowerCase());
      expect(titles).toEqual([...titles].sort());
      expect((await list('sort=popularity')).statusCode).toBe(200);
    });

    it('converts prices into the asked currency with the stored rates, two decimals', async () => {
      const usd = (await list('q=1005006218437795&currency=USD')).json<ListBody>().data[0];
      const bdt = (await list('q=1005006218437795&currency=BDT')).json<ListBody>().data[0];
      if (!usd || !bdt) throw new Error('earbuds missing');
      expect(usd.currency).toBe('USD');
      expect(bdt.currency).toBe('BDT');
      expect(usd.property).toContainEqual({ attr_name: 'Brand Name', attr_value: 'SOUNDPEATS' });
      expect(bdt.sku.sku_price).toBe(Math.round((usd.sku.sku_price ?? 0) * 121.5 * 100) / 100);
      expect(usd.sku.sku_price).toBeGreaterThan(0);
      expect(bdt.price).toBe(Math.round(usd.price * 121.5 * 100) / 100);
      expect(bdt.originalPrice).toBe(
        usd.originalPrice === null ? null : Math.round(usd.originalPrice * 121.5 * 100) / 100,
      );
      // The documented call without a currency asks for BDT.
      expect((await list('q=1005006218437795')).json<ListBody>().data[0]?.currency).toBe('BDT');
      // logText keeps the record's shape and its own currency.
      const record = JSON.parse(usd.logText);
      expect(record.ae_item_base_info_dto).toMatchObject({
        subject: usd.name,
        discount_price: usd.price.toFixed(2),
        currency_code: 'USD',
      });
      expect(record.ae_item_base_info_dto.item_id).toMatch(/^\d{17}$/);
      expect(record.ae_multimedia_info_dto.image_urls.split(';')[0]).toMatch(
        /^http:\/\/localhost:3000\/media\//,
      );
    });

    it('still lists a record whose stored text does not parse, passing the text on as stored', async () => {
      const broken = '{"ae_item_base_info_dto":{"subject":"Teak Tray","product_id":9000000';
      await t.db.insert(products).values({
        productId: '90000005555',
        source: 'manual',
        status: 'published',
        title: 'Teak Serving Tray',
        stock: 4,
        logText: broken,
      });
      const response = await list('q=90000005555');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listProducts', response);
      const [item] = response.json<ListBody>().data;
      expect(item?.logText).toBe(broken);
      expect(() => JSON.parse(item?.logText ?? '')).toThrow();
    });
  });

  describe('GET /api/product/{id}', () => {
    it('answers the product with its SKUs, rate and sanitised description', async () => {
      const id = await idOf('1005006218437795');
      const response = await get(id, 'country=BD&currency=BDT');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getProduct', response);
      const { data } = response.json();
      expect(data.rate).toBe(121.5);
      expect(data.skus.length).toBeGreaterThan(1);
      const sku = data.skus[0];
      // Shoppers get each SKU's price in the asked currency, converted as POST /order charges it.
      expect(sku.currency_code).toBe('BDT');
      const usd = (await get(id, 'country=BD&currency=USD')).json().data.skus[0];
      expect(usd.currency_code).toBe('USD');
      const usdMinor = Math.round(Number(usd.offer_sale_price) * 100);
      expect(sku.offer_sale_price).toBe(toDecimalText(convertMinor(usdMinor, '1', '121.5')));
      expect(
        sku.ae_sku_property_dtos.ae_sku_property_d_t_o.find(
          (p: { sku_property_id: number }) => p.sku_property_id === 14,
        ),
      ).toMatchObject({ sku_image: expect.stringMatching(/^http/) });
      // The earbuds' seller HTML carries a <script> and an onerror handler: neither survives, anywhere.
      for (const text of [data.description, data.logText]) {
        expect(text).not.toMatch(/<script|onerror|javascript:/i);
      }
      expect(data.description).toContain('Bluetooth 5.3');
      // Shoppers learn the storefront category, which Similar Products asks for; the editor fields stay hidden.
      expect(data.category).toBe('Electronics');
      expect(data).not.toHaveProperty('seo');
    });

    it('hides drafts from shoppers but shows them, with the editor fields, to staff', async () => {
      const draft = await idOf('90000001004');
      expect((await get(draft)).statusCode).toBe(404);
      const response = await get(draft, 'currency=USD', admin);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getProduct', response);
      expect(response.json().data).toMatchObject({ status: 'draft', seo: { index: true }, labels: {} });
    });

    it('answers 404 for ids that name no product', async () => {
      for (const id of ['3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', 'not-a-uuid']) {
        const response = await get(id);
        expect(response.statusCode).toBe(404);
        assertMatchesContract('getProduct', response);
        expect(response.json().message).toBe('Product not found.');
      }
    });
  });

  describe('POST /api/product/ and PUT /api/product/{id}', () => {
    it('creates a manual product with pictures, properties, SKUs, SEO and labels', async () => {
      const response = await create(wizardProduct());
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createProduct', response);
      const { data, message } = response.json();
      expect(message).toBe('Product created successfully!');
      expect(data).toMatchObject({
        source: 'manual',
        status: 'published',
        name: 'Shop Originals Canvas Tote Bag',
        currency: 'USD',
        // The cheapest SKU in stock, not the sold-out cheaper one.
        price: 14.99,
        originalPrice: 19.99,
        availableStock: 40,
        images: ['http://localhost:3000/media/uploads/a.png', 'http://localhost:3000/media/uploads/b.png'],
        property: [{ attr_name: 'Material', attr_value: 'Cotton canvas' }],
        videoUrl: 'https://www.youtube.com/watch?v=abc',
        seo: { metaTitle: 'Canvas Tote', slug: 'canvas-tote', index: true },
        labels: { tags: ['totebag', 'originals'], mainCategory: 'Fashion', labelName: 'New' },
      });
      expect(data.productId).toMatch(/^9\d{10}$/);
      expect(data.media.map((m: { name: string; isDefault: boolean }) => [m.name, m.isDefault])).toEqual([
        ['front.png', true],
        ['back.png', false],
      ]);
      expect(JSON.parse(data.logText).ae_item_base_info_dto.subject).toBe('Shop Originals Canvas Tote Bag');

      // It is in the catalogue: searchable by tag, filtered by its category, and its creation is logged.
      const found = (await list('q=totebag&category=Fashion')).json<ListBody>();
      expect(found.data.map((p) => p._id)).toEqual([data._id]);
      const [entry] = await activity('product.create', `product:${data._id}`);
      expect(entry).toMatchObject({
        actorType: 'admin',
        actorEmail: 'admin@example.com',
        outcome: 'success',
      });
      expect(entry?.ip).toBeTruthy();
    });

    it('sanitises the description: no script, handlers, javascript: links or frames', async () => {
      const hostile =
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x.png" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe><b>bold</b>';
      const response = await create(wizardProduct({ description: hostile, status: 'draft' }));
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      for (const text of [data.description, data.logText]) {
        expect(text).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
      }
      expect(data.description).toContain('<b>bold</b>');
    });

    it('answers field errors for prices, duplicate SKU ids, bad addresses and a published product without SKUs', async () => {
      const [first, second] = wizardProduct().skus;
      const cases: Array<[object, string, string]> = [
        [{ skus: [{ ...first, offer_sale_price: '12.345' }] }, '/skus/0/offer_sale_price', 'must be a price'],
        [
          { skus: [first, { ...second, sku_id: first?.sku_id }] },
          '/skus/1/sku_id',
          'SKU ids must be unique.',
        ],
        [{ skus: [] }, '/skus', 'A published product needs at least one SKU.'],
        [{ images: [{ url: 'javascript:alert(1)' }] }, '/images/0/url', 'must match pattern'],
        [{ title: '   ' }, '/title', 'must not be blank'],
        [{ status: 'out_of_stock' }, '/status', 'must be equal to one of the allowed values'],
      ];
      for (const [overrides, path, message] of cases) {
        const response = await create(wizardProduct(overrides));
        expect(response.statusCode, path).toBe(400);
        assertMatchesContract('createProduct', response);
        const error = response.json().errors.find((e: { path: string }) => e.path === path);
        expect(error?.message, path).toContain(message);
      }
      expect((await create(wizardProduct({ currency: 'XYZ' }))).json().message).toBe(
        'The currency XYZ is not supported.',
      );
    });

    it('stores a product published with nothing in stock as out of stock', async () => {
      const [first] = wizardProduct().skus;
      const response = await create(wizardProduct({ skus: [{ ...first, sku_available_stock: 0 }] }));
      expect(response.json().data.status).toBe('out_of_stock');
    });

    it('updates a product in place, keeping its id, product id and source', async () => {
      const created = (await create(wizardProduct())).json().data;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/product/${created._id}`,
        headers: bearer(editor),
        payload: wizardProduct({ title: 'Canvas Tote Bag, Large', status: 'draft', properties: [] }),
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateProduct', response);
      expect(response.json().data).toMatchObject({
        _id: created._id,
        productId: created.productId,
        source: 'manual',
        name: 'Canvas Tote Bag, Large',
        status: 'draft',
        property: [],
      });
      expect(await activity('product.update', `product:${created._id}`)).toHaveLength(1);

      const imported = await idOf('1005006084529133');
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/product/${imported}`,
        headers: bearer(admin),
        payload: wizardProduct({ title: 'Magnetic iPhone Case' }),
      });
      expect(edited.json().data).toMatchObject({ source: 'aliexpress', productId: '1005006084529133' });
      expect(JSON.parse(edited.json().data.logText).ae_item_base_info_dto).toMatchObject({
        subject: 'Magnetic iPhone Case',
        product_id: 1005006084529133,
      });

      const missing = await t.app.inject({
        method: 'PUT',
        url: '/api/product/3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f',
        headers: bearer(admin),
        payload: wizardProduct(),
      });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses staff without the products permission (403) and callers without a token (401)', async () => {
      const refused = await create(wizardProduct(), support);
      expect(refused.statusCode).toBe(403);
      assertMatchesContract('createProduct', refused);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/product/',
        payload: wizardProduct(),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/product/{id}', () => {
    it('deletes the product with its SKUs, properties and wishlist entries, and logs it', async () => {
      const id = await idOf('1005006402987711');
      expect(
        (await t.db.select().from(wishlistEntries).where(eq(wishlistEntries.productId, id))).length,
      ).toBe(1);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/product/${id}`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('deleteProduct', response);
      expect(response.json()).toEqual({
        success: true,
        message: 'Product deleted successfully.',
        data: { _id: id },
      });
      expect((await get(id, '', admin)).statusCode).toBe(404);
      expect(await t.db.select().from(wishlistEntries).where(eq(wishlistEntries.productId, id))).toEqual([]);
      expect((await list(`q=1005006402987711`, admin)).json<ListBody>().meta.total).toBe(0);
      expect((await activity('product.delete', `product:${id}`))[0]?.outcome).toBe('success');
    });

    it('answers 404 for unknown ids and 403 without the products permission', async () => {
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: '/api/product/3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f',
        headers: bearer(admin),
      });
      expect(unknown.statusCode).toBe(404);
      assertMatchesContract('deleteProduct', unknown);
      const id = await idOf('1005006637251902');
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/product/${id}`,
        headers: bearer(support),
      });
      expect(refused.statusCode).toBe(403);
      expect((await get(id)).statusCode).toBe(200);
    });
  });

  describe('POST /api/product/bulk', () => {
    const bulk = (payload: object, token = admin) =>
      t.app.inject({ method: 'POST', url: '/api/product/bulk', headers: bearer(token), payload });

    it('publishes, drafts, disables and deletes the selection, skipping unknown ids', async () => {
      const a = (await create(wizardProduct({ status: 'draft' }))).json().data._id;
      const b = (await create(wizardProduct({ status: 'draft' }))).json().data._id;
      const published = await bulk({
        action: 'publish',
        ids: [a, b, '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f'],
      });
      expect(published.statusCode).toBe(200);
      assertMatchesContract('bulkProducts', published);
      expect(published.json()).toMatchObject({ data: { affected: 2 }, message: '2 products updated.' });
      expect((await get(a)).json().data.status).toBe('published');

      expect((await bulk({ action: 'disable', ids: [a] })).json().data.affected).toBe(1);
      expect((await get(a, '', admin)).json().data.status).toBe('disabled');
      expect((await bulk({ action: 'draft', ids: [a] })).json().data.affected).toBe(1);

      const deleted = await bulk({ action: 'delete', ids: [a, b] });
      expect(deleted.json()).toMatchObject({ data: { affected: 2 }, message: '2 products deleted.' });
      expect((await get(b, '', admin)).statusCode).toBe(404);
      const [entry] = await activity('product.bulk.delete', 'products');
      expect(entry?.details).toMatchObject({ ids: expect.arrayContaining([a, b]) });
    });

    it('refuses empty, oversized or unknown requests, and staff without the permission', async () => {
      const ids = Array.from({ length: 101 }, (_, i) => `id-${i}`);
      for (const payload of [
        { action: 'publish', ids: [] },
        { action: 'publish', ids },
        { action: 'archive', ids: ['x'] },
      ]) {
        const response = await bulk(payload);
        expect(response.statusCode).toBe(400);
        assertMatchesContract('bulkProducts', response);
      }
      expect((await bulk({ action: 'publish', ids: ['x'] }, support)).statusCode).toBe(403);
    });
  });

  describe('GET /api/product/export', () => {
    const download = (query: string, token = admin) =>
      t.app.inject({ method: 'GET', url: `/api/product/export?${query}`, headers: bearer(token) });

    it('downloads the filtered list as CSV with formula-looking cells escaped', async () => {
      const created = await create(
        wizardProduct({
          title: '=HYPERLINK("http://evil.example","Click")',
          labels: { tags: ['@risky', '+1', 'csvcase'] },
        }),
      );
      expect(created.statusCode).toBe(201);
      const response = await download('format=csv&q=csvcase&currency=USD');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['x-total-count']).toBe('1');
      const [header, row, end] = response.body.split('\r\n');
      expect(header).toBe(
        '_id,productId,title,status,source,price,originalPrice,currency,stock,categoryId,skuIds,tags,createdAt',
      );
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      // Each listed tag is defused on its own (spreadsheets that split on ';' would run it).
      expect(row).toContain(",14.99,19.99,USD,40,152401,9000000300101;9000000300102,'@risky;'+1;csvcase,");
      expect(end).toBe('');
    });

    it('downloads JSON with the same filters, and refuses staff without the permission', async () => {
      const response = await download('format=json&source=local');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('exportProducts', response);
      const rows = response.json<Array<{ source: string; currency: string }>>();
      expect(Number(response.headers['x-total-count'])).toBe(rows.length);
      expect(rows.length).toBe(await countWhere(eq(products.source, 'manual')));
      expect(rows.every((row) => row.source === 'manual' && row.currency === 'BDT')).toBe(true);
      expect((await download('format=csv', support)).statusCode).toBe(403);
      expect((await download('format=xml')).statusCode).toBe(400);
    });
  });

  describe('GET /api/product/stats', () => {
    it('counts the catalogue by status, for staff with the products permission only', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/product/stats',
        headers: bearer(editor),
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getProductStats', response);
      const stats = response.json().data;
      expect(stats).toEqual({
        total: await countWhere(undefined),
        published: await countWhere(eq(products.status, 'published')),
        draft: await countWhere(eq(products.status, 'draft')),
        out_of_stock: await countWhere(eq(products.status, 'out_of_stock')),
        disabled: await countWhere(eq(products.status, 'disabled')),
      });
      expect(stats.total).toBe(stats.published + stats.draft + stats.out_of_stock + stats.disabled);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/product/stats',
        headers: bearer(support),
      });
      expect(refused.statusCode).toBe(403);
      assertMatchesContract('getProductStats', refused);
    });
  });
});
