import { CURRENCIES } from '@shop/sdk/choices';
import { currencyDigits } from '@shop/sdk/currency';
import { describe, expect, it } from 'vitest';
import { CURRENCY_RATES } from '../db/seed/currencies.ts';
import {
  assertKnownCurrency,
  basisPointsOf,
  converterFor,
  convertMinor,
  decimalTextToMinor,
  minorStep,
  rateMultiplier,
  roundRangeEdge,
  toAmount,
  toDecimalText,
  toMinor,
} from './money.ts';

describe('roundRangeEdge', () => {
  it('rounds a converted price range edge to the nearest 1, 2, 2.5 or 5 times a power of ten', () => {
    // 10 USD at 121.5 BDT, at 0.86 EUR; 25 USD at 0.86 EUR; 100 USD at 388 HUF (whole forints).
    expect(roundRangeEdge(1215_00, 'BDT')).toBe(1000_00);
    expect(roundRangeEdge(8_60, 'EUR')).toBe(10_00);
    expect(roundRangeEdge(21_50, 'EUR')).toBe(20_00);
    expect(roundRangeEdge(3037_50, 'BDT')).toBe(2500_00);
    expect(roundRangeEdge(38_800_00, 'HUF')).toBe(50_000_00);
    // Never below the currency's smallest amount.
    expect(roundRangeEdge(3, 'HUF')).toBe(100);
    expect(() => roundRangeEdge(0, 'USD')).toThrow();
  });
});

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

describe('each currency at its own precision', () => {
  it('rounds once, half up, to whole forints and yen, and to the cent elsewhere', () => {
    // 15.68 USD at 331.5 HUF per USD is 5197.92 HUF: a shopper is charged 5198 Ft, stored as 5198_00.
    expect(convertMinor(15_68, '1', '331.5', 'HUF')).toBe(5198_00);
    // 10.01 USD is 3318.315 HUF: rounded once to 3318, not through 3318.32.
    expect(convertMinor(10_01, '1', '331.5', 'HUF')).toBe(3318_00);
    // Exactly half a forint rounds up: 1 USD at 100.5 HUF per USD.
    expect(convertMinor(1_00, '1', '100.5', 'HUF')).toBe(101_00);
    expect(convertMinor(1_00, '1', '100.49', 'JPY')).toBe(100_00);
    expect(convertMinor(15_68, '1', '331.5', 'EUR')).toBe(5197_92);
  });

  it('rounds an amount already in a whole-unit currency that carries hundredths', () => {
    expect(convertMinor(8171_96, '331.5', '331.5', 'HUF')).toBe(8172_00);
    expect(convertMinor(8172_00, '331.5', '331.5', 'HUF')).toBe(8172_00);
    expect(converterFor(new Map([['HUF', '331.5']]), 'HUF')(5195_49, 'HUF')).toBe(5195_00);
  });

  it('takes a share (tax, a percentage off) at the currency’s precision', () => {
    // 10% of 5195 Ft is 519.5 Ft: 520 Ft, never 519.50.
    expect(basisPointsOf(5195_00, 1000, 'HUF')).toBe(520_00);
    expect(basisPointsOf(5194_00, 1000, 'HUF')).toBe(519_00);
    expect(basisPointsOf(-5195_00, 1000, 'HUF')).toBe(-520_00);
    expect(basisPointsOf(5195_00, 1000)).toBe(519_50);
    expect(basisPointsOf(1_05, 1000)).toBe(11);
  });

  it('has one step per currency in stored hundredths, and no store currency the storage cannot hold', () => {
    expect(minorStep('HUF')).toBe(100);
    expect(minorStep('USD')).toBe(1);
    expect(minorStep('BDT')).toBe(1);
    // Hundredths cannot hold a 3-digit currency (KWD): the store must offer none.
    for (const currency of [...CURRENCIES, ...CURRENCY_RATES.map((row) => row.code)]) {
      expect(currencyDigits(currency), currency).not.toBe(3);
    }
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
