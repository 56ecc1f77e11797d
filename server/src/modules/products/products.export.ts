import type { components } from '@shop/sdk/types';
import { csvCell } from '../../lib/csv.ts';

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

/** The file: a header row and one row per product, lines ended by CRLF as RFC 4180 has it. */
export function toCsv(rows: readonly ExportedProduct[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
