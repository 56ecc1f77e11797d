import { createReadStream } from 'node:fs';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { spooledFile } from '../media/index.ts';
import {
  type BackupSummary,
  createBackup,
  deleteBackup,
  findBackup,
  keepUploadedBackup,
  listBackups,
  openBackupFile,
  readBackupSchedule,
  restoreBackup,
  writeBackupSchedule,
} from './backups.repository.ts';
import { BackupRejection, NOT_A_BACKUP } from './backups.snapshot.ts';
import type { ExportStore } from './backups.store.ts';

/** The spec's words (Backup & Restore); the rest of this feature says what it is: an export of the store's data. */
export const BACKUP_CREATED = 'Backup created!';
export const SELECT_A_FILE = 'Please select a file to import.';
export const BACKUP_NOT_FOUND = 'Export not found.';
export const FILE_GONE = 'The file of this export is no longer in the uploads store.';
export const BACKUP_TOO_LARGE = 'The export file is larger than 200 MB.';
export const restoredFrom = (backup: BackupSummary) =>
  `The store was restored from the export of ${backup.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;

const toBackup = (row: BackupSummary) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  trigger: row.trigger,
  createdBy: row.createdBy,
  schemaVersion: row.schemaVersion,
  sizeBytes: row.sizeBytes,
  rowCount: row.rowCount,
});

const fileName = (createdAt: Date) =>
  `shop-export-${createdAt.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.json.gz`;

function fromRejection(error: unknown): never {
  if (error instanceof BackupRejection) {
    throw error.message === NOT_A_BACKUP ? unprocessable(error.message) : conflict(error.message);
  }
  throw error;
}

/** Backup & Restore: exports of the store's data, kept as files in the uploads store (not database backups). */
export function createBackupHandlers(deps: { db: Database; store: ExportStore }) {
  const { db, store } = deps;

  /** The export and its file, or 404. */
  const openFile = async (id: string) => {
    const backup = await findBackup(db, id);
    if (!backup) throw notFound(BACKUP_NOT_FOUND);
    const file = await openBackupFile(db, store, backup);
    if (!file) throw notFound(FILE_GONE);
    return { backup, file };
  };

  return {
    listBackups: operation('listBackups', async (request) => {
      requireStaff(request);
      return { success: true, data: (await listBackups(db)).map(toBackup) };
    }),

    createBackup: operation('createBackup', async (request, reply) => {
      const staff = requireStaff(request);
      const backup = await createBackup(db, store, { trigger: 'Manual', createdBy: staff.name }, (created) =>
        staffActivity(request, staff, {
          action: 'backup.create',
          target: `backup:${created.id}`,
          details: { sizeBytes: created.sizeBytes, rows: created.rowCount },
        }),
      );
      void reply.code(201);
      return { success: true, message: BACKUP_CREATED, data: toBackup(backup) };
    }),

    uploadBackup: operation('uploadBackup', async (request, reply) => {
      const staff = requireStaff(request);
      // The contract's multipart body has no JSON type; media.multipart.ts spooled the file part to disk here.
      const file = spooledFile((request.body as Record<string, unknown> | undefined)?.file);
      if (!file || file.size === 0) throw badRequest(SELECT_A_FILE);
      if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', BACKUP_TOO_LARGE);
      const backup = await keepUploadedBackup(db, store, createReadStream(file.path), staff.name, (kept) =>
        staffActivity(request, staff, {
          action: 'backup.upload',
          target: `backup:${kept.id}`,
          details: { name: file.filename, sizeBytes: kept.sizeBytes },
        }),
      ).catch(fromRejection);
      void reply.code(201);
      return { success: true, message: 'Export uploaded.', data: toBackup(backup) };
    }),

    getBackupSchedule: operation('getBackupSchedule', async (request) => {
      requireStaff(request);
      return { success: true, data: await readBackupSchedule(db) };
    }),

    updateBackupSchedule: operation('updateBackupSchedule', async (request) => {
      const staff = requireStaff(request);
      const { after } = await withActivity(
        db,
        async (tx) => ({
          before: await readBackupSchedule(tx),
          after: await writeBackupSchedule(tx, request.body),
        }),
        (change) =>
          staffActivity(request, staff, {
            action: 'backup.schedule',
            target: 'settings:backups',
            details: change,
          }),
      );
      return { success: true, message: 'Schedule saved.', data: after };
    }),

    deleteBackup: operation('deleteBackup', async (request) => {
      const staff = requireStaff(request);
      const deleted = await withActivity(
        db,
        async (tx) => {
          const row = await deleteBackup(tx, request.params.id);
          if (!row) throw notFound(BACKUP_NOT_FOUND);
          return row;
        },
        staffActivity(request, staff, { action: 'backup.delete', target: `backup:${request.params.id}` }),
      );
      // Once the row is gone for good; a file left behind is only space, so a failure is logged, not answered.
      if (deleted.storageKey) {
        await store
          .remove(deleted.storageKey)
          .catch((error: unknown) =>
            request.log.warn({ err: error, key: deleted.storageKey }, 'an export file was not removed'),
          );
      }
      return { success: true, message: 'Export deleted.' };
    }),

    downloadBackup: operation('downloadBackup', async (request, reply) => {
      requireStaff(request);
      const { backup, file } = await openFile(request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${fileName(backup.createdAt)}"`)
        .header('content-length', backup.sizeBytes)
        .header('cache-control', 'no-store')
        .type('application/gzip')
        .send(file) as never;
    }),

    restoreBackup: operation('restoreBackup', async (request) => {
      const staff = requireStaff(request);
      const { backup, file } = await openFile(request.params.id);
      // Written last in the restore's transaction, so the restored activity log ends with it.
      await restoreBackup(db, file, (restored) =>
        staffActivity(request, staff, {
          action: 'backup.restore',
          target: `backup:${backup.id}`,
          details: { takenAt: backup.createdAt.toISOString(), rows: restored.rowCount },
        }),
      ).catch(fromRejection);
      return { success: true, message: restoredFrom(backup) };
    }),
  };
}
