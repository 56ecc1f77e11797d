import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/** Where the queue keeps its tables, apart from the store's own (pg-boss creates and migrates them). */
export const JOBS_SCHEMA = 'jobs';

export interface JobDefinition {
  name: string;
  /** A cron expression (UTC, minute resolution): one instance of however many enqueues the job each time. */
  cron?: string;
  /** Tries after the first before the job is kept as failed. */
  retryLimit?: number;
  /** The first retry's delay; each next one waits about twice as long. */
  retryDelaySeconds?: number;
  /** A run taking longer is taken as lost and tried again. */
  expireInSeconds?: number;
  /**
   * Runs soon after `due` answers true, which each instance asks every `everySeconds` (besides any cron): for work
   * that should not wait for a schedule. The queue then keeps at most one run waiting and one running.
   */
  wake?: { everySeconds: number; due(): Promise<boolean> };
  run(data: Record<string, unknown>): Promise<unknown>;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobQueue {
  /** Enqueues a run now (besides its schedule); answers the job's id. */
  send(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Waits for runs under way, then stops fetching. The database stays open (it is the caller's). */
  stop(): Promise<void>;
}

/**
 * Background work kept in the store's database with pg-boss: jobs survive restarts, a job is fetched by one
 * instance only (`FOR UPDATE SKIP LOCKED`), failures are retried with backoff, and cron schedules fire once per
 * slot however many instances run. It goes through the store's own connection (PGlite or the pool), so the
 * embedded database needs no other service.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  jobs: JobDefinition[],
  options: { log: JobLog; pollingIntervalSeconds?: number; schedule?: boolean },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.execute(text, values) },
    schema: JOBS_SCHEMA,
    schedule: options.schedule ?? true,
    supervise: true,
  });
  boss.on('error', (error) => options.log.warn({ err: error }, 'job queue problem'));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      ...(job.wake ? { policy: 'stately' as const } : {}),
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    });
    const worker = await boss.work<Record<string, unknown>>(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
      async ([next]) => {
        if (!next) return;
        try {
          const result = await job.run(next.data ?? {});
          options.log.info({ job: job.name, id: next.id, result }, 'job done');
          return result;
        } catch (error) {
          options.log.warn({ job: job.name, id: next.id, err: error }, 'job failed; it will be tried again');
          throw error;
        }
      },
    );
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name);
    const { wake } = job;
    if (wake) {
      let looking = false;
      const timer = setInterval(() => {
        if (looking) return;
        looking = true;
        wake
          .due()
          .then(async (due) => {
            // A second waiting run is refused by the queue's policy (send answers null): nothing piles up.
            if (due && (await boss.send(job.name, {}))) boss.notifyWorker(worker);
          })
          .catch((error: unknown) => options.log.warn({ job: job.name, err: error }, 'job wake-up failed'))
          .finally(() => {
            looking = false;
          });
      }, wake.everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    }
  }

  return {
    send: (name, data = {}) => boss.send(name, data),
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}
