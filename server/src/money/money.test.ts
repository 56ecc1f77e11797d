import { describe, expect, it } from 'vitest';
import {
  assertKnownCurrency,
  converterFor,
  convertMinor,
  decimalTextToMinor,
  rateMultiplier,
  toAmount,
  toDecimalText,
  toMinor,
} from './money.ts';

describe('convertMinor', () => {
  it('converts through the USD rates and rounds half up to the cent', () => {
    // 18.99 USD at 0.86 EUR per USD is 16.3314 EUR.
    expect(convertMinor(18_99, '1', '0.86')).toBe(16_33);
    // 10.00 EUR back to USD: 11.627906... USD.
    expect(convertMinor(10_00, '0.860000', '1.000000')).toBe(11_63);
    // 0.5 cent rounds up: 1 cent at a rate of 0.5 is half a cent.
    expect(convertMinor(1, '1', '0.5')).toBe(1);
    expect(convertMinor(25_00, '1', '121.5')).toBe(3037_50);
  });

  it('rounds the issue’s $10.01 in BDT up to ৳1216.22, where a float gives 1216.21', () => {
    // 10.01 × 121.5 = 1216.215 exactly; as floats it is 1216.2149999…
    expect(Math.round(10.01 * 121.5 * 100) / 100).toBe(1216.21);
    expect(convertMinor(10_01, '1.000000', '121.500000')).toBe(1216_22);
  });

  it('leaves an amount alone between equal rates and is exact for amounts far beyond any order', () => {
    expect(convertMinor(12_345, '3.6725', '3.6725')).toBe(12_345);
    // 90 trillion ARS (in cents) is 61.98 billion USD: bigint arithmetic, no float error.
    expect(convertMinor(9_000_000_000_000_000, '1452', '1')).toBe(6_198_347_107_438);
  });

  it('refuses what is not an amount or a rate', () => {
    expect(() => convertMinor(1.5, '1', '2')).toThrow();
    expect(() => convertMinor(-1, '1', '2')).toThrow();
    expect(() => convertMinor(1, 'abc', '2')).toThrow();
    expect(() => convertMinor(1, '0', '2')).toThrow();
  });
});

describe('amounts as the API and the marketplace write them', () => {
  it('turns minor units into two-decimal numbers and text, and back', () => {
    expect(toAmount(1216_22)).toBe(1216.22);
    expect(toDecimalText(1216_22)).toBe('1216.22');
    expect(toDecimalText(5)).toBe('0.05');
    expect(toDecimalText(0)).toBe('0.00');
    expect(toMinor(19.99)).toBe(19_99);
    expect(toMinor(19.999)).toBeNull();
  });

  it('reads decimal text, rounding half up at the cent', () => {
    expect(decimalTextToMinor('24.60')).toBe(24_60);
    expect(decimalTextToMinor('24.6')).toBe(24_60);
    expect(decimalTextToMinor('24')).toBe(24_00);
    expect(decimalTextToMinor('24.605')).toBe(24_61);
    expect(decimalTextToMinor('24.604')).toBe(24_60);
    expect(decimalTextToMinor('free')).toBeNull();
    expect(decimalTextToMinor('-1')).toBeNull();
  });

  it('answers the product page rate as the quotient of two stored rates', () => {
    expect(rateMultiplier('1.000000', '121.500000')).toBe(121.5);
    expect(rateMultiplier('0.86', '0.86')).toBe(1);
    expect(rateMultiplier('2', '1')).toBe(0.5);
  });
});

describe('converterFor and assertKnownCurrency', () => {
  const rates = new Map([
    ['USD', '1'],
    ['BDT', '121.5'],
  ]);

  it('converts with loaded rates and answers null when a rate is missing', () => {
    const toBdt = converterFor(rates, 'BDT');
    expect(toBdt(10_01, 'USD')).toBe(1216_22);
    expect(toBdt(5, 'BDT')).toBe(5);
    expect(toBdt(5, 'EUR')).toBeNull();
  });

  it('refuses a currency the store has no rate for with a 400', () => {
    expect(() => assertKnownCurrency(rates, 'BDT')).not.toThrow();
    expect(() => assertKnownCurrency(rates, 'EUR')).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'The currency EUR is not supported.' }),
    );
  });
});
