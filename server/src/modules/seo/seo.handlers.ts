import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { pageModel, siteOf } from './seo.pages.ts';
import {
  absoluteUrl,
  alternatesOf,
  blogPostPath,
  categoryPath,
  productPath,
  routeOf,
  storePath,
} from './seo.paths.ts';
import { headHtml } from './seo.render.ts';
import { type Dated, indexableProductCount, indexableProducts, sitemapContent } from './seo.repository.ts';
import { CATEGORY_SLUGS, type CategorySlug, SEO_LANGUAGES, type SeoLanguage } from './seo.texts.ts';

/** Addresses per sitemap part: well under the protocol's 50,000, with five alternates each. */
export const SITEMAP_PART_SIZE = 10_000;
export const SITEMAP_PART_NOT_FOUND = 'There is no such sitemap.';

const newest = (dates: ReadonlyArray<Date | null | undefined>): Date | null =>
  dates.reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);

export function createSeoHandlers(deps: { db: Database; storeUrl: string }) {
  const { db } = deps;
  const storeUrl = deps.storeUrl.replace(/\/+$/, '');

  const sitemapUrl = (path: string, lang: SeoLanguage, lastmod: Date | null) => ({
    loc: absoluteUrl(storeUrl, path, lang),
    lastmod: lastmod?.toISOString() ?? null,
    alternates: alternatesOf(storeUrl, path),
  });

  /** Part 1: the home page, the blog, the categories, the stores and the posts. */
  async function contentPart(lang: SeoLanguage) {
    const content = await sitemapContent(db);
    const dated = (rows: Dated[], pathOf: (key: string) => string) =>
      rows.map((row) => sitemapUrl(pathOf(row.key), lang, row.updatedAt));
    const newestPost = newest(content.posts.map((post) => post.updatedAt));
    return {
      urls: [
        sitemapUrl('/', lang, newest([...content.categories.values()])),
        sitemapUrl('/blog', lang, newestPost),
        ...Object.entries(CATEGORY_SLUGS).map(([slug, category]) =>
          sitemapUrl(categoryPath(slug as CategorySlug), lang, content.categories.get(category) ?? null),
        ),
        ...dated(content.stores, storePath),
        ...dated(content.posts, blogPostPath),
      ],
      lastmod: newest([
        ...content.categories.values(),
        ...content.stores.map((store) => store.updatedAt),
        newestPost,
      ]),
    };
  }

  return {
    getSeoPage: operation('getSeoPage', async (request) => {
      const { path, lang = 'en' } = request.query;
      const site = await siteOf(db, storeUrl, lang);
      const model = await pageModel(db, site, routeOf(path), path);
      return {
        success: true,
        data: {
          status: model.status,
          lang,
          title: model.title,
          description: model.description,
          canonical: model.path === null ? null : absoluteUrl(storeUrl, model.path, lang),
          robots: model.index ? 'index, follow' : 'noindex, follow',
          headHtml: headHtml(model, site),
          bodyHtml: model.body,
        },
      };
    }),

    getSitemap: operation('getSitemap', async (request) => {
      const { lang, part = 1 } = request.query;
      const products = await indexableProductCount(db);
      const parts = 1 + Math.ceil(products.count / SITEMAP_PART_SIZE);
      if (lang === undefined) {
        const content = await contentPart('en');
        const sitemaps = SEO_LANGUAGES.flatMap((language) =>
          Array.from({ length: parts }, (_, index) => ({
            loc: `${storeUrl}/sitemaps/${language}-${index + 1}.xml`,
            // Product parts share the catalogue's newest change: finding each part's own costs a scan per part.
            lastmod: (index === 0 ? content.lastmod : products.newest)?.toISOString() ?? null,
          })),
        );
        return { success: true, data: { storeUrl, sitemaps, urls: [] } };
      }
      if (part > parts) throw notFound(SITEMAP_PART_NOT_FOUND);
      const urls =
        part === 1
          ? (await contentPart(lang)).urls
          : (await indexableProducts(db, (part - 2) * SITEMAP_PART_SIZE, SITEMAP_PART_SIZE)).map((row) =>
              sitemapUrl(productPath(row.key), lang, row.updatedAt),
            );
      return { success: true, data: { storeUrl, sitemaps: [], urls } };
    }),
  };
}
