import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { uploadedFile } from '../media/index.ts';
import {
  type BackupSummary,
  createBackup,
  deleteBackup,
  findBackupData,
  keepUploadedBackup,
  listBackups,
  readBackupSchedule,
  restoreBackup,
  writeBackupSchedule,
} from './backups.repository.ts';
import { BackupRejection, NOT_A_BACKUP } from './backups.snapshot.ts';

export const BACKUP_CREATED = 'Backup created!';
export const SELECT_A_FILE = 'Please select a file to import.';
export const BACKUP_NOT_FOUND = 'Backup not found.';
export const BACKUP_TOO_LARGE = 'The backup file is larger than 200 MB.';
export const restoredFrom = (backup: BackupSummary) =>
  `The store was restored from the backup of ${backup.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;

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
  `shop-backup-${createdAt.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.json.gz`;

function fromRejection(error: unknown): never {
  if (error instanceof BackupRejection) {
    throw error.message === NOT_A_BACKUP ? unprocessable(error.message) : conflict(error.message);
  }
  throw error;
}

/** Backup & Restore: real snapshots of the store's data, kept in the database. */
export function createBackupHandlers(deps: { db: Database }) {
  const { db } = deps;
  return {
    listBackups: operation('listBackups', async (request) => {
      requireStaff(request);
      return { success: true, data: (await listBackups(db)).map(toBackup) };
    }),

    createBackup: operation('createBackup', async (request, reply) => {
      const staff = requireStaff(request);
      const backup = await createBackup(db, { trigger: 'Manual', createdBy: staff.name }, (created) =>
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
      // The contract's multipart body has no JSON type; media.multipart.ts put the file part here.
      const file = uploadedFile((request.body as Record<string, unknown> | undefined)?.file);
      if (!file || file.bytes.length === 0) throw badRequest(SELECT_A_FILE);
      if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', BACKUP_TOO_LARGE);
      const backup = await keepUploadedBackup(db, file.bytes, staff.name, (kept) =>
        staffActivity(request, staff, {
          action: 'backup.upload',
          target: `backup:${kept.id}`,
          details: { name: file.filename, sizeBytes: kept.sizeBytes },
        }),
      ).catch(fromRejection);
      void reply.code(201);
      return { success: true, message: 'Backup uploaded.', data: toBackup(backup) };
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
      await withActivity(
        db,
        async (tx) => {
          if (!(await deleteBackup(tx, request.params.id))) throw notFound(BACKUP_NOT_FOUND);
        },
        staffActivity(request, staff, { action: 'backup.delete', target: `backup:${request.params.id}` }),
      );
      return { success: true, message: 'Backup deleted.' };
    }),

    downloadBackup: operation('downloadBackup', async (request, reply) => {
      requireStaff(request);
      const backup = await findBackupData(db, request.params.id);
      if (!backup) throw notFound(BACKUP_NOT_FOUND);
      return reply
        .header('content-disposition', `attachment; filename="${fileName(backup.createdAt)}"`)
        .header('cache-control', 'no-store')
        .type('application/gzip')
        .send(backup.data) as never;
    }),

    restoreBackup: operation('restoreBackup', async (request) => {
      const staff = requireStaff(request);
      const backup = await findBackupData(db, request.params.id);
      if (!backup) throw notFound(BACKUP_NOT_FOUND);
      // Written last in the restore's transaction, so the restored activity log ends with it.
      await restoreBackup(db, backup.data, (restored) =>
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
