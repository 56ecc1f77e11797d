import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPostgresDatabase, type DatabaseHandle } from '../db/client.ts';
import {
  apiCallLogs,
  idempotencyKeys,
  loginAttempts,
  orderForwardings,
  orderStatusHistory,
  orders,
  sessions,
  supplierParcels,
} from '../db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency.ts';
import { trackForwardedOrdersJob } from '../modules/forwarding/forwarding.jobs.ts';
import { createFixtureMarketplace } from '../modules/marketplace/fixture-marketplace.ts';
import { insertTestOrder } from '../modules/refunds/refunds.fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { testConfig } from '../test/test-config.ts';
import { API_LOG_KEEP_MS, CLEAN_UP, cleanUpJob, ENDED_SESSION_KEEP_MS } from './clean-up.ts';
import { JOBS_SCHEMA, type JobDefinition, type JobQueue, startJobQueue } from './job-queue.ts';

const quiet = { info: () => {}, warn: () => {} };
const DAY_MS = 24 * 60 * 60 * 1000;

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobStates(handle: DatabaseHandle, name: string): Promise<Record<string, number>> {
  const { rows } = await handle.execute(
    `select state, count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 group by state`,
    [name],
  );
  return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.n)]));
}

describe('the job queue in the store database', () => {
  let database: TestDatabase;
  /** A second connection to the same database, as a second instance has (PGlite has one connection). */
  let other: DatabaseHandle;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    other = database.url ? createPostgresDatabase(database.url, { max: 2 }) : database.handle;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    if (other !== database.handle) await other.close();
    await database.drop();
  });

  async function start(handle: DatabaseHandle, jobs: JobDefinition[], pollingIntervalSeconds = 0.5) {
    const queue = await startJobQueue(handle, jobs, { log: quiet, pollingIntervalSeconds });
    queues.push(queue);
    return queue;
  }

  it('runs each job once however many instances work the queue', async () => {
    const runs: number[] = [];
    const counting = (): JobDefinition => ({
      name: 'test.count',
      run: async (data) => {
        runs.push(Number(data.n));
      },
    });
    const first = await start(database.handle, [counting()]);
    await start(other, [counting()]);
    for (let n = 0; n < 30; n++) await first.send('test.count', { n });
    await until(async () => (await jobStates(database.handle, 'test.count')).completed === 30);
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('keeps a job sent before a restart and runs it after', async () => {
    const runs: string[] = [];
    const job = (): JobDefinition => ({
      name: 'test.persisted',
      run: async (data) => {
        runs.push(String(data.note));
      },
    });
    // Polling once an hour: after its first look this instance leaves the job waiting, as if it had stopped.
    const before = await startJobQueue(database.handle, [job()], {
      log: quiet,
      pollingIntervalSeconds: 3600,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await before.send('test.persisted', { note: 'kept' });
    await before.stop();
    expect(await jobStates(database.handle, 'test.persisted')).toEqual({ created: 1 });
    expect(runs).toEqual([]);

    await start(other, [job()]);
    await until(() => runs.length === 1);
    expect(runs).toEqual(['kept']);
  });

  it('tries a failed job again until it succeeds', async () => {
    let tries = 0;
    const queue = await start(database.handle, [
      {
        name: 'test.flaky',
        retryLimit: 3,
        retryDelaySeconds: 1,
        run: async () => {
          tries += 1;
          if (tries < 3) throw new Error('the supplier did not answer');
        },
      },
    ]);
    await queue.send('test.flaky');
    await until(async () => (await jobStates(database.handle, 'test.flaky')).completed === 1, 30_000);
    expect(tries).toBe(3);
  });

  it('keeps one schedule per job however many instances start', async () => {
    const scheduled = (): JobDefinition => ({ name: 'test.hourly', cron: '5 * * * *', run: async () => {} });
    await start(database.handle, [scheduled()]);
    await start(other, [scheduled()]);
    const { rows } = await database.handle.execute(
      `select name, cron, timezone from ${JOBS_SCHEMA}.schedule where name = 'test.hourly'`,
    );
    expect(rows).toEqual([{ name: 'test.hourly', cron: '5 * * * *', timezone: 'UTC' }]);
  });
});

describe('the store’s background jobs', () => {
  it('are started with the server and scheduled', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ backgroundJobs: true }), db: database.handle });
    try {
      await app.ready();
      const { rows } = await database.handle.execute(
        `select name, cron from ${JOBS_SCHEMA}.schedule order by name`,
      );
      expect(rows).toEqual([
        { name: 'backup.scheduled', cron: '0 2 * * *' },
        { name: 'carts.reminders', cron: '* * * * *' },
        // Each claim's supplier dispute, asked about hourly.
        { name: 'claims.follow-disputes', cron: '41 * * * *' },
        { name: 'courier.track', cron: '43 * * * *' },
        { name: 'currency.refresh', cron: '15 4 * * *' },
        { name: 'forwarding.auto', cron: '* * * * *' },
        // Every minute; each parcel is asked about at the store's cadence (15 minutes by default).
        { name: 'forwarding.track', cron: '* * * * *' },
        { name: CLEAN_UP, cron: '40 3 * * *' },
        { name: 'marketplace.sync', cron: '5 * * * *' },
        { name: 'payments.abandoned-checkouts', cron: '*/5 * * * *' },
        { name: 'suppliers.health', cron: '*/15 * * * *' },
      ]);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('ship forwarded orders the supplier has shipped, and leave the others', async () => {
    const database = await createTestDatabase();
    const db = database.handle.db;
    try {
      const forwarded = await insertTestOrder(db, { status: 'Processing' });
      const unknownToSupplier = await insertTestOrder(db, { status: 'Processing' });
      const pending = await insertTestOrder(db, { status: 'Confirmed' });
      await db.insert(orderForwardings).values([
        { orderId: forwarded.id, status: 'Forwarded', aeOrderId: '8000000000000042', attempts: 1 },
        { orderId: unknownToSupplier.id, status: 'Forwarded', aeOrderId: 'not-an-order', attempts: 1 },
        { orderId: pending.id, status: 'Pending', attempts: 0 },
      ]);
      // Each order ships in one parcel: tracking asks about parcels.
      await db.insert(supplierParcels).values([
        {
          orderId: forwarded.id,
          number: 1,
          status: 'Forwarded',
          aeOrderId: '8000000000000042',
          placedAt: new Date(),
        },
        {
          orderId: unknownToSupplier.id,
          number: 1,
          status: 'Forwarded',
          aeOrderId: 'not-an-order',
          placedAt: new Date(),
        },
        { orderId: pending.id, number: 1, status: 'Pending' },
      ]);
      const job = trackForwardedOrdersJob({
        db,
        marketplace: createFixtureMarketplace({ publicUrl: 'http://localhost:3000' }),
        spacingMs: 0,
      });

      expect(await job.run({})).toMatchObject({ asked: 2, shipped: 1, failed: 1 });

      const [shipped] = await db.select().from(orders).where(eq(orders.id, forwarded.id));
      expect(shipped).toMatchObject({
        status: 'Shipped',
        carrier: 'Cainiao',
        trackingNumber: 'LP00000000000042',
      });
      const history = await db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, forwarded.id));
      expect(history.map((row) => [row.status, row.actorType])).toContainEqual(['Shipped', 'system']);
      const [failed] = await db
        .select()
        .from(orderForwardings)
        .where(eq(orderForwardings.orderId, unknownToSupplier.id));
      expect(failed?.status).toBe('Forwarded');
      expect(failed?.syncLog.at(-1)).toMatchObject({ type: 'error' });
      const [untouched] = await db.select().from(orders).where(eq(orders.id, pending.id));
      expect(untouched?.status).toBe('Confirmed');

      // A run within the store's cadence (15 minutes) asks nothing; the next one asks again about both (the shipped
      // parcel for its carrier's news until it is delivered).
      expect(await job.run({})).toMatchObject({ asked: 0 });
      const later = trackForwardedOrdersJob({
        db,
        marketplace: createFixtureMarketplace({ publicUrl: 'http://localhost:3000' }),
        spacingMs: 0,
        now: () => new Date(Date.now() + 16 * 60_000),
      });
      expect(await later.run({})).toMatchObject({ asked: 2, failed: 1 });
    } finally {
      await database.drop();
    }
  });

  it('clean up what no request reads again, and keep the rest', async () => {
    const database = await createTestDatabase();
    const db = database.handle.db;
    const now = new Date('2026-11-24T03:40:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    try {
      await db.insert(idempotencyKeys).values([
        {
          scope: 'customer:a:placeOrder',
          key: 'old',
          requestHash: 'h',
          createdAt: ago(IDEMPOTENCY_TTL_MS + 1000),
        },
        { scope: 'customer:a:placeOrder', key: 'fresh', requestHash: 'h', createdAt: ago(60_000) },
      ]);
      await db.insert(loginAttempts).values([
        { key: 'account:old', at: ago(DAY_MS) },
        { key: 'account:fresh', at: ago(60_000) },
      ]);
      const account = '00000000-0000-4000-8000-000000000001';
      await db.insert(sessions).values([
        { actorType: 'customer', accountId: account, expiresAt: ago(ENDED_SESSION_KEEP_MS + DAY_MS) },
        { actorType: 'customer', accountId: account, expiresAt: ago(DAY_MS) },
        { actorType: 'customer', accountId: account, expiresAt: new Date(now.getTime() + DAY_MS) },
      ]);

      await db.insert(apiCallLogs).values([
        {
          service: 'courier',
          call: 'status',
          outcome: 'error',
          message: 'timeout',
          durationMs: 10_000,
          at: ago(API_LOG_KEEP_MS + DAY_MS),
        },
        {
          service: 'marketplace',
          call: 'getProduct 1',
          outcome: 'success',
          message: 'ok',
          durationMs: 80,
          at: ago(DAY_MS),
        },
      ]);

      const result = await cleanUpJob({ db, now: () => now }).run({});

      expect(result).toEqual({ idempotencyKeys: 1, loginAttempts: 1, sessions: 1, apiCalls: 1 });
      expect((await db.select().from(apiCallLogs)).map((row) => row.call)).toEqual(['getProduct 1']);
      expect((await db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['fresh']);
      expect((await db.select().from(loginAttempts)).map((row) => row.key)).toEqual(['account:fresh']);
      expect(await db.select().from(sessions)).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
