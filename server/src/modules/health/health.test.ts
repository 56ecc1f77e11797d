import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../../test/contract.ts';
import { hasRedisServer, startRedis } from '../../test/shared-services.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the API and its database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: 'up' } });
    assertMatchesContract('getHealth', response);
  });

  it('answers 503 with the database down once the database stops answering', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unreachable.',
      data: { status: 'degraded', database: 'down' },
    });
    assertMatchesContract('getHealth', response);
  });
});

describe('GET /api/health with Redis configured but unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  it('answers 503 naming Redis while the database is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Redis unreachable.',
      data: { status: 'degraded', database: 'up', redis: 'down' },
    });
    assertMatchesContract('getHealth', response);
  });

  it('names both when the database stops answering too', async () => {
    await t.database.close();
    const both = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(both.statusCode).toBe(503);
    expect(both.json()).toMatchObject({
      message: 'Database and Redis unreachable.',
      data: { status: 'degraded', database: 'down', redis: 'down' },
    });
  });
});

describe.skipIf(!hasRedisServer())('GET /api/health with a real Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let redisRunning = false;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    redisRunning = true;
    t = await createTestApp({ config: { redisUrl: redis.url } });
  });
  afterAll(async () => {
    await t.close();
    if (redisRunning) await redis.stop();
  });

  it('reports Redis up, then down once it stops', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ success: true, data: { status: 'ok', database: 'up', redis: 'up' } });
    assertMatchesContract('getHealth', up);

    await redis.stop();
    redisRunning = false;
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    assertMatchesContract('getHealth', down);
  });
});
