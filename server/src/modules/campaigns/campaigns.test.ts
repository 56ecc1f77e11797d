import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, campaigns, couponRedemptions, orders, products, stores } from '../../db/schema.ts';
import { convertMinor, toAmount } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  demoAdminToken,
  demoShopperToken,
  limitedStaffToken,
  type RegisteredShopper,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  country: 'BD',
  zip: '1213',
};
const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

interface CampaignBody {
  _id: string;
  name: string;
  type: string;
  status: string;
  startsAt: string;
  endsAt: string;
  rules: string;
  value: number;
  minOrder: number;
  products: Array<{ _id: string; name: string }>;
  categories: string[];
  usageLimitTotal: number | null;
  usageLimitPerShopper: number | null;
  coupons: Array<{ _id: string; code: string; redemptions: number }>;
  results: { orders: number; discount: number; revenue: number; currency: string };
}

interface QuoteBody {
  currency: string;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  discountPrice?: number;
  coupon?: { code: string; applied: boolean; reason?: string; message: string; minimumOrder?: number };
}

type Line = { product: string; sku_id: string; quantity: number };

describe('Campaigns & Discounts', () => {
  let t: TestApp;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const campaignInput = (overrides: Record<string, unknown> = {}) => ({
    name: 'Winter Sale',
    type: 'percentage',
    value: 10,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    ...overrides,
  });

  /** A campaign with one code, made through the API. */
  async function campaignWithCode(overrides: Record<string, unknown> = {}) {
    const created = await call('POST', '/api/campaigns', campaignInput(overrides));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ data: CampaignBody }>().data;
    seq += 1;
    const code = `TEST-${seq}`;
    const added = await call('POST', `/api/campaigns/${campaign._id}/coupons`, { code });
    expect(added.statusCode, added.body).toBe(201);
    return { campaign, code };
  }

  /** A product at `priceMinor` USD with plenty of stock; its one SKU is `S`. */
  async function product(priceMinor: number, extra: { categories?: string[]; storeId?: string } = {}) {
    const row = await insertTestProduct(t.db, {
      skus: [{ skuId: 'S', salePriceMinor: priceMinor, stock: 500 }],
    });
    if (extra.categories || extra.storeId)
      await t.db.update(products).set(extra).where(eq(products.id, row.id));
    return row;
  }
  const line = (productId: string, quantity = 1): Line => ({ product: productId, sku_id: 'S', quantity });

  const quote = (items: Line[], couponCode?: string, token: string | null = null, currency = 'USD') =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/quote',
      headers: token ? bearer(token) : {},
      payload: { items, currency, ...(couponCode === undefined ? {} : { couponCode }) },
    });

  const place = (
    token: string,
    items: Line[],
    couponCode?: string,
    extra: { currency?: string; key?: string; paid?: boolean } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(token), ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
      payload: {
        items,
        shippingAddress: ADDRESS,
        paymentMethod: extra.paid === false ? 'Bank Transfer' : 'Credit Card',
        ...(extra.paid === false ? {} : { card: GOOD_CARD }),
        currency: extra.currency ?? 'USD',
        ...(couponCode === undefined ? {} : { couponCode }),
      },
    });

  const campaignById = async (id: string) => {
    const list = await call('GET', '/api/campaigns?limit=100');
    const found = list.json<{ data: CampaignBody[] }>().data.find((row) => row._id === id);
    if (!found) throw new Error(`campaign ${id} not listed`);
    return found;
  };

  describe('permissions', () => {
    it('asks for a staff token with the settings permission on every campaign operation', async () => {
      const { campaign } = await campaignWithCode();
      const shopper = await demoShopperToken(t.app);
      const ordersOnly = await limitedStaffToken(t.app, t.db, ['orders']);
      const settingsOnly = await limitedStaffToken(t.app, t.db, ['settings']);
      const operations: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
        ['listCampaigns', 'GET', '/api/campaigns'],
        ['createCampaign', 'POST', '/api/campaigns', campaignInput()],
        ['listCampaignLog', 'GET', '/api/campaigns/log'],
        ['updateCampaign', 'PUT', `/api/campaigns/${campaign._id}`, campaignInput()],
        ['endCampaign', 'POST', `/api/campaigns/${campaign._id}/end`],
        ['addCampaignCoupon', 'POST', `/api/campaigns/${campaign._id}/coupons`, {}],
        ['deleteCampaignCoupon', 'DELETE', `/api/campaigns/${campaign._id}/coupons/${campaign._id}`],
        ['deleteCampaign', 'DELETE', `/api/campaigns/${campaign._id}`],
      ];
      for (const [operationId, method, url, payload] of operations) {
        const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode, `${operationId} without a token`).toBe(401);
        assertMatchesContract(operationId as 'listCampaigns', anonymous);
        for (const token of [shopper, ordersOnly]) {
          const refused = await call(method, url, payload, token);
          expect(refused.statusCode, `${operationId} ${refused.body}`).toBe(403);
        }
      }
      const allowed = await call('GET', '/api/campaigns', undefined, settingsOnly);
      expect(allowed.statusCode).toBe(200);
    });
  });

  describe('creating and changing campaigns', () => {
    it('creates a campaign with its status from its dates and its rules as a sentence', async () => {
      const book = await product(12_00, { categories: ['Books'] });
      const created = await call(
        'POST',
        '/api/campaigns',
        campaignInput({
          name: '  Back to School ',
          value: 12.5,
          minOrder: 50,
          productIds: [book.id],
          categories: ['Electronics'],
          usageLimitTotal: 500,
          usageLimitPerShopper: 1,
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      assertMatchesContract('createCampaign', created);
      expect(created.json().message).toBe('Back to School created.');
      expect(created.json<{ data: CampaignBody }>().data).toMatchObject({
        name: 'Back to School',
        type: 'percentage',
        status: 'Active',
        value: 12.5,
        minOrder: 50,
        products: [{ _id: book.id, name: book.title }],
        categories: ['Electronics'],
        usageLimitTotal: 500,
        usageLimitPerShopper: 1,
        coupons: [],
        results: { orders: 0, discount: 0, revenue: 0, currency: 'USD' },
        rules:
          '12.5% off Electronics and 1 product, on orders of $50.00 or more; 1 use per shopper, 500 uses in all.',
      });

      const later = await call(
        'POST',
        '/api/campaigns',
        campaignInput({
          name: 'New Year',
          type: 'free_shipping',
          value: 99,
          startsAt: new Date(Date.now() + 10 * DAY).toISOString(),
          endsAt: new Date(Date.now() + 20 * DAY).toISOString(),
        }),
      );
      expect(later.json<{ data: CampaignBody }>().data).toMatchObject({
        status: 'Scheduled',
        value: 0,
        rules: 'Free shipping on every order; no usage limit.',
      });
      const fixed = await call('POST', '/api/campaigns', campaignInput({ type: 'fixed', value: 5 }));
      expect(fixed.json<{ data: CampaignBody }>().data.rules).toBe(
        '$5.00 off every product; no usage limit.',
      );
    });

    it('refuses a blank name, an end before the start, a percentage outside 1 to 100, a fixed 0 and more', async () => {
      const refused = async (overrides: Record<string, unknown>, path: string, message?: string) => {
        const response = await call('POST', '/api/campaigns', campaignInput(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        assertMatchesContract('createCampaign', response);
        const errors = response.json<{ errors: Array<{ path: string; message: string }> }>().errors;
        expect(errors.map((error) => error.path)).toContain(path);
        if (message) expect(errors.find((error) => error.path === path)?.message).toBe(message);
      };
      await refused({ name: '   ' }, '/name', 'Name is required.');
      const start = new Date(Date.now() + DAY).toISOString();
      await refused({ startsAt: start, endsAt: start }, '/endsAt', 'The end must be after the start.');
      await refused({ value: 0 }, '/value', 'A percentage must be from 1 to 100.');
      await refused({ value: 101 }, '/value', 'A percentage must be from 1 to 100.');
      await refused({ type: 'fixed', value: 0 }, '/value', 'A fixed amount must be more than 0.');
      await refused({ value: 10.005 }, '/value');
      await refused({ usageLimitTotal: 0 }, '/usageLimitTotal');
      await refused({ usageLimitPerShopper: -1 }, '/usageLimitPerShopper');
      await refused({ categories: ['Garden'] }, '/categories/0');
      await refused(
        { productIds: ['0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f'] },
        '/productIds/0',
        'No product has this id.',
      );
      await refused({ type: 'coupon' }, '/type');
    });

    it('lists campaigns by status and by name or code, 10 a page', async () => {
      const { campaign, code } = await campaignWithCode({ name: 'Findable Flash Sale' });
      const byName = await call('GET', '/api/campaigns?q=findable%20flash');
      expect(byName.statusCode).toBe(200);
      assertMatchesContract('listCampaigns', byName);
      expect(byName.json<{ data: CampaignBody[] }>().data.map((row) => row._id)).toEqual([campaign._id]);
      const byCode = await call('GET', `/api/campaigns?q=${code.toLowerCase()}`);
      expect(byCode.json<{ data: CampaignBody[] }>().data.map((row) => row._id)).toEqual([campaign._id]);

      const scheduled = await call('GET', '/api/campaigns?status=Scheduled&limit=100');
      const statuses = new Set(scheduled.json<{ data: CampaignBody[] }>().data.map((row) => row.status));
      expect([...statuses]).toEqual(['Scheduled']);
      const page = await call('GET', '/api/campaigns');
      expect(page.json().meta).toMatchObject({ page: 1, limit: 10 });
      expect((await call('GET', '/api/campaigns?status=Running')).statusCode).toBe(400);
    });

    it('saves changes, logging what changed, and answers 404 for an unknown campaign', async () => {
      const { campaign } = await campaignWithCode({ name: 'Spring Sale' });
      const saved = await call(
        'PUT',
        `/api/campaigns/${campaign._id}`,
        campaignInput({ name: 'Spring Sale', value: 15, usageLimitTotal: 20 }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      assertMatchesContract('updateCampaign', saved);
      expect(saved.json<{ data: CampaignBody }>().data).toMatchObject({ value: 15, usageLimitTotal: 20 });
      expect(saved.json<{ data: CampaignBody }>().data.coupons).toHaveLength(1);

      const log = await call('GET', '/api/campaigns/log');
      const newest = log.json<{ data: Array<{ action: string; details: string; target: string }> }>().data[0];
      expect(newest).toMatchObject({ action: 'campaign.update', target: `campaign:${campaign._id}` });
      expect(newest?.details).toContain('value: 10.00 → 15.00');
      expect(newest?.details).toContain('usageLimitTotal: — → 20');

      const missing = await call(
        'PUT',
        '/api/campaigns/0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f',
        campaignInput(),
      );
      expect(missing.statusCode).toBe(404);
      assertMatchesContract('updateCampaign', missing);
      const invalid = await call('PUT', `/api/campaigns/${campaign._id}`, campaignInput({ name: '' }));
      expect(invalid.statusCode).toBe(400);
      expect((await call('PUT', '/api/campaigns/not-a-uuid', campaignInput())).statusCode).toBe(400);
    });

    it('ends a campaign now, once; a scheduled one never runs', async () => {
      const { campaign } = await campaignWithCode();
      const ended = await call('POST', `/api/campaigns/${campaign._id}/end`);
      expect(ended.statusCode, ended.body).toBe(200);
      assertMatchesContract('endCampaign', ended);
      const body = ended.json<{ data: CampaignBody }>().data;
      expect(body.status).toBe('Ended');
      expect(Math.abs(new Date(body.endsAt).getTime() - Date.now())).toBeLessThan(60_000);
      const again = await call('POST', `/api/campaigns/${campaign._id}/end`);
      expect(again.statusCode).toBe(409);
      assertMatchesContract('endCampaign', again);
      expect(again.json().message).toBe('This campaign has already ended.');

      const { campaign: scheduled } = await campaignWithCode({
        startsAt: new Date(Date.now() + 5 * DAY).toISOString(),
        endsAt: new Date(Date.now() + 9 * DAY).toISOString(),
      });
      const stopped = (await call('POST', `/api/campaigns/${scheduled._id}/end`)).json<{
        data: CampaignBody;
      }>().data;
      expect(stopped.status).toBe('Ended');
      expect(stopped.startsAt).toBe(stopped.endsAt);
      expect((await call('POST', '/api/campaigns/0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f/end')).statusCode).toBe(
        404,
      );
    });

    it('deletes an unused campaign with its codes', async () => {
      const { campaign } = await campaignWithCode({ name: 'Short Lived' });
      const deleted = await call('DELETE', `/api/campaigns/${campaign._id}`);
      expect(deleted.statusCode).toBe(200);
      assertMatchesContract('deleteCampaign', deleted);
      expect(deleted.json().message).toBe('Short Lived deleted.');
      const gone = await call('DELETE', `/api/campaigns/${campaign._id}`);
      expect(gone.statusCode).toBe(404);
      assertMatchesContract('deleteCampaign', gone);
    });
  });

  describe('coupon codes', () => {
    it('keeps codes in upper case, makes one up on request and refuses a code in use or malformed', async () => {
      const { campaign } = await campaignWithCode();
      const added = await call('POST', `/api/campaigns/${campaign._id}/coupons`, { code: ' summer-25 ' });
      expect(added.statusCode, added.body).toBe(201);
      assertMatchesContract('addCampaignCoupon', added);
      expect(added.json().message).toBe('Code SUMMER-25 added.');
      const generated = await call('POST', `/api/campaigns/${campaign._id}/coupons`, {});
      expect(generated.statusCode).toBe(201);
      const codes = generated.json<{ data: CampaignBody }>().data.coupons.map((coupon) => coupon.code);
      expect(codes).toContain('SUMMER-25');
      expect(codes.filter((code) => /^[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(code))).toHaveLength(1);

      const other = await campaignWithCode();
      const taken = await call('POST', `/api/campaigns/${other.campaign._id}/coupons`, { code: 'Summer-25' });
      expect(taken.statusCode).toBe(409);
      assertMatchesContract('addCampaignCoupon', taken);
      expect(taken.json().message).toBe('The code SUMMER-25 is already in use.');
      for (const code of ['AB', 'WITH SPACE', 'X'.repeat(33), 'ÄPFEL']) {
        const bad = await call('POST', `/api/campaigns/${campaign._id}/coupons`, { code });
        expect(bad.statusCode, code).toBe(400);
        expect(bad.json().errors).toEqual([
          { path: '/code', message: 'A code is 3 to 32 letters A-Z, digits and dashes.' },
        ]);
      }
      const missing = await call('POST', '/api/campaigns/0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f/coupons', {});
      expect(missing.statusCode).toBe(404);
    });

    it('removes an unused code', async () => {
      const { campaign } = await campaignWithCode();
      const couponId = (await campaignById(campaign._id)).coupons[0]?._id;
      const removed = await call('DELETE', `/api/campaigns/${campaign._id}/coupons/${couponId}`);
      expect(removed.statusCode).toBe(200);
      assertMatchesContract('deleteCampaignCoupon', removed);
      expect(removed.json<{ data: CampaignBody }>().data.coupons).toEqual([]);
      const again = await call('DELETE', `/api/campaigns/${campaign._id}/coupons/${couponId}`);
      expect(again.statusCode).toBe(404);
      assertMatchesContract('deleteCampaignCoupon', again);
    });
  });

  describe('the campaign log', () => {
    it('lists the campaign entries of the activity log, newest first, 3 a page', async () => {
      const { campaign, code } = await campaignWithCode({ name: 'Logged Campaign' });
      await call('POST', `/api/campaigns/${campaign._id}/end`);
      const first = await call('GET', '/api/campaigns/log');
      expect(first.statusCode).toBe(200);
      assertMatchesContract('listCampaignLog', first);
      const body = first.json<{
        data: Array<{ action: string; details: string }>;
        meta: { total: number };
      }>();
      expect(body.data.map((entry) => entry.action)).toEqual([
        'campaign.end',
        'campaign.coupon.add',
        'campaign.create',
      ]);
      expect(body.data[1]?.details).toContain(`code: ${code}`);
      const [counted] = await t.db
        .select({ n: count() })
        .from(activityLog)
        .where(eq(activityLog.action, 'campaign.create'));
      expect(body.meta.total).toBeGreaterThan(counted?.n ?? 0);
      const second = await call('GET', '/api/campaigns/log?page=2');
      expect(second.json().meta).toMatchObject({ page: 2, limit: 3 });
      expect(second.json().data).toHaveLength(3);
    });
  });

  describe('coupons at checkout', () => {
    let shopper: RegisteredShopper;
    beforeAll(async () => {
      shopper = await registerShopper(t.app);
    });

    it('applies a percentage in the quote and the order, before tax, and counts it in the results', async () => {
      const earbuds = await product(20_00);
      const { campaign, code } = await campaignWithCode({ value: 10 });
      const quoted = await quote([line(earbuds.id, 2)], code.toLowerCase(), shopper.token);
      expect(quoted.statusCode, quoted.body).toBe(200);
      assertMatchesContract('quoteOrder', quoted);
      // 40 of items, 10% off is 4; tax is 10% of the 36 left; shipping 10 (under 100).
      expect(quoted.json<{ data: QuoteBody }>().data).toMatchObject({
        itemsPrice: 40,
        shippingPrice: 10,
        taxPrice: 3.6,
        discountPrice: 4,
        totalPrice: 49.6,
        coupon: { code, applied: true, message: `Code ${code} applied.` },
      });

      const placed = await place(shopper.token, [line(earbuds.id, 2)], code);
      expect(placed.statusCode, placed.body).toBe(201);
      assertMatchesContract('placeOrder', placed);
      const order = placed.json<{ data: { _id: string; orderNumber: string } & Record<string, unknown> }>()
        .data;
      expect(order).toMatchObject({ totalPrice: 49.6, discountPrice: 4, couponCode: code, isPaid: true });

      const staffView = await call('GET', `/api/orders/${order._id}`);
      expect(staffView.json().data).toMatchObject({ discount: 4, couponCode: code, total: 49.6 });
      const results = (await campaignById(campaign._id)).results;
      expect(results).toEqual({ orders: 1, discount: 4, revenue: 49.6, currency: 'USD' });
      expect((await campaignById(campaign._id)).coupons[0]?.redemptions).toBe(1);

      // Its results stay: neither the campaign nor the code can be deleted now.
      const deleted = await call('DELETE', `/api/campaigns/${campaign._id}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toBe(
        'Orders have used this campaign’s codes, so it cannot be deleted: end it instead to keep its results.',
      );
      const couponId = (await campaignById(campaign._id)).coupons[0]?._id;
      expect((await call('DELETE', `/api/campaigns/${campaign._id}/coupons/${couponId}`)).statusCode).toBe(
        409,
      );
    });

    it('quotes and charges the same to the minor unit in BDT', async () => {
      const lamp = await product(19_99);
      const { code } = await campaignWithCode({ value: 12.5 });
      const quoted = (await quote([line(lamp.id, 3)], code, shopper.token, 'BDT')).json<{ data: QuoteBody }>()
        .data;
      // 19.99 USD is 2428.79 BDT (2428.785 rounded once); 12.5% of 7286.37 is 910.80; tax 10% of 6375.57.
      expect(quoted).toMatchObject({
        currency: 'BDT',
        itemsPrice: 7286.37,
        shippingPrice: toAmount(convertMinor(10_00, '1', '121.5')),
        discountPrice: 910.8,
        taxPrice: 637.56,
        totalPrice: 8228.13,
      });
      const placed = await place(shopper.token, [line(lamp.id, 3)], code, { currency: 'BDT' });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<{ data: QuoteBody & { _id: string } }>().data;
      for (const key of ['itemsPrice', 'shippingPrice', 'taxPrice', 'discountPrice', 'totalPrice'] as const) {
        expect(order[key], key).toBe(quoted[key]);
      }
      const [redemption] = await t.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, order._id));
      // 12.5% of the 59.97 USD items, rounded once: 7.50 USD.
      expect(redemption).toMatchObject({ discountMinor: 910_80, discountUsdMinor: 7_50 });
    });

    it('refuses a code past its end, not yet valid or unknown, saying why in the quote and the order', async () => {
      const item = [line((await product(30_00)).id)];
      const { code: expired } = await campaignWithCode({
        startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
        endsAt: new Date(Date.now() - DAY).toISOString(),
      });
      const { code: early } = await campaignWithCode({
        startsAt: new Date(Date.now() + DAY).toISOString(),
        endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
      });
      const cases: Array<[string, string, string]> = [
        [expired, 'expired', 'This code has expired.'],
        [early, 'not_started', 'This code is not valid yet.'],
        ['NO-SUCH-CODE', 'unknown', 'There is no coupon with this code.'],
        ['??', 'unknown', 'There is no coupon with this code.'],
      ];
      for (const [code, reason, message] of cases) {
        const quoted = await quote(item, code, shopper.token);
        expect(quoted.statusCode).toBe(200);
        assertMatchesContract('quoteOrder', quoted);
        expect(quoted.json<{ data: QuoteBody }>().data).toMatchObject({
          itemsPrice: 30,
          totalPrice: 43,
          discountPrice: 0,
          coupon: { applied: false, reason, message },
        });
        const placed = await place(shopper.token, item, code);
        expect(placed.statusCode, code).toBe(422);
        assertMatchesContract('placeOrder', placed);
        expect(placed.json()).toMatchObject({ message, errors: [{ path: '/couponCode', message }] });
      }
      // A code made of spaces is no code at all.
      const blank = (await quote(item, '   ')).json<{ data: QuoteBody }>().data;
      expect(blank.coupon).toBeUndefined();
      expect(blank.totalPrice).toBe(43);
    });

    it('says the minimum in the order’s currency when the items are below it', async () => {
      const cheap = await product(10_00);
      const { code } = await campaignWithCode({ minOrder: 50 });
      const quoted = (await quote([line(cheap.id, 2)], code, null, 'BDT')).json<{ data: QuoteBody }>().data;
      expect(quoted.coupon).toEqual({
        code,
        applied: false,
        reason: 'below_minimum',
        minimumOrder: 6075,
        message: 'This code needs an order of at least BDT 6075.00 in items.',
      });
      const placed = await place(shopper.token, [line(cheap.id, 2)], code, { currency: 'BDT' });
      expect(placed.statusCode).toBe(422);
      expect(placed.json().message).toBe('This code needs an order of at least BDT 6075.00 in items.');
      const enough = (await quote([line(cheap.id, 5)], code)).json<{ data: QuoteBody }>().data;
      expect(enough.coupon?.applied).toBe(true);
    });

    it('applies only to the campaign’s products, categories and store', async () => {
      const chosen = await product(20_00);
      const book = await product(30_00, { categories: ['Books'] });
      const other = await product(50_00, { categories: ['Fashion'] });
      const { code } = await campaignWithCode({ value: 50, productIds: [chosen.id], categories: ['Books'] });
      const none = (await quote([line(other.id)], code)).json<{ data: QuoteBody }>().data;
      expect(none.coupon).toMatchObject({
        applied: false,
        reason: 'not_eligible',
        message: 'This code does not apply to the items in your order.',
      });
      // Half off the chosen product and the book (50 of 100), nothing off the other.
      const mixed = (await quote([line(chosen.id), line(book.id), line(other.id)], code)).json<{
        data: QuoteBody;
      }>().data;
      expect(mixed).toMatchObject({ itemsPrice: 100, discountPrice: 25, taxPrice: 7.5, shippingPrice: 10 });

      // A vendor's campaign: only that store's lines.
      const [store] = await t.db
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.status, 'active'))
        .limit(1);
      if (!store) throw new Error('the seed has no store');
      const vendors = await product(40_00, { storeId: store.id });
      const vendorCampaign = await campaignWithCode({ value: 25 });
      await t.db
        .update(campaigns)
        .set({ storeId: store.id })
        .where(eq(campaigns.id, vendorCampaign.campaign._id));
      const scoped = (await quote([line(vendors.id), line(other.id)], vendorCampaign.code)).json<{
        data: QuoteBody;
      }>().data;
      expect(scoped).toMatchObject({ itemsPrice: 90, discountPrice: 10 });
      expect((await quote([line(other.id)], vendorCampaign.code)).json().data.coupon.reason).toBe(
        'not_eligible',
      );
    });

    it('takes the shipping off with a free-shipping code', async () => {
      const small = await product(25_00);
      const { code } = await campaignWithCode({ type: 'free_shipping' });
      const quoted = (await quote([line(small.id)], code)).json<{ data: QuoteBody }>().data;
      expect(quoted).toMatchObject({
        itemsPrice: 25,
        shippingPrice: 10,
        taxPrice: 2.5,
        discountPrice: 10,
        totalPrice: 27.5,
      });
      const placed = await place(shopper.token, [line(small.id)], code);
      expect(placed.json().data).toMatchObject({ totalPrice: 27.5, discountPrice: 10 });
    });

    it('refuses a used-up code and a shopper who used it the most times allowed', async () => {
      const item = [line((await product(15_00)).id)];
      const once = await campaignWithCode({ usageLimitTotal: 1 });
      expect((await place(shopper.token, item, once.code)).statusCode).toBe(201);
      const usedUp = await place((await registerShopper(t.app)).token, item, once.code);
      expect(usedUp.statusCode).toBe(422);
      expect(usedUp.json().message).toBe('This code has been used up.');
      expect((await quote(item, once.code)).json().data.coupon.reason).toBe('used_up');

      const perShopper = await campaignWithCode({ usageLimitPerShopper: 1 });
      expect((await place(shopper.token, item, perShopper.code)).statusCode).toBe(201);
      const again = await place(shopper.token, item, perShopper.code);
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe('You have already used this code as many times as allowed.');
      expect((await quote(item, perShopper.code, shopper.token)).json().data.coupon.reason).toBe(
        'shopper_limit',
      );
      // Someone else may still use it; signed out, the quote cannot tell whose it is.
      expect((await quote(item, perShopper.code)).json().data.coupon.applied).toBe(true);
      expect((await place((await registerShopper(t.app)).token, item, perShopper.code)).statusCode).toBe(201);
    });

    it('gives the code back when the order is cancelled', async () => {
      const item = [line((await product(15_00)).id)];
      const { campaign, code } = await campaignWithCode({ usageLimitPerShopper: 1, usageLimitTotal: 1 });
      const buyer = await registerShopper(t.app);
      const first = await place(buyer.token, item, code, { paid: false });
      expect(first.statusCode).toBe(201);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/order/${first.json().data._id}/cancel`,
        headers: bearer(buyer.token),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await campaignById(campaign._id)).results.orders).toBe(0);
      const second = await place(buyer.token, item, code, { paid: false });
      expect(second.statusCode, second.body).toBe(201);
      expect((await campaignById(campaign._id)).results).toMatchObject({ orders: 1, revenue: 0 });
    });

    it('honours a total limit of 1 exactly when two checkouts race for it', async () => {
      const item = [line((await product(15_00)).id)];
      const { campaign, code } = await campaignWithCode({ usageLimitTotal: 1 });
      const racers = await Promise.all([registerShopper(t.app), registerShopper(t.app)]);
      const answers = await Promise.all(racers.map((racer) => place(racer.token, item, code)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
      const [uses] = await t.db
        .select({ n: count() })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.campaignId, campaign._id));
      expect(uses?.n).toBe(1);
    });

    it('uses the code once when an order is retried with the same idempotency key', async () => {
      const item = [line((await product(15_00)).id)];
      const { campaign, code } = await campaignWithCode({ usageLimitTotal: 5 });
      const first = await place(shopper.token, item, code, { key: `retry-${campaign._id}` });
      const retry = await place(shopper.token, item, code, { key: `retry-${campaign._id}` });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().data._id).toBe(first.json().data._id);
      const placed = await t.db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.campaignId, campaign._id));
      expect(placed[0]?.n).toBe(1);
      expect((await campaignById(campaign._id)).results.orders).toBe(1);
    });
  });
});
