import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MAX_FAILED_LOGINS } from '../../auth/login-throttle.ts';
import { createPostgresDatabase, type DatabaseHandle } from '../../db/client.ts';
import { orderItems, productSkus } from '../../db/schema.ts';
import { insertTestProduct } from '../../modules/orders/orders.fixtures.ts';
import { bearer, demoAdminToken, demoShopperToken, registerShopper } from '../sessions.ts';
import { hasRedisServer, startRedis, startS3 } from '../shared-services.ts';
import { createTestDatabase, type TestDatabase } from '../test-app.ts';
import { testConfig } from '../test-config.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// In CI the services are installed (.ci/run): a missing redis-server there is a failure, not a skip.
const runnable = onPostgres && (hasRedisServer() || process.env.CI === 'true');

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(`0000000d49484452000000010000000108060000001f15c489${randomUUID().replaceAll('-', '')}`, 'hex'),
]);

/**
 * Two API instances on one PostgreSQL, one Redis and one S3-compatible bucket, as behind a load balancer
 * (docs/deployment.md): whatever one instance did, the other sees.
 */
describe.skipIf(!runnable)('two instances share the database, Redis and object storage', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    redis = await startRedis();
    s3 = await startS3();
    database = await createTestDatabase({ seed: true });
    if (!database.url) throw new Error('the two-instance test needs PostgreSQL');
    second = createPostgresDatabase(database.url, { max: 4 });
    const shared = { redisUrl: redis.url, s3: s3.settings };
    a = await buildApp({ config: testConfig(shared), db: database.handle });
    b = await buildApp({ config: testConfig(shared), db: second });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await second?.close();
    await database?.drop();
    await Promise.all([redis?.stop(), s3?.stop()]);
  });

  it('accepts a token signed in on one instance at the other', async () => {
    const token = await demoShopperToken(a);
    const profile = await b.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe('shopper@example.com');
  });

  it('counts failed sign-ins across both instances', async () => {
    const victim = await registerShopper(a);
    const attempt = (app: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '203.0.113.9',
        payload: { email: victim.email, password: 'wrong-password' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      statuses.push((await attempt(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses).toEqual(Array(MAX_FAILED_LOGINS).fill(401));
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('lets no more tries through than the limit when a burst arrives at both instances at once', async () => {
    const victim = await registerShopper(a);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '203.0.113.10',
          payload: { email: victim.email, password: `wrong-${i}` },
        }),
      ),
    ).then((answers) => answers.map((answer) => answer.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILED_LOGINS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAX_FAILED_LOGINS);
  });

  it('serves a picture uploaded through one instance from the other', async () => {
    const admin = await demoAdminToken(a);
    const boundary = '----shop-scale-out-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`;
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const path = new URL(uploaded.json().data.url).pathname;
    const served = await b.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await b.inject({ method: 'GET', url: path.replace(/\.png$/, '.gif') })).statusCode).toBe(404);
  });

  it('never oversells when concurrent orders arrive at both instances', async () => {
    const product = await insertTestProduct(database.handle.db, {
      title: 'Last Five Lamps',
      skus: [{ skuId: 'LAMP', salePriceMinor: 25_00, stock: 5 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => registerShopper(a)));
    const answers = await Promise.all(
      shoppers.map((shopper, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(shopper.token),
          payload: {
            items: [{ product: product.id, sku_id: 'LAMP', quantity: 1 }],
            shippingAddress: {
              full_name: 'Test Shopper',
              address: 'House 7, Road 2, Banani',
              city: 'Dhaka',
              province: 'Dhaka Division',
              country: 'BD',
              zip: '1213',
              mobile_no: '1711000000',
              phone_country: '+880',
            },
            paymentMethod: 'Bank Transfer',
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const [sku] = await database.handle.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(and(eq(productSkus.productId, product.id), eq(productSkus.skuId, 'LAMP')));
    expect(sku?.stock).toBe(0);
    const [sold] = await database.handle.db
      .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(sold?.units).toBe(5);
  });
});
