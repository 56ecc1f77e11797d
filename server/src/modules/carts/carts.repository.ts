import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartLines, carts, productSkus, products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { shopperVisible } from '../products/index.ts';

/** Spec §9: a cart line holds 1 to 12 units. */
export const MAX_LINE_QUANTITY = 12;

/** A line as the storefront sends it: what and how many, never a price. */
export interface CartLineInput {
  productId: string;
  skuId: string;
  quantity: number;
  service: string | null;
}

/** A kept line with what pricing and the reminders need of its product and SKU. */
export interface CartLineRow extends CartLineInput {
  addedAt: Date;
  updatedAt: Date;
  product: { title: string; images: string[]; currency: string; source: string };
  sku: { salePriceMinor: number; costMinor: number | null; image: string | null; stock: number };
}

const keyOf = (line: Pick<CartLineInput, 'productId' | 'skuId'>) => `${line.productId} ${line.skuId}`;

const catalogueColumns = {
  productId: products.id,
  skuId: productSkus.skuId,
  product: {
    title: products.title,
    images: products.images,
    currency: products.currency,
    source: products.source,
  },
  sku: {
    salePriceMinor: productSkus.salePriceMinor,
    costMinor: sql<
      number | null
    >`case when ${products.source} = 'aliexpress' then ${productSkus.supplierPriceMinor} end`,
    image: productSkus.image,
    // A product marked out of stock has none of any SKU, whatever the SKU's count says.
    stock: sql<number>`case when ${products.status} = 'out_of_stock' then 0 else ${productSkus.stock} end`,
  },
};

/**
 * The lines a cart may hold: lines naming one product and SKU are combined, products shoppers cannot buy and
 * unknown SKUs are dropped, and each quantity is held at 12 and at the SKU's stock (a sold-out line goes).
 */
export async function allowedLines(db: Database, lines: readonly CartLineInput[]): Promise<CartLineInput[]> {
  const combined = new Map<string, CartLineInput>();
  for (const line of lines) {
    if (!isUuid(line.productId)) continue;
    const before = combined.get(keyOf(line));
    combined.set(keyOf(line), {
      ...line,
      quantity: (before?.quantity ?? 0) + line.quantity,
      service: line.service ?? before?.service ?? null,
    });
  }
  if (combined.size === 0) return [];
  const wanted = [...combined.values()];
  const found = await db
    .select({ productId: products.id, skuId: productSkus.skuId, stock: catalogueColumns.sku.stock })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(
      and(
        inArray(products.id, [...new Set(wanted.map((line) => line.productId))]),
        inArray(productSkus.skuId, [...new Set(wanted.map((line) => line.skuId))]),
        shopperVisible,
      ),
    );
  const stockOf = new Map(found.map((row) => [keyOf(row), row.stock]));
  return wanted.flatMap((line) => {
    const quantity = Math.min(line.quantity, MAX_LINE_QUANTITY, stockOf.get(keyOf(line)) ?? 0);
    return quantity >= 1 ? [{ ...line, quantity }] : [];
  });
}

/** The shopper's kept lines still for sale, oldest first, and when the cart last changed (null: never kept). */
export async function readCart(
  db: Database,
  customerId: string,
): Promise<{ lines: CartLineRow[]; updatedAt: Date | null; version: number }> {
  const [cart] = await db
    .select({ updatedAt: carts.updatedAt, version: carts.version })
    .from(carts)
    .where(eq(carts.customerId, customerId));
  if (!cart) return { lines: [], updatedAt: null, version: 0 };
  const rows = await db
    .select({
      ...catalogueColumns,
      quantity: cartLines.quantity,
      service: cartLines.logisticsServiceName,
      addedAt: cartLines.addedAt,
      updatedAt: cartLines.updatedAt,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(
      productSkus,
      and(eq(productSkus.productId, cartLines.productId), eq(productSkus.skuId, cartLines.skuId)),
    )
    .where(and(eq(cartLines.customerId, customerId), shopperVisible))
    .orderBy(cartLines.position, cartLines.addedAt, cartLines.id);
  return { lines: rows, updatedAt: cart.updatedAt, version: cart.version };
}

const sameLines = (a: readonly CartLineInput[], b: readonly CartLineInput[]) =>
  a.length === b.length &&
  a.every((line) =>
    b.some(
      (other) =>
        keyOf(other) === keyOf(line) && other.quantity === line.quantity && other.service === line.service,
    ),
  );

/**
 * Makes `lines` the shopper's cart. A change moves the cart to a new version (so its reminders may go again); the
 * same lines sent again change nothing, so a device saving an unchanged cart does not delay its reminder.
 */
export async function writeCart(
  db: Database,
  customerId: string,
  lines: readonly CartLineInput[],
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const kept = await tx
      .select({
        productId: cartLines.productId,
        skuId: cartLines.skuId,
        quantity: cartLines.quantity,
        service: cartLines.logisticsServiceName,
        position: cartLines.position,
      })
      .from(cartLines)
      .where(eq(cartLines.customerId, customerId));
    const [cart] = await tx
      .select({ version: carts.version })
      .from(carts)
      .where(eq(carts.customerId, customerId))
      .for('update');
    if (cart && sameLines(kept, lines)) return;
    await tx
      .insert(carts)
      .values({ customerId, updatedAt: now })
      .onConflictDoUpdate({
        target: carts.customerId,
        set: { version: sql`${carts.version} + 1`, updatedAt: now },
      });
    const wanted = new Set(lines.map(keyOf));
    for (const gone of kept.filter((line) => !wanted.has(keyOf(line)))) {
      await tx
        .delete(cartLines)
        .where(
          and(
            eq(cartLines.customerId, customerId),
            eq(cartLines.productId, gone.productId),
            eq(cartLines.skuId, gone.skuId),
          ),
        );
    }
    for (const [index, line] of lines.entries()) {
      const before = kept.find((one) => keyOf(one) === keyOf(line));
      if (
        before &&
        before.quantity === line.quantity &&
        before.service === line.service &&
        before.position === index
      )
        continue;
      await tx
        .insert(cartLines)
        .values({
          customerId,
          productId: line.productId,
          skuId: line.skuId,
          quantity: line.quantity,
          logisticsServiceName: line.service,
          position: index,
          addedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [cartLines.customerId, cartLines.productId, cartLines.skuId],
          set: {
            quantity: line.quantity,
            logisticsServiceName: line.service,
            position: index,
            updatedAt: now,
          },
        });
    }
  });
}

/** The kept lines as the storefront would send them (for a merge), hidden products included: the rules drop them. */
export async function keptLines(db: Database, customerId: string): Promise<CartLineInput[]> {
  return db
    .select({
      productId: cartLines.productId,
      skuId: cartLines.skuId,
      quantity: cartLines.quantity,
      service: cartLines.logisticsServiceName,
    })
    .from(cartLines)
    .where(eq(cartLines.customerId, customerId))
    .orderBy(cartLines.position, cartLines.addedAt, cartLines.id);
}

/** Remembers that the shopper opened a reminder's link, so their next order within a week counts as recovered. */
export async function markRestored(db: Database, customerId: string, now: Date = new Date()): Promise<void> {
  await db.update(carts).set({ restoredAt: now }).where(eq(carts.customerId, customerId));
}
