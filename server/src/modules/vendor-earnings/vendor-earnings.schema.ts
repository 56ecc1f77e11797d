import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';
import { orderItems, orders, refunds } from '../order-lifecycle/order-lifecycle.schema.ts';

export const vendorLedgerKind = pgEnum('vendor_ledger_kind', [
  'sale',
  'commission',
  'refund',
  'commission_reversal',
  'payout',
]);

/**
 * A vendor's earnings as a ledger: every change is a row, the balance is their sum. Amounts are signed USD minor
 * units (sales and reversed commission add, commission, refunds and payouts subtract); the order line's own
 * amount and currency are kept beside them for the vendor's statement.
 */
export const vendorLedger = pgTable(
  'vendor_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: vendorLedgerKind('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    orderAmountMinor: bigint('order_amount_minor', { mode: 'number' }),
    orderCurrency: text('order_currency'),
    commissionBasisPoints: integer('commission_basis_points'),
    /** A payout's bank or transfer reference. */
    reference: text('reference'),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_ledger_store_idx').on(t.storeId, t.createdAt),
    uniqueIndex('vendor_ledger_line_once')
      .on(t.orderItemId, t.kind)
      .where(sql`${t.refundId} IS NULL AND ${t.kind} IN ('sale', 'commission')`),
    uniqueIndex('vendor_ledger_refund_once')
      .on(t.refundId, t.orderItemId, t.kind)
      .where(sql`${t.refundId} IS NOT NULL`),
  ],
);
