import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { productSkus, products } from '../../db/schema.ts';

type ProductStatus = (typeof products.$inferSelect)['status'];

export interface TestSku {
  skuId: string;
  salePriceMinor: number;
  stock: number;
  image?: string;
}

/** Puts a product with known prices and stock straight into the catalogue, for tests of what shoppers buy. */
export async function insertTestProduct(
  db: Database,
  options: {
    title?: string;
    status?: ProductStatus;
    currency?: string;
    source?: (typeof products.$inferSelect)['source'];
    skus: TestSku[];
  },
) {
  const code = randomUUID();
  const skus = options.skus;
  const stock = skus.reduce((sum, sku) => sum + sku.stock, 0);
  const [product] = await db
    .insert(products)
    .values({
      productId: code,
      source: options.source ?? 'manual',
      status: options.status ?? 'published',
      title: options.title ?? `Test product ${code.slice(0, 8)}`,
      currency: options.currency ?? 'USD',
      priceMinor: Math.min(...skus.map((sku) => sku.salePriceMinor)),
      stock,
      images: [`http://localhost:3000/media/uploads/${code}.png`],
    })
    .returning();
  if (!product) throw new Error('product insert returned no row');
  await db.insert(productSkus).values(
    skus.map((sku, position) => ({
      productId: product.id,
      skuId: sku.skuId,
      salePriceMinor: sku.salePriceMinor,
      priceMinor: sku.salePriceMinor,
      stock: sku.stock,
      image: sku.image ?? null,
      position,
    })),
  );
  return product;
}
