import type { JobDefinition } from '../../jobs/job-queue.ts';
import { type ReminderDeps, remindersDue, sendCartReminders } from './carts.recovery.ts';

export const CART_REMINDERS = 'carts.reminders';

/**
 * Every minute, the reminders of left carts that are due go to the outbox (each at most once per cart version); a
 * run without due carts is one indexed query. A delay under a minute (a demonstration, the browser journeys) is
 * finer than the schedule, so due carts are then also looked for every 5 seconds.
 */
export function cartRemindersJob(deps: ReminderDeps): JobDefinition {
  return {
    name: CART_REMINDERS,
    cron: '* * * * *',
    retryLimit: 1,
    ...(deps.firstAfterMinutes < 1 ? { wake: { everySeconds: 5, due: () => remindersDue(deps) } } : {}),
    run: () => sendCartReminders(deps),
  };
}
