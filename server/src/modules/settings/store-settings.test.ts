import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, demoShopperToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { TWO_DECIMALS } from './store-settings.handlers.ts';

describe('system settings and project details', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  const quote = async (productId: string) => {
    const shopper = await demoShopperToken(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/order/quote',
      headers: bearer(shopper),
      payload: { items: [{ product: productId, sku_id: 'S', quantity: 1 }], currency: 'USD' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as {
      itemsPrice: number;
      shippingPrice: number;
      taxPrice: number;
      totalPrice: number;
    };
  };

  it('starts from the spec’s checkout rules', async () => {
    const read = await call('GET', '/settings/store', admin);
    expect(read.statusCode).toBe(200);
    assertMatchesContract('getStoreSettings', read);
    expect(read.json().data).toMatchObject({
      taxRate: 10,
      freeShippingAbove: 100,
      flatShipping: 10,
      defaultShipTo: 'BD',
    });
  });

  it('prices the next quote with the rules staff save, and logs the change', async () => {
    const product = await insertTestProduct(t.db, {
      skus: [{ skuId: 'S', salePriceMinor: 120_00, stock: 9 }],
    });
    expect(await quote(product.id)).toEqual(expect.objectContaining({ shippingPrice: 0, taxPrice: 12 }));

    const saved = await call('PUT', '/settings/store', admin, {
      taxRate: 7.5,
      freeShippingAbove: 150,
      flatShipping: 4.99,
    });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateStoreSettings', saved);
    expect(saved.json().data).toMatchObject({ taxRate: 7.5, freeShippingAbove: 150, flatShipping: 4.99 });
    // 120 is now below the threshold: 4.99 shipping; 7.5% of 120 is 9.
    expect(await quote(product.id)).toMatchObject({
      itemsPrice: 120,
      shippingPrice: 4.99,
      taxPrice: 9,
      totalPrice: 133.99,
    });

    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'settings.update'));
    expect(logged).toHaveLength(1);
    await call('PUT', '/settings/store', admin, { taxRate: 10, freeShippingAbove: 100, flatShipping: 10 });
  });

  it('tells the storefront the free-shipping threshold staff set, in each shopper currency', async () => {
    const storefront = async () => {
      const content = await call('GET', '/storefront/content', null);
      expect(content.statusCode).toBe(200);
      assertMatchesContract('getStorefrontContent', content);
      return content.json().data.freeShippingAbove as Record<string, number>;
    };
    // The seeded rates: BDT 121.5, INR 88.6 per USD.
    expect(await storefront()).toMatchObject({ USD: 100, BDT: 12150, INR: 8860 });

    expect((await call('PUT', '/settings/store', admin, { freeShippingAbove: 15 })).statusCode).toBe(200);
    expect(await storefront()).toMatchObject({ USD: 15, BDT: 1822.5, INR: 1329 });
    await call('PUT', '/settings/store', admin, { freeShippingAbove: 100 });
  });

  it('refuses amounts with more than two decimals or out of bounds, changing nothing', async () => {
    const before = (await call('GET', '/settings/store', admin)).json().data;
    const fine = await call('PUT', '/settings/store', admin, { taxRate: 7.555 });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().message).toBe(TWO_DECIMALS);
    for (const body of [
      { taxRate: -1 },
      { taxRate: 101 },
      { flatShipping: -5 },
      { defaultCurrency: 'XXX' },
      { contactEmail: 'nope' },
    ]) {
      expect((await call('PUT', '/settings/store', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/settings/store', admin)).json().data).toEqual(before);
  });

  it('keeps the settings to staff with the settings permission', async () => {
    const support = await limitedStaffToken(t.app, t.db, ['dashboard', 'orders']);
    expect((await call('GET', '/settings/store', support)).statusCode).toBe(403);
    expect((await call('PUT', '/settings/store', support, { taxRate: 0 })).statusCode).toBe(403);
    expect(
      (await call('PUT', '/settings/store', await demoShopperToken(t.app), { taxRate: 0 })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/settings/store', null)).statusCode).toBe(401);
  });

  it('saves the project details, shown to every staff member, with who saved them', async () => {
    const empty = await call('GET', '/settings/project', admin);
    assertMatchesContract('getProjectDetails', empty);
    expect(empty.json().data.projectName).toBe('');
    const details = {
      projectName: '  Shop  ',
      tagline: 'Products from around the world, delivered.',
      description: 'A dropshipping store.',
      problem: 'Imported goods cost too much.',
      solution: 'Direct imports priced with clear rules.',
      users: 'Shoppers in 40+ countries.',
      business: 'A margin on every order.',
    };
    const saved = await call('PUT', '/settings/project', admin, details);
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateProjectDetails', saved);
    expect(saved.json().data).toMatchObject({
      ...details,
      projectName: 'Shop',
      updatedBy: expect.any(String),
    });
    const viewer = await limitedStaffToken(t.app, t.db, ['dashboard']);
    expect((await call('GET', '/settings/project', viewer)).json().data.projectName).toBe('Shop');
    expect((await call('PUT', '/settings/project', viewer, details)).statusCode).toBe(403);
    expect((await call('PUT', '/settings/project', admin, { ...details, projectName: '' })).statusCode).toBe(
      400,
    );
  });
});
