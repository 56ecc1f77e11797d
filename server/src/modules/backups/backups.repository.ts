import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backups } from '../../db/schema.ts';
import { type ActivityEntry, withActivity } from '../activity/index.ts';
import { readStoreSettings, writeStoreSettings } from '../settings/index.ts';
import { readSnapshot, restoreSnapshot, takeSnapshot } from './backups.snapshot.ts';

export type BackupTrigger = (typeof backups.$inferSelect)['trigger'];

/** What a list shows: everything but the data. */
const summary = {
  id: backups.id,
  createdAt: backups.createdAt,
  trigger: backups.trigger,
  createdBy: backups.createdBy,
  schemaVersion: backups.schemaVersion,
  sizeBytes: backups.sizeBytes,
  rowCount: backups.rowCount,
};

export type BackupSummary = Omit<typeof backups.$inferSelect, 'data'>;

export async function listBackups(db: Database): Promise<BackupSummary[]> {
  return db.select(summary).from(backups).orderBy(desc(backups.createdAt));
}

export async function findBackupData(db: Database, id: string) {
  const [row] = await db
    .select({ ...summary, data: backups.data })
    .from(backups)
    .where(eq(backups.id, id));
  return row ?? null;
}

/** Stores a backup row; when staff made it, with the activity entry that records it (both, or neither). */
async function keepBackup(
  db: Database,
  values: typeof backups.$inferInsert,
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const insert = async (tx: Database) => {
    const [row] = await tx.insert(backups).values(values).returning(summary);
    if (!row) throw new Error('backup insert returned no row');
    return row;
  };
  return activity ? withActivity(db, insert, activity) : insert(db);
}

/** Takes a snapshot of the store now (in its own read-only transaction) and keeps it. */
export async function createBackup(
  db: Database,
  input: { trigger: BackupTrigger; createdBy: string },
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const snapshot = await takeSnapshot(db);
  return keepBackup(
    db,
    {
      trigger: input.trigger,
      createdBy: input.createdBy,
      schemaVersion: snapshot.schemaVersion,
      sizeBytes: snapshot.bytes.length,
      rowCount: snapshot.rowCount,
      data: snapshot.bytes,
    },
    activity,
  );
}

/** Keeps a backup file brought from elsewhere, once it is known to be a backup this store can restore. */
export async function keepUploadedBackup(
  db: Database,
  bytes: Buffer,
  createdBy: string,
  activity?: (backup: BackupSummary) => ActivityEntry,
): Promise<BackupSummary> {
  const document = await readSnapshot(bytes);
  const rowCount = Object.values(document.tables).reduce((sum, rows) => sum + rows.length, 0);
  return keepBackup(
    db,
    {
      trigger: 'Uploaded',
      createdBy,
      schemaVersion: document.schemaVersion,
      sizeBytes: bytes.length,
      rowCount,
      data: bytes,
    },
    activity,
  );
}

/** Restores a backup; when staff asked, with the entry that records it, written last in the restore's transaction. */
export async function restoreBackup(
  db: Database,
  data: Buffer,
  activity?: (restored: { rowCount: number }) => ActivityEntry,
): Promise<{ rowCount: number }> {
  const document = await readSnapshot(data);
  return activity
    ? withActivity(db, (tx) => restoreSnapshot(tx, document), activity)
    : restoreSnapshot(db, document);
}

export async function deleteBackup(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(backups).where(eq(backups.id, id)).returning({ id: backups.id });
  return deleted.length > 0;
}

/** Removes scheduled backups beyond the newest `keep`; manual and uploaded ones stay until staff delete them. */
export async function pruneScheduledBackups(db: Database, keep: number): Promise<number> {
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
    .returning({ id: backups.id });
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
