import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  customers,
  disputeEvidence,
  mediaFiles,
  mediaFolders,
  products,
  stores,
} from '../db/schema.ts';
import { isHttpUrl, sanitizeMobileDetail } from '../lib/sanitize.ts';
import { assertMatchesContract } from '../test/contract.ts';
import { MALFORMED_MULTIPART } from '../test/multipart.ts';
import { bearer, demoAdminToken, registerShopper } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInVendor } from '../test/vendors.ts';
import { oddTextPath } from './input-guards.ts';

/** A raw HTTP exchange, for what Node's parser answers before Fastify sees the request. */
function rawRequest(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const envelope = (body: string) => {
  const parsed = JSON.parse(body) as { success: boolean; message: string; code: string };
  expect(parsed.success).toBe(false);
  expect(typeof parsed.message).toBe('string');
  expect(typeof parsed.code).toBe('string');
  return parsed;
};

describe('odd input', () => {
  let t: TestApp;
  let staff: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    staff = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  describe('a NUL character answers 400 naming the field, with nothing saved', () => {
    it('in registration', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          name: 'Nul\u0000Name',
          email: 'nul@example.com',
          password: 'pass-word-1',
          confirmPassword: 'pass-word-1',
        },
      });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('customerRegister', response);
      expect(response.json().errors).toEqual([
        { path: '/name', message: 'must not contain a NUL character' },
      ]);
      const [saved] = await t.db
        .select({ n: count() })
        .from(customers)
        .where(eq(customers.email, 'nul@example.com'));
      expect(saved?.n).toBe(0);
    });

    it('in the profile, a product, an order and a query parameter', async () => {
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(shopper.token),
        payload: { firstName: 'A\u0000B' },
      });
      expect(profile.statusCode).toBe(400);
      expect(profile.json().errors[0].path).toBe('/firstName');

      const product = await t.app.inject({
        method: 'POST',
        url: '/api/product/',
        headers: bearer(staff),
        payload: { title: 'Tote\u0000Bag', currency: 'USD', status: 'draft' },
      });
      expect(product.statusCode).toBe(400);
      expect(product.json().errors[0].path).toBe('/title');

      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(shopper.token),
        payload: {
          items: [{ product: '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', sku_id: 'A', quantity: 1 }],
          shippingAddress: { address: 'Road\u00005', city: 'Dhaka', country: 'BD', zip: '1205' },
          paymentMethod: 'Bank Transfer',
        },
      });
      expect(order.statusCode).toBe(400);
      expect(order.json().errors[0].path).toBe('/shippingAddress/address');

      const query = await t.app.inject({ method: 'GET', url: '/api/product/?currency=USD&q=ear%00buds' });
      expect(query.statusCode).toBe(400);
      assertMatchesContract('listProducts', query);
      expect(query.json().errors[0].path).toBe('/q');
    });
  });

  describe('an unpaired UTF-16 surrogate answers 400 naming the field, with nothing saved', () => {
    const ILL_FORMED = 'must be well-formed Unicode text (it holds an unpaired surrogate)';
    const entries = async (action: string) =>
      (await t.db.select({ n: count() }).from(activityLog).where(eq(activityLog.action, action)))[0]?.n;

    it('in a media folder name: no folder and no half-recorded action', async () => {
      const logged = await entries('media.folder.create');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/media/folders',
        headers: { ...bearer(staff), 'content-type': 'application/json' },
        // As a client's JSON encoder writes half of an emoji: an escape the parser turns into a lone surrogate.
        payload: '{"name": "Summer \\ud83d Sale"}',
      });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('createMediaFolder', response);
      expect(response.json().errors).toEqual([{ path: '/name', message: ILL_FORMED }]);
      const saved = await t.db.select().from(mediaFolders).where(ilike(mediaFolders.name, 'Summer%'));
      expect(saved).toEqual([]);
      expect(await entries('media.folder.create')).toBe(logged);
    });

    it('in a factory and in a nested field; a whole emoji stays ordinary text', async () => {
      const factory = await t.app.inject({
        method: 'POST',
        url: '/api/d2c/factories',
        headers: bearer(staff),
        payload: { name: 'Lone \udc00 Works', email: 'lone-surrogate@example.com' },
      });
      expect(factory.statusCode).toBe(400);
      assertMatchesContract('createFactory', factory);
      expect(factory.json().errors).toEqual([{ path: '/name', message: ILL_FORMED }]);
      const [saved] = await t.db
        .select({ n: count() })
        .from(stores)
        .where(eq(stores.email, 'lone-surrogate@example.com'));
      expect(saved?.n).toBe(0);

      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(shopper.token),
        payload: {
          items: [{ product: '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', sku_id: 'A', quantity: 1 }],
          shippingAddress: { address: 'Road 5', city: '\ud800Dhaka', country: 'BD', zip: '1205' },
          paymentMethod: 'Bank Transfer',
        },
      });
      expect(order.statusCode).toBe(400);
      expect(order.json().errors[0].path).toBe('/shippingAddress/city');

      // A whole emoji (a surrogate pair) is ordinary text.
      const emoji = await t.app.inject({
        method: 'GET',
        url: `/api/product/?currency=USD&q=${encodeURIComponent('💥')}`,
      });
      expect(emoji.statusCode).toBe(200);
    });

    it('names the field by its key, and a key itself can be the fault', () => {
      expect(oddTextPath({ a: [{ b: 'ok' }, { b: 'x\ud800' }] }, '')).toEqual({
        path: '/a/1/b',
        message: ILL_FORMED,
      });
      expect(oddTextPath({ 'name\udfff': 'fine' }, '')).toEqual({
        path: '/name\ufffd',
        message: ILL_FORMED,
      });
      expect(oddTextPath({ text: '💥 and \u00e9' }, '')).toBeNull();
      expect(oddTextPath({ file: { filename: 'a\u0000.png', bytes: Buffer.from('\ud800') } }, '')).toEqual({
        path: '/file/filename',
        message: 'must not contain a NUL character',
      });
    });
  });

  it('answers 400 to a malformed multipart body on every upload operation (413 to an overfull one), keeping nothing', async () => {
    const vendor = await signedInVendor(t.app, t.db);
    const uploads = [
      ['importProducts', '/api/product/import', staff],
      ['uploadMedia', '/api/media', staff],
      ['uploadMediaFile', '/api/media/files?folder=3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', staff],
      ['replaceMediaFile', '/api/media/files/3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f/replace', staff],
      ['uploadBackup', '/api/backups/upload', staff],
      ['uploadDisputeEvidence', '/api/dispute/evidence', shopper.token],
      ['uploadVendorImage', '/api/vendor/images', vendor.token],
    ] as const;
    const kept = async () => [
      (await t.db.select({ n: count() }).from(mediaFiles))[0]?.n,
      (await t.db.select({ n: count() }).from(disputeEvidence))[0]?.n,
      (await t.db.select({ n: count() }).from(products))[0]?.n,
    ];
    const before = await kept();
    for (const [operationId, url, token] of uploads) {
      for (const body of MALFORMED_MULTIPART) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...body.headers, ...bearer(token) },
        });
        expect(response.statusCode, `${operationId}, ${body.name}: ${response.body}`).toBe(400);
        assertMatchesContract(operationId, response);
      }
    }
    expect(await kept()).toEqual(before);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/images',
      payload: MALFORMED_MULTIPART[2]?.payload,
      headers: { ...MALFORMED_MULTIPART[2]?.headers, ...bearer(vendor.token) },
    });
    expect(cut.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The upload could not be read: send the file as multipart/form-data.',
    });

    // Well-formed, but more than an upload takes: a second file, or more fields than a form has.
    const boundary = 'many-parts';
    const part = (name: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\nx\r\n`;
    for (const [parts, status, message] of [
      [part('file', 'a.png') + part('file', 'b.png'), 400, 'Send one file at a time.'],
      [Array.from({ length: 12 }, (_, i) => part(`f${i}`)).join(''), 413, 'The request body is too large.'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vendor/images',
        payload: `${parts}--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(vendor.token) },
      });
      expect(response.statusCode, response.body).toBe(status);
      assertMatchesContract('uploadVendorImage', response);
      expect(response.json().message).toBe(message);
    }
    expect(await kept()).toEqual(before);
  });

  it('refuses page numbers and ids beyond what the database holds', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/product/?currency=USD&page=92233720368547759',
    });
    expect(page.statusCode).toBe(400);
    assertMatchesContract('listProducts', page);
    const before = (await t.db.select({ n: count() }).from(products))[0]?.n;
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/product/',
      headers: bearer(staff),
      payload: { title: 'Big Category', currency: 'USD', status: 'draft', categoryId: 2 ** 31 },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().errors[0].path).toBe('/categoryId');
    expect((await t.db.select({ n: count() }).from(products))[0]?.n).toBe(before);
  });

  describe("answers the framework's own errors in the envelope", () => {
    it('a URL that does not decode, 400', async () => {
      const response = await rawRequest(port, '/api/product/%E0%A4%A');
      expect(response.status).toBe(400);
      expect(envelope(response.body).message).toBe('The address is not valid.');
    });

    it('a path parameter over its length, 414', async () => {
      const response = await rawRequest(port, `/api/product/${'a'.repeat(500)}`);
      expect(response.status).toBe(414);
      expect(envelope(response.body).message).toBe('The address is too long.');
    });

    it('headers too large, 431', async () => {
      const response = await rawRequest(port, '/api/health', { 'x-padding': 'a'.repeat(70_000) });
      expect(response.status).toBe(431);
      expect(envelope(response.body).message).toBe('The request headers are too large.');
      const url = await rawRequest(port, `/api/product/?q=${'a'.repeat(70_000)}`);
      expect(url.status).toBe(431);
      envelope(url.body);
    });

    it('a body of another type, malformed JSON, an unknown route and a wrong method', async () => {
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(xml.statusCode).toBe(415);
      envelope(xml.body);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(broken.statusCode).toBe(400);
      envelope(broken.body);
      for (const [method, url] of [
        ['GET', '/api/nothing-here'],
        ['DELETE', '/api/health'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode).toBe(404);
        envelope(response.body);
      }
    });
  });

  it('keeps token answers, and every other API answer, out of caches', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const staffLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@example.com', password: 'admin12345' },
    });
    expect(staffLogin.headers['cache-control']).toBe('no-store');
    const failed = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('keeps only addresses that parse as http(s) URLs', () => {
    expect(isHttpUrl('https://a.test/1.jpg')).toBe(true);
    for (const bad of [
      'http://exa mple.test/a.jpg',
      'http://[bad/1.jpg',
      'javascript:alert(1)',
      'https://',
      '/a.jpg',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it("cleans the marketplace's mobile description like a description", () => {
    const cleaned = sanitizeMobileDetail(
      JSON.stringify({
        moduleList: [
          { type: 'html', html: { content: '<p onclick="x()">Hi<script>alert(1)</script></p>' } },
          { type: 'image', images: [{ url: 'https://a.test/1.jpg' }] },
        ],
      }),
    );
    expect(cleaned).not.toMatch(/script|onclick/);
    expect(JSON.parse(cleaned).moduleList[1].images[0].url).toBe('https://a.test/1.jpg');
    expect(sanitizeMobileDetail('<img src=x onerror=alert(1)>')).not.toContain('onerror');
  });
});
