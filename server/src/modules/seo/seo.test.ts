import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, countryPricing, products, stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { shopperVisible } from '../products/index.ts';
import { SITEMAP_PART_NOT_FOUND } from './seo.handlers.ts';

const STORE = 'https://shop.example.com';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Page = {
  status: number;
  lang: string;
  title: string;
  description: string;
  canonical: string | null;
  robots: string;
  headHtml: string;
  bodyHtml: string;
};
type JsonLd = Record<string, unknown> & { '@type': string };

/** The JSON-LD blocks of a head, parsed: a block that does not parse fails the test. */
function jsonLdOf(head: string): JsonLd[] {
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

/** An attribute's value as a browser reads it. */
function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern
    .exec(html)?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('pages as search engines read them', () => {
  let t: TestApp;
  let product: typeof products.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { storeUrl: STORE } });
    const [row] = await t.db
      .select()
      .from(products)
      .where(and(shopperVisible, sql`${products.categories} @> ARRAY['Electronics']::text[]`))
      .limit(1);
    if (!row) throw new Error('the demo catalogue has no Electronics product');
    product = row;
  });
  afterAll(() => t.close());

  const page = async (path: string, lang?: string) => {
    const query = new URLSearchParams({ path, ...(lang ? { lang } : {}) });
    const response = await t.app.inject({ method: 'GET', url: `/api/seo/page?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('getSeoPage', response);
    return response.json().data as Page;
  };
  const sitemap = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/seo/sitemap${query}` });
    assertMatchesContract('getSitemap', response);
    return response;
  };

  describe('a product page', () => {
    it('has the title, description, canonical address, hreflang alternates and Open Graph tags', async () => {
      const data = await page(`/products/${product.id}`);
      expect(data).toMatchObject({
        status: 200,
        lang: 'en',
        title: `${product.title} | Shop`,
        canonical: `${STORE}/products/${product.id}`,
        robots: 'index, follow',
      });
      expect(data.description.length).toBeGreaterThan(0);
      expect(data.description.length).toBeLessThanOrEqual(160);
      const head = data.headHtml;
      expect(head).toContain(`<link rel="canonical" href="${STORE}/products/${product.id}">`);
      for (const lang of ['bn', 'hi', 'es']) {
        expect(head).toContain(
          `<link rel="alternate" hreflang="${lang}" href="${STORE}/products/${product.id}?lang=${lang}">`,
        );
      }
      expect(head).toContain(`<link rel="alternate" hreflang="en" href="${STORE}/products/${product.id}">`);
      expect(head).toContain(
        `<link rel="alternate" hreflang="x-default" href="${STORE}/products/${product.id}">`,
      );
      expect(head).toContain('<meta property="og:type" content="product">');
      expect(attribute(head, /<meta property="og:title" content="([^"]*)">/)).toBe(`${product.title} | Shop`);
      expect(head).toContain(`<meta property="og:image" content="${product.images[0]}">`);
    });

    it('carries a Product with its Offer, a BreadcrumbList and the Organization as JSON-LD', async () => {
      const data = await page(`/products/${product.id}`);
      const blocks = jsonLdOf(data.headHtml);
      expect(blocks.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList', 'Organization']);
      const [item, trail, organization] = blocks;
      expect(item).toMatchObject({
        '@context': 'https://schema.org',
        name: product.title,
        url: `${STORE}/products/${product.id}`,
        offers: {
          '@type': 'Offer',
          priceCurrency: 'USD',
          availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      });
      expect((item?.offers as { price: string } | undefined)?.price).toMatch(/^\d+\.\d{2}$/);
      expect(trail?.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${STORE}/` },
        { '@type': 'ListItem', position: 2, name: 'Electronics', item: `${STORE}/category/electronics` },
        { '@type': 'ListItem', position: 3, name: product.title, item: `${STORE}/products/${product.id}` },
      ]);
      expect(organization).toMatchObject({ name: 'Shop', url: STORE });
    });

    it("offers the price the product page shows a visitor from the store's country, its pricing rule applied", async () => {
      // The demo store ships to BD by default: a 15% rule for BD moves every shown price.
      await t.db.insert(countryPricing).values({ country: 'BD', adjustmentType: 'percentage', value: '15' });
      try {
        const api = await t.app.inject({
          method: 'GET',
          url: `/api/product/${product.id}?currency=USD&country=BD`,
        });
        const shown = api.json().data as { price: number; currency: string };
        const offer = jsonLdOf((await page(`/products/${product.id}`)).headHtml)[0]?.offers as {
          price: string;
          priceCurrency: string;
        };
        expect({ price: Number(offer.price), currency: offer.priceCurrency }).toEqual({
          price: shown.price,
          currency: shown.currency,
        });
        const plain = await t.app.inject({
          method: 'GET',
          url: `/api/product/${product.id}?currency=USD&country=US`,
        });
        expect(Number(offer.price)).toBeGreaterThan((plain.json().data as { price: number }).price);
      } finally {
        await t.db.delete(countryPricing).where(eq(countryPricing.country, 'BD'));
      }
    });

    it('shows the name, the price in the store currency, the availability and breadcrumb links', async () => {
      const data = await page(`/products/${product.id}`);
      const offer = jsonLdOf(data.headHtml)[0]?.offers as { price: string };
      const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        Number(offer.price),
      );
      expect(data.bodyHtml).toContain(`<h1>${product.title}</h1>`);
      expect(data.bodyHtml).toContain(`<p class="seo-price">${shown}</p>`);
      expect(data.bodyHtml).toContain(product.stock > 0 ? 'In stock' : 'Out of stock');
      expect(data.bodyHtml).toContain('<a href="/">Home</a>');
      expect(data.bodyHtml).toContain('<a href="/category/electronics">Electronics</a>');
    });

    it('comes in Bengali, Hindi and Spanish at addresses of their own', async () => {
      const bengali = await page(`/products/${product.id}`, 'bn');
      expect(bengali).toMatchObject({ lang: 'bn', canonical: `${STORE}/products/${product.id}?lang=bn` });
      expect(bengali.bodyHtml).toContain('<a href="/?lang=bn">হোম</a>');
      expect(bengali.bodyHtml).toContain(product.stock > 0 ? 'স্টকে আছে' : 'স্টকে নেই');
      expect(bengali.headHtml).toContain('<meta property="og:locale" content="bn_BD">');
      const spanish = await page(`/products/${product.id}`, 'es');
      expect(spanish.bodyHtml).toContain('<a href="/category/electronics?lang=es">Electrónica</a>');
      const hindi = await page(`/products/${product.id}`, 'hi');
      expect(jsonLdOf(hindi.headHtml)[1]?.itemListElement).toContainEqual(
        expect.objectContaining({ name: 'होम', item: `${STORE}/?lang=hi` }),
      );
    });

    it('rates the product only once it has reviews', async () => {
      await t.db.update(products).set({ reviewCount: 0, rating: 0 }).where(eq(products.id, product.id));
      expect(jsonLdOf((await page(`/products/${product.id}`)).headHtml)[0]).not.toHaveProperty(
        'aggregateRating',
      );
      await t.db.update(products).set({ reviewCount: 7, rating: 4.26 }).where(eq(products.id, product.id));
      expect(jsonLdOf((await page(`/products/${product.id}`)).headHtml)[0]?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4.3,
        reviewCount: 7,
        bestRating: 5,
        worstRating: 1,
      });
    });

    it('keeps a title with </script> and quotes inside its JSON-LD, its attributes and its text', async () => {
      const title = `Mug </script><script>alert("x")</script> 'Tom' & "Jerry" <!--`;
      const [row] = await t.db
        .insert(products)
        .values({
          productId: 'SEO-ESCAPE-1',
          source: 'manual',
          status: 'published',
          title,
          descriptionHtml: '<p>A mug for "tea" &amp; coffee</p>',
          priceMinor: 1299,
          stock: 4,
          images: ['https://cdn.example.com/mug.jpg?a=1&b="2"'],
          categories: ['Home & Kitchen'],
        })
        .returning();
      const data = await page(`/products/${row?.id}`);
      // One closing tag per JSON-LD block, and nothing else opens a script.
      expect(data.headHtml.match(/<\/script>/g)).toHaveLength(3);
      expect(data.headHtml.match(/<script/g)).toHaveLength(3);
      expect(data.headHtml).not.toContain('<!--');
      expect(jsonLdOf(data.headHtml)[0]).toMatchObject({ name: title, image: [row?.images[0]] });
      expect(attribute(data.headHtml, /<meta property="og:title" content="([^"]*)">/)).toBe(
        `${title} | Shop`,
      );
      expect(attribute(data.headHtml, /<meta property="og:image" content="([^"]*)">/)).toBe(row?.images[0]);
      expect(data.headHtml).toContain(
        '<title>Mug &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Tom&#39; &amp; &quot;Jerry&quot; &lt;!-- | Shop</title>',
      );
      expect(data.bodyHtml).not.toContain('<script');
      expect(data.bodyHtml).toContain('<h1>Mug &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)');
      expect(data.bodyHtml).toContain('<a href="/category/home-kitchen">Home &amp; Kitchen</a>');
    });

    it('answers 410 for a disabled product and 404 for a draft, an unknown one or one of a suspended store', async () => {
      const make = async (values: Partial<typeof products.$inferInsert>) => {
        const [row] = await t.db
          .insert(products)
          .values({ productId: `SEO-${Math.random()}`, source: 'manual', title: 'Hidden', ...values })
          .returning({ id: products.id });
        return `/products/${row?.id}`;
      };
      const [suspended] = await t.db
        .insert(stores)
        .values({ name: 'Closed shop', email: 'closed@example.com', status: 'suspended' })
        .returning({ id: stores.id });
      const cases: Array<[string, number]> = [
        [await make({ status: 'disabled' }), 410],
        [await make({ status: 'draft' }), 404],
        [await make({ status: 'published', approval: 'pending' }), 404],
        [await make({ status: 'published', storeId: suspended?.id }), 404],
        [`/products/${UNKNOWN}`, 404],
        ['/products/not-an-id', 404],
        ['/no/such/page', 404],
      ];
      for (const [path, status] of cases) {
        const data = await page(path);
        expect({ path, status: data.status }).toEqual({ path, status });
        expect(data.canonical).toBeNull();
        expect(data.robots).toBe('noindex, follow');
        expect(data.headHtml).not.toContain('rel="canonical"');
        expect(data.bodyHtml).toContain('<h1>Page not found</h1>');
      }
      expect((await page(`/products/${UNKNOWN}`, 'es')).title).toBe('Página no encontrada | Shop');
    });
  });

  it('renders a category page with its products as links', async () => {
    const data = await page('/category/electronics');
    expect(data).toMatchObject({
      status: 200,
      title: 'Electronics | Shop',
      canonical: `${STORE}/category/electronics`,
    });
    expect(data.bodyHtml).toContain('<h1>Electronics</h1>');
    expect(data.bodyHtml).toContain(`<a href="/products/${product.id}">`);
    expect(jsonLdOf(data.headHtml).map((block) => block['@type'])).toEqual([
      'BreadcrumbList',
      'Organization',
    ]);
    expect((await page('/category/gadgets')).status).toBe(404);
    // The header's /search/{category} shows the same page and names the category's address as canonical.
    expect(await page('/search/Home%20%26%20Kitchen')).toMatchObject({
      status: 200,
      canonical: `${STORE}/category/home-kitchen`,
    });
    expect((await page('/category/electronics', 'bn')).bodyHtml).toContain('<h1>ইলেকট্রনিক্স</h1>');
  });

  it('renders an active store with its products, and 404 for a store shoppers cannot open', async () => {
    const [store] = await t.db
      .insert(stores)
      .values({ name: 'Dhaka "Crafts"', email: 'crafts@example.com', description: 'Handmade in Dhaka.' })
      .returning({ id: stores.id });
    await t.db.update(products).set({ storeId: store?.id }).where(eq(products.id, product.id));
    const data = await page(`/stores/${store?.id}`);
    expect(data).toMatchObject({
      status: 200,
      description: 'Handmade in Dhaka.',
      canonical: `${STORE}/stores/${store?.id}`,
    });
    expect(data.bodyHtml).toContain('<h1>Dhaka &quot;Crafts&quot;</h1>');
    expect(data.bodyHtml).toContain(`<a href="/products/${product.id}">`);
    expect(jsonLdOf(data.headHtml)[1]).toMatchObject({ '@type': 'Store', name: 'Dhaka "Crafts"' });
    // The product page names its seller.
    expect((await page(`/products/${product.id}`)).bodyHtml).toContain(
      `Sold by <a href="/stores/${store?.id}">Dhaka &quot;Crafts&quot;</a>`,
    );
    await t.db
      .update(stores)
      .set({ status: 'suspended' })
      .where(eq(stores.id, store?.id ?? UNKNOWN));
    expect((await page(`/stores/${store?.id}`)).status).toBe(404);
    await t.db.update(products).set({ storeId: null }).where(eq(products.id, product.id));
  });

  it('renders a published blog post, and 404 for a draft', async () => {
    const data = await page('/blog/how-we-pick-our-suppliers');
    expect(data).toMatchObject({ status: 200, title: 'How we pick our suppliers | Shop' });
    expect(jsonLdOf(data.headHtml)[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'How we pick our suppliers',
    });
    expect(data.bodyHtml).toContain('<strong>Top Picks</strong>');
    const [draft] = await t.db.select().from(blogPosts).where(eq(blogPosts.status, 'draft')).limit(1);
    expect((await page(`/blog/${draft?.slug}`)).status).toBe(404);
    expect((await page('/blog')).bodyHtml).toContain('<a href="/blog/how-we-pick-our-suppliers">');
  });

  it('lists the categories on the home page and keeps a shopper’s own screens out of the index', async () => {
    const home = await page('/');
    expect(home).toMatchObject({ status: 200, canonical: `${STORE}/`, robots: 'index, follow' });
    expect(home.bodyHtml).toContain('<a href="/category/books">Books</a>');
    expect(jsonLdOf(home.headHtml)[0]?.['@type']).toBe('Organization');
    for (const path of ['/cart', '/checkout', '/profile/settings', '/search/mug']) {
      expect(await page(path)).toMatchObject({ status: 200, robots: 'noindex, follow', bodyHtml: '' });
    }
  });

  it('refuses a path that is not one and a language the store does not speak', async () => {
    for (const query of ['path=products', 'path=/&lang=fr', 'lang=en']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/seo/page?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  describe('the sitemaps', () => {
    it('index one sitemap per language, each part on the store’s domain', async () => {
      const response = await sitemap();
      expect(response.statusCode).toBe(200);
      const { storeUrl, sitemaps } = response.json().data as {
        storeUrl: string;
        sitemaps: Array<{ loc: string }>;
      };
      expect(storeUrl).toBe(STORE);
      expect(sitemaps.map((entry) => entry.loc)).toEqual(
        ['en', 'bn', 'hi', 'es'].flatMap((lang) => [
          `${STORE}/sitemaps/${lang}-1.xml`,
          `${STORE}/sitemaps/${lang}-2.xml`,
        ]),
      );
    });

    it('list the categories, stores and posts, then the products, with hreflang alternates', async () => {
      const content = (await sitemap('?lang=bn&part=1')).json().data.urls as Array<{ loc: string }>;
      const locs = content.map((entry) => entry.loc);
      expect(locs).toContain(`${STORE}/?lang=bn`);
      expect(locs).toContain(`${STORE}/category/home-kitchen?lang=bn`);
      expect(locs).toContain(`${STORE}/blog/how-we-pick-our-suppliers?lang=bn`);
      const response = await sitemap('?lang=bn&part=2');
      expect(response.statusCode).toBe(200);
      const urls = response.json().data.urls as Array<{
        loc: string;
        lastmod: string;
        alternates: Array<{ hreflang: string; href: string }>;
      }>;
      const entry = urls.find((url) => url.loc === `${STORE}/products/${product.id}?lang=bn`);
      expect(entry?.alternates.map((alternate) => alternate.hreflang)).toEqual([
        'en',
        'bn',
        'hi',
        'es',
        'x-default',
      ]);
      expect((await sitemap('?lang=bn&part=3')).json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: SITEMAP_PART_NOT_FOUND,
      });
    });

    it('follow product changes: a new last change, and hidden or unindexed products left out', async () => {
      const changed = new Date('2030-01-02T03:04:05.000Z');
      await t.db.update(products).set({ updatedAt: changed }).where(eq(products.id, product.id));
      const find = async () =>
        ((await sitemap('?lang=en&part=2')).json().data.urls as Array<{ loc: string; lastmod: string }>).find(
          (url) => url.loc === `${STORE}/products/${product.id}`,
        );
      expect((await find())?.lastmod).toBe(changed.toISOString());
      const index = (await sitemap()).json().data.sitemaps as Array<{ loc: string; lastmod: string }>;
      expect(index.find((entry) => entry.loc.endsWith('/en-2.xml'))?.lastmod).toBe(changed.toISOString());
      await t.db
        .update(products)
        .set({ seo: { index: false } })
        .where(eq(products.id, product.id));
      expect(await find()).toBeUndefined();
      expect((await page(`/products/${product.id}`)).robots).toBe('noindex, follow');
      await t.db
        .update(products)
        .set({ seo: { index: true }, status: 'disabled' })
        .where(eq(products.id, product.id));
      expect(await find()).toBeUndefined();
      await t.db.update(products).set({ status: product.status }).where(eq(products.id, product.id));
      expect(await find()).toBeDefined();
    });
  });
});
