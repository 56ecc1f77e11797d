import { currencyDigits } from '@shop/sdk/currency';
import { and, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSkus, products } from '../../db/schema.ts';
import { toMinor } from '../../money/money.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Shown is charged, generated: for imported products in stock, currencies, ship-to countries with and without
// tax-inclusive rules, import duty rules, rounding rules, both delivery policies, delivery choices and coupons, the
// card's price is the product page's preselected SKU price, the product page's fee for the chosen service is the
// delivery the quote and the order charge, the page's landed cost is the quote (without a coupon), the quote is
// the order, every figure is at the currency's precision and the lines add up to the total. All through the HTTP
// API, as the storefront calls it.

const CURRENCIES = ['USD', 'BDT', 'EUR', 'GBP', 'HUF', 'ARS', 'INR'] as const;
const COUNTRIES = ['BD', 'ES', 'IN', 'DE', 'GB', 'US'] as const;
const RUNS = 20;

interface Option {
  code: string;
  company: string;
  shipping_fee_cent: string;
}

describe('what a shopper is shown is what they are charged (generated, end to end)', () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let catalogue: Array<{ id: string; title: string }>;
  const coupons: Array<{ code: string; kind: string }> = [];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = (await registerShopper(t.app)).token;
    const rows = await t.db
      .selectDistinct({ id: products.id, title: products.title })
      .from(products)
      .innerJoin(productSkus, and(eq(productSkus.productId, products.id), gt(productSkus.stock, 20)))
      .where(and(eq(products.source, 'aliexpress'), eq(products.status, 'published')));
    catalogue = rows.slice(0, 8);
    const day = 24 * 60 * 60 * 1000;
    for (const [index, campaign] of [
      { type: 'percentage', value: 15 },
      { type: 'fixed', value: 3 },
      { type: 'free_shipping', value: 0 },
    ].entries()) {
      const created = await call(
        'POST',
        '/api/campaigns',
        {
          name: `Generated ${index}`,
          ...campaign,
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 30 * day).toISOString(),
        },
        admin,
      );
      expect(created.statusCode, created.body).toBe(201);
      const code = `SHOWN-${index}`;
      const added = await call('POST', `/api/campaigns/${created.json().data._id}/coupons`, { code }, admin);
      expect(added.statusCode, added.body).toBe(201);
      coupons.push({ code, kind: campaign.type });
    }
  });
  afterAll(() => t.close());

  it('has imported products in stock to buy', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(4);
  });

  it('agrees from the card to the order for every generated shopper', async () => {
    const scenario = fc.record({
      product: fc.nat({ max: 7 }),
      currency: fc.constantFrom(...CURRENCIES),
      country: fc.constantFrom(...COUNTRIES),
      quantity: fc.integer({ min: 1, max: 3 }),
      taxRate: fc.constantFrom(5, 10, 15, 18, 21, 27),
      inclusive: fc.boolean(),
      rounding: fc.constantFrom('none', 'whole', 'end_99', 'end_9'),
      policy: fc.constantFrom('store_rule', 'supplier'),
      markup: fc.constantFrom(0, 10, 12.5),
      choice: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
      coupon: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
      duty: fc.option(
        fc.record({
          rate: fc.constantFrom(2.5, 4, 12),
          deMinimis: fc.constantFrom(0, 15, 150),
          basis: fc.constantFrom('goods', 'goods_and_delivery'),
        }),
        { nil: undefined },
      ),
    });
    let orders = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const item = catalogue[s.product % catalogue.length];
        if (!item) throw new Error('no product');
        const saved = await call(
          'PUT',
          '/api/settings/store',
          {
            deliveryPolicy: s.policy,
            supplierShippingMarkup: s.markup,
            supplierFreeShipping: true,
            taxRules: [{ country: s.country, rate: s.taxRate, inclusive: s.inclusive, label: 'VAT' }],
            priceRounding: [{ currency: s.currency, rule: s.rounding }],
            dutyRules: s.duty ? [{ country: s.country, ...s.duty, label: 'Import duty' }] : [],
          },
          admin,
        );
        expect(saved.statusCode, saved.body).toBe(200);
        const label = JSON.stringify(s);

        // The card and the product page.
        const page = (
          await call('GET', `/api/product/${item.id}?currency=${s.currency}&country=${s.country}`)
        ).json().data;
        const list = (
          await call(
            'GET',
            `/api/product/?search=${encodeURIComponent(item.title)}&limit=50&currency=${s.currency}&country=${s.country}`,
          )
        ).json().data as Array<{ _id: string; price: number }>;
        const card = list.find((entry) => entry._id === item.id);
        const sku = page.skus.find((entry: { sku_id: string }) => entry.sku_id === page.preselectedSkuId);
        expect(card?.price, label).toBe(Number(sku.offer_sale_price));
        const step = 10 ** (2 - currencyDigits(s.currency));
        expect((toMinor(Number(sku.offer_sale_price)) ?? 1) % step, label).toBe(0);

        // The delivery options the page offers, and the one the shopper picks (or none: the cheapest).
        const options = (
          await call('POST', '/api/logistic', {
            product_id: item.id,
            sku_id: sku.sku_id,
            country: s.country,
            quantity: s.quantity,
            currency: s.currency,
          })
        ).json().data.freight_data.delivery_option_d_t_o as Option[];
        if (options.length === 0) return; // nothing ships this product there: the page says so, nothing to buy
        const chosen = s.choice === undefined ? undefined : options[s.choice % options.length];
        const cheapest = options.reduce((a, b) =>
          Number(b.shipping_fee_cent) < Number(a.shipping_fee_cent) ? b : a,
        );
        const expectedFee = Number((chosen ?? cheapest).shipping_fee_cent);

        // The cart sends the line as the page put it in: the SKU, the quantity and the chosen service.
        const items = [
          {
            product: item.id,
            sku_id: sku.sku_id,
            quantity: s.quantity,
            ...(chosen ? { logistics_service_name: chosen.company } : {}),
          },
        ];
        const couponCode = s.coupon === undefined ? undefined : coupons[s.coupon]?.code;
        const quoted = await call(
          'POST',
          '/api/order/quote',
          { items, currency: s.currency, country: s.country, ...(couponCode ? { couponCode } : {}) },
          shopper,
        );
        expect(quoted.statusCode, `${label} ${quoted.body}`).toBe(200);
        const quote = quoted.json().data;
        expect(quote.items[0].price, label).toBe(Number(sku.offer_sale_price));
        // One line alone: the page's fee is the shipping the quote charges.
        expect(quote.shippingPrice, label).toBe(expectedFee);
        if (s.policy === 'supplier') {
          expect(quote.items[0].delivery?.code, label).toBe((chosen ?? cheapest).code);
        }
        expect(quote.tax, label).toEqual({ rate: s.taxRate, inclusive: s.inclusive, label: 'VAT' });
        expect(quote.duty?.label ?? null, label).toBe(s.duty ? 'Import duty' : null);
        if (!s.duty) expect(quote.dutyPrice, label).toBe(0);

        // The product page's landed cost for the same line is the quote (a coupon is only known at checkout).
        const landed = await call(
          'GET',
          `/api/product/landed-cost/${item.id}?sku_id=${encodeURIComponent(sku.sku_id)}&quantity=${s.quantity}` +
            `&country=${s.country}&currency=${s.currency}` +
            (chosen ? `&service=${encodeURIComponent(chosen.company)}` : ''),
        );
        expect(landed.statusCode, `${label} ${landed.body}`).toBe(200);
        if (!couponCode) {
          for (const field of ['itemsPrice', 'shippingPrice', 'taxPrice', 'dutyPrice', 'totalPrice']) {
            expect(landed.json().data[field], `${label} landed ${field}`).toBe(quote[field]);
          }
        }

        const placed = await call(
          'POST',
          '/api/order',
          {
            items,
            currency: s.currency,
            paymentMethod: 'Bank Transfer',
            shippingAddress: {
              address: '1 Main Street',
              city: 'Town',
              postalCode: '1205',
              country: s.country,
            },
            ...(couponCode ? { couponCode } : {}),
          },
          shopper,
        );
        expect(placed.statusCode, `${label} ${placed.body}`).toBe(201);
        orders += 1;
        const order = placed.json().data;
        for (const field of [
          'itemsPrice',
          'shippingPrice',
          'taxPrice',
          'dutyPrice',
          'discountPrice',
          'totalPrice',
        ]) {
          expect(order[field], `${label} ${field}`).toBe(quote[field] ?? 0);
          expect((toMinor(order[field]) ?? 1) % step, `${label} ${field} precision`).toBe(0);
        }
        expect(order.items[0].price, label).toBe(Number(sku.offer_sale_price));
        const minor = (amount: number) => toMinor(amount) ?? Number.NaN;
        const total =
          minor(order.itemsPrice) +
          minor(order.shippingPrice) +
          (s.inclusive ? 0 : minor(order.taxPrice)) +
          minor(order.dutyPrice) -
          minor(order.discountPrice);
        expect(minor(order.totalPrice), label).toBe(total);
      }),
      { numRuns: RUNS, seed: 20261127 },
    );
    expect(orders).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});
