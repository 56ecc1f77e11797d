import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { productSkus, products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import { type Rates, toDecimalText, toMinor } from '../../money/money.ts';
import { EXPORT_COLUMNS } from './products.export.ts';
import { editorFieldsOf, manualProduct } from './products.input.ts';
import {
  effectiveStatus,
  findProduct,
  findProductByAnyId,
  insertNormalizedProduct,
  type ProductRow,
} from './products.repository.ts';

export const IMPORT_MAX_ROWS = 5_000;
const STATUSES = ['draft', 'published', 'disabled', 'out_of_stock'] as const;
type ImportStatus = (typeof STATUSES)[number];

/** A product as an import file gives it: the export's columns (tags joined by `;` in CSV) and a description. */
export interface ImportRow {
  _id?: string;
  productId?: string;
  title?: string;
  description?: string;
  status?: ImportStatus;
  price?: number;
  originalPrice?: number | null;
  currency?: string;
  stock?: number;
  categoryId?: number | null;
  tags?: string[];
}

export interface RowResult {
  row: number;
  outcome: 'created' | 'updated' | 'refused';
  _id: string | null;
  title: string | null;
  message: string;
}

export class ImportFileRefused extends Error {}

const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;
/** The export put `'` before text a spreadsheet would run as a formula; reading it back takes that off. */
const undefused = (text: string) => text.replace(FORMULA_GUARD, '');

/** The rows of a CSV (with the export's header) or JSON file (an array, or `{ data: [...] }` as the export sends). */
export function readImportFile(bytes: Buffer, filename: string): Record<string, unknown>[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const looksJson = /\.json$/i.test(filename) || /^\s*[[{]/.test(text);
  let rows: unknown;
  if (looksJson) {
    try {
      rows = JSON.parse(text);
    } catch {
      throw new ImportFileRefused('The file is not valid JSON.');
    }
    if (rows && typeof rows === 'object' && !Array.isArray(rows)) {
      rows =
        (rows as { data?: unknown; products?: unknown }).data ?? (rows as { products?: unknown }).products;
    }
    if (!Array.isArray(rows)) throw new ImportFileRefused('A JSON import is an array of products.');
  } else {
    try {
      const records = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<
        string,
        string
      >[];
      rows = records.map((record) => {
        const row: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(record)) {
          if (value === '') continue;
          row[key] = key === 'tags' ? value.split(';').map(undefused) : undefused(value);
        }
        return row;
      });
    } catch (error) {
      throw new ImportFileRefused(`The file is not a CSV the import can read: ${(error as Error).message}`);
    }
    const header = text.split(/\r?\n/, 1)[0] ?? '';
    if (!header.split(',').some((column) => column.trim() === 'title')) {
      throw new ImportFileRefused(
        `The CSV needs a header row with a title column (the export's columns: ${EXPORT_COLUMNS.join(', ')}, description).`,
      );
    }
  }
  const list = rows as unknown[];
  if (list.length === 0) throw new ImportFileRefused('The file holds no products.');
  if (list.length > IMPORT_MAX_ROWS) {
    throw new ImportFileRefused(
      `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} products.`,
    );
  }
  return list.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? item : {})) as Record<
    string,
    unknown
  >[];
}

const asNumber = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== ''
      ? Number(value)
      : Number.NaN;

/** The row's fields checked one by one; answers the first problem in words staff can act on. */
export function checkRow(raw: Record<string, unknown>): ImportRow | string {
  const row: ImportRow = {};
  const text = (key: string, max: number): string | undefined | null => {
    const value = raw[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    const clean = String(value).trim();
    return clean.length > max || clean.includes('\u0000') ? null : clean;
  };
  for (const [key, max] of [
    ['_id', 64],
    ['productId', 64],
    ['title', 1000],
    ['currency', 3],
    ['description', 500_000],
  ] as const) {
    const value = text(key, max);
    if (value === null) return `${key} is not valid.`;
    if (value !== undefined && value !== '') row[key] = value;
  }
  if (row.currency !== undefined && !/^[A-Z]{3}$/.test(row.currency))
    return 'currency must be a code such as USD.';
  if (raw.status !== undefined) {
    if (!STATUSES.includes(raw.status as ImportStatus))
      return `status must be one of ${STATUSES.join(', ')}.`;
    row.status = raw.status as ImportStatus;
  }
  for (const key of ['price', 'originalPrice'] as const) {
    if (raw[key] === undefined || raw[key] === null) continue;
    const amount = asNumber(raw[key]);
    if (!(amount >= 0) || toMinor(amount) === null || amount > 10_000_000) {
      return `${key} must be an amount from 0 to 10,000,000 with at most 2 decimals.`;
    }
    row[key] = amount;
  }
  if (raw.stock !== undefined && raw.stock !== null) {
    const stock = asNumber(raw.stock);
    if (!Number.isInteger(stock) || stock < 0 || stock > 1_000_000)
      return 'stock must be a whole number from 0.';
    row.stock = stock;
  }
  if (raw.categoryId !== undefined) {
    const id = raw.categoryId === null ? null : asNumber(raw.categoryId);
    if (id !== null && (!Number.isInteger(id) || id < 0 || id > 2_147_483_647)) {
      return 'categoryId must be a whole number.';
    }
    row.categoryId = id;
  }
  if (raw.tags !== undefined) {
    const tags = Array.isArray(raw.tags) ? raw.tags : null;
    if (!tags || tags.length > 30 || tags.some((tag) => typeof tag !== 'string' || tag.length > 50)) {
      return 'tags must be at most 30 words of up to 50 characters.';
    }
    row.tags = [...new Set(tags.map((tag: string) => tag.trim()).filter(Boolean))];
  }
  return row;
}

const SKU_KEPT_MANY = (n: number) =>
  `price and stock kept: the product has ${n} SKUs; change them in the product editor.`;
const SKU_KEPT_CURRENCY = (file: string, product: string) =>
  `price and stock kept: the file's prices are in ${file}, the product's in ${product}.`;

/** Applies one checked row: updates the product it names, or creates a manual product. */
export async function applyRow(
  db: Database,
  row: ImportRow,
  rates: Rates,
  newCode: () => string,
): Promise<Omit<RowResult, 'row'>> {
  const currency = row.currency;
  if (currency !== undefined && !rates.has(currency)) {
    return {
      outcome: 'refused',
      _id: null,
      title: row.title ?? null,
      message: `The currency ${currency} is not known.`,
    };
  }
  let existing: ProductRow | null = null;
  if (row._id) {
    existing = isUuid(row._id) ? await findProduct(db, row._id) : null;
    if (!existing)
      return { outcome: 'refused', _id: null, title: row.title ?? null, message: 'No product has this _id.' };
  } else if (row.productId) {
    existing = await findProductByAnyId(db, row.productId);
  }
  return existing ? update(db, existing, row) : create(db, row, newCode);
}

async function update(db: Database, existing: ProductRow, row: ImportRow): Promise<Omit<RowResult, 'row'>> {
  const notes: string[] = [];
  await db.transaction(async (tx) => {
    const skus = await tx.select().from(productSkus).where(eq(productSkus.productId, existing.id));
    let figures = {
      priceMinor: existing.priceMinor,
      originalPriceMinor: existing.originalPriceMinor,
      stock: existing.stock,
    };
    const touchesSku = row.price !== undefined || row.stock !== undefined || row.originalPrice !== undefined;
    const sku = skus[0];
    if (touchesSku) {
      if (skus.length !== 1 || !sku) notes.push(SKU_KEPT_MANY(skus.length));
      else if (row.currency !== undefined && row.currency !== existing.currency) {
        notes.push(SKU_KEPT_CURRENCY(row.currency, existing.currency));
      } else {
        const sale =
          row.price !== undefined ? (toMinor(row.price) ?? sku.salePriceMinor) : sku.salePriceMinor;
        const list =
          row.originalPrice !== undefined
            ? Math.max(toMinor(row.originalPrice ?? 0) ?? 0, sale)
            : Math.max(sku.priceMinor, sale);
        const stock = row.stock ?? sku.stock;
        await tx
          .update(productSkus)
          .set({ salePriceMinor: sale, priceMinor: list, stock })
          .where(eq(productSkus.id, sku.id));
        // One SKU: the card's figures are its own (summarizeSkus over a single SKU).
        figures = { priceMinor: sale, originalPriceMinor: list > sale ? list : null, stock };
      }
    }
    const tags = row.tags ?? existing.tags;
    await tx
      .update(products)
      .set({
        title: row.title ?? existing.title,
        ...(row.description !== undefined ? { descriptionHtml: sanitizeProductHtml(row.description) } : {}),
        ...(row.categoryId !== undefined ? { categoryId: row.categoryId } : {}),
        tags,
        searchTerms: [...skus.map((item) => item.skuId), ...tags].join(' '),
        ...figures,
        status: row.status
          ? effectiveStatus(row.status, figures.stock)
          : effectiveStatus(existing.status, figures.stock),
        updatedAt: new Date(),
      })
      .where(eq(products.id, existing.id));
  });
  return {
    outcome: 'updated',
    _id: existing.id,
    title: row.title ?? existing.title,
    message: notes.length > 0 ? `Updated; ${notes.join(' ')}` : 'Updated.',
  };
}

async function create(db: Database, row: ImportRow, newCode: () => string): Promise<Omit<RowResult, 'row'>> {
  if (!row.title)
    return { outcome: 'refused', _id: null, title: null, message: 'A new product needs a title.' };
  if (row.price === undefined) {
    return { outcome: 'refused', _id: null, title: row.title, message: 'A new product needs a price.' };
  }
  const currency = row.currency ?? 'USD';
  const sale = toDecimalText(toMinor(row.price) ?? 0);
  const list = toDecimalText(toMinor(Math.max(row.originalPrice ?? 0, row.price)) ?? 0);
  const status = row.status === 'out_of_stock' ? 'published' : (row.status ?? 'draft');
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const body = {
      title: row.title,
      description: row.description ?? '',
      categoryId: row.categoryId ?? null,
      currency,
      status,
      labels: { tags: row.tags ?? [] },
      skus: [
        {
          sku_id: code,
          sku_attr: '',
          offer_sale_price: sale,
          sku_price: list,
          sku_available_stock: row.stock ?? 0,
          sku_bulk_order: 0,
          price_include_tax: false,
          limit_strategy: 'create_order_fail',
          currency_code: currency,
        },
      ],
    };
    const product = manualProduct(body, code, null);
    try {
      const created = await db.transaction((tx) =>
        insertNormalizedProduct(tx, product, {
          source: 'manual',
          status: effectiveStatus(status, row.stock ?? 0),
          editor: editorFieldsOf(body),
        }),
      );
      return { outcome: 'created', _id: created.id, title: created.title, message: 'Created.' };
    } catch (error) {
      if (attempt >= 2 || uniqueViolation(error) !== 'products_source_product_id_unique') throw error;
    }
  }
}
