import type { Database } from '../client.ts';
import { reviews, storeFollows, wishlistEntries } from '../schema.ts';
import type { SeedContext } from './seed-context.ts';

/** Inserts the demo shoppers' reviews, wishlist entries and followed stores. */
export async function seedShopperActivity(tx: Database, context: SeedContext): Promise<void> {
  const { ago, customerByKey, storeId, product } = context;
  const shopper = customerByKey('shopper');
  const emily = customerByKey('emily');
  await tx.insert(reviews).values([
    {
      productId: product('1005006218437795').id,
      customerId: shopper.id,
      name: shopper.name,
      rating: 4,
      comment: 'Great sound for the price; the case feels a little flimsy.',
      helpful: 12,
      unhelpful: 1,
      createdAt: ago(25 * 24),
    },
    {
      productId: product('1005006218437795').id,
      name: 'Ayesha Rahman',
      rating: 5,
      comment: 'Noise cancelling works well on the bus.',
      helpful: 8,
      unhelpful: 0,
      createdAt: ago(40 * 24),
    },
    {
      productId: product('1005006637251902').id,
      customerId: shopper.id,
      name: shopper.name,
      rating: 5,
      comment: 'Bright screen and the battery lasts a week.',
      helpful: 5,
      unhelpful: 0,
      createdAt: ago(18 * 24),
    },
    {
      productId: product('1005006637251902').id,
      name: 'Mark T.',
      rating: 3,
      comment: 'Sleep tracking is hit and miss.',
      helpful: 2,
      unhelpful: 3,
      createdAt: ago(33 * 24),
    },
    {
      productId: product('1005006540927381').id,
      customerId: emily.id,
      name: emily.name,
      rating: 5,
      comment: 'Warm light setting is easy on the eyes.',
      helpful: 4,
      unhelpful: 0,
      createdAt: ago(14 * 24),
    },
    {
      productId: product('90000001001').id,
      name: 'Rafiq Chowdhury',
      rating: 4,
      comment: 'Thick and warm; runs one size large.',
      helpful: 3,
      unhelpful: 1,
      createdAt: ago(9 * 24),
    },
  ]);

  await tx.insert(wishlistEntries).values([
    { customerId: shopper.id, productId: product('1005006402987711').id, createdAt: ago(10 * 24) },
    { customerId: shopper.id, productId: product('1005006745190037').id, createdAt: ago(7 * 24) },
    { customerId: shopper.id, productId: product('90000002003').id, createdAt: ago(3 * 24) },
    { customerId: emily.id, productId: product('1005006119384672').id, createdAt: ago(5 * 24) },
  ]);
  await tx.insert(storeFollows).values([
    { customerId: shopper.id, storeId: storeId('soundpeats'), createdAt: ago(20 * 24) },
    { customerId: shopper.id, storeId: storeId('dhakaCraft'), createdAt: ago(4 * 24) },
    { customerId: emily.id, storeId: storeId('ugreen'), createdAt: ago(12 * 24) },
  ]);
}
