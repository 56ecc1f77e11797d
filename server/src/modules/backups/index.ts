// The backups module's entry for other code; its handlers are wired in service.ts.
export { scheduledBackupJob } from './backups.jobs.ts';
export { type ExportStore, exportStore } from './backups.store.ts';
