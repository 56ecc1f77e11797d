import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Backups of the store's data (Backup & Restore): a gzipped JSON snapshot of every table but these, kept in the
 * database so every instance can serve and restore them. Not in any foreign key, so restoring leaves them be.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    trigger: text('trigger', { enum: ['Manual', 'Scheduled', 'Uploaded'] }).notNull(),
    createdBy: text('created_by').notNull(),
    /** The last migration applied when it was taken: only a store at that version can restore it. */
    schemaVersion: text('schema_version').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    rowCount: integer('row_count').notNull(),
    /** Where the export's gzipped file is kept in the uploads store (S3 when configured). */
    storageKey: text('storage_key'),
    /** Exports taken before they moved to the uploads store keep their bytes here. */
    data: bytea('data'),
  },
  (t) => [index('backups_created_at_idx').on(t.createdAt)],
);
