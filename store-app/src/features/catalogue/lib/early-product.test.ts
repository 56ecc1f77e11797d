import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyProduct } from './early-product';

describe('the product answer index.html asked for', () => {
  afterEach(() => {
    window.__shopEarlyProduct = undefined;
  });

  const ask = (id: string, country = 'BD', currency = 'USD') => {
    const body = Promise.resolve({ data: { _id: id } });
    window.__shopEarlyProduct = { id, country, currency, body };
    return body;
  };

  it('is taken for the same product, country and currency', () => {
    const body = ask('p1', 'FR', 'EUR');
    expect(takeEarlyProduct('p1', 'FR', 'EUR')).toBe(body);
  });

  it('is taken once: the next visit asks the API itself', () => {
    ask('p1');
    expect(takeEarlyProduct('p1', 'BD', 'USD')).toBeDefined();
    expect(takeEarlyProduct('p1', 'BD', 'USD')).toBeUndefined();
  });

  it('is not used for another product, country or currency', () => {
    for (const [id, country, currency] of [
      ['p2', 'BD', 'USD'],
      ['p1', 'US', 'USD'],
      ['p1', 'BD', 'EUR'],
    ] as const) {
      ask('p1');
      expect(takeEarlyProduct(id, country, currency)).toBeUndefined();
      expect(window.__shopEarlyProduct).toBeUndefined();
    }
  });

  it('is nothing when index.html asked for nothing', () => {
    expect(takeEarlyProduct('p1', 'BD', 'USD')).toBeUndefined();
  });
});
