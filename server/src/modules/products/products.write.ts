import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { validationError } from '../../http/errors.ts';
import { assertKnownCurrency, loadRates, type Rates } from '../../money/money.ts';
import { type ActivityEntry, insertActivity, withActivity } from '../activity/index.ts';
import { BelowMarginFloor, keepCostsAndOverrides } from '../pricing/index.ts';
import {
  editorFieldsOf,
  manualProduct,
  type ProductWriteRequest,
  skuDetailsOf,
  writeRequestErrors,
} from './products.input.ts';
import {
  type CatalogueFields,
  effectiveStatus,
  insertNormalizedProduct,
  type ProductRow,
  replaceProduct,
  skusOf,
} from './products.repository.ts';
import { parseRecord } from './products.view.ts';

// Saving the product form, for staff's manual products and vendors' own alike: the checks the schema cannot
// express, the record built from the form, and the write in one transaction.

/** A new product code for a manual product: 11 digits starting with 9, clear of marketplace ids. */
export function newProductCode(): string {
  return `9${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** The form's field errors as a 400, and its currency known to the store; answers the rates for the reply. */
async function checkedForm(db: Database, body: ProductWriteRequest): Promise<Rates> {
  const errors = writeRequestErrors(body);
  if (errors.length > 0) throw validationError(errors);
  const rates = await loadRates(db);
  assertKnownCurrency(rates, body.currency ?? 'USD');
  return rates;
}

const stockOf = (skus: ReadonlyArray<{ stock: number }>) => skus.reduce((n, sku) => n + sku.stock, 0);

/**
 * Creates a product from the form; `fields` say whose it is (source, store, approval), never the request.
 * The activity entry is written in the product's transaction.
 */
export async function createFromForm(
  db: Database,
  body: ProductWriteRequest,
  fields: Pick<CatalogueFields, 'source' | 'storeId' | 'approval'>,
  activity: (row: ProductRow) => ActivityEntry,
): Promise<{ row: ProductRow; rates: Rates }> {
  const rates = await checkedForm(db, body);
  const editor = editorFieldsOf(body);
  // A clash of random 10-digit codes is very unlikely; trying again settles it.
  for (let attempt = 0; ; attempt++) {
    const product = manualProduct(body, newProductCode(), null);
    try {
      const row = await withActivity(
        db,
        (tx) =>
          insertNormalizedProduct(tx, product, {
            ...fields,
            status: effectiveStatus(body.status ?? 'draft', stockOf(product.skus)),
            editor,
            skuDetails: skuDetailsOf(body.skus ?? []),
          }),
        activity,
      );
      return { row, rates };
    } catch (error) {
      if (attempt >= 2 || uniqueViolation(error) !== 'products_source_product_id_unique') throw error;
    }
  }
}

/**
 * Replaces a product's record, SKUs and properties from the form. Its id, product id, source and store stay;
 * ratings come from reviews and the marketplace. Answers null when the product went meanwhile (nothing logged);
 * otherwise the activity entry is written in the same transaction.
 */
export async function updateFromForm(
  db: Database,
  existing: ProductRow,
  body: ProductWriteRequest,
  options: { by: string; approval?: CatalogueFields['approval'] },
  activity: (row: ProductRow, overrides: string[]) => ActivityEntry,
): Promise<{ row: ProductRow | null; overrides: string[]; rates: Rates }> {
  const rates = await checkedForm(db, body);
  const product = {
    ...manualProduct(body, existing.productId, parseRecord(existing.logText)),
    rating: existing.rating,
    reviewCount: existing.reviewCount,
  };
  let overrides: string[] = [];
  try {
    const row = await db.transaction(async (tx) => {
      const before = await skusOf(tx, [existing.id]);
      const saved = await replaceProduct(tx, existing.id, product, {
        source: existing.source,
        status: effectiveStatus(body.status ?? 'draft', stockOf(product.skus)),
        ...(options.approval ? { approval: options.approval } : {}),
        editor: editorFieldsOf(body),
        skuDetails: skuDetailsOf(body.skus ?? []),
      });
      // Imported SKUs keep their supplier cost; a price set by hand is an override, logged.
      if (!saved) return null;
      overrides = await keepCostsAndOverrides(tx, { product: saved, before, by: options.by });
      await insertActivity(tx, activity(saved, overrides));
      return saved;
    });
    return { row, overrides, rates };
  } catch (error) {
    if (error instanceof BelowMarginFloor) {
      throw validationError(
        [{ path: `/skus/${error.skuIndex}/offer_sale_price`, message: error.message }],
        error.message,
      );
    }
    throw error;
  }
}
