import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orderItems, productSkus, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  demoAdminToken,
  limitedStaffToken,
  type RegisteredShopper,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertVendorProduct, signedInVendor } from '../../test/vendors.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { SUBMITTED } from './vendor-products.handlers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Vendor = Awaited<ReturnType<typeof signedInVendor>>;

interface VendorProductBody {
  _id: string;
  name: string;
  status: string;
  source: string;
  storeId: string | null;
  price: number;
  currency: string;
  availableStock: number;
  description: string;
  approval: 'approved' | 'pending' | 'rejected';
  approvalNote: string | null;
  skus: Array<{ sku_id: string; offer_sale_price: string }>;
  media?: Array<{ url: string }>;
  labels?: { tags?: string[] };
}

const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1213',
  mobile_no: '1711000000',
  phone_country: '+880',
};

let made = 0;

/** The product form as both apps send it; `overrides` replace fields. */
function productForm(overrides: Record<string, unknown> = {}) {
  made += 1;
  return {
    title: `Hand-thrown Mug ${made}`,
    description: '<p>Stoneware, glazed by hand.</p><script>alert(1)</script>',
    currency: 'USD',
    status: 'published',
    images: [
      { url: 'http://localhost:3000/media/uploads/mug.png', name: 'mug.png', size: 1024, isDefault: true },
    ],
    properties: [{ attr_name: 'Material', attr_value: 'Stoneware' }],
    skus: [
      {
        sku_id: `MUG-${made}-S`,
        sku_attr: '5:100#S',
        offer_sale_price: '12.50',
        sku_price: '15.00',
        sku_available_stock: 8,
      },
      {
        sku_id: `MUG-${made}-L`,
        sku_attr: '5:101#L',
        offer_sale_price: '14.00',
        sku_price: '14.00',
        sku_available_stock: 3,
      },
    ],
    labels: { tags: ['ceramics'] },
    ...overrides,
  };
}

describe('vendor products', () => {
  let t: TestApp;
  let catalogueStaff: string;
  let ordersStaff: string;
  let dashboardStaff: string;
  let shopper: RegisteredShopper;
  let alpha: Vendor;
  let beta: Vendor;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    // Only the products permission: approval is that screen's scope, no SuperAdmin bypass.
    catalogueStaff = await limitedStaffToken(t.app, t.db, ['products']);
    ordersStaff = await limitedStaffToken(t.app, t.db, ['orders']);
    dashboardStaff = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app);
    alpha = await signedInVendor(t.app, t.db, { name: 'Alpha Ceramics' });
    beta = await signedInVendor(t.app, t.db, { name: 'Beta Textiles' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  async function create(vendor: Vendor, overrides: Record<string, unknown> = {}): Promise<VendorProductBody> {
    const response = await call('POST', '/vendor/products', vendor.token, productForm(overrides));
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('createVendorProduct', response);
    return response.json<{ data: VendorProductBody }>().data;
  }

  const row = async (id: string) => {
    const [found] = await t.db.select().from(products).where(eq(products.id, id));
    return found ?? null;
  };

  const storeProductCount = async (storeId: string) => {
    const [counted] = await t.db.select({ n: count() }).from(products).where(eq(products.storeId, storeId));
    return counted?.n ?? 0;
  };

  describe('POST /api/vendor/products', () => {
    it("creates the product in the vendor's store, waiting for approval, and logs it", async () => {
      const response = await call(
        'POST',
        '/vendor/products',
        alpha.token,
        productForm({ title: 'Celadon Bowl' }),
      );
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createVendorProduct', response);
      const body = response.json<{ message: string; data: VendorProductBody }>();
      expect(body.message).toBe(SUBMITTED);
      expect(body.data).toMatchObject({
        name: 'Celadon Bowl',
        source: 'vendor',
        storeId: alpha.id,
        status: 'published',
        approval: 'pending',
        approvalNote: null,
        price: 12.5,
        currency: 'USD',
        availableStock: 11,
      });
      // The editor's fields come back as the form reads them; the description is sanitised.
      expect(body.data.description).toBe('<p>Stoneware, glazed by hand.</p>');
      expect(body.data.media?.map((m) => m.url)).toEqual(['http://localhost:3000/media/uploads/mug.png']);
      expect(body.data.labels?.tags).toEqual(['ceramics']);
      expect(body.data.skus.map((sku) => sku.offer_sale_price)).toEqual(['12.50', '14.00']);

      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'vendor.product.create'),
            eq(activityLog.target, `product:${body.data._id}`),
          ),
        );
      expect(logged).toMatchObject({ actorType: 'vendor', actorId: alpha.id, actorName: 'Alpha Ceramics' });
    });

    it('takes the source, store, approval and supplier cost from the token alone, never from the body', async () => {
      const payload = {
        ...productForm(),
        source: 'manual',
        storeId: beta.id,
        approval: 'approved',
        productId: '1005006841234567',
      };
      payload.skus = payload.skus.map((sku) => ({ ...sku, supplierPriceMinor: 100, supplier_price: '1.00' }));
      const response = await call('POST', '/vendor/products', alpha.token, payload);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ data: VendorProductBody }>().data._id;
      const saved = await row(id);
      expect(saved).toMatchObject({ source: 'vendor', storeId: alpha.id, approval: 'pending' });
      expect(saved?.productId).not.toBe('1005006841234567');
      const skus = await t.db.select().from(productSkus).where(eq(productSkus.productId, id));
      expect(skus.map((sku) => sku.supplierPriceMinor)).toEqual([null, null]);
    });

    it.each([
      ['no title', { title: undefined }, '/title'],
      ['a blank title', { title: '   ' }, '/title'],
      [
        'a price with three decimals',
        {
          skus: [
            {
              sku_id: 'X1',
              sku_attr: '',
              offer_sale_price: '12.999',
              sku_price: '13',
              sku_available_stock: 1,
            },
          ],
        },
        '/skus/0/offer_sale_price',
      ],
      [
        'the same SKU id twice',
        {
          skus: [
            { sku_id: 'X1', sku_attr: '', offer_sale_price: '1', sku_price: '1', sku_available_stock: 1 },
            { sku_id: 'X1', sku_attr: '', offer_sale_price: '1', sku_price: '1', sku_available_stock: 1 },
          ],
        },
        '/skus/1/sku_id',
      ],
      ['a published product without SKUs', { skus: [] }, '/skus'],
      [
        'a negative stock',
        {
          skus: [
            { sku_id: 'X1', sku_attr: '', offer_sale_price: '1', sku_price: '1', sku_available_stock: -1 },
          ],
        },
        '/skus/0/sku_available_stock',
      ],
      ['an unknown status', { status: 'approved' }, '/status'],
      ['a picture that is not a web address', { images: [{ url: 'javascript:alert(1)' }] }, '/images/0/url'],
    ])('refuses %s with 400 and creates nothing', async (_case, overrides, path) => {
      const before = await storeProductCount(alpha.id);
      const response = await call('POST', '/vendor/products', alpha.token, productForm(overrides));
      expect(response.statusCode, response.body).toBe(400);
      assertMatchesContract('createVendorProduct', response);
      const body = response.json<{ success: boolean; errors?: Array<{ path: string }> }>();
      expect(body.success).toBe(false);
      expect(body.errors?.map((error) => error.path)).toContain(path);
      expect(await storeProductCount(alpha.id)).toBe(before);
    });

    it('refuses a currency the store has no rate for', async () => {
      const before = await storeProductCount(alpha.id);
      const response = await call('POST', '/vendor/products', alpha.token, productForm({ currency: 'XYZ' }));
      expect(response.statusCode, response.body).toBe(400);
      assertMatchesContract('createVendorProduct', response);
      expect(await storeProductCount(alpha.id)).toBe(before);
    });
  });

  describe('GET /api/vendor/products', () => {
    let own: VendorProductBody[];

    beforeAll(async () => {
      own = [
        await create(beta, { title: 'Indigo Scarf' }),
        await create(beta, { title: 'Linen Napkins', status: 'draft' }),
        await create(beta, { title: 'Jute Rug' }),
      ];
      await call('POST', `/products/${own[2]?._id}/approve`, catalogueStaff);
    });

    const list = async (query: string, vendor: Vendor = beta) => {
      const response = await call('GET', `/vendor/products${query}`, vendor.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listVendorProducts', response);
      return response.json<{
        data: Array<VendorProductBody & { approval: string }>;
        meta: { page: number; limit: number; total: number };
      }>();
    };

    it("lists only the vendor's own products, newest first, in every status and approval", async () => {
      // Another store's product and a catalogue product are never in it.
      await insertTestProduct(t.db, {
        title: 'Catalogue Lamp',
        skus: [{ skuId: 'LAMP-1', salePriceMinor: 500, stock: 1 }],
      });
      const body = await list('');
      expect(body.data.map((item) => item.name)).toEqual(['Jute Rug', 'Linen Napkins', 'Indigo Scarf']);
      expect(body.meta).toEqual({ page: 1, limit: 10, total: 3 });
      expect(body.data.map((item) => [item.status, item.approval])).toEqual([
        ['published', 'approved'],
        ['draft', 'pending'],
        ['published', 'pending'],
      ]);
      expect(body.data.every((item) => item.storeId === beta.id && item.source === 'vendor')).toBe(true);
    });

    it('pages, searches and filters by status and approval', async () => {
      const second = await list('?page=2&limit=2');
      expect(second.data.map((item) => item.name)).toEqual(['Indigo Scarf']);
      expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
      expect((await list('?q=linen')).data.map((item) => item.name)).toEqual(['Linen Napkins']);
      expect((await list('?status=draft')).data.map((item) => item.name)).toEqual(['Linen Napkins']);
      expect((await list('?approval=approved')).data.map((item) => item.name)).toEqual(['Jute Rug']);
      expect((await list('?approval=pending&status=published')).data.map((item) => item.name)).toEqual([
        'Indigo Scarf',
      ]);
      expect((await list('?q=linen', alpha)).data).toEqual([]);
    });

    it.each([
      '?limit=0',
      '?limit=101',
      '?page=0',
      '?status=sold',
      '?approval=maybe',
      `?q=${'x'.repeat(201)}`,
    ])('refuses %s with 400', async (query) => {
      const response = await call('GET', `/vendor/products${query}`, beta.token);
      expect(response.statusCode).toBe(400);
      assertMatchesContract('listVendorProducts', response);
    });
  });

  describe('GET /api/vendor/products/{id}', () => {
    it('reads one of its products as the editor reads it, with its approval', async () => {
      const created = await create(alpha, { title: 'Speckled Plate' });
      const response = await call('GET', `/vendor/products/${created._id}`, alpha.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('getVendorProduct', response);
      expect(response.json().data).toEqual(created);
    });

    it('answers 404 for an id that names nothing, or is not an id', async () => {
      for (const id of ['5b0d6c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f', 'not-an-id']) {
        const response = await call('GET', `/vendor/products/${id}`, alpha.token);
        expect(response.statusCode).toBe(404);
        assertMatchesContract('getVendorProduct', response);
      }
    });
  });

  describe('PUT /api/vendor/products/{id}', () => {
    it('saves the form and sends the product back for approval, clearing a rejection', async () => {
      const created = await create(alpha, { title: 'Ash Glaze Cup' });
      const rejected = await call('POST', `/products/${created._id}/reject`, catalogueStaff, {
        reason: 'The picture is blurred.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const response = await call(
        'PUT',
        `/vendor/products/${created._id}`,
        alpha.token,
        productForm({ title: 'Ash Glaze Cup, Large', storeId: beta.id, source: 'manual' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateVendorProduct', response);
      expect(response.json().data).toMatchObject({
        _id: created._id,
        name: 'Ash Glaze Cup, Large',
        approval: 'pending',
        approvalNote: null,
        storeId: alpha.id,
        source: 'vendor',
      });
      expect(await row(created._id)).toMatchObject({
        productId: expect.any(String),
        storeId: alpha.id,
        source: 'vendor',
      });

      // An approved product changed by its vendor waits for staff again.
      expect((await call('POST', `/products/${created._id}/approve`, catalogueStaff)).statusCode).toBe(200);
      const changed = await call(
        'PUT',
        `/vendor/products/${created._id}`,
        alpha.token,
        productForm({ title: 'Ash Cup' }),
      );
      expect(changed.json().data.approval).toBe('pending');
      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'vendor.product.update'),
            eq(activityLog.target, `product:${created._id}`),
          ),
        )
        .orderBy(desc(activityLog.at));
      expect(logged?.details).toMatchObject({
        before: { approval: 'approved' },
        after: { approval: 'pending' },
      });
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const created = await create(alpha, { title: 'Tea Bowl' });
      const before = await row(created._id);
      for (const overrides of [{ title: '' }, { skus: [] }, { currency: 'XYZ' }]) {
        const response = await call(
          'PUT',
          `/vendor/products/${created._id}`,
          alpha.token,
          productForm(overrides),
        );
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        assertMatchesContract('updateVendorProduct', response);
      }
      expect(await row(created._id)).toEqual(before);
    });
  });

  describe('DELETE /api/vendor/products/{id}', () => {
    it('deletes its product; orders that bought it keep their lines', async () => {
      const created = await create(alpha, { title: 'Sake Set' });
      expect((await call('POST', `/products/${created._id}/approve`, catalogueStaff)).statusCode).toBe(200);
      const ordered = await call('POST', '/order', shopper.token, {
        items: [{ product: created._id, sku_id: created.skus[0]?.sku_id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Bank Transfer',
      });
      expect(ordered.statusCode, ordered.body).toBe(201);
      const orderId = ordered.json<{ data: { _id: string } }>().data._id;

      const response = await call('DELETE', `/vendor/products/${created._id}`, alpha.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('deleteVendorProduct', response);
      expect(response.json().data).toEqual({ _id: created._id });
      expect(await row(created._id)).toBeNull();
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(lines.map((line) => [line.name, line.productId])).toEqual([['Sake Set', null]]);

      const again = await call('DELETE', `/vendor/products/${created._id}`, alpha.token);
      expect(again.statusCode).toBe(404);
      assertMatchesContract('deleteVendorProduct', again);
    });
  });

  describe("another store's products", () => {
    it.each(['GET', 'PUT', 'DELETE'] as const)('%s answers 404 and changes nothing', async (method) => {
      const theirs = await create(alpha, { title: 'Alpha Only Jar' });
      const catalogue = await insertTestProduct(t.db, {
        title: 'Catalogue Kettle',
        skus: [{ skuId: `KETTLE-${method}`, salePriceMinor: 2000, stock: 2 }],
      });
      const vendorProduct = await insertVendorProduct(t.db, null, {
        title: 'Storeless Vendor Pot',
        skuId: `POT-${method}`,
        priceMinor: 900,
        stock: 2,
      });
      for (const id of [theirs._id, catalogue.id, vendorProduct.id]) {
        const before = await row(id);
        const response = await call(
          method,
          `/vendor/products/${id}`,
          beta.token,
          method === 'PUT' ? productForm({ title: 'Taken Over' }) : undefined,
        );
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json().message).toBe('Product not found.');
        expect(await row(id)).toEqual(before);
      }
    });
  });

  describe('who may call what', () => {
    it('refuses staff and shopper tokens on vendor operations with 403, and no token with 401', async () => {
      const mine = await create(alpha);
      const operations: Array<[Method, string, object?]> = [
        ['GET', '/vendor/products'],
        ['POST', '/vendor/products', productForm()],
        ['GET', `/vendor/products/${mine._id}`],
        ['PUT', `/vendor/products/${mine._id}`, productForm({ title: 'Not Yours' })],
        ['DELETE', `/vendor/products/${mine._id}`],
      ];
      const before = await storeProductCount(alpha.id);
      const original = await row(mine._id);
      for (const [method, url, payload] of operations) {
        for (const token of [catalogueStaff, dashboardStaff, shopper.token]) {
          const response = await call(method, url, token, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await storeProductCount(alpha.id)).toBe(before);
      expect(await row(mine._id)).toEqual(original);
    });

    it('refuses vendor, shopper and staff without the products permission on approve and reject', async () => {
      const mine = await create(alpha);
      for (const token of [alpha.token, shopper.token, ordersStaff]) {
        const approve = await call('POST', `/products/${mine._id}/approve`, token);
        expect(approve.statusCode).toBe(403);
        assertMatchesContract('approveProduct', approve);
        const reject = await call('POST', `/products/${mine._id}/reject`, token, { reason: 'No.' });
        expect(reject.statusCode).toBe(403);
        assertMatchesContract('rejectProduct', reject);
      }
      expect((await row(mine._id))?.approval).toBe('pending');
    });
  });

  describe('approval by staff', () => {
    it('approves a pending product once, logging it', async () => {
      const mine = await create(alpha, { title: 'Moon Jar' });
      const response = await call('POST', `/products/${mine._id}/approve`, catalogueStaff);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('approveProduct', response);
      expect(response.json().data).toMatchObject({ _id: mine._id, approval: 'approved', approvalNote: null });
      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'product.approve'), eq(activityLog.target, `product:${mine._id}`)));
      expect(logged).toMatchObject({ actorType: 'admin', details: { title: 'Moon Jar', storeId: alpha.id } });

      for (const path of ['approve', 'reject']) {
        const again = await call('POST', `/products/${mine._id}/${path}`, catalogueStaff, {
          reason: 'Late.',
        });
        expect(again.statusCode).toBe(409);
        assertMatchesContract(path === 'approve' ? 'approveProduct' : 'rejectProduct', again);
      }
      expect((await row(mine._id))?.approval).toBe('approved');
    });

    it('rejects a pending product with a required reason, which the vendor sees', async () => {
      const mine = await create(alpha, { title: 'Cracked Vase' });
      for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
        const refused = await call('POST', `/products/${mine._id}/reject`, catalogueStaff, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        assertMatchesContract('rejectProduct', refused);
      }
      expect((await row(mine._id))?.approval).toBe('pending');

      const response = await call('POST', `/products/${mine._id}/reject`, catalogueStaff, {
        reason: '  The glaze is cracked in the pictures.  ',
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('rejectProduct', response);
      expect(response.json().data).toMatchObject({
        approval: 'rejected',
        approvalNote: 'The glaze is cracked in the pictures.',
      });
      const seen = await call('GET', `/vendor/products/${mine._id}`, alpha.token);
      expect(seen.json().data).toMatchObject({
        approval: 'rejected',
        approvalNote: 'The glaze is cracked in the pictures.',
      });
      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'product.reject'), eq(activityLog.target, `product:${mine._id}`)));
      expect(logged?.details).toMatchObject({ reason: 'The glaze is cracked in the pictures.' });
      expect((await call('POST', `/products/${mine._id}/approve`, catalogueStaff)).statusCode).toBe(409);
    });

    it('answers 404 for an unknown product and 409 for one that never waited (a catalogue product)', async () => {
      for (const id of ['5b0d6c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f', 'nope']) {
        const response = await call('POST', `/products/${id}/approve`, catalogueStaff);
        expect(response.statusCode).toBe(404);
        assertMatchesContract('approveProduct', response);
      }
      const catalogue = await insertTestProduct(t.db, {
        skus: [{ skuId: 'BOOK-1', salePriceMinor: 700, stock: 1 }],
      });
      expect((await call('POST', `/products/${catalogue.id}/approve`, catalogueStaff)).statusCode).toBe(409);
    });

    it("filters Product Management's list by approval, each row saying its approval", async () => {
      const waiting = await create(beta, { title: 'Waiting Quilt' });
      const response = await call('GET', '/product/?approval=pending&limit=100', catalogueStaff);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listProducts', response);
      const rows = response.json<{
        data: Array<{ _id: string; approval: string; approvalNote: string | null }>;
      }>().data;
      expect(rows.map((item) => item._id)).toContain(waiting._id);
      expect(rows.every((item) => item.approval === 'pending')).toBe(true);
      const all = await call('GET', '/product/?limit=100', catalogueStaff);
      expect(
        all.json<{ data: Array<{ approval: string }> }>().data.some((item) => item.approval === 'approved'),
      ).toBe(true);
      expect((await call('GET', '/product/?approval=maybe', catalogueStaff)).statusCode).toBe(400);
    });

    it("counts the products waiting as the dashboard's Products Pending Approval", async () => {
      const pending = async () =>
        (await call('GET', '/admin/pending-actions', dashboardStaff)).json<{ data: { products: number } }>()
          .data.products;
      const before = await pending();
      const mine = await create(alpha);
      expect(await pending()).toBe(before + 1);
      await call('POST', `/products/${mine._id}/approve`, catalogueStaff);
      expect(await pending()).toBe(before);
    });
  });

  describe('the storefront', () => {
    const shopperList = async (query: string) => {
      const response = await call('GET', `/product/?limit=100&currency=USD${query}`, shopper.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Array<{ _id: string }> }>().data.map((item) => item._id);
    };
    const storeCount = async (storeId: string) =>
      (await call('GET', `/stores/${storeId}`, null)).json<{ data: { productCount: number } }>().data
        .productCount;
    const order = (productId: string, skuId: string, path: '/order' | '/order/quote') =>
      call('POST', path, shopper.token, {
        items: [{ product: productId, sku_id: skuId, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Bank Transfer',
        ...(path === '/order/quote' ? { currency: 'USD' } : {}),
      });

    async function expectHidden(id: string, skuId: string, title: string) {
      expect(await shopperList('')).not.toContain(id);
      expect(await shopperList(`&store=${alpha.id}`)).not.toContain(id);
      expect(await shopperList(`&q=${encodeURIComponent(title)}`)).not.toContain(id);
      expect((await call('GET', `/product/${id}`, shopper.token)).statusCode).toBe(404);
      expect((await call('GET', `/product/${id}`, null)).statusCode).toBe(404);
      expect((await call('GET', `/reviews/product/${id}`, null)).statusCode).toBe(404);
      expect((await call('POST', '/wishlist/add', shopper.token, { productId: id })).statusCode).toBe(404);
      for (const path of ['/order/quote', '/order'] as const) {
        const refused = await order(id, skuId, path);
        expect(refused.statusCode, path).toBe(422);
        expect(refused.json().message).toBe(`${title} is not for sale.`);
      }
    }

    it('hides a pending product from every shopper view and from ordering, shows it once approved', async () => {
      const countBefore = await storeCount(alpha.id);
      const mine = await create(alpha, { title: 'Storefront Teapot' });
      const skuId = mine.skus[0]?.sku_id ?? '';
      await expectHidden(mine._id, skuId, 'Storefront Teapot');
      expect(await storeCount(alpha.id)).toBe(countBefore);
      // Staff still see it, to decide.
      expect((await call('GET', `/product/${mine._id}`, catalogueStaff)).statusCode).toBe(200);

      expect((await call('POST', `/products/${mine._id}/approve`, catalogueStaff)).statusCode).toBe(200);
      expect(await shopperList('')).toContain(mine._id);
      expect(await shopperList(`&store=${alpha.id}`)).toContain(mine._id);
      expect(await storeCount(alpha.id)).toBe(countBefore + 1);
      const page = await call('GET', `/product/${mine._id}?currency=USD`, shopper.token);
      expect(page.statusCode).toBe(200);
      expect((await call('GET', `/reviews/product/${mine._id}`, null)).statusCode).toBe(200);
      expect((await call('POST', '/wishlist/add', shopper.token, { productId: mine._id })).statusCode).toBe(
        200,
      );
      expect((await order(mine._id, skuId, '/order/quote')).statusCode).toBe(200);
      const placed = await order(mine._id, skuId, '/order');
      expect(placed.statusCode, placed.body).toBe(201);

      // The vendor changes it: it leaves the storefront (and the wishlist) until approved again.
      const changed = await call(
        'PUT',
        `/vendor/products/${mine._id}`,
        alpha.token,
        productForm({ title: 'Storefront Teapot' }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const newSku = changed.json<{ data: VendorProductBody }>().data.skus[0]?.sku_id ?? '';
      await expectHidden(mine._id, newSku, 'Storefront Teapot');
      const wishlist = await call('GET', '/wishlist/', shopper.token);
      expect(JSON.stringify(wishlist.json())).not.toContain(mine._id);
    });

    it('keeps a rejected product hidden', async () => {
      const mine = await create(alpha, { title: 'Rejected Ladle' });
      await call('POST', `/products/${mine._id}/reject`, catalogueStaff, { reason: 'Not a ceramic.' });
      await expectHidden(mine._id, mine.skus[0]?.sku_id ?? '', 'Rejected Ladle');
    });

    it('hides nothing else: a catalogue product stays visible to shoppers', async () => {
      const catalogue = await insertTestProduct(t.db, {
        title: 'Visible Catalogue Tray',
        skus: [{ skuId: 'TRAY-1', salePriceMinor: 1500, stock: 4 }],
      });
      // Written straight to the database, past the list's short cache: a search of its own reads it fresh.
      expect(await shopperList('&q=Visible%20Catalogue%20Tray')).toContain(catalogue.id);
      expect((await call('GET', `/product/${catalogue.id}`, null)).statusCode).toBe(200);
    });
  });
});
