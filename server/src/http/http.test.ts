import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDailyCounts } from '../db/schema.ts';
import { assertMatchesContract } from '../test/contract.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { API_COUNT_FLUSH_MS, utcDay } from './api-counter.ts';

describe('HTTP behaviour shared by every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test-only/boom', async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
        });
      },
    });
  });
  afterAll(() => t.close());

  describe('bad input', () => {
    it('answers malformed JSON with 400 BAD_REQUEST', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "shopper@example.com", "password": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'The request body is not valid JSON.',
      });
      assertMatchesContract('customerLogin', response);
    });

    it('names every missing field', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: {} });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
      });
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: '/email', message: 'is required' },
          { path: '/password', message: 'is required' },
        ]),
      );
      assertMatchesContract('adminLogin', response);
    });

    it('refuses wrong types instead of coercing them', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 42, email: 'not-an-email', password: 12345678, confirmPassword: ['x'] },
      });
      expect(response.statusCode).toBe(400);
      const paths = response.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path);
      expect(paths.sort()).toEqual(['/confirmPassword', '/email', '/name', '/password']);
      assertMatchesContract('customerRegister', response);
    });

    it('answers a body over 1 MiB with 413', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'shopper@example.com', password: 'x'.repeat(1024 * 1024) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
      assertMatchesContract('customerLogin', response);
    });

    it('answers a call with no body at all with 400, not a crash', async () => {
      for (const url of ['/api/order/quote', '/api/admin/login', '/api/user/register']) {
        const response = await t.app.inject({ method: 'POST', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
    });

    it('refuses bodies that are not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a&password=b',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    });

    it('never takes the file types it only sends (CSV, gzip) as a body', async () => {
      for (const [type, url] of [
        ['text/csv', '/api/backups'],
        ['application/gzip', '/api/user/login'],
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: url ?? '',
          headers: { 'content-type': type ?? '' },
          payload: 'a,b',
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      }
    });
  });

  describe('routing', () => {
    it('answers unknown routes with the 404 envelope', async () => {
      for (const url of ['/api/no-such-thing', '/nowhere', '/api/user/profile/extra']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found.' });
      }
    });

    it('treats a path with and without its trailing slash alike', async () => {
      const withSlash = await t.app.inject({ method: 'GET', url: '/api/product/' });
      const withoutSlash = await t.app.inject({ method: 'GET', url: '/api/product' });
      expect(withSlash.json()).toEqual(withoutSlash.json());
      const rates = await t.app.inject({ method: 'GET', url: '/api/settings/currency/' });
      expect(rates.statusCode).toBe(200);
    });
  });

  it('hides the details of server errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error.',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  describe('CORS', () => {
    it('allows the configured app origins', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/user/profile',
        headers: {
          origin: 'http://localhost:5174',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5174');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');

      const simple = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'http://127.0.0.1:5173' },
      });
      expect(simple.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
      // The apps read an export's suggested file name and row count from another origin.
      expect(String(simple.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
        expect.arrayContaining(['Retry-After', 'Content-Disposition', 'X-Total-Count']),
      );
    });

    it('gives other origins no CORS permission', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/user/profile',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('counts every /api call for today', async () => {
    const today = async () => {
      const [row] = await t.db.select().from(apiDailyCounts).where(eq(apiDailyCounts.day, utcDay()));
      return row?.count ?? 0;
    };
    // Calls are added up in memory and written every API_COUNT_FLUSH_MS; let the earlier tests' writes land first.
    const written = () => new Promise((resolve) => setTimeout(resolve, API_COUNT_FLUSH_MS + 100));
    await written();
    const before = await today();
    for (const url of ['/api/health', '/api/settings/currency', '/api/missing']) {
      await t.app.inject({ method: 'GET', url });
    }
    await t.app.inject({ method: 'GET', url: '/media/marketplace/tws-earbuds-1.svg' });
    await written();
    expect(await today()).toBe(before + 3);
  });

  describe('media', () => {
    it('serves the marketplace pictures', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/media/marketplace/tws-earbuds-1.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('serves uploads from the data folder', async () => {
      writeFileSync(join(t.config.dataDir, 'uploads', 'logo.txt'), 'store logo');
      const response = await t.app.inject({ method: 'GET', url: '/media/uploads/logo.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('store logo');
    });

    it('never serves files outside the media folders', async () => {
      for (const url of [
        '/media/marketplace/../../../package.json',
        '/media/marketplace/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/media/uploads/../token-secret',
        '/media/uploads/missing.png',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.body, url).not.toContain('"name": "@shop/server"');
      }
    });
  });
});

describe('response compression', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp({ seed: true });
  });
  afterAll(() => seeded.close());

  it('gzips a product list for clients that accept it, and the body is the same JSON', async () => {
    const url = '/api/product/?page=1&limit=20&country=US&currency=USD';
    const plain = await seeded.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await seeded.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when offered', async () => {
    const url = '/api/product/?page=1&limit=20&country=US&currency=USD';
    const response = await seeded.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(
      JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')).data.length,
    ).toBeGreaterThan(0);
  });

  it('leaves small answers as they are', async () => {
    const response = await seeded.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('client address behind a proxy', () => {
  const failLogin = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'shopper@example.com', password: 'wrong-password' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it.each([
    ['by its address range', ['10.0.0.0/8']],
    ['as the one proxy in front', 1],
  ] as const)(
    'keys the login throttle on the forwarded address when the proxy is trusted %s',
    async (_, trustProxy) => {
      const t = await createTestApp({
        seed: true,
        config: { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] },
      });
      try {
        for (let attempt = 0; attempt < 5; attempt++)
          expect((await failLogin(t, '203.0.113.1')).statusCode).toBe(401);
        expect((await failLogin(t, '203.0.113.1')).statusCode).toBe(429);
        // Another shopper behind the same proxy is not locked out.
        expect((await failLogin(t, '203.0.113.2')).statusCode).toBe(401);
      } finally {
        await t.close();
      }
    },
  );

  it('ignores X-Forwarded-For from an untrusted peer, so it cannot dodge the throttle', async () => {
    const t = await createTestApp({ seed: true });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await failLogin(t, `203.0.113.${attempt + 10}`)).statusCode).toBe(401);
      }
      expect((await failLogin(t, '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
