import { Readable } from 'node:stream';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backups } from '../../db/schema.ts';
import { type ActivityEntry, withActivity } from '../activity/index.ts';
import { readStoreSettings, writeStoreSettings } from '../settings/index.ts';
import { readExport, restoreSnapshot, streamSnapshot } from './backups.snapshot.ts';
import { type ExportStore, newExportKey } from './backups.store.ts';

export type BackupTrigger = (typeof backups.$inferSelect)['trigger'];

/** What a list shows: everything but the file. */
const summary = {
  id: backups.id,
  createdAt: backups.createdAt,
  trigger: backups.trigger,
  createdBy: backups.createdBy,
  schemaVersion: backups.schemaVersion,
  sizeBytes: backups.sizeBytes,
  rowCount: backups.rowCount,
  storageKey: backups.storageKey,
};

export type BackupSummary = Omit<typeof backups.$inferSelect, 'data'>;

export async function listBackups(db: Database): Promise<BackupSummary[]> {
  return db.select(summary).from(backups).orderBy(desc(backups.createdAt));
}

export async function findBackup(db: Database, id: string): Promise<BackupSummary | null> {
  const [row] = await db.select(summary).from(backups).where(eq(backups.id, id));
  return row ?? null;
}

/**
 * An export's file as a stream: from the uploads store, or, for one taken before exports moved there, from the
 * bytes kept in its row. Null when the file is gone.
 */
export async function openBackupFile(
  db: Database,
  store: ExportStore,
  backup: BackupSummary,
): Promise<Readable | null> {
  if (backup.storageKey) return store.get(backup.storageKey);
  const [row] = await db.select({ data: backups.data }).from(backups).where(eq(backups.id, backup.id));
  return row?.data ? Readable.from([row.data]) : null;
}

/**
 * Keeps an export's row for a file already in the store; when staff made it, with the activity entry that
 * records it (both, or neither). Without the row the file would be kept for nobody: it is removed.
 */
async function keepBackup(
  db: Database,
  store: ExportStore,
  values: typeof backups.$inferInsert & { storageKey: string },
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const insert = async (tx: Database) => {
    const [row] = await tx.insert(backups).values(values).returning(summary);
    if (!row) throw new Error('backup insert returned no row');
    return row;
  };
  try {
    return await (activity ? withActivity(db, insert, activity) : insert(db));
  } catch (error) {
    await store.remove(values.storageKey);
    throw error;
  }
}

/** Streams an export of the store now (in its own read-only transaction) into the uploads store and keeps it. */
export async function createBackup(
  db: Database,
  store: ExportStore,
  input: { trigger: BackupTrigger; createdBy: string },
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const storageKey = newExportKey();
  const taken = await streamSnapshot(db, (gzipped) => store.put(storageKey, gzipped)).catch(
    async (error: unknown) => {
      await store.remove(storageKey);
      throw error;
    },
  );
  return keepBackup(
    db,
    store,
    {
      trigger: input.trigger,
      createdBy: input.createdBy,
      schemaVersion: taken.schemaVersion,
      sizeBytes: taken.result,
      rowCount: taken.rowCount,
      storageKey,
    },
    activity,
  );
}

/**
 * Keeps an export file brought from elsewhere: streamed into the uploads store, then read back as a stream to
 * check it is an export this store can restore (and count its rows); refused, it is removed again.
 */
export async function keepUploadedBackup(
  db: Database,
  store: ExportStore,
  file: Readable,
  createdBy: string,
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const storageKey = newExportKey();
  const checked = await (async () => {
    const sizeBytes = await store.put(storageKey, file);
    const stored = await store.get(storageKey);
    if (!stored) throw new Error('the uploaded export is not in the store');
    const contents = await readExport(stored, async () => {});
    return { sizeBytes, contents };
  })().catch(async (error: unknown) => {
    await store.remove(storageKey);
    throw error;
  });
  return keepBackup(
    db,
    store,
    {
      trigger: 'Uploaded',
      createdBy,
      schemaVersion: checked.contents.head.schemaVersion,
      sizeBytes: checked.sizeBytes,
      rowCount: checked.contents.rowCount,
      storageKey,
    },
    activity,
  );
}

/** Restores an export read as a stream; when staff asked, with the entry that records it, written last in the restore's transaction. */
export async function restoreBackup(
  db: Database,
  file: Readable,
  activity?: (restored: { rowCount: number }) => ActivityEntry,
): Promise<{ rowCount: number }> {
  return activity ? withActivity(db, (tx) => restoreSnapshot(tx, file), activity) : restoreSnapshot(db, file);
}

/** Deletes an export's row; answers where its file is kept (to remove once the deletion is committed), or null when there was none. */
export async function deleteBackup(db: Database, id: string): Promise<{ storageKey: string | null } | null> {
  const [deleted] = await db
    .delete(backups)
    .where(eq(backups.id, id))
    .returning({ storageKey: backups.storageKey });
  return deleted ?? null;
}

/** Removes scheduled exports beyond the newest `keep`, files too; manual and uploaded ones stay until staff delete them. */
export async function pruneScheduledBackups(db: Database, store: ExportStore, keep: number): Promise<number> {
  const newest = await db
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.trigger, 'Scheduled'))
    .orderBy(desc(backups.createdAt))
    .limit(keep);
  const removed = await db
    .delete(backups)
    .where(
      and(
        eq(backups.trigger, 'Scheduled'),
        newest.length > 0
          ? notInArray(
              backups.id,
              newest.map((row) => row.id),
            )
          : undefined,
      ),
    )
    .returning({ storageKey: backups.storageKey });
  for (const { storageKey } of removed) {
    if (storageKey) await store.remove(storageKey);
  }
  return removed.length;
}

export async function readBackupSchedule(db: Database) {
  const settings = await readStoreSettings(db);
  return { enabled: settings.backupScheduleEnabled, retention: settings.backupRetention };
}

export async function writeBackupSchedule(db: Database, changes: { enabled?: boolean; retention?: number }) {
  const settings = await writeStoreSettings(db, {
    ...(changes.enabled !== undefined ? { backupScheduleEnabled: changes.enabled } : {}),
    ...(changes.retention !== undefined ? { backupRetention: changes.retention } : {}),
  });
  return { enabled: settings.backupScheduleEnabled, retention: settings.backupRetention };
}
