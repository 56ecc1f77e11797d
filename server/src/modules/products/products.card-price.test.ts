import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

interface Card {
  _id: string;
  price: number;
  priceFrom: boolean;
  currency: string;
}
interface Page extends Card {
  preselectedSkuId: string | null;
  skus: Array<{ sku_id: string; offer_sale_price: string; sku_available_stock: number }>;
}

describe('the card price is the product page price', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const card = async (id: string, title: string, query: string): Promise<Card> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/product/?q=${encodeURIComponent(title)}&${query}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    assertMatchesContract('listProducts', answer);
    const found = (answer.json().data as Card[]).find((item) => item._id === id);
    if (!found) throw new Error(`${title} is not listed`);
    return found;
  };
  const page = async (id: string, query: string): Promise<Page> => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/product/${id}?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    assertMatchesContract('getProduct', answer);
    return answer.json().data;
  };
  /** The preselected SKU's price as the page shows it, as a number like the card's. */
  const preselectedPrice = (detail: Page) => {
    const sku = detail.skus.find((one) => one.sku_id === detail.preselectedSkuId);
    expect(sku?.sku_available_stock).toBeGreaterThan(0);
    return Number(sku?.offer_sale_price);
  };

  it('shows "from" the cheapest SKU in stock, never a sold-out one, and the page preselects that SKU', async () => {
    // The stored product price is the sold-out SKU's 3.78 here: the card must not show it.
    const product = await insertTestProduct(t.db, {
      title: 'Pricefrom Garden Gloves',
      skus: [
        { skuId: 'GLOVE-XL', salePriceMinor: 4_10, stock: 5 },
        { skuId: 'GLOVE-S', salePriceMinor: 3_78, stock: 0 },
        { skuId: 'GLOVE-M', salePriceMinor: 3_86, stock: 9 },
      ],
    });
    for (const query of [
      'currency=USD',
      'currency=BDT',
      'currency=INR&country=IN',
      'currency=EUR&country=BD',
    ]) {
      const [listed, detail] = await Promise.all([
        card(product.id, 'Pricefrom Garden Gloves', query),
        page(product.id, query),
      ]);
      expect(detail.preselectedSkuId, query).toBe('GLOVE-M');
      expect(listed.price, query).toBe(preselectedPrice(detail));
      expect(listed.currency, query).toBe(detail.currency);
      expect(listed.priceFrom, query).toBe(true);
      expect(detail.price, query).toBe(listed.price);
    }
    expect((await card(product.id, 'Pricefrom Garden Gloves', 'currency=USD')).price).toBe(3.86);
  });

  it('shows a plain price when every SKU in stock costs the same', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Sameprice Enamel Mug',
      skus: [
        { skuId: 'MUG-RED', salePriceMinor: 9_50, stock: 0 },
        { skuId: 'MUG-BLUE', salePriceMinor: 8_00, stock: 3 },
        { skuId: 'MUG-GREEN', salePriceMinor: 8_00, stock: 3 },
      ],
    });
    const listed = await card(product.id, 'Sameprice Enamel Mug', 'currency=USD');
    const detail = await page(product.id, 'currency=USD');
    expect(listed).toMatchObject({ price: 8, priceFrom: false });
    // The first of equals.
    expect(detail.preselectedSkuId).toBe('MUG-BLUE');
  });

  it('follows the ship-to country rule on the card and the page alike', async () => {
    const admin = await demoAdminToken(t.app);
    const rule = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/countries/IN',
      headers: bearer(admin),
      payload: { adjustmentType: 'percentage', value: 12.5 },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const product = await insertTestProduct(t.db, {
      title: 'Countryrule Desk Fan',
      skus: [
        { skuId: 'FAN-1', salePriceMinor: 17_71, stock: 2 },
        { skuId: 'FAN-2', salePriceMinor: 17_70, stock: 0 },
      ],
    });
    for (const query of ['currency=USD&country=IN', 'currency=INR&country=IN', 'currency=BDT&country=IN']) {
      const listed = await card(product.id, 'Countryrule Desk Fan', query);
      const detail = await page(product.id, query);
      expect(detail.preselectedSkuId, query).toBe('FAN-1');
      expect(listed.price, query).toBe(preselectedPrice(detail));
      expect(listed.priceFrom, query).toBe(false);
    }
    // 17.71 plus 12.5 % (19.92), then India's 18 % GST, which the demo store includes in shown prices.
    expect((await card(product.id, 'Countryrule Desk Fan', 'currency=USD&country=IN')).price).toBe(23.51);
  });
});
