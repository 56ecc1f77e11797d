import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, apiCallLogs, orderStatusHistory, orders, storeSettings } from '../../db/schema.ts';
import { createOutboundClient } from '../../http/outbound.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, demoShopperToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { courierTrackingJob } from './couriers.jobs.ts';
import { writeCourierSettings } from './couriers.repository.ts';

const KEY = 'sk_live_courier_5b0d6c1e';

/** A courier tracking service as the protocol has it: the key in the header, a status per tracking number. */
function startCourier(parcels: Record<string, { code: number; body?: object }>) {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const answer = (code: number, body: object = {}) =>
      response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${KEY}`) return answer(401, { error: 'signature invalid' });
    if (request.url === '/v1/status') return answer(200, { ok: true });
    const match = /^\/v1\/tracking\/([^?]+)\?carrier=(.*)$/.exec(request.url ?? '');
    const parcel = match ? parcels[decodeURIComponent(match[1] ?? '')] : undefined;
    if (!parcel) return answer(404, { error: 'unknown parcel' });
    return answer(parcel.code, parcel.body);
  });
  return new Promise<{ url: string; seen: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        seen,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('Courier Integration & API Logs', () => {
  let t: TestApp;
  let admin: string;
  let courier: Awaited<ReturnType<typeof startCourier>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    courier = await startCourier({
      RB123456789BD: { code: 200, body: { status: 'DELIVERED', message: 'Left at the door' } },
      RB987654321BD: { code: 200, body: { status: 'in_transit', message: 'Dhaka hub' } },
      RB000000000BD: { code: 500 },
    });
  });
  afterAll(async () => {
    await courier.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('refuses to test or track before a key and an endpoint are saved', async () => {
    const settings = await call('GET', '/api/couriers/settings');
    assertMatchesContract('getCourierSettings', settings);
    expect(settings.json().data).toEqual({ endpoint: null, apiKeyMasked: null, connected: false });
    for (const url of ['/api/couriers/test', '/api/couriers/tracking']) {
      const refused = await call('POST', url);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Enter the courier’s API key and endpoint first.');
    }
  });

  it('keeps the key encrypted and shows it masked; leaving it out keeps it', async () => {
    const bad = await call('PUT', '/api/couriers/settings', { endpoint: 'ftp://courier', apiKey: KEY });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The endpoint must be an http:// or https:// address.');

    const saved = await call('PUT', '/api/couriers/settings', { endpoint: courier.url, apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    assertMatchesContract('updateCourierSettings', saved);
    expect(saved.json().data).toEqual({
      endpoint: courier.url,
      apiKeyMasked: '••••••••••••6c1e',
      connected: true,
    });
    expect(saved.json().data.apiKeyMasked.endsWith(KEY.slice(-4))).toBe(true);

    const [row] = await t.db.select().from(storeSettings);
    expect(row?.courierApiKeySealed).toMatch(/^v1:/);
    expect(row?.courierApiKeySealed).not.toContain(KEY);

    const kept = await call('PUT', '/api/couriers/settings', { endpoint: courier.url });
    expect(kept.json().data.connected).toBe(true);
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'courier.settings'));
    expect(logged.map((entry) => (entry.details as { apiKey: string }).apiKey)).toEqual(['changed', 'kept']);
    expect(JSON.stringify(logged)).not.toContain(KEY);
  });

  it('tests the connection and logs the call, good key or bad', async () => {
    const good = await call('POST', '/api/couriers/test');
    expect(good.statusCode).toBe(200);
    assertMatchesContract('testCourierConnection', good);
    expect(good.json().data).toEqual({ ok: true, message: 'Connected: the courier accepted the API key.' });

    await call('PUT', '/api/couriers/settings', { endpoint: courier.url, apiKey: 'expired-key' });
    const bad = await call('POST', '/api/couriers/test');
    expect(bad.json().data).toEqual({
      ok: false,
      message: 'The courier could not be reached: API key refused (signature invalid or key expired).',
    });
    await call('PUT', '/api/couriers/settings', { endpoint: 'http://127.0.0.1:9/v1', apiKey: KEY });
    const down = await call('POST', '/api/couriers/test');
    // A closed port reads like any other failure to reach it.
    expect(down.json().data).toEqual({ ok: false, message: 'The courier could not be reached.' });

    const logs = await call('GET', '/api/api-logs?service=courier');
    assertMatchesContract('listApiLogs', logs);
    expect(
      logs
        .json()
        .data.slice(0, 3)
        .map((row: { outcome: string }) => row.outcome),
    ).toEqual(['error', 'error', 'success']);
    expect(logs.json().data[1]).toMatchObject({
      service: 'courier',
      call: 'status',
      message: 'API key refused (signature invalid or key expired)',
    });
    expect(logs.json().data[0].message).toBe('The service could not be reached.');
    await call('PUT', '/api/couriers/settings', { endpoint: courier.url, apiKey: KEY });
  });

  it('marks shipped orders the courier reports delivered, by Courier, and counts the rest', async () => {
    const shipped = async (trackingNumber: string, daysAgo: number) =>
      insertTestOrder(t.db, {
        status: 'Shipped',
        carrier: 'Pathao',
        trackingNumber,
        shippedAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
    // The demo store has shipped orders of its own, whose numbers this courier does not know.
    const others = (
      await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'Shipped'), isNotNull(orders.trackingNumber)))
    ).length;
    const delivered = await shipped('RB123456789BD', 3);
    const moving = await shipped('RB987654321BD', 2);
    const broken = await shipped('RB000000000BD', 1);

    const answer = await call('POST', '/api/couriers/tracking');
    expect(answer.statusCode, answer.body).toBe(200);
    assertMatchesContract('refreshCourierTracking', answer);
    expect(answer.json().data).toEqual({ asked: 3 + others, delivered: 1, failed: 1 + others });
    expect(answer.json().message).toBe(
      `${3 + others} shipped orders checked: 1 delivered, ${1 + others} not answered.`,
    );
    expect(courier.seen).toContain('/v1/tracking/RB123456789BD?carrier=Pathao');

    const status = async (id: string) =>
      (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
    expect(await status(delivered.id)).toBe('Delivered');
    expect(await status(moving.id)).toBe('Shipped');
    expect(await status(broken.id)).toBe('Shipped');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, delivered.id));
    expect(history.at(-1)).toMatchObject({
      status: 'Delivered',
      by: 'Courier',
      note: 'Delivery confirmed by the courier',
    });

    const errors = await call('GET', '/api/api-logs?service=courier&outcome=error&limit=1');
    expect(errors.json().data[0]).toMatchObject({
      call: 'track Pathao RB000000000BD',
      message: 'the courier answered 500',
    });

    // The hourly job does the same: the delivered order is not asked about again.
    const job = courierTrackingJob({
      db: t.db,
      secrets: createSecretBox(testConfig().tokenSecret),
      outbound: createOutboundClient({ allow: t.config.outboundAllowHosts }),
    });
    expect(await job.run({})).toEqual({ asked: 2 + others, delivered: 0, failed: 1 + others });
  });

  it('logs every call to the marketplace, 5 to a page, filterable', async () => {
    await call('GET', '/api/product/aliexpress/1005006218437795?country=BD&currency=USD');
    await call('GET', '/api/product/aliexpress/1?country=BD&currency=USD');
    // Marketplace calls are logged in the background (they may run inside a transaction).
    await vi.waitFor(async () => {
      const logged = await t.db.select().from(apiCallLogs).where(eq(apiCallLogs.call, 'getProduct 1'));
      expect(logged).toHaveLength(1);
    });
    const page = await call('GET', '/api/api-logs?service=marketplace');
    expect(page.statusCode).toBe(200);
    const { data, meta } = page.json();
    expect(meta).toMatchObject({ page: 1, limit: 5 });
    expect(meta.total).toBeGreaterThanOrEqual(2);
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data.every((row: { service: string }) => row.service === 'marketplace')).toBe(true);
    const calls = data.map((row: { call: string }) => row.call);
    expect(calls).toContain('getProduct 1005006218437795');
    expect(calls).toContain('getProduct 1');
    const all = await call('GET', '/api/api-logs?limit=100');
    expect(new Set(all.json().data.map((row: { service: string }) => row.service))).toEqual(
      new Set(['marketplace', 'courier']),
    );
    expect((await call('GET', '/api/api-logs?outcome=maybe')).statusCode).toBe(400);
    expect((await t.db.select().from(apiCallLogs)).every((row) => row.durationMs >= 0)).toBe(true);
  });

  it('is for staff with the settings permission', async () => {
    const shopper = await demoShopperToken(t.app);
    const products = await limitedStaffToken(t.app, t.db, ['products']);
    const attempts: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
      ['getCourierSettings', 'GET', '/api/couriers/settings'],
      ['updateCourierSettings', 'PUT', '/api/couriers/settings', { endpoint: null }],
      ['testCourierConnection', 'POST', '/api/couriers/test'],
      ['refreshCourierTracking', 'POST', '/api/couriers/tracking'],
      ['listApiLogs', 'GET', '/api/api-logs'],
    ];
    for (const [operationId, method, url, body] of attempts) {
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
      for (const token of [shopper, products]) {
        const answer = await call(method, url, body, token);
        expect(answer.statusCode, operationId).toBe(403);
        assertMatchesContract(operationId as never, answer);
      }
    }
    expect((await call('GET', '/api/couriers/settings')).json().data.endpoint).toBe(courier.url);
  });
});

describe('Courier endpoints at internal addresses', () => {
  let t: TestApp;
  let admin: string;
  /** What must never be asked: an internal service (an instance's metadata, an admin port). */
  let internal: Awaited<ReturnType<typeof startCourier>>;
  /** A courier the operator allow-listed, whose answers point at the internal service. */
  let redirecting: { url: string; close: () => Promise<void> };
  const INTERNAL_ENDPOINT = 'The endpoint must be a public internet address, not a local or private one.';

  beforeAll(async () => {
    internal = await startCourier({ RB123456789BD: { code: 200, body: { status: 'delivered' } } });
    const internalPort = new URL(internal.url).port;
    const server = createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/v1/status` }).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    redirecting = {
      url: `http://127.0.0.1:${port}/v1`,
      close: () => new Promise((done) => server.close(() => done())),
    };
    // As an operator would: only the courier adapter's own address and port are let through.
    t = await createTestApp({ seed: true, config: { outboundAllowHosts: [{ host: '127.0.0.1', port }] } });
    admin = await demoAdminToken(t.app);
    await insertTestOrder(t.db, { status: 'Shipped', carrier: 'Pathao', trackingNumber: 'RB123456789BD' });
  });
  afterAll(async () => {
    await internal.close();
    await redirecting.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const internalEndpoints = () => {
    const port = new URL(internal.url).port;
    return [
      `http://127.0.0.1:${port}/v1`,
      'http://169.254.169.254/latest/meta-data',
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      `http://2130706433:${port}/v1`,
      `http://localhost:${port}/v1`,
    ];
  };

  it('refuses to save one, with the reason beside the field', async () => {
    for (const endpoint of internalEndpoints()) {
      const refused = await call('PUT', '/api/couriers/settings', { endpoint, apiKey: KEY });
      expect(refused.statusCode, endpoint).toBe(400);
      assertMatchesContract('updateCourierSettings', refused);
      expect(refused.json()).toEqual({
        success: false,
        message: INTERNAL_ENDPOINT,
        code: 'VALIDATION_ERROR',
        errors: [{ path: '/endpoint', message: INTERNAL_ENDPOINT }],
      });
    }
    const port = await call('PUT', '/api/couriers/settings', {
      endpoint: 'https://tracking.example.com:6379/v1',
    });
    expect(port.json().message).toBe('The endpoint must use port 80, 443, 8080 or 8443.');
    const credentials = await call('PUT', '/api/couriers/settings', {
      endpoint: 'https://me:pw@tracking.example.com',
    });
    expect(credentials.json().message).toBe('The endpoint must not contain a user name or password.');
    expect((await call('GET', '/api/couriers/settings')).json().data.endpoint).toBeNull();
    expect(internal.seen).toEqual([]);
  });

  it('never asks one saved earlier (or one DNS points inside), and logs only a generic failure', async () => {
    const secrets = createSecretBox(testConfig().tokenSecret);
    const job = courierTrackingJob({
      db: t.db,
      secrets,
      outbound: createOutboundClient({ allow: t.config.outboundAllowHosts }),
    });
    for (const endpoint of internalEndpoints()) {
      // Saved before this rule, or a name whose DNS answer changed since: the check at request time still holds.
      await writeCourierSettings(t.db, secrets, { endpoint, apiKey: KEY });
      const test = await call('POST', '/api/couriers/test');
      expect(test.json().data, endpoint).toEqual({ ok: false, message: 'The courier could not be reached.' });
      const tracking = await call('POST', '/api/couriers/tracking');
      expect(tracking.statusCode).toBe(200);
      const { asked, delivered, failed } = tracking.json().data;
      expect(asked).toBeGreaterThan(0);
      expect({ delivered, failed }).toEqual({ delivered: 0, failed: asked });
      expect(await job.run({})).toEqual({ asked, delivered: 0, failed: asked });
    }
    expect(internal.seen).toEqual([]);

    const logs = await call('GET', '/api/api-logs?service=courier&limit=100');
    const rows = logs.json().data as { outcome: string; message: string }[];
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((row) => `${row.outcome}: ${row.message}`))).toEqual(
      new Set(['error: The service could not be reached.']),
    );
  });

  it('follows no redirect from an allowed courier to an internal address', async () => {
    const saved = await call('PUT', '/api/couriers/settings', { endpoint: redirecting.url, apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    const test = await call('POST', '/api/couriers/test');
    expect(test.json().data).toEqual({ ok: false, message: 'The courier could not be reached.' });
    const tracking = await call('POST', '/api/couriers/tracking');
    expect(tracking.json().data).toMatchObject({ delivered: 0 });
    expect(internal.seen).toEqual([]);

    const [latest] = (await call('GET', '/api/api-logs?service=courier&limit=1')).json().data;
    expect(latest).toMatchObject({ outcome: 'error', message: 'The service could not be reached.' });
  });
});
