// The activity module's entry: other modules import only this file, and write the log only through it.
export type { ActivityRow } from './activity.list.repository.ts';
export {
  type ActivityEntry,
  announceActivity,
  insertActivity,
  recordFailedAttempt,
  requestOrigin,
  withActivity,
} from './activity.repository.ts';
export { toActivityLog } from './activity.view.ts';
export { staffActivity } from './staff-activity.ts';
