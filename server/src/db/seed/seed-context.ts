import type { admins, customers, orders } from '../schema.ts';
import type { SeedProduct, StoreKey } from './catalogue.ts';
import type { ShopperKey } from './orders.ts';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** The staff member who moved the demo orders along. */
export const SUPPORT_NAME = 'Sadia Islam';

/** The seeding's clock and its look-ups of rows inserted earlier in the same transaction. */
export interface SeedContext {
  now: Date;
  ago: (hours: number) => Date;
  customerByKey: (key: ShopperKey) => typeof customers.$inferSelect;
  adminByName: (name: string) => typeof admins.$inferSelect | undefined;
  storeId: (key: StoreKey) => string;
  product: (key: string) => { id: string; seed: SeedProduct };
}

/** The seeded orders by their fixture reference (`SEED_ORDERS[].ref`). */
export type SeededOrders = Map<string, typeof orders.$inferSelect>;
