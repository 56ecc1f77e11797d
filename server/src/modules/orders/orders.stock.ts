import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { productSkus, products } from '../../db/schema.ts';
import { outOfStockMessage } from './orders.priced.ts';

/** What an order holds of one product option; a line whose product was deleted since holds nothing. */
interface StockLine {
  productId: string | null;
  skuId: string | null;
  quantity: number;
  /** The name the order shows, for the shortage message. */
  name: string;
}

/** Stock could not be taken: the message says which item is short and how many are left. */
export class StockShortage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockShortage';
  }
}

interface Held {
  productId: string;
  skuId: string | null;
  quantity: number;
  name: string;
}

/** Repeated product + option lines add up; lines without a product hold no stock. */
function combine(lines: ReadonlyArray<StockLine>): Held[] {
  const byKey = new Map<string, Held>();
  for (const line of lines) {
    if (line.productId === null) continue;
    const key = `${line.productId} ${line.skuId ?? ''}`;
    const same = byKey.get(key);
    if (same) same.quantity += line.quantity;
    else
      byKey.set(key, {
        productId: line.productId,
        skuId: line.skuId,
        quantity: line.quantity,
        name: line.name,
      });
  }
  return [...byKey.values()];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Quantities per product, in product id order (the order every transaction locks products in). */
function perProduct(held: ReadonlyArray<Held>): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const line of [...held].sort((a, b) => compare(a.productId, b.productId))) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return quantities;
}

/**
 * The option rows of the lines that name one, in the order every order transaction locks them (by row id), so
 * two transactions sharing items wait for each other instead of deadlocking. `id` is missing for a deleted option.
 */
async function optionRows(tx: Transaction, held: ReadonlyArray<Held>) {
  const withOption = held.filter((line): line is Held & { skuId: string } => line.skuId !== null);
  if (withOption.length === 0) return [];
  const rows = await tx
    .select({ id: productSkus.id, productId: productSkus.productId, skuId: productSkus.skuId })
    .from(productSkus)
    .where(
      and(
        inArray(
          productSkus.productId,
          withOption.map((line) => line.productId),
        ),
        inArray(
          productSkus.skuId,
          withOption.map((line) => line.skuId),
        ),
      ),
    );
  return withOption
    .map((line) => ({
      line,
      id: rows.find((row) => row.productId === line.productId && row.skuId === line.skuId)?.id,
    }))
    .sort((x, y) => compare(x.id ?? '', y.id ?? ''));
}

/**
 * Takes stock for an order inside its transaction, as placing a shopper's order does: each option's stock is
 * lowered only where enough is left (a conditional UPDATE), so concurrent orders can never take more than there
 * is; then the product's stock and sales follow, and a product whose last unit went shows as out of stock.
 * Throws StockShortage, for the caller to roll back, when an item is short or its product is gone.
 */
export async function takeStock(tx: Transaction, lines: ReadonlyArray<StockLine>, now: Date): Promise<void> {
  const gone = lines.find((line) => line.productId === null);
  if (gone) throw new StockShortage(`${gone.name} is no longer in the catalogue.`);
  const held = combine(lines);
  for (const { line, id } of await optionRows(tx, held)) {
    const taken =
      id === undefined
        ? []
        : await tx
            .update(productSkus)
            .set({ stock: sql`${productSkus.stock} - ${line.quantity}` })
            .where(and(eq(productSkus.id, id), gte(productSkus.stock, line.quantity)))
            .returning({ stock: productSkus.stock });
    if (taken.length === 0) {
      const [current] =
        id === undefined
          ? []
          : await tx.select({ stock: productSkus.stock }).from(productSkus).where(eq(productSkus.id, id));
      throw new StockShortage(outOfStockMessage(line.name, current?.stock ?? 0));
    }
  }
  // Lines without an option (older orders) are checked against the product's own stock.
  const unchecked = perProduct(held.filter((line) => line.skuId === null));
  for (const [productId, quantity] of perProduct(held)) {
    const mustHave = unchecked.get(productId) ?? 0;
    // SET expressions read the row's old values: the status flips when this order takes the last unit.
    const updated = await tx
      .update(products)
      .set({
        stock: sql`greatest(${products.stock} - ${quantity}, 0)`,
        status: sql`case when ${products.stock} - ${quantity} <= 0 and ${products.status} = 'published' then 'out_of_stock'::product_status else ${products.status} end`,
        salesCount: sql`${products.salesCount} + ${quantity}`,
        updatedAt: now,
      })
      .where(and(eq(products.id, productId), gte(products.stock, mustHave)))
      .returning({ id: products.id });
    if (updated.length === 0) {
      const [current] = await tx
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, productId));
      const name = held.find((line) => line.productId === productId)?.name ?? 'An item';
      throw new StockShortage(
        current ? outOfStockMessage(name, current.stock) : `${name} is no longer in the catalogue.`,
      );
    }
  }
}

/**
 * Gives an order's stock back inside its transaction (cancelled or failed): to each option and its product, whose
 * sales drop by as much; a product that was out of stock is for sale again. Deleted products and options are
 * skipped: there is nothing left to give back to.
 */
export async function returnStock(
  tx: Transaction,
  lines: ReadonlyArray<StockLine>,
  now: Date,
): Promise<void> {
  const held = combine(lines);
  for (const { line, id } of await optionRows(tx, held)) {
    if (id === undefined) continue;
    await tx
      .update(productSkus)
      .set({ stock: sql`${productSkus.stock} + ${line.quantity}` })
      .where(eq(productSkus.id, id));
  }
  for (const [productId, quantity] of perProduct(held)) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${quantity}`,
        status: sql`case when ${products.status} = 'out_of_stock' then 'published'::product_status else ${products.status} end`,
        salesCount: sql`greatest(${products.salesCount} - ${quantity}, 0)`,
        updatedAt: now,
      })
      .where(eq(products.id, productId));
  }
}
