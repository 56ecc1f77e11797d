import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('formatMoney', () => {
  it('formats an amount in its currency with two decimals', () => {
    expect(formatMoney(12.5, 'USD')).toBe('$12.50');
    expect(formatMoney(1234, 'EUR')).toBe('€1,234.00');
  });

  it('falls back to the code when the currency is unknown to Intl', () => {
    expect(formatMoney(3, 'not-a-code')).toBe('not-a-code 3.00');
  });

  // Intl separates a code from the figure with a no-break space; the reader sees a space.
  const shown = (amount: number, currency: string, locale: string) =>
    formatMoney(amount, currency, locale).replace(/\s/g, ' ');

  it('shows forints whole, in every shopper language, as the server charges them', () => {
    expect(shown(8172, 'HUF', 'en')).toBe('HUF 8,172');
    expect(shown(8172, 'HUF', 'hi')).toBe('HUF 8,172');
    expect(shown(8172, 'HUF', 'bn')).toBe('৮,১৭২ HUF');
    expect(shown(8172, 'HUF', 'es')).toBe('8172 HUF');
  });

  it('shows taka and euros with two decimals in every shopper language', () => {
    expect(shown(2151.77, 'BDT', 'en')).toBe('BDT 2,151.77');
    expect(shown(2151.77, 'BDT', 'hi')).toBe('BDT 2,151.77');
    expect(shown(2151.77, 'BDT', 'bn')).toBe('২,১৫১.৭৭৳');
    expect(shown(408.2, 'BDT', 'es')).toBe('408,20 BDT');
    expect(shown(1234, 'EUR', 'en')).toBe('€1,234.00');
    expect(shown(1234, 'EUR', 'hi')).toBe('€1,234.00');
    expect(shown(1234, 'EUR', 'bn')).toBe('১,২৩৪.০০€');
    expect(shown(1234.5, 'EUR', 'es')).toBe('1234,50 €');
  });
});

describe('formatDate', () => {
  it('shows a date without shifting a bare date by time zone', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('shows the day and the time of day in the reader’s locale', () => {
    const iso = '2026-11-22T09:00:00.000Z';
    const time = new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(formatDateTime(iso)).toBe(`${formatDate(iso)}, ${time}`);
    expect(formatDateTime(iso, 'de-DE')).toMatch(/^\d{2}\.11\.2026, \d{2}:\d{2}$/);
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
