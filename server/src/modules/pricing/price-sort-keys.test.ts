import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, priceSortStaleCurrencies, products } from '../../db/schema.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { refreshPriceSortKeys } from './price-sort-keys.ts';

// A rate change reworks its currency's price sort keys after the rate's transaction, in batches (issue 28): the
// rate write only marks the currency, and a pass leaves every product's key at its price over the current rate.

const PRICES = [1_000, 2_500, 4_200, 9_900, 15_000, 310, 77_700];

describe("a rate change and its products' price sort keys", () => {
  let t: TestApp;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    ids = [];
    for (const [n, price] of PRICES.entries()) {
      const row = await insertTestProduct(t.db, {
        title: `Rate test ${n}`,
        currency: 'GBP',
        skus: [{ skuId: `RATE-${n}`, salePriceMinor: price, stock: 3 }],
      });
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  const keys = async () =>
    new Map(
      (
        await t.db
          .select({ id: products.id, usd: products.priceUsdMinor })
          .from(products)
          .where(inArray(products.id, ids))
      ).map((row) => [row.id, Number(row.usd)]),
    );
  const expected = (rate: number) => new Map(ids.map((id, n) => [id, (PRICES[n] ?? 0) / rate]));
  const marks = async () => (await t.db.select().from(priceSortStaleCurrencies)).map((row) => row.code);
  const setRate = (rate: string) =>
    t.db.update(currencyRates).set({ rate }).where(eq(currencyRates.code, 'GBP'));
  const close = (actual: Map<string, number>, wanted: Map<string, number>) => {
    for (const [id, usd] of wanted) expect(actual.get(id), id).toBeCloseTo(usd, 6);
  };

  it('starts from keys at the current rate and no currency marked', async () => {
    const [gbp] = await t.db.select().from(currencyRates).where(eq(currencyRates.code, 'GBP'));
    close(await keys(), expected(Number(gbp?.rate)));
    expect(await marks()).toEqual([]);
  });

  it('marks the currency on a rate write and leaves its products to the pass, which reworks them in batches', async () => {
    const before = await keys();
    await setRate('0.5');
    expect(await marks()).toEqual(['GBP']);
    expect(await keys()).toEqual(before);
    // Batches of two: the seven products and the demo's GBP products take several, each its own statement.
    const batches = await refreshPriceSortKeys(t.db, 2);
    expect(batches).toBeGreaterThanOrEqual(4);
    close(await keys(), expected(0.5));
    expect(await marks()).toEqual([]);
    // Nothing marked, nothing to do.
    expect(await refreshPriceSortKeys(t.db, 2)).toBe(0);
  });

  it('goes over the currency again when its rate moves during a pass', async () => {
    await setRate('0.8');
    // The rate moves right after the pass's first batch: the pass began with the older mark, so it must not clear
    // the newer one, and the products of that first batch must be reworked again.
    let batches = 0;
    const db = new Proxy(t.db, {
      get(target, name, receiver) {
        if (name !== 'execute') return Reflect.get(target, name, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const result = await target.execute(query);
          if (++batches === 1) await setRate('1.25');
          return result;
        };
      },
    });
    await refreshPriceSortKeys(db, 1);
    expect(batches).toBeGreaterThan(PRICES.length);
    close(await keys(), expected(1.25));
    expect(await marks()).toEqual([]);
  });

  it('stops between batches when the server closes, and leaves the mark for the next pass', async () => {
    await setRate('0.9');
    let asked = 0;
    expect(await refreshPriceSortKeys(t.db, 1, () => ++asked > 2)).toBe(2);
    expect(await marks()).toEqual(['GBP']);
    await refreshPriceSortKeys(t.db);
    close(await keys(), expected(0.9));
    expect(await marks()).toEqual([]);
  });

  it('marks both currencies when a rate is added or removed, and a product without a rate sorts as USD', async () => {
    await t.db.delete(currencyRates).where(eq(currencyRates.code, 'GBP'));
    expect(await marks()).toEqual(['GBP']);
    await refreshPriceSortKeys(t.db);
    close(await keys(), expected(1));
    await t.db.insert(currencyRates).values({ code: 'GBP', rate: '0.79', symbol: '£' });
    await refreshPriceSortKeys(t.db);
    close(await keys(), expected(0.79));
  });

  it("reworks the keys after a staff member's rate change, once the change is answered", async () => {
    const admin = await demoAdminToken(t.app);
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    const rules = (await call('GET', '/api/pricing')).json().data.rules;
    expect((await call('PUT', '/api/pricing', { ...rules, currencyMode: 'manual' })).statusCode).toBe(200);
    const set = await call('PUT', '/api/settings/currency/GBP', { rate: 0.64 });
    expect(set.statusCode, set.body).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await marks()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await marks()).toEqual([]);
    close(await keys(), expected(0.64));
  });
});
