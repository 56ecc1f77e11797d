// The backups module's entry for other code; its handlers are wired in service.ts.
export { scheduledBackupJob } from './backups.jobs.ts';
