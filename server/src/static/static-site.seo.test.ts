import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.ts';
import { shopperVisible } from '../modules/products/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildStaticSite } from './static-site.ts';

const STORE = 'https://shop.example.com';
// The storefront's index.html in the shape Vite builds it: a first-paint shell in the root, hashed scripts.
const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<meta name="description" content="Shop: products from around the world." />',
  '<title>Shop</title><script type="module" crossorigin src="/assets/index-Bx7k2Q.js"></script></head>',
  '<body><div id="root"><div class="boot"><main class="boot-container boot-main"><div class="boot-home"></div>',
  '</main></div></div></body></html>',
].join('');

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

/** Text as the page writes it. */
const escaped = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');

/** What Lighthouse's SEO audits check of a page, read from its HTML as a crawler without JavaScript reads it. */
function seoAuditFailures(html: string, status: number, robots: string, path: string): string[] {
  const failures: string[] = [];
  if (status !== 200) failures.push(`http-status-code: ${status}`);
  const titles = all(html, /<title>([^<]*)<\/title>/g);
  if (titles.length !== 1 || !titles[0]?.trim()) failures.push('document-title');
  const descriptions = all(html, /<meta name="description" content="([^"]*)">/g);
  if (descriptions.length !== 1 || !descriptions[0]?.trim()) failures.push('meta-description');
  if (!/<html[^>]*\slang="(en|bn|hi|es)"/.test(html)) failures.push('html-has-lang');
  const canonical = all(html, /<link rel="canonical" href="([^"]*)">/g);
  if (canonical.length !== 1 || !canonical[0]?.startsWith(`${STORE}/`)) failures.push('canonical');
  const hreflang = all(html, /<link rel="alternate" hreflang="([^"]*)" href="https:\/\/[^"]+">/g);
  if (hreflang.join(' ') !== 'en bn hi es x-default') failures.push(`hreflang: ${hreflang.join(' ')}`);
  if (/<meta name="robots" content="[^"]*noindex/.test(html)) failures.push('is-crawlable: noindex');
  const disallowed = all(robots, /^Disallow: (\S+)$/gm);
  if (disallowed.some((prefix) => path.startsWith(prefix))) failures.push('is-crawlable: robots.txt');
  for (const anchor of all(html, /<a ([^>]*)>/g)) {
    const href = /href="([^"]*)"/.exec(anchor)?.[1];
    if (!href || href.startsWith('javascript:') || href === '#')
      failures.push(`crawlable-anchors: ${anchor}`);
  }
  for (const text of all(html, /<a [^>]*>([^<]*)<\/a>/g)) {
    if (['click here', 'more', 'here', ''].includes(text.trim().toLowerCase()))
      failures.push(`link-text: ${text}`);
  }
  for (const image of all(html, /<img ([^>]*)>/g)) {
    if (!/alt="/.test(image)) failures.push('image-alt');
  }
  return failures;
}

describe('the storefront served with server-rendered pages', () => {
  let t: TestApp;
  let dist: string;
  let site: FastifyInstance;
  let origin: string;
  let product: typeof products.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { storeUrl: STORE } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    dist = mkdtempSync(join(tmpdir(), 'shop-store-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js'), 'export {};');
    // Nothing kept between requests: each test sees the catalogue as it just left it.
    site = await buildStaticSite({ root: dist, seoApiUrl: api, seoCacheMs: 0 });
    await site.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    const [row] = await t.db
      .select()
      .from(products)
      .where(and(shopperVisible, sql`${products.stock} > 0`))
      .limit(1);
    if (!row) throw new Error('the demo catalogue has no product in stock');
    product = row;
  });
  afterAll(async () => {
    await site.close();
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A plain HTTP request, as a crawler that runs no JavaScript makes it. */
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };

  it('answers a product page with its content in the markup and passes the SEO audit', async () => {
    const page = await get(`/products/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const robots = (await get('/robots.txt')).body;
    expect(seoAuditFailures(page.body, page.status, robots, `/products/${product.id}`)).toEqual([]);
    expect(page.body).toContain(`<title>${escaped(product.title)} | Shop</title>`);
    expect(page.body).not.toContain('products from around the world');
    // The visible page is inside the app's root, where the app takes over; its scripts are the build's.
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toContain(`<h1>${escaped(product.title)}</h1>`);
    expect(root).toMatch(/<p class="seo-price">\$\d[\d,]*\.\d{2}<\/p>/);
    expect(root).toContain('<p class="seo-availability">In stock</p>');
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-Bx7k2Q.js"></script>');
  });

  it('carries JSON-LD that parses into a valid Product with an Offer', async () => {
    const page = await get(`/products/${product.id}`);
    const blocks = jsonLdOf(page.body);
    const item = blocks.find((block) => block['@type'] === 'Product');
    expect(item).toBeDefined();
    // Google's required and recommended Product fields.
    expect(item?.['@context']).toBe('https://schema.org');
    expect(item?.name).toBe(product.title);
    expect(Array.isArray(item?.image) && item.image.length > 0).toBe(true);
    const offer = item?.offers as Record<string, unknown>;
    expect(offer['@type']).toBe('Offer');
    expect(offer.price).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(offer.price)).toBeGreaterThan(0);
    expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
    expect(offer.availability).toBe('https://schema.org/InStock');
    expect(offer.url).toBe(`${STORE}/products/${product.id}`);
    expect(blocks.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList', 'Organization']);
  });

  it('keeps a product title with </script> inside its JSON-LD', async () => {
    await t.db
      .update(products)
      .set({ title: 'Lamp </script><script>alert(1)</script> "quoted"' })
      .where(eq(products.id, product.id));
    const page = await get(`/products/${product.id}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(jsonLdOf(page.body)[0]?.name).toBe('Lamp </script><script>alert(1)</script> "quoted"');
    await t.db.update(products).set({ title: product.title }).where(eq(products.id, product.id));
  });

  it('serves the page in the language the address names', async () => {
    const page = await get(`/products/${product.id}?lang=bn`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/^<!doctype html><html lang="bn">/);
    expect(page.body).toContain(`<link rel="canonical" href="${STORE}/products/${product.id}?lang=bn">`);
    expect(page.body).toContain('স্টকে আছে');
  });

  it('answers 410 for a disabled product and 404 for an unknown page, never an empty 200', async () => {
    await t.db.update(products).set({ status: 'disabled' }).where(eq(products.id, product.id));
    const gone = await get(`/products/${product.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex, follow">');
    expect(gone.body).toContain('<h1>Page not found</h1>');
    await t.db.update(products).set({ status: product.status }).where(eq(products.id, product.id));
    expect((await get('/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/nothing/here')).status).toBe(404);
    // A screen of the app itself is the app, as before.
    expect((await get('/cart')).status).toBe(200);
  });

  it('serves robots.txt and the sitemaps on the store’s domain', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${STORE}/sitemap.xml`);
    const index = await get('/sitemap.xml');
    expect(index.type).toMatch(/^application\/xml/);
    expect(index.body).toContain(`<sitemap><loc>${STORE}/sitemaps/es-1.xml</loc>`);
    const products = await get('/sitemaps/hi-2.xml');
    expect(products.status).toBe(200);
    expect(products.body).toContain(`<url><loc>${STORE}/products/${product.id}?lang=hi</loc><lastmod>`);
    expect(products.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${STORE}/products/${product.id}"/>`,
    );
    expect((await get('/sitemaps/hi-9.xml')).status).toBe(404);
    expect((await get('/sitemaps/fr-1.xml')).status).toBe(404);
  });

  it('still serves the app when the API cannot say what a page is', async () => {
    const offline = await buildStaticSite({ root: dist, seoApiUrl: 'http://127.0.0.1:9/api' });
    const response = await offline.inject({ method: 'GET', url: `/products/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    // Crawlers still may crawl: robots.txt names the sitemap on the address asked.
    const robots = await offline.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'shop.test' },
    });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    await offline.close();
  });
});
