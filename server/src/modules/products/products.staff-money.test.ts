import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSkus, products, storeSettings } from '../../db/schema.ts';
import { convertMinor } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { preselectedSku } from './products.repository.ts';

interface StaffPricing {
  currency: string;
  price: number;
  originalPrice: number | null;
  cost: number | null;
  margin: number | null;
  marginPercent: number | null;
}
interface Item {
  _id: string;
  productId: string;
  source: string;
  currency: string;
  staffPricing?: StaffPricing;
}

const EARBUDS = '1005006218437795';
const NOTEBOOK = '90000001002';
const BDT_RATE = '121.5';

const minor = (amount: number) => Math.round(amount * 100);
const percentOf = (price: number, cost: number) => Math.round(((price - cost) / cost) * 10000) / 100;

describe('staff money in the store currency (Product Management, Product Viewer)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const list = (query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/?${query}`, headers: token ? bearer(token) : {} });
  const get = (id: string, query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/${id}?${query}`, headers: token ? bearer(token) : {} });

  /** A product's SKUs as stored: the store price and supplier cost, in the product's currency. */
  async function storedSkus(productId: string) {
    const [product] = await t.db.select().from(products).where(eq(products.productId, productId));
    if (!product) throw new Error(`no product ${productId}`);
    const skus = await t.db.select().from(productSkus).where(eq(productSkus.productId, product.id));
    return { product, skus: skus.sort((a, b) => a.position - b.position) };
  }

  it('gives staff the card SKU’s price, cost and margin in the store currency, whatever currency the list asks', async () => {
    // The back office asks for BDT (spec 1 §9); the store's currency is System Settings' default, USD here.
    const response = await list(`q=${EARBUDS}&country=BD&currency=BDT`, admin);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listProducts', response);
    const [item] = response.json<{ data: Item[] }>().data;
    expect(item?.currency).toBe('BDT');
    const { skus } = await storedSkus(EARBUDS);
    const card = preselectedSku(skus);
    if (!card?.supplierPriceMinor) throw new Error('the earbuds have no supplier cost');
    const price = card.salePriceMinor;
    const cost = card.supplierPriceMinor;
    expect(item?.staffPricing).toEqual({
      currency: 'USD',
      price: price / 100,
      originalPrice: card.priceMinor > price ? card.priceMinor / 100 : null,
      cost: cost / 100,
      margin: (price - cost) / 100,
      marginPercent: percentOf(price, cost),
    });
    // The seeded store sells at its 10% markup, so the margin is real.
    expect(item?.staffPricing?.marginPercent).toBeGreaterThan(9);
    expect(item?.staffPricing?.marginPercent).toBeLessThan(11);
  });

  it('shows every seeded import at a real margin and hand-priced products without a cost', async () => {
    const body = (await list('source=aliexpress&limit=100', admin)).json<{ data: Item[] }>();
    expect(body.data.length).toBeGreaterThan(10);
    for (const item of body.data) {
      expect(item.staffPricing?.cost, item.productId).toBeGreaterThan(0);
      expect(item.staffPricing?.marginPercent, item.productId).toBeGreaterThan(0);
    }
    const [notebook] = (await list(`q=${NOTEBOOK}`, admin)).json<{ data: Item[] }>().data;
    expect(notebook?.staffPricing).toMatchObject({
      currency: 'USD',
      cost: null,
      margin: null,
      marginPercent: null,
    });
  });

  it('keeps the figures from shoppers', async () => {
    const [item] = (await list(`q=${EARBUDS}&currency=BDT`)).json<{ data: Item[] }>().data;
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('staffPricing');
    const id = item?._id ?? '';
    const detail = (await get(id, 'country=BD&currency=BDT')).json().data;
    expect(detail).not.toHaveProperty('staffPricing');
    expect(detail).not.toHaveProperty('staffSkus');
  });

  it('gives the Product Viewer its header and every SKU in the one store currency', async () => {
    const { product, skus } = await storedSkus(EARBUDS);
    const response = await get(product.id, 'country=BD&currency=BDT', admin);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getProduct', response);
    const { data } = response.json();
    // The editor's `skus` stay in the product's own currency; the viewer reads `staffSkus`.
    expect(data.skus[0].currency_code).toBe('USD');
    expect(data.staffPricing.currency).toBe('USD');
    expect(data.staffSkus.map((sku: { skuId: string }) => sku.skuId)).toEqual(skus.map((sku) => sku.skuId));
    for (const [index, sku] of skus.entries()) {
      const cost = sku.supplierPriceMinor ?? 0;
      expect(data.staffSkus[index]).toEqual({
        skuId: sku.skuId,
        price: sku.salePriceMinor / 100,
        originalPrice: sku.priceMinor > sku.salePriceMinor ? sku.priceMinor / 100 : null,
        cost: cost / 100,
        margin: (sku.salePriceMinor - cost) / 100,
        marginPercent: percentOf(sku.salePriceMinor, cost),
      });
    }
  });

  it('follows the store’s default currency: converted once, the margin from the converted amounts', async () => {
    await t.db
      .insert(storeSettings)
      .values({ id: 1, defaultCurrency: 'BDT' })
      .onConflictDoUpdate({ target: storeSettings.id, set: { defaultCurrency: 'BDT' } });
    try {
      const { product, skus } = await storedSkus(EARBUDS);
      const card = preselectedSku(skus);
      if (!card?.supplierPriceMinor) throw new Error('the earbuds have no supplier cost');
      const price = convertMinor(card.salePriceMinor, '1', BDT_RATE, 'BDT');
      const cost = convertMinor(card.supplierPriceMinor, '1', BDT_RATE, 'BDT');
      const expected = {
        currency: 'BDT',
        price: price / 100,
        cost: cost / 100,
        margin: (price - cost) / 100,
        marginPercent: percentOf(price, cost),
      };

      // Asked in USD this time: the staff figures stay in the store's currency.
      const asked = await list(`q=${EARBUDS}&currency=USD&sort=title`, admin);
      const [item] = asked.json<{ data: Item[] }>().data;
      expect(item?.currency).toBe('USD');
      expect(item?.staffPricing).toMatchObject(expected);

      const detail = (await get(product.id, 'country=BD&currency=USD', admin)).json().data;
      expect(detail.staffPricing).toMatchObject(expected);
      const chosen = detail.staffSkus.find((sku: { skuId: string }) => sku.skuId === card.skuId);
      expect(minor(chosen.price)).toBe(price);
      expect(minor(chosen.cost)).toBe(cost);
    } finally {
      await t.db.update(storeSettings).set({ defaultCurrency: 'USD' }).where(eq(storeSettings.id, 1));
    }
  });
});
