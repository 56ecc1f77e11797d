// Each kind of storefront page as a model (seo.render.ts draws it), read from the database in one language.
import type { Database } from '../../db/client.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import {
  converterFor,
  formatMinor,
  loadRates,
  type Rates,
  toDecimalText,
  toMinor,
} from '../../money/money.ts';
import { priceContextFor } from '../pricing/index.ts';
import { findProduct, productDetail, visibleToShoppers } from '../products/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import {
  absoluteUrl,
  blogPostPath,
  categoryPath,
  productPath,
  type SeoRoute,
  storePath,
} from './seo.paths.ts';
import {
  breadcrumbs,
  clipped,
  escapeHtml,
  type JsonLd,
  organization,
  type PageModel,
  pageLink,
  plainText,
  type SiteContext,
} from './seo.render.ts';
import { activeStore, type ProductLink, productLinks, publishedPost, recentPosts } from './seo.repository.ts';
import { CATEGORY_SLUGS, categorySlugOf, LOCALES, TEXTS } from './seo.texts.ts';

interface Site extends SiteContext {
  email: string;
  defaultTitle: string;
  defaultDescription: string;
  currency: string;
  /** The store's default ship-to country: a visitor the store knows nothing about is priced for it. */
  country: string;
  rates: Rates;
}

export async function siteOf(db: Database, storeUrl: string, lang: SiteContext['lang']): Promise<Site> {
  const [settings, rates] = await Promise.all([readStoreSettings(db), loadRates(db)]);
  return {
    lang,
    storeUrl: storeUrl.replace(/\/+$/, ''),
    siteName: settings.storeName,
    email: settings.contactEmail,
    defaultTitle: settings.metaTitle || settings.storeName,
    defaultDescription: settings.metaDescription || '',
    currency: settings.defaultCurrency,
    country: settings.defaultShipTo,
    rates,
  };
}

/** A price in the store's currency (its Default Currency), or in the product's own when no rate converts it. */
function priceOf(site: Site, minor: number, currency: string) {
  const converted = converterFor(site.rates, site.currency)(minor, currency);
  return converted === null ? { minor, currency } : { minor: converted, currency: site.currency };
}

const titled = (name: string, site: Site) => `${name} | ${site.siteName}`;

function notFound(site: Site, status: 404 | 410): PageModel {
  const texts = TEXTS[site.lang];
  return {
    status,
    title: titled(texts.notFound, site),
    description: status === 410 ? texts.gone : texts.notFoundText,
    path: null,
    index: false,
    ogType: 'website',
    image: null,
    jsonLd: [],
    body: `<article class="seo-page"><h1>${escapeHtml(texts.notFound)}</h1><p>${escapeHtml(
      status === 410 ? texts.gone : texts.notFoundText,
    )}</p><p>${pageLink('/', texts.home, site.lang)}</p></article>`,
  };
}

function productList(links: ProductLink[], site: Site): string {
  if (links.length === 0) return '';
  const items = links.map((link) => {
    const price = priceOf(site, link.priceMinor, link.currency);
    return `<li>${pageLink(productPath(link.id), link.title, site.lang)} ${escapeHtml(
      formatMinor(price.minor, price.currency, LOCALES[site.lang]),
    )}</li>`;
  });
  return `<h2>${escapeHtml(TEXTS[site.lang].products)}</h2><ul>${items.join('')}</ul>`;
}

async function productPage(db: Database, site: Site, id: string): Promise<PageModel> {
  const row = await findProduct(db, id);
  if (!row) return notFound(site, 404);
  if (row.status === 'disabled') return notFound(site, 410);
  if (!(await visibleToShoppers(db, row.id))) return notFound(site, 404);
  const texts = TEXTS[site.lang];
  const path = productPath(row.id);
  const descriptionHtml = sanitizeProductHtml(row.descriptionHtml);
  const text = plainText(descriptionHtml);
  const description = row.seo.metaDescription?.trim() || clipped(text) || site.defaultDescription;
  // The price the product page shows a visitor from the default country: the pricing rules, the country's shown
  // tax and rounding, converted and rounded by the money module as the product API does.
  const pricing = await priceContextFor(db, { country: site.country, rates: site.rates });
  const detail = await productDetail(db, row, {
    rates: site.rates,
    currency: site.currency,
    staff: false,
    pricing,
  });
  const shownMinor = toMinor(detail.price);
  const price =
    shownMinor === null
      ? priceOf(site, row.priceMinor, row.currency)
      : { minor: shownMinor, currency: detail.currency };
  const inStock = row.status !== 'out_of_stock' && row.stock > 0;
  const slug = categorySlugOf(row.categories.find((category) => categorySlugOf(category) !== null));
  const crumbs = [
    { name: texts.home, path: '/' },
    ...(slug ? [{ name: texts.categories[CATEGORY_SLUGS[slug]], path: categoryPath(slug) }] : []),
    { name: row.title, path },
  ];
  const trail = breadcrumbs(crumbs, site);
  const store = row.storeId ? await activeStore(db, row.storeId) : null;
  const url = absoluteUrl(site.storeUrl, path, site.lang);
  const product: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: row.title,
    description: text.slice(0, 5000) || description,
    image: row.images,
    sku: row.productId,
    url,
    ...(row.brand ? { brand: { '@type': 'Brand', name: row.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: toDecimalText(price.minor),
      priceCurrency: price.currency,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(store ? { seller: { '@type': 'Organization', name: store.name } } : {}),
    },
    ...(row.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(row.rating * 10) / 10,
            reviewCount: row.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const body = [
    '<article class="seo-page">',
    trail.html,
    `<h1>${escapeHtml(row.title)}</h1>`,
    `<p class="seo-price">${escapeHtml(formatMinor(price.minor, price.currency, LOCALES[site.lang]))}</p>`,
    `<p class="seo-availability">${escapeHtml(inStock ? texts.inStock : texts.outOfStock)}</p>`,
    store ? `<p>${escapeHtml(texts.soldBy)} ${pageLink(storePath(store.id), store.name, site.lang)}</p>` : '',
    descriptionHtml ? `<div class="seo-description">${descriptionHtml}</div>` : '',
    '</article>',
  ].join('');
  return {
    status: 200,
    title: titled(row.seo.metaTitle?.trim() || row.title, site),
    description,
    path,
    index: row.seo.index !== false,
    ogType: 'product',
    image: row.images[0] ?? null,
    jsonLd: [product, trail.jsonLd, organization(site, site.email)],
    body,
  };
}

async function categoryPage(db: Database, site: Site, slug: keyof typeof CATEGORY_SLUGS): Promise<PageModel> {
  const texts = TEXTS[site.lang];
  const category = CATEGORY_SLUGS[slug];
  const name = texts.categories[category];
  const path = categoryPath(slug);
  const trail = breadcrumbs(
    [
      { name: texts.home, path: '/' },
      { name, path },
    ],
    site,
  );
  const links = await productLinks(db, { category });
  return {
    status: 200,
    title: titled(name, site),
    description: clipped([name, ...links.map((link) => link.title)].join(', ')),
    path,
    index: true,
    ogType: 'website',
    image: null,
    jsonLd: [trail.jsonLd, organization(site, site.email)],
    body: `<article class="seo-page">${trail.html}<h1>${escapeHtml(name)}</h1>${productList(links, site)}</article>`,
  };
}

async function storePage(db: Database, site: Site, id: string): Promise<PageModel> {
  const store = await activeStore(db, id);
  if (!store) return notFound(site, 404);
  const texts = TEXTS[site.lang];
  const path = storePath(store.id);
  const trail = breadcrumbs(
    [
      { name: texts.home, path: '/' },
      { name: store.name, path },
    ],
    site,
  );
  const links = await productLinks(db, { storeId: store.id });
  const about = store.description?.trim() ?? '';
  return {
    status: 200,
    title: titled(store.name, site),
    description: clipped(about || [store.name, ...links.map((link) => link.title)].join(', ')),
    path,
    index: true,
    ogType: 'website',
    image: store.logoUrl,
    jsonLd: [
      trail.jsonLd,
      {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: store.name,
        url: absoluteUrl(site.storeUrl, path, site.lang),
        ...(about ? { description: about } : {}),
        ...(store.logoUrl ? { logo: store.logoUrl } : {}),
      },
    ],
    body: `<article class="seo-page">${trail.html}<h1>${escapeHtml(store.name)}</h1>${
      about ? `<p>${escapeHtml(about)}</p>` : ''
    }${productList(links, site)}</article>`,
  };
}

async function blogPostPage(db: Database, site: Site, slug: string): Promise<PageModel> {
  const post = await publishedPost(db, slug);
  if (!post) return notFound(site, 404);
  const texts = TEXTS[site.lang];
  const path = blogPostPath(post.slug);
  const trail = breadcrumbs(
    [
      { name: texts.home, path: '/' },
      { name: texts.blog, path: '/blog' },
      { name: post.title, path },
    ],
    site,
  );
  const bodyHtml = sanitizeProductHtml(post.bodyHtml);
  const published = (post.publishedAt ?? post.createdAt).toISOString();
  return {
    status: 200,
    title: titled(post.title, site),
    description: clipped(post.excerpt.trim() || plainText(bodyHtml)),
    path,
    index: true,
    ogType: 'article',
    image: post.coverUrl,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: published,
        dateModified: post.updatedAt.toISOString(),
        author: { '@type': 'Person', name: post.authorName },
        publisher: organization(site, site.email),
        ...(post.coverUrl ? { image: post.coverUrl } : {}),
      },
      trail.jsonLd,
    ],
    body: `<article class="seo-page">${trail.html}<h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(
      post.authorName,
    )} · <time datetime="${published}">${escapeHtml(published.slice(0, 10))}</time></p>${bodyHtml}</article>`,
  };
}

async function blogPage(db: Database, site: Site): Promise<PageModel> {
  const texts = TEXTS[site.lang];
  const posts = await recentPosts(db);
  const items = posts.map((post) => `<li>${pageLink(blogPostPath(post.slug), post.title, site.lang)}</li>`);
  const trail = breadcrumbs(
    [
      { name: texts.home, path: '/' },
      { name: texts.blog, path: '/blog' },
    ],
    site,
  );
  return {
    status: 200,
    title: titled(texts.blog, site),
    description: clipped(posts.map((post) => post.title).join(', ') || site.defaultDescription),
    path: '/blog',
    index: true,
    ogType: 'website',
    image: null,
    jsonLd: [trail.jsonLd],
    body: `<article class="seo-page">${trail.html}<h1>${escapeHtml(texts.blog)}</h1><ul>${items.join('')}</ul></article>`,
  };
}

/** The home page, and the app's other screens under the store's own title. */
function sitePage(site: Site, path: string, index: boolean, home: boolean): PageModel {
  const texts = TEXTS[site.lang];
  const categories = Object.entries(CATEGORY_SLUGS).map(
    ([slug, category]) =>
      `<li>${pageLink(categoryPath(slug as keyof typeof CATEGORY_SLUGS), texts.categories[category], site.lang)}</li>`,
  );
  return {
    status: 200,
    title: site.defaultTitle,
    description: site.defaultDescription,
    path,
    index,
    ogType: 'website',
    image: null,
    jsonLd: home ? [organization(site, site.email)] : [],
    body: home
      ? `<article class="seo-page"><h1>${escapeHtml(site.siteName)}</h1><ul>${categories.join('')}</ul><p>${pageLink('/blog', texts.blog, site.lang)}</p></article>`
      : '',
  };
}

export async function pageModel(db: Database, site: Site, route: SeoRoute, path: string): Promise<PageModel> {
  switch (route.kind) {
    case 'home':
      return sitePage(site, '/', true, true);
    case 'product':
      return productPage(db, site, route.id);
    case 'category':
      return categoryPage(db, site, route.slug);
    case 'store':
      return storePage(db, site, route.id);
    case 'blog':
      return blogPage(db, site);
    case 'blog-post':
      return blogPostPage(db, site, route.slug);
    case 'app':
      return sitePage(site, (path.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/', route.index, false);
    case 'unknown':
      return notFound(site, 404);
  }
}
