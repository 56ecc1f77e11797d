import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaticSite } from './static-site.ts';

// index.html as Vite writes it: the policy in a meta tag, quotes as entities.
const META =
  '<meta http-equiv="Content-Security-Policy" content="script-src &#39;self&#39; &#39;sha256-abc=&#39;; object-src &#39;none&#39;; base-uri &#39;none&#39;">';
const POLICY = "script-src 'self' 'sha256-abc='; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const INDEX = `<!doctype html><html><head>${META}<title>Shop Admin</title></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
/** The page as served: its policy comes as a header only, so a refusal is not reported twice. */
const SERVED = INDEX.replace(META, '');

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(POLICY);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('serving a built app', () => {
  let dist: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js'), SCRIPT);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    site = await buildStaticSite({ root: dist, trustProxy: 1 });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the page with a header policy that forbids framing, and has it checked on every visit', async () => {
    const response = await site.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(SERVED);
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends index.html by its own name the same way: one policy, as a header', async () => {
    const response = await site.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SERVED);
    expectSecurityHeaders(response.headers);
  });

  it('answers a deep link into the app with the page, with the same headers', async () => {
    const response = await site.inject({ method: 'GET', url: '/manage-admin/orders/ORD-1001?tab=items' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SERVED);
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a doubled leading slash (a link joined to a base ending in one) with the page', async () => {
    const response = await site.inject({ method: 'GET', url: '//' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('lets browsers keep hashed assets for a year, compressed, with the same headers', async () => {
    const response = await site.inject({
      method: 'GET',
      url: '/assets/index-Bx7k2Q.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(response.headers);

    const icon = await site.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for a file that is not there', async () => {
    const response = await site.inject({ method: 'GET', url: '/assets/index-Old123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
    expectSecurityHeaders(response.headers);
    const hidden = await site.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(hidden.statusCode).toBe(404);
  });

  it('asks browsers to keep to HTTPS only when the page came over HTTPS', async () => {
    const response = await site.inject({
      method: 'GET',
      url: '/manage-admin/dashboard',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('follows a rebuilt page: the policy names the new inline scripts', async () => {
    const rebuilt = INDEX.replace('sha256-abc=', 'sha256-rebuilt=').replace('Shop Admin', 'Shop Admin 2');
    writeFileSync(join(dist, 'index.html'), rebuilt);
    const response = await site.inject({ method: 'GET', url: '/admin/auth/login' });
    expect(response.body).toBe(SERVED.replace('Shop Admin', 'Shop Admin 2'));
    expect(response.headers['content-security-policy']).toBe(
      POLICY.replace('sha256-abc=', 'sha256-rebuilt='),
    );
    writeFileSync(join(dist, 'index.html'), INDEX);
  });
});

describe('serving an app built without a meta policy', () => {
  it('still forbids framing and foreign scripts', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vendor</title>');
    const site = await buildStaticSite({ root: dist });
    try {
      const response = await site.inject({ method: 'GET', url: '/manage-vandor/dashboard' });
      expect(response.headers['content-security-policy']).toBe(
        "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      );
    } finally {
      await site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start without a built app', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    await expect(buildStaticSite({ root: empty })).rejects.toThrow(
      /index\.html not found: build the app first/,
    );
    rmSync(empty, { recursive: true, force: true });
  });
});
