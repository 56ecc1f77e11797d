import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Folders of the File & Media Manager; the three the store starts with cannot be removed. */
export const mediaFolders = pgTable('media_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('media_folders_name_unique'),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});

/** Every file uploaded to the store: the bytes live in the media store under `storedName`. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => mediaFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull().unique('media_files_stored_name_unique'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_files_folder_idx').on(t.folderId, t.createdAt)],
);
