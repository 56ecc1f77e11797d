// The one precision table, read by the server (rounding) and by the apps (formatting), so they never disagree.

/** Currencies whose minor unit the store shows as none: amounts are whole units (ISO 4217 plus HUF, whose fillér is out of use). */
const WHOLE_UNIT = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'HUF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Currencies with three decimals (ISO 4217). */
const THREE_DIGITS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Decimals of a currency as the store shows and charges it: 0 for HUF, JPY, KRW; 3 for KWD; 2 for most. */
export function currencyDigits(code: string): 0 | 2 | 3 {
  const upper = code.toUpperCase();
  if (WHOLE_UNIT.has(upper)) return 0;
  return THREE_DIGITS.has(upper) ? 3 : 2;
}
