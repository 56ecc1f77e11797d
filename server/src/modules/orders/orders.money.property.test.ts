import { randomUUID } from 'node:crypto';
import { CURRENCIES } from '@shop/sdk/choices';
import { currencyDigits } from '@shop/sdk/currency';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, productSkus, products } from '../../db/schema.ts';
import { CURRENCY_RATES } from '../../db/seed/currencies.ts';
import { loadRates, toAmount } from '../../money/money.ts';
import { bearer, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listProducts } from '../products/products.listing.ts';
import { skusOf } from '../products/products.repository.ts';
import { conversionWith, toDetail, toListItems } from '../products/products.view.ts';
import { catalogueLines, priceCatalogueLines } from './orders.priced.ts';
import { computeOrderTotals, type OrderDiscount } from './orders.pricing.ts';

// What a shopper sees is what they pay: for every generated price and every store currency, the unit price of
// GET /product/ and GET /product/{id} equals the unit price POST /order charges. The bulk runs through the very
// functions the handlers call (the repository queries, the view's shaping, priceOrder); a smaller set runs end
// to end through the HTTP API.

/** The 23 currencies the storefront offers (spec 3 §9): the contract's ShopperCurrency. */
const STORE_CURRENCIES = CURRENCIES;
const PRICES = 10_000;
const END_TO_END_PRICES = 24;

/** mulberry32: a small seeded PRNG, so a failure reproduces. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prices in minor units: cents, everyday prices, prices on half-cent boundaries after conversion, large ones. */
function generatePrices(count: number, random: () => number): number[] {
  const fixed = [1, 2, 5, 99, 1_00, 10_01, 10_05, 18_99, 33_35, 99_99, 100_00, 100_01, 1_234_567_89];
  const prices = [...fixed];
  while (prices.length < count) {
    const kind = random();
    if (kind < 0.5) prices.push(1 + Math.floor(random() * 100_00));
    else if (kind < 0.85) prices.push(1 + Math.floor(random() * 5_000_00));
    // Catalogue prices are 32-bit integers (up to 21.47 million); orders and conversions are wider.
    else prices.push(1 + Math.floor(random() * 2_000_000_000));
  }
  return prices;
}

/** Stored hundredths per smallest unit a shopper is charged: whole forints are 100 hundredths. */
const stepOf = (currency: string) => 10 ** (2 - Math.min(currencyDigits(currency), 2));

/**
 * An independent oracle: round half up of price × to / from, in exact decimal fractions (6 places), to the
 * currency's precision (whole units for HUF).
 */
function expectedMinor(minor: number, fromRate: string, toRate: string, currency: string): number {
  const scale = (rate: string) => {
    const [whole = '0', fraction = ''] = rate.split('.');
    return BigInt(whole) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0'));
  };
  const step = BigInt(stepOf(currency));
  const numerator = BigInt(minor) * scale(toRate);
  const denominator = scale(fromRate) * step;
  const quotient = numerator / denominator;
  return Number((2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient) * step);
}

/** What a shopper reads: every figure at the currency's precision, and the lines add up to the total. */
function expectLinesAddUp(
  totals: { items: number; shipping: number; tax: number; discount: number; total: number },
  currency: string,
  label: string,
) {
  for (const [name, minor] of Object.entries(totals)) {
    expect(minor % stepOf(currency), `${label}: ${name} ${minor} in ${currency}`).toBe(0);
  }
  expect(totals.items + totals.shipping + totals.tax - totals.discount, label).toBe(totals.total);
}

describe('order totals at each currency’s precision (generated)', () => {
  // The store's currencies and a few it does not offer, with generated rates: whole-unit ones among them.
  const currency = fc.constantFrom(...CURRENCIES, 'JPY', 'KRW', 'ISK');
  const rate = fc
    .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 999_999 }))
    .filter(([whole, fraction]) => whole > 0 || fraction > 0)
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(6, '0')}`);
  const usdLine = fc.record({
    usdUnitPriceMinor: fc.integer({ min: 1, max: 50_000_00 }),
    quantity: fc.integer({ min: 1, max: 12 }),
    discountable: fc.boolean(),
  });
  const discount: fc.Arbitrary<OrderDiscount | undefined> = fc.oneof(
    fc.constant(undefined),
    fc.record({ type: fc.constant('percentage' as const), basisPoints: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({ type: fc.constant('fixed' as const), amountUsdMinor: fc.integer({ min: 1, max: 500_00 }) }),
    fc.constant({ type: 'free_shipping' as const }),
  );

  it('rounds every line to the currency’s step and sums them into the total', () => {
    fc.assert(
      fc.property(
        currency,
        rate,
        fc.array(usdLine, { minLength: 1, maxLength: 6 }),
        discount,
        fc.integer({ min: 0, max: 3000 }),
        (code, orderRate, generated, off, taxBasisPoints) => {
          // Unit prices as the catalogue converts them: once, into the order's currency.
          const lines = generated.map((line) => ({
            ...line,
            unitPriceMinor: expectedMinor(line.usdUnitPriceMinor, '1', orderRate, code),
          }));
          const rules = { freeShippingAboveUsdMinor: 100_00, flatShippingUsdMinor: 10_00, taxBasisPoints };
          const totals = computeOrderTotals(lines, orderRate, rules, off, code);
          for (const line of lines) expect(line.unitPriceMinor % stepOf(code)).toBe(0);
          expectLinesAddUp(
            {
              items: totals.itemsMinor,
              shipping: totals.shippingMinor,
              tax: totals.taxMinor,
              discount: totals.discountMinor,
              total: totals.totalMinor,
            },
            code,
            `${code} at ${orderRate}`,
          );
          expect(totals.discountMinor).toBeLessThanOrEqual(totals.itemsMinor + totals.shippingMinor);
        },
      ),
      { numRuns: 2000, seed: 20261127 },
    );
  });
});

interface Generated {
  id: string;
  currency: string;
  priceMinor: number;
}

describe('one price from the catalogue to the order, in every currency', () => {
  let t: TestApp;
  const random = prng(20261123);
  const generated: Generated[] = [];

  async function insertProducts(prices: number[], titleWord: string): Promise<Generated[]> {
    const rows = prices.map((priceMinor) => {
      // Most of the catalogue is priced in USD; a fifth in another store currency, converted into each.
      const currency =
        random() < 0.8 ? 'USD' : (STORE_CURRENCIES[Math.floor(random() * STORE_CURRENCIES.length)] ?? 'USD');
      const code = randomUUID();
      return {
        productId: code,
        source: 'manual' as const,
        status: 'published' as const,
        title: `${titleWord} ${code.slice(0, 8)}`,
        currency,
        priceMinor,
        stock: 100,
        images: [`http://localhost:3000/media/uploads/${code}.png`],
      };
    });
    const inserted: Generated[] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const saved = await t.db
        .insert(products)
        .values(chunk)
        .returning({ id: products.id, currency: products.currency, priceMinor: products.priceMinor });
      await t.db.insert(productSkus).values(
        saved.map((row) => ({
          productId: row.id,
          skuId: 'ONLY',
          salePriceMinor: row.priceMinor,
          priceMinor: row.priceMinor,
          stock: 100,
        })),
      );
      inserted.push(...saved);
    }
    return inserted;
  }

  beforeAll(async () => {
    // A clean catalogue with the store's rates: only the generated products are listed.
    t = await createTestApp();
    await t.db.insert(currencyRates).values(CURRENCY_RATES).onConflictDoNothing();
    generated.push(...(await insertProducts(generatePrices(PRICES, random), 'Generated')));
  }, 120_000);
  afterAll(() => t.close());

  it(`has ${PRICES} prices and all ${STORE_CURRENCIES.length} store currencies with a stored rate`, async () => {
    expect(generated).toHaveLength(PRICES);
    const rates = await loadRates(t.db);
    for (const currency of STORE_CURRENCIES) expect(rates.has(currency), currency).toBe(true);
  });

  it('shows in the list and on the product page the unit price the order charges', async () => {
    const rates = await loadRates(t.db);
    const ids = generated.map((row) => row.id);
    // What the handlers read from the database is the same whatever the currency, so it is read once; each
    // currency then goes through the functions that shape and price it.
    const [productRows, skus, listed, catalogue] = await Promise.all([
      t.db.select().from(products).where(inArray(products.id, ids)),
      skusOf(t.db, ids),
      listProducts(t.db, {}, { page: 1, limit: PRICES, sort: 'newest', currency: 'USD' }),
      catalogueLines(
        t.db,
        generated.map((row) => ({ productId: row.id, skuId: 'ONLY', quantity: 1 })),
      ),
    ]);
    expect(listed.rows).toHaveLength(PRICES);
    const skuOf = new Map(skus.map((sku) => [sku.productId, sku]));
    let compared = 0;

    for (const currency of STORE_CURRENCIES) {
      // GET /product/: the asked currency's rate as the list's query reads it, and the view's shaping.
      const { askedRate } = await listProducts(t.db, {}, { page: 1, limit: 1, sort: 'newest', currency });
      expect(askedRate === null ? null : Number(askedRate)).toBe(
        currency === 'USD' ? 1 : Number(rates.get(currency)),
      );
      const items = new Map(toListItems(listed.rows, currency, askedRate).map((item) => [item._id, item]));
      // POST /order (and the quote): the pricing priceOrder applies to the catalogue's lines.
      const order = priceCatalogueLines(catalogue, rates, currency);
      const charged = new Map(order.lines.map((line) => [line.product.id, toAmount(line.unitPriceMinor)]));

      for (const product of productRows) {
        const sku = skuOf.get(product.id);
        if (!sku) throw new Error(`no SKU for ${product.id}`);
        // GET /product/{id}: the detail as getProduct shapes it for a shopper.
        const detail = toDetail(product, [sku], [], conversionWith(rates, product.currency, currency), false);
        const fromRate = rates.get(product.currency) ?? '';
        const toRate = rates.get(currency) ?? '';
        const expected = toAmount(expectedMinor(product.priceMinor, fromRate, toRate, currency));
        const item = items.get(product.id);
        const unitCharged = charged.get(product.id);
        if (
          item?.price !== expected ||
          item.currency !== currency ||
          detail.price !== expected ||
          detail.currency !== currency ||
          Number(detail.skus[0]?.offer_sale_price) !== expected ||
          detail.skus[0]?.currency_code !== currency ||
          unitCharged !== expected
        ) {
          // One readable failure, with the price and currency that broke it.
          expect({
            price: product.priceMinor,
            from: product.currency,
            to: currency,
            list: item?.price,
            detail: detail.price,
            sku: detail.skus[0]?.offer_sale_price,
            order: unitCharged,
          }).toEqual({
            price: product.priceMinor,
            from: product.currency,
            to: currency,
            list: expected,
            detail: expected,
            sku: expected.toFixed(2),
            order: expected,
          });
        }
        compared++;
      }
    }
    expect(compared).toBe(PRICES * STORE_CURRENCIES.length);
  }, 300_000);

  it('shows and charges the same unit prices through the HTTP API', async () => {
    const sample = await insertProducts(generatePrices(END_TO_END_PRICES, random), 'Endtoend');
    const shopper = await registerShopper(t.app);
    for (const currency of STORE_CURRENCIES) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/product/?q=Endtoend&limit=100&currency=${currency}`,
      });
      expect(list.statusCode, list.body).toBe(200);
      const listed = new Map(
        list
          .json<{ data: Array<{ _id: string; price: number }> }>()
          .data.map((item) => [item._id, item.price]),
      );
      expect(listed.size).toBe(END_TO_END_PRICES);

      const items = sample.map((row, index) => ({
        product: row.id,
        sku_id: 'ONLY',
        quantity: 1 + (index % 3),
      }));
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/order/quote',
        headers: bearer(shopper.token),
        payload: { items, currency, country: 'BD' },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(shopper.token),
        payload: {
          items,
          shippingAddress: { address: '1 Main Street', city: 'Dhaka', postalCode: '1205', country: 'BD' },
          paymentMethod: 'Bank Transfer',
          currency,
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      // The checkout's summary is what the order charges, at the currency's precision, adding up to its total.
      type Figures = { itemsPrice: number; shippingPrice: number; taxPrice: number; totalPrice: number };
      const figures = ({ itemsPrice, shippingPrice, taxPrice, totalPrice }: Figures) => ({
        itemsPrice,
        shippingPrice,
        taxPrice,
        totalPrice,
      });
      const quoted = quote.json<{ data: Figures & { items: Array<{ price: number; lineTotal: number }> } }>()
        .data;
      const order = placed.json<{ data: Figures & { discountPrice: number } }>().data;
      expect(figures(order), currency).toEqual(figures(quoted));
      const hundredths = (amount: number) => Math.round(amount * 100);
      expectLinesAddUp(
        {
          items: hundredths(order.itemsPrice),
          shipping: hundredths(order.shippingPrice),
          tax: hundredths(order.taxPrice),
          discount: hundredths(order.discountPrice),
          total: hundredths(order.totalPrice),
        },
        currency,
        `order in ${currency}`,
      );
      expect(
        quoted.items.reduce((sum, line) => sum + hundredths(line.lineTotal), 0),
        `quote lines in ${currency}`,
      ).toBe(hundredths(quoted.itemsPrice));
      const charged = new Map(
        placed
          .json<{ data: { items: Array<{ product: string; price: number }> } }>()
          .data.items.map((item) => [item.product, item.price]),
      );

      for (const row of sample) {
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/product/${row.id}?currency=${currency}`,
        });
        expect(detail.statusCode).toBe(200);
        const data = detail.json<{ data: { price: number; skus: Array<{ offer_sale_price: string }> } }>()
          .data;
        const shown = {
          list: listed.get(row.id),
          detail: data.price,
          sku: Number(data.skus[0]?.offer_sale_price),
        };
        const unit = charged.get(row.id);
        expect(shown, `${row.priceMinor} ${row.currency} in ${currency}`).toEqual({
          list: unit,
          detail: unit,
          sku: unit,
        });
      }
    }
  }, 300_000);
});
