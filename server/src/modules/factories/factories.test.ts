import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders, products, stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, limitedStaffToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { FACTORY_NOT_FOUND, STORE_EMAIL_TAKEN } from './factories.handlers.ts';
import { FACTORY_MESSAGES } from './factories.validation.ts';

interface FactoryBody {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  description: string | null;
  status: string;
  products: number;
  d2cOrders: number;
  revenue: number;
  createdAt: string;
}
type Method = 'GET' | 'POST' | 'PATCH';

const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2',
  city: 'Dhaka',
  country: 'BD',
  zip: '1213',
};

describe('Domestic D2C Management', () => {
  let t: TestApp;
  let admin: string;
  let shopper: RegisteredShopper;
  let vendorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Only the products permission: the screen's scope, no SuperAdmin bypass.
    admin = await limitedStaffToken(t.app, t.db, ['products']);
    shopper = await registerShopper(t.app, { name: 'Nusrat Jahan' });
    const [vendor] = await t.db
      .insert(stores)
      .values({ name: 'Bengal Home Goods', email: 'sales@bengalhome.example.com' })
      .returning();
    if (!vendor) throw new Error('store insert returned no row');
    vendorId = vendor.id;
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null = admin, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  async function createFactory(payload: object): Promise<FactoryBody> {
    const response = await call('POST', '/d2c/factories', admin, payload);
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('createFactory', response);
    return response.json<{ data: FactoryBody }>().data;
  }

  async function assign(factoryId: string, productIds: string[]) {
    const response = await call('POST', `/d2c/factories/${factoryId}/products`, admin, { productIds });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('assignFactoryProducts', response);
    return response.json<{ message: string; data: FactoryBody }>();
  }

  const newProduct = (skuId: string, title?: string) =>
    insertTestProduct(t.db, {
      ...(title ? { title } : {}),
      skus: [{ skuId, salePriceMinor: 20_00, stock: 10 }],
    });

  const placeOrder = (items: Array<{ product: string; sku_id: string }>) =>
    call('POST', '/order', shopper.token, {
      items: items.map((item) => ({ ...item, quantity: 1 })),
      shippingAddress: ADDRESS,
      paymentMethod: 'Credit Card',
      card: GOOD_CARD,
    });

  it('lets only staff with the products permission near the factories', async () => {
    const shopperToken = (await registerShopper(t.app)).token;
    const withoutProducts = await limitedStaffToken(t.app, t.db, ['users', 'orders', 'reports']);
    const id = randomUUID();
    const operations: Array<[Method, string, object?]> = [
      ['GET', '/d2c/factories'],
      ['POST', '/d2c/factories', { name: 'Sneaky Factory', email: 'sneaky@example.com' }],
      ['GET', `/d2c/factories/${id}`],
      ['PATCH', `/d2c/factories/${id}`, { status: 'suspended' }],
      ['GET', `/d2c/factories/${id}/products`],
      ['POST', `/d2c/factories/${id}/products`, { productIds: [randomUUID()] }],
      ['GET', `/d2c/factories/${id}/orders`],
    ];
    for (const [method, url, body] of operations) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(method, url, shopperToken, body)).statusCode, `${method} ${url} as a shopper`).toBe(
        403,
      );
      expect(
        (await call(method, url, withoutProducts, body)).statusCode,
        `${method} ${url} without products`,
      ).toBe(403);
    }
    expect(await t.db.select().from(stores).where(eq(stores.kind, 'factory'))).toEqual([]);
  });

  describe('adding and editing a factory', () => {
    it('adds an active factory with its fields as stored, and logs it', async () => {
      const factory = await createFactory({
        name: '  Dhaka Craft House ',
        email: 'Hello@DhakaCraft.example.com',
        phone: '+880 1911-223344',
        country: 'bd',
        description: 'Handmade leather goods.',
      });
      expect(factory).toMatchObject({
        name: 'Dhaka Craft House',
        email: 'hello@dhakacraft.example.com',
        phone: '+880 1911-223344',
        country: 'BD',
        description: 'Handmade leather goods.',
        status: 'active',
        products: 0,
        d2cOrders: 0,
        revenue: 0,
      });
      const [row] = await t.db.select().from(stores).where(eq(stores.id, factory._id));
      expect(row).toMatchObject({ kind: 'factory', status: 'active' });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'factory.create'), eq(activityLog.target, `store:${factory._id}`)));
      expect(entry?.details).toMatchObject({ before: null, after: { name: 'Dhaka Craft House' } });

      const read = await call('GET', `/d2c/factories/${factory._id}`);
      expect(read.statusCode).toBe(200);
      assertMatchesContract('getFactory', read);
      expect(read.json<{ data: FactoryBody }>().data).toEqual(factory);
    });

    it('answers a message per missing or invalid field, and stores nothing', async () => {
      const cases: Array<[object, Array<{ path: string; message: string }>]> = [
        [
          {},
          [
            { path: '/name', message: FACTORY_MESSAGES.name },
            { path: '/email', message: FACTORY_MESSAGES.emailRequired },
          ],
        ],
        [
          { name: '   ', email: 'not-an-email' },
          [
            { path: '/name', message: 'Name is required' },
            { path: '/email', message: 'Email is invalid' },
          ],
        ],
        [
          { name: 'Factory', email: 'f@example.com', phone: 'call me', country: 'XX' },
          [
            { path: '/phone', message: 'Phone is invalid' },
            { path: '/country', message: 'Country must be a two-letter ISO 3166-1 code (for example BD)' },
          ],
        ],
        [
          { name: 'Factory', email: 'f@example.com', country: 'Bangladesh' },
          [{ path: '/country', message: FACTORY_MESSAGES.country }],
        ],
      ];
      for (const [payload, errors] of cases) {
        const response = await call('POST', '/d2c/factories', admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        assertMatchesContract('createFactory', response);
        expect(response.json<{ errors: unknown }>().errors).toEqual(errors);
      }
      // What the contract itself refuses: wrong types and overlong fields.
      for (const payload of [
        { name: 42, email: 'f@example.com' },
        { name: 'x'.repeat(121), email: 'f@example.com' },
      ]) {
        expect((await call('POST', '/d2c/factories', admin, payload)).statusCode).toBe(400);
      }
      expect(await t.db.select().from(stores).where(eq(stores.email, 'f@example.com'))).toEqual([]);
    });

    it('refuses an email another store already uses', async () => {
      for (const email of ['SALES@bengalhome.example.com', 'hello@dhakacraft.example.com']) {
        const response = await call('POST', '/d2c/factories', admin, { name: 'Copy', email });
        expect(response.statusCode, email).toBe(409);
        expect(response.json<{ message: string }>().message).toBe(STORE_EMAIL_TAKEN);
      }
    });

    it('edits the fields sent, removes a blank one, and logs before and after', async () => {
      const factory = await createFactory({
        name: 'Sylhet Tea Works',
        email: 'tea@sylhet.example.com',
        phone: '01711000000',
      });
      const response = await call('PATCH', `/d2c/factories/${factory._id}`, admin, {
        name: 'Sylhet Tea Estates',
        phone: '',
        country: 'bd',
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateFactory', response);
      expect(response.json<{ data: FactoryBody }>().data).toMatchObject({
        name: 'Sylhet Tea Estates',
        email: 'tea@sylhet.example.com',
        phone: null,
        country: 'BD',
      });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'factory.update'), eq(activityLog.target, `store:${factory._id}`)));
      expect(entry?.details).toEqual({
        before: { name: 'Sylhet Tea Works', phone: '01711000000', country: null },
        after: { name: 'Sylhet Tea Estates', phone: null, country: 'BD' },
      });

      const cases: Array<[object, number]> = [
        [{ name: '' }, 400],
        [{ email: 'nope' }, 400],
        [{ country: 'ZZ' }, 400],
        [{ status: 'pending' }, 400],
        [{}, 400],
        [{ email: 'hello@DHAKACRAFT.example.com' }, 409],
      ];
      for (const [payload, status] of cases) {
        const refused = await call('PATCH', `/d2c/factories/${factory._id}`, admin, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      }
      // Its own email again is no clash.
      expect(
        (await call('PATCH', `/d2c/factories/${factory._id}`, admin, { email: 'TEA@sylhet.example.com' }))
          .statusCode,
      ).toBe(200);
    });

    it('answers 404 for an unknown factory or a store that is not one, 400 for a malformed id', async () => {
      for (const id of [randomUUID(), vendorId]) {
        for (const [method, url, body] of [
          ['GET', `/d2c/factories/${id}`],
          ['PATCH', `/d2c/factories/${id}`, { status: 'suspended' }],
          ['GET', `/d2c/factories/${id}/products`],
          ['POST', `/d2c/factories/${id}/products`, { productIds: [randomUUID()] }],
          ['GET', `/d2c/factories/${id}/orders`],
        ] as Array<[Method, string, object?]>) {
          const response = await call(method, url, admin, body);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json<{ message: string }>().message).toBe(FACTORY_NOT_FOUND);
        }
      }
      expect((await call('GET', '/d2c/factories/not-a-uuid')).statusCode).toBe(400);
      const [vendor] = await t.db.select().from(stores).where(eq(stores.id, vendorId));
      expect(vendor).toMatchObject({ status: 'active', kind: 'vendor' });
    });
  });

  describe('products, orders and the storefront', () => {
    let factory: FactoryBody;
    let belt: Awaited<ReturnType<typeof newProduct>>;
    let bag: Awaited<ReturnType<typeof newProduct>>;
    let plain: Awaited<ReturnType<typeof newProduct>>;

    beforeAll(async () => {
      factory = await createFactory({ name: 'Old Dhaka Leather', email: 'leather@olddhaka.example.com' });
      belt = await newProduct('BELT', 'Handmade Leather Belt');
      bag = await newProduct('BAG', 'Leather Tote Bag');
      plain = await newProduct('MUG', 'Enamel Mug');
      // The bag was sold through a vendor until now.
      await t.db.update(products).set({ storeId: vendorId }).where(eq(products.id, bag.id));
    });

    it('assigns existing products to the factory, moving them from another store, and logs it', async () => {
      const body = await assign(factory._id, [belt.id, bag.id]);
      expect(body.message).toBe('2 products assigned to Old Dhaka Leather.');
      expect(body.data.products).toBe(2);
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'factory.assign_products'),
            eq(activityLog.target, `store:${factory._id}`),
          ),
        );
      expect(entry?.details).toEqual({
        before: { [belt.id]: null, [bag.id]: vendorId },
        after: { [belt.id]: factory._id, [bag.id]: factory._id },
      });

      const listed = await call('GET', `/d2c/factories/${factory._id}/products?limit=1`);
      expect(listed.statusCode).toBe(200);
      assertMatchesContract('listFactoryProducts', listed);
      const page = listed.json<{
        data: Array<{ _id: string; title: string; price: number }>;
        meta: object;
      }>();
      expect(page.meta).toEqual({ page: 1, limit: 1, total: 2 });
      expect(page.data).toHaveLength(1);
      expect(page.data[0]).toMatchObject({ price: 20, currency: 'USD', stock: 10, status: 'published' });
    });

    it('assigns nothing when a product does not exist, and refuses an empty or malformed list', async () => {
      const missing = await call('POST', `/d2c/factories/${factory._id}/products`, admin, {
        productIds: [plain.id, randomUUID()],
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe(
        'One of the products was not found; none were assigned.',
      );
      const [row] = await t.db.select().from(products).where(eq(products.id, plain.id));
      expect(row?.storeId).toBeNull();
      for (const payload of [
        { productIds: [] },
        { productIds: ['nope'] },
        {},
        { productIds: [plain.id, plain.id] },
      ]) {
        const response = await call('POST', `/d2c/factories/${factory._id}/products`, admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('records D2C for a shopper order of factory products only, B2C otherwise', async () => {
      const d2c = await placeOrder([
        { product: belt.id, sku_id: 'BELT' },
        { product: bag.id, sku_id: 'BAG' },
      ]);
      expect(d2c.statusCode, d2c.body).toBe(201);
      const mixed = await placeOrder([
        { product: belt.id, sku_id: 'BELT' },
        { product: plain.id, sku_id: 'MUG' },
      ]);
      expect(mixed.statusCode, mixed.body).toBe(201);
      const other = await placeOrder([{ product: plain.id, sku_id: 'MUG' }]);
      expect(other.statusCode, other.body).toBe(201);

      const channelOf = async (response: typeof d2c) => {
        const [row] = await t.db
          .select({ channel: orders.channel })
          .from(orders)
          .where(eq(orders.id, response.json<{ data: { _id: string } }>().data._id));
        return row?.channel;
      };
      expect(await channelOf(d2c)).toBe('d2c');
      expect(await channelOf(mixed)).toBe('b2c');
      expect(await channelOf(other)).toBe('b2c');

      // The factory's figures: one D2C order, its two items at 20 USD each.
      const read = await call('GET', `/d2c/factories/${factory._id}`);
      expect(read.json<{ data: FactoryBody }>().data).toMatchObject({
        products: 2,
        d2cOrders: 1,
        revenue: 40,
      });

      // Its orders are every order holding one of its products, newest first.
      const listed = await call('GET', `/d2c/factories/${factory._id}/orders`);
      expect(listed.statusCode).toBe(200);
      assertMatchesContract('listFactoryOrders', listed);
      const rows = listed.json<{
        data: Array<{ _id: string; channel: string; customer: string }>;
        meta: object;
      }>();
      expect(rows.meta).toEqual({ page: 1, limit: 20, total: 2 });
      expect(rows.data.map((row) => row.channel).sort()).toEqual(['b2c', 'd2c']);
      expect(rows.data[0]?.customer).toBe('Nusrat Jahan');
    });

    it('lists factories by name with their figures and the summary cards, filtered and paged', async () => {
      const response = await call('GET', '/d2c/factories?limit=100');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listFactories', response);
      const body = response.json<{ data: FactoryBody[]; meta: { total: number }; stats: object }>();
      expect(body.data.map((row) => row.name)).toEqual([
        'Dhaka Craft House',
        'Old Dhaka Leather',
        'Sylhet Tea Estates',
      ]);
      expect(body.stats).toEqual({
        factories: 3,
        active: 3,
        suspended: 0,
        d2cOrders: 1,
        // The D2C order's total: 40 USD of items, 10 USD shipping and 10% tax.
        d2cRevenue: 54,
        currency: 'USD',
      });

      const found = await call('GET', '/d2c/factories?q=olddhaka');
      expect(found.json<{ data: FactoryBody[] }>().data.map((row) => row.name)).toEqual([
        'Old Dhaka Leather',
      ]);
      const second = await call('GET', '/d2c/factories?page=2&limit=1');
      expect(second.json<{ data: FactoryBody[]; meta: object }>()).toMatchObject({
        data: [{ name: 'Old Dhaka Leather' }],
        meta: { page: 2, limit: 1, total: 3 },
      });
      for (const query of ['?status=closed', '?page=0', '?limit=101']) {
        expect((await call('GET', `/d2c/factories${query}`)).statusCode, query).toBe(400);
      }
    });

    it("takes a suspended factory's products off the storefront until it is active again", async () => {
      const shopperList = async () => {
        const response = await t.app.inject({ method: 'GET', url: '/api/product/?currency=USD&limit=100' });
        expect(response.statusCode).toBe(200);
        return response.json<{ data: Array<{ _id: string }> }>().data.map((row) => row._id);
      };
      expect(await shopperList()).toEqual(expect.arrayContaining([belt.id, bag.id, plain.id]));
      const [before] = await t.db.select().from(stores).where(eq(stores.id, factory._id));

      const suspended = await call('PATCH', `/d2c/factories/${factory._id}`, admin, { status: 'suspended' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json<{ message: string; data: FactoryBody }>()).toMatchObject({
        message: 'Old Dhaka Leather is suspended: its products are off the storefront.',
        data: { status: 'suspended' },
      });
      const [after] = await t.db.select().from(stores).where(eq(stores.id, factory._id));
      expect(after?.tokenVersion).toBe((before?.tokenVersion ?? 0) + 1);
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'factory.suspend'), eq(activityLog.target, `store:${factory._id}`)))
        .orderBy(desc(activityLog.at));
      expect(entry?.details).toEqual({ before: { status: 'active' }, after: { status: 'suspended' } });

      const shown = await shopperList();
      expect(shown).toContain(plain.id);
      expect(shown).not.toContain(belt.id);
      expect(shown).not.toContain(bag.id);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/product/${belt.id}?currency=USD` })).statusCode,
      ).toBe(404);
      expect((await call('GET', `/product/${belt.id}?currency=USD`)).statusCode).toBe(200);
      const refused = await placeOrder([{ product: belt.id, sku_id: 'BELT' }]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toBe('Handmade Leather Belt is not for sale.');
      const filtered = await call('GET', '/d2c/factories?status=suspended');
      expect(filtered.json<{ data: FactoryBody[] }>().data.map((row) => row.name)).toEqual([
        'Old Dhaka Leather',
      ]);

      const active = await call('PATCH', `/d2c/factories/${factory._id}`, admin, { status: 'active' });
      expect(active.statusCode).toBe(200);
      expect(await shopperList()).toEqual(expect.arrayContaining([belt.id, bag.id]));
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/product/${belt.id}?currency=USD` })).statusCode,
      ).toBe(200);
    });
  });
});
