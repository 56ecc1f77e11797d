import type { components } from '@shop/sdk/types';

type ExportedProduct = components['schemas']['ExportedProduct'];

export const EXPORT_COLUMNS = [
  '_id',
  'productId',
  'title',
  'status',
  'source',
  'price',
  'originalPrice',
  'currency',
  'stock',
  'categoryId',
  'skuIds',
  'tags',
  'createdAt',
] as const satisfies ReadonlyArray<keyof ExportedProduct>;

/**
 * One CSV cell. Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula (CSV injection), so
 * such text gets a leading `'`; then the cell is quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join(';') : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file: a header row and one row per product, lines ended by CRLF as RFC 4180 has it. */
export function toCsv(rows: readonly ExportedProduct[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
