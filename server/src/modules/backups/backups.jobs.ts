import type { Database } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { createBackup, pruneScheduledBackups, readBackupSchedule } from './backups.repository.ts';
import type { ExportStore } from './backups.store.ts';

export const SCHEDULED_BACKUP = 'backup.scheduled';

/** Every night at 02:00 UTC, when staff keep the schedule on: an export, then the oldest scheduled ones beyond the retention go. */
export function scheduledBackupJob(deps: { db: Database; store: ExportStore }): JobDefinition {
  return {
    name: SCHEDULED_BACKUP,
    cron: '0 2 * * *',
    retryLimit: 2,
    expireInSeconds: 60 * 60,
    run: async () => {
      const schedule = await readBackupSchedule(deps.db);
      if (!schedule.enabled) return { skipped: true };
      const backup = await createBackup(deps.db, deps.store, { trigger: 'Scheduled', createdBy: 'Schedule' });
      const removed = await pruneScheduledBackups(deps.db, deps.store, schedule.retention);
      return { backup: backup.id, sizeBytes: backup.sizeBytes, removed };
    },
  };
}
