import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, productSkus, products } from '../../db/schema.ts';

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

/** An order of one product straight in the database, delivered at `deliveredAt` (or not delivered when null). */
export async function insertTestOrder(
  db: Database,
  options: { customerId: string; productId: string; deliveredAt: Date | null; totalMinor?: number },
) {
  const total = options.totalMinor ?? 1999;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${randomUUID().slice(0, 12)}`,
      customerId: options.customerId,
      customerName: 'Test Shopper',
      customerEmail: 'test.shopper@example.org',
      status: options.deliveredAt ? 'Delivered' : 'Shipped',
      currency: 'USD',
      itemsMinor: total,
      shippingMinor: 0,
      taxMinor: 0,
      totalMinor: total,
      isPaid: true,
      paidAt: new Date(),
      isDelivered: options.deliveredAt !== null,
      deliveredAt: options.deliveredAt,
      paymentMethod: 'Credit Card',
      shipAddress: '350 Fifth Avenue',
      shipCountry: 'US',
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: options.productId,
    name: 'Test item',
    quantity: 1,
    unitPriceMinor: total,
    lineTotalMinor: total,
    currency: 'USD',
  });
  return order;
}
