import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Reports staff generate on Analytics & Reports: a CSV file over a date range, kept for downloading. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['sales-by-day', 'sales-by-product', 'sales-by-country', 'refunds', 'disputes'],
    }).notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['Ready', 'Failed'] }).notNull(),
    rowCount: integer('row_count').notNull().default(0),
    csv: text('csv').notNull().default(''),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reports_created_at_idx').on(t.createdAt)],
);
