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
