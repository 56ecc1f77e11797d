import { describe, expect, it } from 'vitest';
import type { NormalizedSku } from '../marketplace/normalize.ts';
import { summarizeSkus } from './products.repository.ts';

const sku = (salePriceMinor: number, priceMinor: number, stock: number): NormalizedSku => ({
  skuId: `${salePriceMinor}-${stock}`,
  skuAttr: '',
  salePriceMinor,
  priceMinor,
  stock,
  properties: [],
});

describe('summarizeSkus', () => {
  it('shows the cheapest SKU in stock, its list price when higher, and the stock over all SKUs', () => {
    expect(summarizeSkus([sku(1899, 2999, 10), sku(999, 1999, 0), sku(1499, 1499, 5)])).toEqual({
      priceMinor: 1499,
      originalPriceMinor: null,
      stock: 15,
    });
    expect(summarizeSkus([sku(1899, 2999, 10), sku(2099, 2999, 3)])).toEqual({
      priceMinor: 1899,
      originalPriceMinor: 2999,
      stock: 13,
    });
  });

  it('falls back to every SKU when none is in stock, and to zero without SKUs', () => {
    expect(summarizeSkus([sku(1899, 2999, 0), sku(999, 1999, 0)])).toEqual({
      priceMinor: 999,
      originalPriceMinor: 1999,
      stock: 0,
    });
    expect(summarizeSkus([])).toEqual({ priceMinor: 0, originalPriceMinor: null, stock: 0 });
  });
});
