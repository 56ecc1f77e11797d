import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { supplierParcels } from '../forwarding/forwarding.schema.ts';
import { orders, refunds } from '../order-lifecycle/order-lifecycle.schema.ts';
import { admins } from '../security/security.schema.ts';

/** `damaged` covers "not as described" too: both are judged from the shopper's photos. */
export const parcelClaimKind = pgEnum('parcel_claim_kind', ['never_arrived', 'damaged']);
export const parcelClaimStatus = pgEnum('parcel_claim_status', ['open', 'refunded', 'reshipped', 'rejected']);

/**
 * A shopper's claim on one supplier parcel: it never arrived, or arrived damaged. Staff settle it with a refund or a
 * reshipment (the goods are never asked back) or reject it; the supplier's dispute is opened through the
 * marketplace adapter and its answer kept here.
 */
export const parcelClaims = pgTable(
  'parcel_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => supplierParcels.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: parcelClaimKind('kind').notNull(),
    description: text('description').notNull(),
    status: parcelClaimStatus('status').notNull().default('open'),
    /** Staff's note to the shopper when settling or rejecting. */
    staffNote: text('staff_note'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    reshipParcelId: uuid('reship_parcel_id').references(() => supplierParcels.id, { onDelete: 'set null' }),
    resolvedByAdminId: uuid('resolved_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The supplier's dispute: null until the marketplace took it. */
    disputeId: text('dispute_id'),
    /** `open`, `accepted`, `refused` or `closed`, as the marketplace last answered. */
    disputeStatus: text('dispute_status').$type<'open' | 'accepted' | 'refused' | 'closed'>(),
    supplierAnswer: text('supplier_answer'),
    /** Why the dispute could not be opened or read the last time; cleared when it works. */
    disputeError: text('dispute_error'),
    disputeAttempts: integer('dispute_attempts').notNull().default(0),
    disputeCheckedAt: timestamp('dispute_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parcel_claims_order_idx').on(t.orderId),
    index('parcel_claims_status_idx').on(t.status, t.createdAt),
    // One open claim per parcel, even when two arrive at once.
    uniqueIndex('parcel_claims_one_open').on(t.parcelId).where(sql`${t.status} = 'open'`),
  ],
);

/** A photo the shopper added to a claim (at most five), stored like review photos under `storedName`. */
export const parcelClaimPhotos = pgTable(
  'parcel_claim_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => parcelClaims.id, { onDelete: 'cascade' }),
    storedName: text('stored_name').notNull().unique('parcel_claim_photos_stored_name_unique'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parcel_claim_photos_claim_idx').on(t.claimId, t.createdAt)],
);
