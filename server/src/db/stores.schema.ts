import { integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

// A store is a seller of every kind (marketplace seller, vendor, factory) and the vendor panel's sign-in. The
// vendors, factories, media and vendor-earnings modules write it, and products, orders, campaigns and the vendor
// ledger point at it, below the vendors module: so it has no module of its own.

/** A vendor store is `pending` from its application until staff approve (`active`) or refuse it. */
export const storeStatus = pgEnum('store_status', ['active', 'pending', 'rejected', 'suspended']);
/** Where a store's goods come from: a marketplace seller, a vendor selling through us, or a factory shipping direct (D2C). */
export const storeKind = pgEnum('store_kind', ['marketplace', 'vendor', 'factory']);

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  country: text('country'),
  description: text('description'),
  logoUrl: text('logo_url'),
  /** The marketplace's store id for stores imported products come from. */
  marketplaceStoreId: text('marketplace_store_id').unique('stores_marketplace_store_id_unique'),
  status: storeStatus('status').notNull().default('active'),
  kind: storeKind('kind').notNull().default('vendor'),
  /** A store is also the vendor account that signs in to the vendor panel. */
  tokenVersion: integer('token_version').notNull().default(1),
  /** Set for vendors who applied to sell; marketplace and factory stores have no sign-in. */
  passwordHash: text('password_hash'),
  address: text('address'),
  /** Why staff rejected the application (shown to the applicant when signing in). */
  reviewNote: text('review_note'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  /** The store's commission on this vendor's sales (1000 = 10%); null takes System Settings' default. */
  commissionBasisPoints: integer('commission_basis_points'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
