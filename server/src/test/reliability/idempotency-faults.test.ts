import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createPostgresDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { idempotencyKeys, orderItems, orders, productSkus } from '../../db/schema.ts';
import { insertTestProduct } from '../../modules/orders/orders.fixtures.ts';
import { bearer, type RegisteredShopper, registerShopper } from '../sessions.ts';
import { createTestDatabase, type TestDatabase } from '../test-app.ts';
import { TEST_TOKEN_SECRET, testConfig } from '../test-config.ts';
import {
  freePort,
  hasPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../throwaway-postgres.ts';

const ADDRESS = { full_name: 'Retry Shopper', address: 'Road 5', city: 'Dhaka', country: 'BD', zip: '1205' };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// In CI PostgreSQL 15 is installed (.ci/run): missing binaries there are a failure, not a skip.
const runnable = onPostgres && (hasPostgresBinaries() || process.env.CI === 'true');
/** Short, so a claim left by a lost attempt can be taken over within the test. */
const LEASE_MS = 1_500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type App = Awaited<ReturnType<typeof buildApp>>;
interface Answer {
  status: number;
  orderNumber?: string;
}
type Place = (key: string, shopper: RegisteredShopper, product: string) => Promise<Answer>;

interface Store {
  db: Database;
  app: App;
  shoppers: RegisteredShopper[];
  /** Two products, so some shoppers buy the same one at once. */
  products: string[];
}

async function prepare(db: Database, app: App, shopperCount: number): Promise<Store> {
  const products: string[] = [];
  for (const title of ['Retry Kettle', 'Retry Teapot']) {
    products.push(
      (
        await insertTestProduct(db, {
          title,
          skus: [{ skuId: 'FAULT', salePriceMinor: 12_00, stock: 10_000 }],
        })
      ).id,
    );
  }
  const shoppers: RegisteredShopper[] = [];
  for (let i = 0; i < shopperCount; i++) shoppers.push(await registerShopper(app));
  return { db, app, shoppers, products };
}

const orderBody = (product: string) => ({
  items: [{ product, sku_id: 'FAULT', quantity: 1 }],
  shippingAddress: ADDRESS,
  paymentMethod: 'Bank Transfer',
});

/** Placing an order through the app in this process. */
const placeIn =
  (app: App): Place =>
  async (key, shopper, product) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(shopper.token), 'idempotency-key': key },
      payload: orderBody(product),
    });
    return response.statusCode === 201
      ? { status: 201, orderNumber: response.json().data.orderNumber }
      : { status: response.statusCode };
  };

interface Attempt {
  key: string;
  shopper: RegisteredShopper;
  product: string;
}

const attemptsFor = (store: Store, prefix: string, count: number): Attempt[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `${prefix}-${i}`,
    shopper: store.shoppers[i % store.shoppers.length] as RegisteredShopper,
    product: store.products[i % store.products.length] as string,
  }));

/**
 * What a storefront does after an error: the same request with the same key until it is answered. Gives up after
 * `deadlineMs`, which is well past the lease: a key still unanswered then is stuck.
 */
async function retryUntilAnswered(
  place: Place,
  attempts: Attempt[],
  first: Map<string, Answer>,
  deadlineMs = 30_000,
): Promise<{ settled: Map<string, string>; unexpected: number[] }> {
  const settled = new Map<string, string>();
  const unexpected: number[] = [];
  for (const [key, answer] of first)
    if (answer.status === 201 && answer.orderNumber) settled.set(key, answer.orderNumber);
  const deadline = Date.now() + deadlineMs;
  while (settled.size < attempts.length && Date.now() < deadline) {
    for (const attempt of attempts.filter((a) => !settled.has(a.key))) {
      const answer = await place(attempt.key, attempt.shopper, attempt.product);
      if (answer.status === 201 && answer.orderNumber) settled.set(attempt.key, answer.orderNumber);
      // Still held by a lost attempt (409), or the database not back yet (503): retry shortly.
      else if (answer.status !== 409 && answer.status !== 503) unexpected.push(answer.status);
    }
    if (settled.size < attempts.length) await wait(250);
  }
  return { settled, unexpected };
}

/**
 * After the retries: every key answered, each by exactly one stored order, every order acknowledged during the
 * fault among them, stock taken once per order, and no key left claimed without an answer.
 */
async function expectExactlyOnce(
  store: Store,
  prefix: string,
  attempts: Attempt[],
  during: Map<string, Answer>,
  settled: Map<string, string>,
) {
  expect(settled.size, 'every key answered with an order').toBe(attempts.length);
  for (const [key, answer] of during) {
    if (answer.status === 201) expect(settled.get(key), `acknowledged ${key}`).toBe(answer.orderNumber);
  }
  const stored = await store.db
    .select({ orderNumber: orders.orderNumber, product: orderItems.productId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(inArray(orderItems.productId, store.products));
  expect(stored.length, 'one order per key, none twice').toBe(attempts.length);
  expect(new Set(stored.map((row) => row.orderNumber))).toEqual(new Set(settled.values()));
  for (const product of store.products) {
    const [sku] = await store.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(and(eq(productSkus.productId, product), eq(productSkus.skuId, 'FAULT')));
    expect(sku?.stock).toBe(10_000 - stored.filter((row) => row.product === product).length);
  }
  const stuck = await store.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(like(idempotencyKeys.key, `${prefix}-%`), isNull(idempotencyKeys.statusCode)));
  expect(stuck, 'no key left claimed without an answer').toEqual([]);
}

function report(fault: string, attempts: number, during: Map<string, Answer>) {
  const counts = new Map<number, number>();
  for (const answer of during.values()) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  const line = `${fault}: ${attempts} keys; during the fault ${[...counts].map(([s, n]) => `${n}×${s === 0 ? 'no answer' : s}`).join(', ')}; after retries every key has exactly one order`;
  console.log(line);
  if (process.env.RELIABILITY_FIGURES) appendFileSync(process.env.RELIABILITY_FIGURES, `${line}\n`);
}

/**
 * A retry with the same Idempotency-Key after any fault answers the order that exists or places it once
 * (docs/reliability.md): connections cut, the database server down for seconds, the API process killed.
 */
describe.skipIf(!runnable)('idempotency keys through faults (PostgreSQL)', () => {
  describe('every backend terminated three times during a burst of 120 orders', () => {
    let database: TestDatabase;
    let app: App;
    let admin: pg.Client;

    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildApp({ config: testConfig({ idempotencyLeaseMs: LEASE_MS }), db: database.handle });
      await app.ready();
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    }, 60_000);
    afterAll(async () => {
      await admin?.end();
      await app?.close();
      await database?.drop();
    });

    it('answers every key with exactly one order after retries', async () => {
      const store = await prepare(database.handle.db, app, 6);
      const [row] = await store.db
        .select({ name: sql<string>`current_database()` })
        .from(sql`(select 1) as one`);
      const attempts = attemptsFor(store, 'terminated', 120);
      const place = placeIn(app);
      const during = new Map<string, Answer>();
      const burst = Promise.all(
        attempts.map(async (a) => during.set(a.key, await place(a.key, a.shopper, a.product))),
      );
      for (const pause of [30, 60, 60]) {
        await wait(pause);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [row?.name],
        );
      }
      await burst;
      expect(
        [...during.values()].every((a) => a.status === 201 || a.status === 503 || a.status === 409),
      ).toBe(true);

      const { settled, unexpected } = await retryUntilAnswered(place, attempts, during);
      expect(unexpected).toEqual([]);
      await expectExactlyOnce(store, 'terminated', attempts, during, settled);
      report('backends terminated 3 times during 120 orders', attempts.length, during);
    }, 90_000);
  });

  describe('the database server stopped for 8 seconds under a stream of orders', () => {
    let server: ThrowawayPostgres;
    let database: DatabaseHandle;
    let app: App;

    beforeAll(async () => {
      server = await startThrowawayPostgres();
      database = createPostgresDatabase(server.url, { max: 4 });
      await database.migrate();
      app = await buildApp({ config: testConfig({ idempotencyLeaseMs: LEASE_MS }), db: database });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await server?.remove();
    });

    it('answers every key with exactly one order once the server is back', async () => {
      const store = await prepare(database.db, app, 4);
      const attempts = attemptsFor(store, 'stopped', 60);
      const place = placeIn(app);
      const during = new Map<string, Answer>();
      // Each shopper places its orders one after another while the server goes down and comes back.
      const streams = store.shoppers.map(async (shopper) => {
        for (const a of attempts.filter((x) => x.shopper === shopper)) {
          during.set(a.key, await place(a.key, a.shopper, a.product));
          await wait(100);
        }
      });
      await wait(300);
      await server.stop('fast');
      await wait(8_000);
      await server.start();
      await Promise.all(streams);
      expect([...during.values()].some((a) => a.status === 503)).toBe(true);

      const { settled, unexpected } = await retryUntilAnswered(place, attempts, during);
      expect(unexpected).toEqual([]);
      await expectExactlyOnce(store, 'stopped', attempts, during, settled);
      report('PostgreSQL stopped for 8 s under 60 orders', attempts.length, during);
    }, 120_000);
  });

  describe('the API process killed (SIGKILL) during a burst of orders', () => {
    let database: TestDatabase;
    let app: App;
    let child: ChildProcess | null = null;
    let dataDir = '';

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'shop-killed-api-'));
      database = await createTestDatabase();
      // The instance that takes over after the kill, on the same database, as a second instance would.
      app = await buildApp({ config: testConfig({ idempotencyLeaseMs: LEASE_MS }), db: database.handle });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      child?.kill('SIGKILL');
      await app?.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('lets the retries answer the orders that exist or place them once', async () => {
      const url = database.url;
      if (!url) throw new Error('needs PostgreSQL');
      const store = await prepare(database.handle.db, app, 6);
      const port = await freePort();
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: join(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          TOKEN_SECRET: TEST_TOKEN_SECRET,
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          BACKGROUND_JOBS: 'false',
          LOG_LEVEL: 'error',
        },
        stdio: 'ignore',
      });
      const base = `http://127.0.0.1:${port}/api`;
      const started = Date.now();
      for (;;) {
        const up = await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() - started > 60_000) throw new Error('the API process did not start');
        await wait(200);
      }

      const attempts = attemptsFor(store, 'killed', 60);
      const during = new Map<string, Answer>();
      const overHttp: Place = async (key, shopper, product) => {
        try {
          const response = await fetch(`${base}/order`, {
            method: 'POST',
            headers: { ...bearer(shopper.token), 'idempotency-key': key, 'content-type': 'application/json' },
            body: JSON.stringify(orderBody(product)),
          });
          const body = (await response.json()) as { data?: { orderNumber?: string } };
          return response.status === 201
            ? { status: 201, orderNumber: body.data?.orderNumber as string }
            : { status: response.status };
        } catch {
          return { status: 0 };
        }
      };
      let firstPlaced: () => void = () => {};
      const placedOne = new Promise<void>((resolve) => {
        firstPlaced = resolve;
      });
      // Eight shoppers at a time: when the first order is answered, most of the burst is still to come or under
      // way, so the kill lands mid-burst however fast this machine answers (all sixty at once could all be
      // answered before the kill).
      const queue = [...attempts];
      const burst = Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let a = queue.shift(); a; a = queue.shift()) {
            const answer = await overHttp(a.key, a.shopper, a.product);
            if (answer.status === 201) firstPlaced();
            during.set(a.key, answer);
          }
        }),
      );
      // Killed mid-burst: some orders answered, some committed but unanswered, some cut off before the commit.
      await Promise.race([placedOne, wait(5_000)]);
      child.kill('SIGKILL');
      await burst;
      expect([...during.values()].some((a) => a.status === 0)).toBe(true);

      const { settled, unexpected } = await retryUntilAnswered(placeIn(app), attempts, during);
      expect(unexpected).toEqual([]);
      await expectExactlyOnce(store, 'killed', attempts, during, settled);
      report('API killed with SIGKILL during 60 orders', attempts.length, during);
    }, 120_000);
  });
});
