const formats = new Map<string, Intl.NumberFormat>();

/**
 * Whole numbers (stock, days, image numbers) in the digits of the shopper's language (০-৯ in Bengali), ungrouped,
 * so English reads exactly as the plain number did ("Stock: 1200").
 */
export function digitsIn(locale: string): (value: number) => string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 0 });
    formats.set(locale, format);
  }
  const shown = format;
  return (value) => shown.format(value);
}
